import { splitLanguage } from '@marketplace/domain/i18n/languages';
import { SITE_DESCRIPTION, SITE_NAME } from '@marketplace/domain/site';

export { SITE_DESCRIPTION, SITE_NAME };

// requirements#page-titles: the page title is set from the path (Home, Cart, Checkout, Order, Profile, Settings,
// Address and so on); anything else is titled with the product name.
const TITLES: Record<string, string> = {
  '': 'Home',
  cart: 'Cart',
  deliverylocation: 'Choose your location',
  buynow: 'Buy Now',
  checkout: 'Checkout',
  addressform: 'Address',
  newaddress: 'Address',
  myaddress: 'Address',
  manageaddress: 'Address',
  deliveryreview: 'Delivery',
  deliveryfinalreview: 'Review Order',
  paymentgateway: 'Payment',
  thankyou: 'Thank You',
  myorder: 'Order',
  neworderdetail: 'Order',
  trackitem: 'Track Item',
  cancelitem: 'Cancel Item',
  cancelleditemdetail: 'Cancelled Item',
  returnitem: 'Return Item',
  returninprocess: 'Return',
  returnitemdetail: 'Return Detail',
  replacementitem: 'Replacement',
  replaceitemdetail: 'Replacement Detail',
  sellerfeedback: 'Seller Feedback',
  deliveryfeedback: 'Delivery Feedback',
  productfeedback: 'Product Feedback',
  myprofile: 'Profile',
  updateprofile: 'Profile',
  updatepassword: 'Password',
  settings: 'Settings',
  bankaccount: 'Bank Account',
  accountform: 'Bank Account',
  mywhishlist: 'Wishlist',
  buyagain: 'Buy Again',
  saveforlater: 'Save For Later',
  switchaccount: 'Switch Account',
  addaccount: 'Add Account',
  login: 'Login',
  registration: 'Registration',
  verifyotp: 'Verify OTP',
  otpverification: 'Login with OTP',
  forgotpassword: 'Forgot Password',
  todaydeals: "Today's Deals",
  percentageoffer: 'Percentage Offers',
  coupons: 'Coupons',
  'best-sellers-online': 'Best Sellers',
  searchpage: 'Search',
  searchresults: 'Search',
  // category, brand and content pages are titled with their own name (namedPageMeta); these are the fallbacks
  categorylist: 'Category',
  brand: 'Brand',
  brandregistry: 'Brand Registry',
  reviews: 'Reviews',
  viewreviews: 'Reviews',
  privilegeclaim: 'Privilege Claim',
  seller: 'Sell with Us',
  sellerdetails: 'Seller Details',
  explore: 'Explore',
  policy: 'Policy',
  about: 'About',
  pagenotfound: 'Page Not Found',
};

/** The title of a page from its path; unknown paths get the product name. */
export function pageTitle(pathname: string): string {
  const first = splitLanguage(pathname).path.split('/').filter(Boolean)[0] ?? '';
  return TITLES[first.toLowerCase()] ?? SITE_NAME;
}

/**
 * A page named after what it shows (a category, a brand, a policy): its name as the title, and the
 * site's description (a route's meta replaces the root's). Without a name (not found) the path's title.
 */
export function namedPageMeta(name: string | null | undefined, pathname: string) {
  return [{ title: name || pageTitle(pathname) }, { name: 'description', content: SITE_DESCRIPTION }];
}
