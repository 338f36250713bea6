// requirements#coupon-scopes: which cart lines a coupon reaches. The cart, the checkout quote, the
// order and the product page ask this one rule; the server prices everything with it.

/** What a coupon is for: every product, a category (and everything below it), a brand, a seller or one product. */
export const COUPON_SCOPES = ['all', 'category', 'brand', 'seller', 'product'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

export const COUPON_SCOPE_LABELS: Record<CouponScope, string> = {
  all: 'Every product',
  category: 'A category',
  brand: 'A brand',
  seller: 'A seller',
  product: 'One product',
};

export const isCouponScope = (value: string): value is CouponScope =>
  (COUPON_SCOPES as readonly string[]).includes(value);

/**
 * A coupon's reach: its scope and the one target the scope names (the others null). `sellerId`
 * narrows any scope but `seller` (where it is the target) to that seller's offers.
 */
export type CouponReach = {
  scope: CouponScope;
  productId: number | null;
  categoryId: number | null;
  brandId: number | null;
  sellerId: number | null;
};

/** A cart line as a coupon sees it: the offer (product and seller), the brand and the category with its ancestors. */
export type CouponLine = {
  productId: number;
  sellerId: number;
  brandId: number;
  /** the product's category and every category above it */
  categoryIds: readonly number[];
};

/** Whether the coupon takes money off this line; a coupon missing its scope's target reaches nothing. */
export function couponReaches(coupon: CouponReach, line: CouponLine): boolean {
  if (coupon.sellerId !== null && coupon.sellerId !== line.sellerId) return false;
  switch (coupon.scope) {
    case 'all':
      return true;
    case 'seller':
      return coupon.sellerId !== null;
    case 'category':
      return coupon.categoryId !== null && line.categoryIds.includes(coupon.categoryId);
    case 'brand':
      return coupon.brandId !== null && coupon.brandId === line.brandId;
    case 'product':
      return coupon.productId !== null && coupon.productId === line.productId;
    default: {
      const unknown: never = coupon.scope;
      throw new RangeError(`Unknown coupon scope: ${String(unknown)}`);
    }
  }
}

/** The indexes of the lines the coupon reaches, in order. */
export function linesReached(coupon: CouponReach, lines: readonly CouponLine[]): number[] {
  return lines.flatMap((line, index) => (couponReaches(coupon, line) ? [index] : []));
}

/**
 * The coupon shown with an offer on the product page: the narrowest that reaches it (a product's
 * own before its brand's, category's, seller's and the sitewide one), the oldest of equals.
 */
export function couponForLine<C extends CouponReach & { id: number }>(
  coupons: readonly C[],
  line: CouponLine,
): C | null {
  const rank = (scope: CouponScope) => ['product', 'brand', 'category', 'seller', 'all'].indexOf(scope);
  return (
    coupons
      .filter((coupon) => couponReaches(coupon, line))
      .sort((a, b) => rank(a.scope) - rank(b.scope) || a.id - b.id)[0] ?? null
  );
}
