// ADR-0051: how the built-in sandbox courier behaves: its clock's speed, its failure rates and its seed.
import type { SandboxRates } from '@marketplace/domain/orders/sandbox-courier';

export type SandboxCourierOptions = {
  /** courier minutes per real minute; 'instant': every scan is due at once (tests) */
  speed: number | 'instant';
  rates: SandboxRates;
  /** seeds each parcel's journey with its AWB: the same seed replays the same journeys */
  seed: string;
  /** the time a choice after a failed attempt is planned from (tests move it) */
  clock?: () => Date;
};
