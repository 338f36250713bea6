// The promotions module's face (requirements#operator-promotions): the console's coupons, deals,
// platform promo and campaign reviews; the checkout reads the promo and the coupon rule from here.
export { promotionRoutes } from './routes.ts';
export { couponIsUsable } from './coupons.ts';
export { platformPromoSetting } from './platform-promo.ts';
export {
  couponLineOf,
  mayReachProduct,
  productReach,
  type ProductReach,
  reachOf,
  rowReachesLine,
} from './coupon-reach.ts';
