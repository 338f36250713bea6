import {
  DEFAULT_CHOICE_ORDER,
  DELIVERY_LABELS,
  DELIVERY_TYPES,
  SAME_DAY_ZONE,
  parseParcelType,
} from './constants.ts';
import type { DeliveryType, ParcelType, Zone } from './constants.ts';
import { deliveryChargePaise } from './charge.ts';
import { allowsDeliveryType, isHandlingClass, servesZone, type StatePair } from './serviceability.ts';

/** One row of the rate card: what a delivery type costs and promises in one zone. */
export type RateCardEntry = {
  deliveryType: DeliveryType;
  zone: Zone;
  isAvailable: boolean;
  chargePaise: number;
  arrivingDays: number;
  hasCod: boolean;
};
export type RateCard = RateCardEntry[];

/** A delivery option offered for one cart line, with its charge for that line. */
export type DeliveryOption = {
  deliveryType: DeliveryType;
  label: string;
  zone: Zone;
  parcelType: ParcelType;
  chargePaise: number;
  arrivingDays: number;
  hasCod: boolean;
};

/**
 * The delivery options of one cart line: one per available rate-card entry of the zone, in
 * DELIVERY_TYPES order. Same-day only in the local zone, whatever the rate card says. An unknown
 * parcel type gives no options: the item is unavailable (requirements#delivery-charge). None either
 * when the seller does not ship to the zone or the product's handling class may not go there, and
 * no air-only type for goods that may not fly (requirements#delivery-serviceability), and none
 * across a state line from a seller that sells within its state only (requirements#seller-within-state).
 */
export function deliveryOptions(args: {
  zone: Zone;
  rateCard: readonly RateCardEntry[];
  parcelType: string;
  weightGrams: number;
  quantity: number;
  /** the zones the offer's seller ships to */
  sellerZones: readonly string[];
  /** the product's handling class: standard, bulky, fragile or hazardous */
  handling: string;
  /** for a seller that sells within its own state only (withinStateLimit): its state and the buyer's */
  withinState?: StatePair | null;
}): DeliveryOption[] {
  const { zone, rateCard, weightGrams, quantity, sellerZones, handling, withinState } = args;
  const parcelType = parseParcelType(args.parcelType);
  if (parcelType === null) return [];
  if (!servesZone({ zone, sellerZones, handling, withinState }) || !isHandlingClass(handling)) return [];

  const options: DeliveryOption[] = [];
  for (const deliveryType of DELIVERY_TYPES) {
    if (deliveryType === 'sameday' && zone !== SAME_DAY_ZONE) continue;
    if (!allowsDeliveryType(handling, deliveryType)) continue;
    const entry = rateCard.find((row) => row.deliveryType === deliveryType && row.zone === zone);
    if (entry === undefined || !entry.isAvailable) continue;
    const chargePaise = deliveryChargePaise({
      parcelType,
      chargePaise: entry.chargePaise,
      quantity,
      weightGrams,
    });
    if (chargePaise === null) return [];
    options.push({
      deliveryType,
      label: DELIVERY_LABELS[deliveryType],
      zone,
      parcelType,
      chargePaise,
      arrivingDays: entry.arrivingDays,
      hasCod: entry.hasCod,
    });
  }
  return options;
}

/**
 * requirements#delivery-choice: the saved choice if it is still offered; otherwise the first offered of
 * standard, express, twodays, oneday, sameday; otherwise the first option; null when there is none.
 */
export function chooseDeliveryOption<T extends { deliveryType: string }>(
  options: readonly T[],
  saved?: DeliveryType | null,
): T | null {
  const preferences = saved == null ? DEFAULT_CHOICE_ORDER : [saved, ...DEFAULT_CHOICE_ORDER];
  for (const deliveryType of preferences) {
    const option = options.find((candidate) => candidate.deliveryType === deliveryType);
    if (option !== undefined) return option;
  }
  return options[0] ?? null;
}
