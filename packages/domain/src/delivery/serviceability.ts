// requirements#delivery-serviceability: which zones a seller ships to, how a product's handling
// class limits where and how it travels, and which places take no cash on delivery.
import { type DeliveryType, isZone, type Zone, ZONES } from './constants.ts';
import { placeKey } from './zone.ts';

/**
 * How a product must be carried: `standard` goes anywhere; `bulky` (televisions, chairs, cycles,
 * weights) does not fit an aircraft hold; `fragile` (lamps, glass) does not survive the many
 * transfers to the islands and the hills; `hazardous` (lithium cells, perfume, aerosols) may not fly.
 */
export const HANDLING_CLASSES = ['standard', 'bulky', 'fragile', 'hazardous'] as const;
export type HandlingClass = (typeof HANDLING_CLASSES)[number];

export function isHandlingClass(value: unknown): value is HandlingClass {
  return typeof value === 'string' && (HANDLING_CLASSES as readonly string[]).includes(value);
}

/** The seller's (pickup) state and the buyer's, for a seller that may not ship across a state line. */
export type StatePair = { sellerState: string; buyerState: string };

/**
 * requirements#seller-within-state: a seller with a GST enrolment number and no GSTIN (unregistered)
 * may sell only within its own state, which its pickup pincode places it in.
 */
export function sellsWithinStateOnly(seller: { gstin: string | null; enrolmentNo: string | null }): boolean {
  return seller.gstin === null && seller.enrolmentNo !== null;
}

/** The state pair to pass to `servesZone`/`deliveryOptions`: null for a seller that ships anywhere. */
export function withinStateLimit(
  seller: { gstin: string | null; enrolmentNo: string | null },
  sellerState: string,
  buyerState: string,
): StatePair | null {
  return sellsWithinStateOnly(seller) ? { sellerState, buyerState } : null;
}

function isSameState({ sellerState, buyerState }: StatePair): boolean {
  return placeKey(sellerState) === placeKey(buyerState);
}

/** Express goes by air: bulky and hazardous goods never go express. */
export const AIR_ONLY_TYPES: readonly DeliveryType[] = ['express'];
const NOT_BY_AIR: readonly HandlingClass[] = ['bulky', 'hazardous'];

/** Remote zones are reached by sea, air and long mountain roads: only standard goods go there. */
const NOT_TO_REMOTE: readonly HandlingClass[] = ['bulky', 'fragile', 'hazardous'];

/** Every zone: what a seller ships to unless they chose fewer. */
export const ALL_ZONES: readonly Zone[] = ZONES;

/**
 * Whether a seller's shipment of a product of this handling class goes to this zone at all: the
 * seller ships there, and the product may go there (no remote zone for bulky, fragile or
 * hazardous goods). An unknown handling class goes nowhere, as an unknown parcel type does.
 */
export function servesZone(args: {
  zone: Zone;
  sellerZones: readonly string[];
  handling: string;
  /** set for a seller that sells within its own state only: the two places' states */
  withinState?: StatePair | null;
}): boolean {
  if (!isHandlingClass(args.handling)) return false;
  if (!args.sellerZones.includes(args.zone)) return false;
  if (args.withinState && !isSameState(args.withinState)) return false;
  return !(args.zone === 'remote' && NOT_TO_REMOTE.includes(args.handling));
}

/** Whether a delivery type may carry goods of this handling class (express flies). */
export function allowsDeliveryType(handling: HandlingClass, deliveryType: DeliveryType): boolean {
  return !(AIR_ONLY_TYPES.includes(deliveryType) && NOT_BY_AIR.includes(handling));
}

/**
 * A seller's chosen zones, cleaned: known zones only, each once, in ZONES order. A seller who ships
 * regionally also ships locally (the same courier passes their own district), so `local` is always in.
 */
export function normaliseSellerZones(zones: readonly string[]): Zone[] {
  const chosen = new Set<string>(['local', ...zones.filter(isZone)]);
  return ZONES.filter((zone) => chosen.has(zone));
}

/**
 * Places couriers serve on prepaid terms only (requirements#cod-eligibility: COD must reach the
 * pincode): the islands, where cash would travel back by boat for weeks.
 */
export const COD_FREE_STATES: readonly string[] = ['Andaman & Nicobar Islands', 'Lakshadweep'];
const COD_FREE_KEYS = new Set(COD_FREE_STATES.map(placeKey));

export function isCodFreeState(state: string): boolean {
  return COD_FREE_KEYS.has(placeKey(state));
}
