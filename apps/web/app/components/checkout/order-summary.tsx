import { formatInr } from '@marketplace/domain/money/money';
import type { QuoteSummary } from '@marketplace/domain/orders/checkout';
import type { ReactNode } from 'react';

/** What the summary shows: a quote's amounts, or a placed order's. */
export type SummaryAmounts = Omit<
  QuoteSummary,
  'isCodAllowed' | 'codLimitPaise' | 'isPlaceable' | 'promoName'
> & {
  promoName: string | null;
};

/** The order summary (requirements#platform-promo): items, coupons, delivery, the PromoJun line and the total. */
export function OrderSummaryBox({
  summary,
  itemCount,
  loading,
  emptyText = 'No item can be ordered yet.',
  children,
}: {
  summary: SummaryAmounts | null;
  itemCount: number;
  loading: boolean;
  emptyText?: string;
  children?: ReactNode;
}) {
  return (
    <aside className="checkout-summary" aria-label="Order summary" aria-busy={loading}>
      <h2>Order Summary</h2>
      {summary ? (
        <dl>
          <div>
            <dt>Items ({itemCount})</dt>
            <dd data-testid="summary-items">{formatInr(summary.itemsTotalPaise)}</dd>
          </div>
          {summary.couponDiscountPaise > 0 && (
            <div className="is-saving">
              <dt>Coupon discount</dt>
              <dd>−{formatInr(summary.couponDiscountPaise)}</dd>
            </div>
          )}
          <div>
            <dt>Delivery charges</dt>
            <dd data-testid="summary-delivery">
              {summary.deliveryChargePaise === 0 ? 'FREE' : formatInr(summary.deliveryChargePaise)}
            </dd>
          </div>
          {summary.promoDiscountPaise > 0 && (
            <div className="is-saving">
              <dt>{summary.promoName}</dt>
              <dd data-testid="summary-promo">−{formatInr(summary.promoDiscountPaise)}</dd>
            </div>
          )}
          <div className="checkout-total">
            <dt>Order Total</dt>
            <dd data-testid="summary-total">{formatInr(summary.totalPaise)}</dd>
          </div>
        </dl>
      ) : (
        <p className="checkout-muted">{loading ? 'Calculating delivery charges…' : emptyText}</p>
      )}
      {loading && summary && <p className="checkout-muted">Updating delivery charges…</p>}
      {children}
    </aside>
  );
}
