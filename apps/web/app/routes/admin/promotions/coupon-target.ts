import type { Coupon } from '@marketplace/domain/admin/promotions-api';

// requirements#coupon-scopes: a coupon's target as staff read it, by name
/** What a coupon is for, in names: 'Samsung (brand)', 'Electronics › Mobiles (category)'. */
export function couponTarget(coupon: Coupon): string {
  const only = coupon.sellerName && coupon.scope !== 'seller' ? `, ${coupon.sellerName} only` : '';
  switch (coupon.scope) {
    case 'all':
      return `Every product${only}`;
    case 'category':
      return `${coupon.categoryName ?? 'A category'} (category${only})`;
    case 'brand':
      return `${coupon.brandName ?? 'A brand'} (brand${only})`;
    case 'seller':
      return `Every product of ${coupon.sellerName ?? 'a seller'}`;
    case 'product':
      return `${coupon.productName ?? 'A product'}${coupon.sellerName ? ` from ${coupon.sellerName}` : ' from every seller'}`;
  }
}
