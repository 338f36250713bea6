import { deliveryChargePaise } from '@marketplace/domain/delivery/charge';
import type { DeliveryEstimate } from '../../lib/product-data.ts';

/**
 * The charge of a delivery option for the quantity chosen on the page, by the rule the checkout
 * quote prices the line with (requirements#delivery-charge): per unit, per order or by weight
 * with its 500 g floor. The server's quantity-1 figure stands when the parcel type is unknown.
 */
export function chargeForQuantity(
  option: Pick<DeliveryEstimate, 'chargePaise' | 'ratePaise'>,
  parcel: { parcelType: string; weightGrams: number },
  quantity: number,
): number {
  if (quantity === 1 || !Number.isSafeInteger(quantity) || quantity < 1) return option.chargePaise;
  return (
    deliveryChargePaise({
      parcelType: parcel.parcelType,
      chargePaise: option.ratePaise,
      quantity,
      weightGrams: parcel.weightGrams,
    }) ?? option.chargePaise
  );
}
