// The built-in sandbox courier's rules (ADR-0051): its hubs by pincode zone, its rate card, and
// the scans a parcel goes through, with failed attempts and returns to origin at a seeded rate.
import type { CourierScan } from './courier-scans.ts';

/** India Post's first pincode digit names the postal region; the sandbox keeps one hub in each. */
const REGION_HUBS: Record<string, string> = {
  '1': 'Delhi',
  '2': 'Lucknow',
  '3': 'Ahmedabad',
  '4': 'Mumbai',
  '5': 'Hyderabad',
  '6': 'Chennai',
  '7': 'Kolkata',
  '8': 'Patna',
  '9': 'Delhi',
};
export const SANDBOX_COURIER_NAME = 'Bazaar Sandbox Courier';
const PINCODE = /^[1-9][0-9]{5}$/;

export type CourierZone = 'local' | 'regional' | 'national';

/** Same sorting district (first three digits): local; same region (first digit): regional; else national. */
export function courierZone(pickupPincode: string, deliveryPincode: string): CourierZone {
  if (pickupPincode.slice(0, 3) === deliveryPincode.slice(0, 3)) return 'local';
  if (pickupPincode[0] === deliveryPincode[0]) return 'regional';
  return 'national';
}

export const hubOf = (pincode: string) => `${REGION_HUBS[pincode[0] ?? '1'] ?? 'Delhi'} hub`;

/** The sandbox's rate card: per started 500 g by zone, and a COD fee of 2% with a ₹35 floor. */
const RATE_PER_SLAB_PAISE: Record<CourierZone, number> = { local: 3_500, regional: 5_000, national: 7_000 };
const TRANSIT_DAYS: Record<CourierZone, number> = { local: 1, regional: 3, national: 5 };
const COD_FLOOR_PAISE = 3_500;
/** the sandbox's clock in courier minutes */
const HOUR = 60;
const DAY = 24 * HOUR;
/** the sandbox carries parcels up to 30 kg and COD up to ₹50,000, as aggregators commonly do */
export const SANDBOX_MAX_GRAMS = 30_000;
export const SANDBOX_MAX_COD_PAISE = 5_000_000;

/** The sandbox's COD fee of a parcel: 2% of the cash, ₹35 at least. */
export const sandboxCodChargePaise = (codPaise: number) =>
  Math.max(COD_FLOOR_PAISE, Math.round((codPaise * 2) / 100));

export type SandboxQuote =
  | { serviceable: true; zone: CourierZone; chargePaise: number; transitDays: number }
  | { serviceable: false; reason: string };

export function sandboxQuote(input: {
  pickupPincode: string;
  deliveryPincode: string;
  weightGrams: number;
  paymentMode: 'cod' | 'prepaid';
  codPaise: number;
}): SandboxQuote {
  if (!PINCODE.test(input.pickupPincode))
    return { serviceable: false, reason: 'The pickup pincode is not valid.' };
  if (!PINCODE.test(input.deliveryPincode))
    return { serviceable: false, reason: 'The delivery pincode is not valid.' };
  if (input.weightGrams > SANDBOX_MAX_GRAMS)
    return { serviceable: false, reason: 'The courier carries parcels of at most 30 kg.' };
  if (input.paymentMode === 'cod' && input.codPaise > SANDBOX_MAX_COD_PAISE)
    return { serviceable: false, reason: 'The courier collects at most ₹50,000 in cash.' };
  const zone = courierZone(input.pickupPincode, input.deliveryPincode);
  const slabs = Math.max(1, Math.ceil(input.weightGrams / 500));
  const cod = input.paymentMode === 'cod' ? sandboxCodChargePaise(input.codPaise) : 0;
  return {
    serviceable: true,
    zone,
    chargePaise: slabs * RATE_PER_SLAB_PAISE[zone] + cod,
    transitDays: TRANSIT_DAYS[zone],
  };
}

/** A 32-bit seeded generator (mulberry32): the same seed and AWB always plan the same journey. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type PlannedScan = { code: CourierScan; location: string; afterMinutes: number };
/** How often a delivery fails at the door, and how often a parcel is sent back after three. */
export type SandboxRates = {
  failedAttemptRate: number;
  rtoRate: number;
  /** ADR-0058: how often a reverse pickup's quality check fails at the door (0 when unset) */
  qcFailRate?: number;
};
export const MAX_DELIVERY_ATTEMPTS = 3;

/**
 * The scans a sandbox parcel goes through, in courier time from its booking: pickup the same
 * day, the origin hub, the region hubs between, the delivery hub, then attempts at the door, one
 * a day. A parcel chosen for return to origin fails every attempt and goes back after the third;
 * any other attempt fails at `failedAttemptRate`.
 */
