import type { RateCard } from '@marketplace/domain';

const r = (
  deliveryType: RateCard[number]['deliveryType'],
  zone: RateCard[number]['zone'],
  isAvailable: boolean,
  rupees: number,
  arrivingDays: number,
  hasCod: boolean,
) => ({ deliveryType, zone, isAvailable, chargePaise: rupees * 100, arrivingDays, hasCod });

/**
 * The default rate card: faster and farther costs more; same-day is local only; remote zones
 * get standard and express only; the fastest options are prepaid only.
 */
export const DEFAULT_RATE_CARD: RateCard = [
  r('standard', 'local', true, 40, 2, true),
  r('standard', 'regional', true, 60, 4, true),
  r('standard', 'national', true, 80, 6, true),
  r('standard', 'remote', true, 120, 9, true),
  r('express', 'local', true, 70, 1, true),
  r('express', 'regional', true, 100, 2, true),
  r('express', 'national', true, 140, 3, true),
  r('express', 'remote', true, 200, 5, false),
  r('twodays', 'local', true, 60, 2, true),
  r('twodays', 'regional', true, 90, 2, true),
  r('twodays', 'national', true, 130, 2, false),
  r('twodays', 'remote', false, 0, 2, false),
  r('oneday', 'local', true, 99, 1, true),
  r('oneday', 'regional', true, 149, 1, false),
  r('oneday', 'national', false, 0, 1, false),
  r('oneday', 'remote', false, 0, 1, false),
  r('sameday', 'local', true, 149, 0, false),
  r('sameday', 'regional', false, 0, 0, false),
  r('sameday', 'national', false, 0, 0, false),
  r('sameday', 'remote', false, 0, 0, false),
];
