import { formatInr } from '@marketplace/domain/money/money';
import type { QuoteSummary } from '@marketplace/domain/orders/checkout';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/intl.tsx';

/** What the summary shows: a quote's amounts, or a placed order's. */
export type SummaryAmounts = Omit<
  QuoteSummary,
  'isCodAllowed' | 'codLimitPaise' | 'isPlaceable' | 'promoName'
> & {
  promoName: string | null;
};

/**
 * The order summary (requirements#platform-promo): items, coupons, delivery, the PromoJun line and
 * the total. Shown on the checkout steps and an order's details, both in the account area.
 */
export function OrderSummaryBox({
  summary,
  itemCount,
  loading,
  emptyText,
  children,
}: {
  summary: SummaryAmounts | null;
  itemCount: number;
  loading: boolean;
  /** what shows while there is nothing to sum up, in the page's language (else 'No item can be ordered yet.') */
  emptyText?: string | undefined;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <aside className="checkout-summary" aria-label={t('checkout.summary.label')} aria-busy={loading}>
      <h2>{t('checkout.summary.title')}</h2>
      {summary ? (
        <dl>
          <div>
            <dt>{t('checkout.summary.items', { count: itemCount })}</dt>
            <dd data-testid="summary-items">{formatInr(summary.itemsTotalPaise)}</dd>
          </div>
          {summary.couponDiscountPaise > 0 && (
            <div className="is-saving">
              <dt>{t('checkout.summary.coupon')}</dt>
              <dd>−{formatInr(summary.couponDiscountPaise)}</dd>
            </div>
          )}
          <div>
            <dt>{t('checkout.summary.delivery')}</dt>
            <dd data-testid="summary-delivery">
              {summary.deliveryChargePaise === 0
                ? t('delivery.free')
                : formatInr(summary.deliveryChargePaise)}
            </dd>
          </div>
          {summary.promoDiscountPaise > 0 && (
            <div className="is-saving">
              {/* the platform promotion's name, as the operator set it */}
              <dt translate="no">{summary.promoName}</dt>
              <dd data-testid="summary-promo">−{formatInr(summary.promoDiscountPaise)}</dd>
            </div>
          )}
          <div className="checkout-total">
            <dt>{t('checkout.summary.total')}</dt>
            <dd data-testid="summary-total">{formatInr(summary.totalPaise)}</dd>
          </div>
        </dl>
      ) : (
        <p className="checkout-muted">
          {loading ? t('checkout.summary.calculating') : (emptyText ?? t('checkout.summary.nothingYet'))}
        </p>
      )}
      {loading && summary && <p className="checkout-muted">{t('checkout.summary.updating')}</p>}
      {children}
    </aside>
  );
}
