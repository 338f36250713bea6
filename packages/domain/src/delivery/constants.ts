// The delivery vocabulary (requirements#delivery-types, requirements#delivery-zones). The database checks its rate card
// against these same lists.

export const DELIVERY_TYPES = ['standard', 'express', 'twodays', 'oneday', 'sameday'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** requirements#delivery-types: the label shown for each delivery type. */
export const DELIVERY_LABELS: Readonly<Record<DeliveryType, string>> = {
  standard: 'Standard Delivery',
  express: 'Express Delivery',
  twodays: 'Two-Day Delivery',
  oneday: 'One-Day Delivery',
  sameday: 'Same-Day Delivery',
};

export const ZONES = ['local', 'regional', 'national', 'remote'] as const;
export type Zone = (typeof ZONES)[number];

/** How a seller charges delivery: per unit, once per order, or by weight. */
export const PARCEL_TYPES = ['unit', 'order', 'gram'] as const;
export type ParcelType = (typeof PARCEL_TYPES)[number];

/** requirements#delivery-choice: without a saved choice, the first of these that is offered wins. */
export const DEFAULT_CHOICE_ORDER: readonly DeliveryType[] = [
  'standard',
  'express',
  'twodays',
  'oneday',
  'sameday',
];

/** Far-off states and union territories, spelt as in the GeoNames India file we import. */
export const REMOTE_STATES: readonly string[] = [
  'Andaman & Nicobar Islands',
  'Lakshadweep',
  'Ladakh',
  'Jammu & Kashmir',
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
];

/** A buyer in another state within this distance of the seller is still regional. */
export const REGIONAL_RADIUS_KM = 300;

/** requirements#delivery-charge: weight-based charges count at least this many grams, on every path. */
export const MIN_CHARGEABLE_WEIGHT_GRAMS = 500;

/** Same-day delivery is only ever offered in this zone (requirements#delivery-zones). */
export const SAME_DAY_ZONE: Zone = 'local';

export function isDeliveryType(value: unknown): value is DeliveryType {
  return typeof value === 'string' && (DELIVERY_TYPES as readonly string[]).includes(value);
}

export function isZone(value: unknown): value is Zone {
  return typeof value === 'string' && (ZONES as readonly string[]).includes(value);
}

/**
 * A stored parcel type to one we know, or null: case and spaces are ignored and the spec's
 * 'grams' spelling means 'gram'.
 */
export function parseParcelType(value: string): ParcelType | null {
  const normalized = value.trim().toLowerCase();
  if (normalized === 'grams') return 'gram';
  return (PARCEL_TYPES as readonly string[]).includes(normalized) ? (normalized as ParcelType) : null;
}
