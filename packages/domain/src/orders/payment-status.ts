// requirements#order-details: how an order's payment stands, as shoppers and staff read it. The
// order row keeps what the payment did; what people read also follows its items: an order whose
// every item was cancelled before anything was paid owes nothing, so it reads Cancelled rather
// than waiting for a payment that will never come.

/** The order's stored payment status, or "cancelled", which only this rule gives. */
export function shownPaymentStatus(
  order: { paymentStatus: string },
  itemStatuses: readonly string[],
): string {
  const allCancelled = itemStatuses.length > 0 && itemStatuses.every((status) => status === 'cancelled');
  const nothingTaken = order.paymentStatus === 'pending' || order.paymentStatus === 'awaiting_payment';
  return allCancelled && nothingTaken ? 'cancelled' : order.paymentStatus;
}
