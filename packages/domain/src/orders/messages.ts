// requirements#order-placement and requirements#checkout-lines: the order and payment texts, shared by
// the API, the pages and their tests.

export const ORDER_MESSAGES = {
  /** requirements#order-placement: COD failure */
  placeFailed: 'Failed to place order. Please try again.',
  /** requirements#checkout-lines: no line left to order */
  noValidProducts: 'No valid products selected.',
  /** requirements#order-placement: the checkout flow shows them after placing */
  codPlaced: 'Your COD order has been placed successfully!',
  onlinePlaced: 'Your Online Order has been placed successfully!',
  /** requirements#payments: the alert names the card payment provider */
  razorpayNotLoaded: 'Razorpay is not loaded. Please try again.',
  // ours: the spec shows no text for these refusals
  couponNotApplicable: 'This coupon cannot be applied to the selected product.',
  codNotAllowed: 'Cash on Delivery is not available for this order.',
  quantity: 'Quantity must be a whole number from 1 to the maximum per order.',
  orderNotFound: 'This order was not found.',
  paymentFailed: 'Payment failed. Please try again.',
  paymentNotVerified: 'The payment could not be verified. Please try again.',
  orderExpired: 'This order was cancelled because it was not paid within 30 minutes.',
  alreadyPaid: 'This order has already been paid.',
  /** the same idempotency key sent again with another order: the first order is not this one */
  idempotencyKeyReused:
    'This order key was already used for a different order. Start the order again to place a new one.',
  /** requirements#gst-invoices: a business's details for its tax invoice */
  businessGstin: 'Enter your business’s 15-character GSTIN, as on its GST registration.',
  businessName: 'Enter your business name as registered for GST (2 to 100 letters).',
  /** no payment provider is configured: only Cash on Delivery is taken */
  onlinePaymentUnavailable: 'Online payment is not available. Please choose Cash on Delivery.',
} as const;

/** requirements#checkout-lines: a missing delivery option (or an unknown parcel type) for a product. */
export const productUnavailable = (productId: number | string): string =>
  `Product ID ${productId} is unavailable.`;

/** requirements#checkout-lines: a product with no delivery options for the pincode. */
export const notDeliverable = (name: string): string =>
  `${name} is not deliverable to your selected pincode.`;

/** requirements#courier-opt-in: the seller's courier does not reach the pincode; its reason follows. */
export const courierNotDeliverable = (name: string, reason: string): string =>
  `${notDeliverable(name)} ${reason}`;
