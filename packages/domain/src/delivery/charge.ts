import { divideRounded } from '../money/money.ts';
import { MIN_CHARGEABLE_WEIGHT_GRAMS, parseParcelType } from './constants.ts';

/**
 * The delivery charge of one cart line, in paise. requirements#delivery-charge:
 * - unit: the charge times the quantity;
 * - order: the charge once;
 * - gram (or 'grams'): the charge per 500 g of max(total weight, 500 g), to the nearest paisa,
 *   where the total weight is the unit weight times the quantity.
 * Null for a parcel type we do not know: the item is then unavailable (requirements#delivery-charge).
 */
export function deliveryChargePaise(args: {
  parcelType: string;
  chargePaise: number;
  quantity: number;
  weightGrams: number;
}): number | null {
  const { chargePaise, quantity, weightGrams } = args;
  if (!Number.isFinite(chargePaise) || chargePaise < 0) {
    throw new RangeError(`Delivery charge must not be negative, got ${chargePaise}`);
  }
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`Quantity must be a whole number, got ${quantity}`);
  }
  if (!Number.isFinite(weightGrams) || weightGrams < 0) {
    throw new RangeError(`Weight must not be negative, got ${weightGrams}`);
  }
  switch (parseParcelType(args.parcelType)) {
    case 'unit':
      return chargePaise * quantity;
    case 'order':
      return chargePaise;
    case 'gram': {
      const chargeableGrams = Math.max(weightGrams * quantity, MIN_CHARGEABLE_WEIGHT_GRAMS);
      return divideRounded(chargePaise * chargeableGrams, MIN_CHARGEABLE_WEIGHT_GRAMS);
    }
    case null:
      return null;
  }
}
