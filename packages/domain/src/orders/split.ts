// How an order item's own amounts follow its units when the item is split (requirements#seller-fulfilment:
// a partial shipment ships some units now and leaves the rest as a new item).

export type ItemAmounts = { couponDiscountPaise: number; deliveryChargePaise: number };

/**
 * Splits an item's coupon discount and delivery charge between `shippedQuantity` of its `quantity`
 * units and the rest. The shipped part takes the floor of its proportional share and the rest keeps
 * the remainder, so the two parts always add up to the item's amounts exactly.
 */
export function splitItemAmounts(
  amounts: ItemAmounts,
  quantity: number,
  shippedQuantity: number,
): { shipped: ItemAmounts; rest: ItemAmounts } {
  const part = (amount: number) =>
    quantity <= 0
      ? amount
      : Math.floor((amount * Math.min(Math.max(shippedQuantity, 0), quantity)) / quantity);
  const shipped = {
    couponDiscountPaise: part(amounts.couponDiscountPaise),
    deliveryChargePaise: part(amounts.deliveryChargePaise),
  };
  return {
    shipped,
    rest: {
      couponDiscountPaise: amounts.couponDiscountPaise - shipped.couponDiscountPaise,
      deliveryChargePaise: amounts.deliveryChargePaise - shipped.deliveryChargePaise,
    },
  };
}
