// The cart area's user-facing texts, exactly as the spec writes them (requirements#cart-page, requirements#cart-availability).
export const CART_MESSAGES = {
  title: 'My Cart',
  empty: 'Your cart is empty.',
  sellersNotAvailable: 'Sellers not Available',
  shopMore: 'Shop More',
  checkOut: 'CheckOut',
  getDiscount: 'Get Discount',
  couponApplied: 'Coupon Applied',
  itemUnavailable: 'Not available for your pincode',
  itemUnavailableDetail: 'This product is currently unavailable at your location.',
  removeThisItem: 'Remove This Item',
  unavailableBanner: 'Some items are unavailable for your pincode.',
  unavailableBannerDetail: 'Please remove them to proceed.',
  cartUpdated: 'Some items in your cart have been updated.',
  updateCart: 'Update Cart',
  buyAgain: 'Buy Again',
  saveForLater: 'Save For Later',
  noBuyAgain: 'No products available to buy again',
  noSavedForLater: 'No saved products for later',
  movedToCart: 'Product Successfully Moved to cart',
  deletedFromSaveForLater: 'Product Successfully Deleted From Save For Later',
  invalidProduct: 'Invalid product ID!',
  wishlistTitle: 'My Wishlist',
  wishlistEmpty: 'Your wishlist is empty.',
  removedFromWishlist: 'Product removed from your wishlist.',
  loginRequired: 'Please log in to use your cart.',
} as const;

/** requirements#cart-sync: a changed cart is pushed to the server every 30 s while it stays changed. */
export const CART_SYNC_INTERVAL_MS = 30_000;
/** requirements#cart-availability: availability is rechecked 300 ms after the cart page loads. */
export const AVAILABILITY_DELAY_MS = 300;
/** Upper bound on cart lines the API accepts in one request (a real cart is far smaller). */
export const MAX_CART_LINES = 100;
