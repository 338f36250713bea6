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
 * The default rate card. A charge is what a courier asks per unit, per order or per 500 g of a
 * weighed parcel (requirements#delivery-charge), so it stays near courier rates: a 20 kg dumbbell
 * set goes across India by standard delivery for under ₹1,000. Within a zone, each faster type
 * (standard, express, two-day, one-day, same-day) arrives sooner and costs more than the one before
 * it; a type that could not beat the slower one is not offered there. Same-day is local only,
 * remote zones get standard and express only, and the fastest options are prepaid only.
 */
export const DEFAULT_RATE_CARD: RateCard = [
  r('standard', 'local', true, 15, 3, true),
  r('standard', 'regional', true, 18, 4, true),
  r('standard', 'national', true, 22, 6, true),
  r('standard', 'remote', true, 35, 9, true),
  r('express', 'local', true, 25, 2, true),
  r('express', 'regional', true, 32, 3, true),
  r('express', 'national', true, 40, 4, true),
  r('express', 'remote', true, 60, 6, false),
  // two-day would arrive no sooner than express in the local zone
  r('twodays', 'local', false, 0, 2, false),
  r('twodays', 'regional', true, 45, 2, true),
  r('twodays', 'national', true, 55, 2, false),
  r('twodays', 'remote', false, 0, 2, false),
  r('oneday', 'local', true, 50, 1, true),
  r('oneday', 'regional', true, 70, 1, false),
  r('oneday', 'national', false, 0, 1, false),
  r('oneday', 'remote', false, 0, 1, false),
  r('sameday', 'local', true, 80, 0, false),
  r('sameday', 'regional', false, 0, 0, false),
  r('sameday', 'national', false, 0, 0, false),
  r('sameday', 'remote', false, 0, 0, false),
];