export function planSandboxJourney(input: {
  pickupPincode: string;
  deliveryPincode: string;
  seed: string;
  rates: SandboxRates;
}): PlannedScan[] {
  const random = seededRandom(input.seed);
  const zone = courierZone(input.pickupPincode, input.deliveryPincode);
  const origin = hubOf(input.pickupPincode);
  const destination = hubOf(input.deliveryPincode);
  const scans: PlannedScan[] = [
    { code: 'pickup_scheduled', location: origin, afterMinutes: 30 },
    { code: 'picked_up', location: origin, afterMinutes: 4 * HOUR },
  ];
  let at = 4 * HOUR;
  if (zone !== 'local') {
    at += 6 * HOUR;
    scans.push({ code: 'in_transit', location: origin, afterMinutes: at });
  }
  if (zone === 'national') {
    // through a hub halfway, then the destination region's
    at += 2 * DAY;
    scans.push({ code: 'in_transit', location: 'Nagpur hub', afterMinutes: at });
  }
  at = Math.max(at + 8 * HOUR, (TRANSIT_DAYS[zone] - 1) * DAY + 6 * HOUR);
  scans.push({ code: 'reached_destination_hub', location: destination, afterMinutes: at });
  const isRto = random() < input.rates.rtoRate;
  return [
    ...scans,
    ...planSandboxAttempts({
      random,
      failedAttemptRate: isRto ? 1 : input.rates.failedAttemptRate,
      attemptsMade: 0,
      // out with the agent the next morning
      firstOutAfterMinutes: at + 14 * HOUR,
      pickupPincode: input.pickupPincode,
      deliveryPincode: input.deliveryPincode,
    }),
  ];
}

/**
 * ADR-0058: the attempts at the door still to come after `attemptsMade` failed ones, the first
 * out with the agent at `firstOutAfterMinutes` (a re-attempt the shopper chose, or the next
 * morning), another a day after each failure, each failing at `failedAttemptRate`; after the
 * third failure the parcel goes back to the seller.
 */
export function planSandboxAttempts(input: {
  random: () => number;
  failedAttemptRate: number;
  attemptsMade: number;
  firstOutAfterMinutes: number;
  pickupPincode: string;
  deliveryPincode: string;
}): PlannedScan[] {
  const destination = hubOf(input.deliveryPincode);
  const scans: PlannedScan[] = [];
  let at = input.firstOutAfterMinutes;
  for (let attempt = input.attemptsMade + 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
    if (attempt > input.attemptsMade + 1) at += 19 * HOUR;
    scans.push({ code: 'out_for_delivery', location: destination, afterMinutes: at });
    // at the door by the afternoon
    at += 5 * HOUR;
    if (input.random() >= input.failedAttemptRate) {
      scans.push({ code: 'delivered', location: destination, afterMinutes: at });
      return scans;
    }
    scans.push({ code: 'delivery_attempted', location: destination, afterMinutes: at });
  }
  return [...scans, ...planSandboxReturn({ ...input, afterMinutes: at + HOUR })];
}

/**
 * ADR-0058: a parcel sent back: the return is started at the delivery hub at `afterMinutes` and
 * reaches the seller's hub after the zone's transit days, where the seller receives it.
 */
export function planSandboxReturn(input: {
  afterMinutes: number;
  pickupPincode: string;
  deliveryPincode: string;
}): PlannedScan[] {
  const zone = courierZone(input.pickupPincode, input.deliveryPincode);
  return [
    { code: 'rto_initiated', location: hubOf(input.deliveryPincode), afterMinutes: input.afterMinutes },
    {
      code: 'rto_delivered',
      location: hubOf(input.pickupPincode),
      afterMinutes: input.afterMinutes + TRANSIT_DAYS[zone] * DAY,
    },
  ];
}

/**
 * ADR-0058: a reverse pickup: scheduled at once, the agent at the shopper's door at
 * `pickupAfterMinutes` (the shopper's pickup day), where the quality check passes (picked up,
 * through the hubs, delivered to the seller) or fails (the agent leaves the product).
 */
export function planSandboxReversePickup(input: {
  /** the shopper's pincode */
  pickupPincode: string;
  /** the seller's pincode */
  deliveryPincode: string;
  pickupAfterMinutes: number;
  isQcFailed: boolean;
}): PlannedScan[] {
  const zone = courierZone(input.pickupPincode, input.deliveryPincode);
  const origin = hubOf(input.pickupPincode);
  const at = Math.max(60, input.pickupAfterMinutes);
  const scans: PlannedScan[] = [{ code: 'pickup_scheduled', location: origin, afterMinutes: 30 }];
  if (input.isQcFailed) return [...scans, { code: 'qc_failed', location: origin, afterMinutes: at }];
  return [
    ...scans,
    { code: 'picked_up', location: origin, afterMinutes: at },
    { code: 'in_transit', location: origin, afterMinutes: at + 6 * HOUR },
    {
      code: 'delivered',
      location: hubOf(input.deliveryPincode),
      afterMinutes: at + TRANSIT_DAYS[zone] * DAY,
    },
  ];
}
