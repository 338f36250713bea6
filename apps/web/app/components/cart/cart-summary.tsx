import type { CartSummary as Summary } from '@marketplace/domain/cart/cart-money';
import { formatInr } from '@marketplace/domain/money/money';
import type { DeliveryEstimate } from '@marketplace/domain/orders/checkout';
import { Link } from '../../i18n/link.tsx';
import { useLocalPath, useT } from '../../i18n/intl.tsx';

/**
 * The summary box: item count, subtotal, coupon savings, delivery for the shopper's pincode, the
 * PromoJun line and the total the order will charge (requirements#cart-estimate), 'Shop More' and
 * 'CheckOut'. Until the estimate arrives (or when no line can reach the pincode) the amounts are the
 * cart's own and delivery is said to be on its way.
 */
export function CartSummaryBox({
  summary,
  estimate,
  checkoutBlocked,
  onCheckout,
}: {
  summary: Summary;
  estimate: DeliveryEstimate | null;
  checkoutBlocked: boolean;
  onCheckout: () => void;
}) {
  const t = useT();
  const local = useLocalPath();
  const quoted = estimate?.summary ?? null;
  const subtotal = quoted ? quoted.itemsTotalPaise : summary.subtotalPaise;
  const discount = quoted ? quoted.couponDiscountPaise : summary.discountPaise;
  return (
    <aside className="cart-summary" aria-label={t('cart.priceDetails')}>
      <h2>{t('cart.priceDetails')}</h2>
      <dl>
        <div>
          <dt>{t('cart.items')}</dt>
          <dd data-testid="cart-item-count">{summary.itemCount}</dd>
        </div>
        <div>
          <dt>{t('cart.subtotal')}</dt>
          <dd data-testid="cart-subtotal">{formatInr(subtotal)}</dd>
        </div>
        {discount > 0 && (
          <div className="cart-saving">
            <dt>{t('cart.couponDiscount')}</dt>
            <dd>−{formatInr(discount)}</dd>
          </div>
        )}
        <div>
          <dt>
            {t('cart.delivery')}
            {estimate ? (
              <span className="cart-summary-place">
                {' '}
                {t('cart.deliveryTo', { pincode: estimate.place.pincode })}
              </span>
            ) : null}
          </dt>
          <dd data-testid="cart-delivery">
            {quoted
              ? quoted.deliveryChargePaise === 0
                ? t('delivery.free')
                : formatInr(quoted.deliveryChargePaise)
              : estimate
                ? t('cart.notAvailable')
                : t('cart.calculating')}
          </dd>
        </div>
        {quoted && quoted.promoDiscountPaise > 0 && (
          <div className="cart-saving">
            <dt translate="no">{quoted.promoName}</dt>
            <dd data-testid="cart-promo">−{formatInr(quoted.promoDiscountPaise)}</dd>
          </div>
        )}
        <div className="cart-total">
          <dt>{t('cart.total')}</dt>
          <dd data-testid="cart-total">{formatInr(quoted ? quoted.totalPaise : summary.totalPaise)}</dd>
        </div>
      </dl>
      <div className="cart-summary-actions">
        <Link to="/" className="btn-secondary">
          {t('cart.shopMore')}
        </Link>
        {/* a plain link to checkout until the page's scripts run (login first for a visitor) */}
        <form method="get" action={local('/checkout')} className="inline-form">
          <button
            type="submit"
            className="btn"
            disabled={checkoutBlocked}
            onClick={(event) => {
              event.preventDefault();
              onCheckout();
            }}
          >
            {t('cart.checkOut')}
          </button>
        </form>
      </div>
    </aside>
  );
}
