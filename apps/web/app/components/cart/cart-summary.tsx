import type { CartSummary as Summary } from '@marketplace/domain/cart/cart-money';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { formatInr } from '@marketplace/domain/money/money';
import { Link } from 'react-router';

/** The summary box: item count, subtotal, coupon savings, total, 'Shop More' and 'CheckOut'. */
export function CartSummaryBox({
  summary,
  checkoutBlocked,
  onCheckout,
}: {
  summary: Summary;
  checkoutBlocked: boolean;
  onCheckout: () => void;
}) {
  return (
    <aside className="cart-summary" aria-label="Price details">
      <h2>Price Details</h2>
      <dl>
        <div>
          <dt>Items</dt>
          <dd data-testid="cart-item-count">{summary.itemCount}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{formatInr(summary.subtotalPaise)}</dd>
        </div>
        {summary.discountPaise > 0 && (
          <div className="cart-saving">
            <dt>Coupon discount</dt>
            <dd>−{formatInr(summary.discountPaise)}</dd>
          </div>
        )}
        <div className="cart-total">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatInr(summary.totalPaise)}</dd>
        </div>
      </dl>
      <div className="cart-summary-actions">
        <Link to="/" className="btn-secondary">
          {CART_MESSAGES.shopMore}
        </Link>
        {/* a plain link to checkout until the page's scripts run (login first for a visitor) */}
        <form method="get" action="/checkout" className="inline-form">
          <button
            type="submit"
            className="btn"
            disabled={checkoutBlocked}
            onClick={(event) => {
              event.preventDefault();
              onCheckout();
            }}
          >
            {CART_MESSAGES.checkOut}
          </button>
        </form>
      </div>
    </aside>
  );
}
