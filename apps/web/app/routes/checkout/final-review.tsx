import { useEffect, useMemo } from 'react';
import type { CartItem } from '@marketplace/domain/cart/local-cart';
import { CHECKOUT_MESSAGES, paymentButtons } from '@marketplace/domain/orders/checkout';
import { type ClientLoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router';
import { Notice } from '../../components/account/notice.tsx';
import { AddressSummary } from '../../components/checkout/address-summary.tsx';
import { CheckoutFrame, CheckoutLoading, SuccessPopup } from '../../components/checkout/checkout-frame.tsx';
import { CheckoutLine, ChosenDelivery, LineProblem } from '../../components/checkout/checkout-line.tsx';
import { OrderSummaryBox } from '../../components/checkout/order-summary.tsx';
import { usePlaceOrder } from '../../components/checkout/use-place-order.ts';
import { appliedCouponKeys, quoteLinesOf, useQuote } from '../../lib/checkout.ts';
import { loadDeliveryStep } from '../../lib/checkout-state.ts';
import { useLocalCart, writeLocalCart } from '../../lib/cart-store.ts';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadDeliveryStep(request);
}

export function HydrateFallback() {
  return <CheckoutLoading what="your order" />;
}

/**
 * /deliveryfinalreview 'Review and Confirm Order' (spec §2 Final review, §5, §8): the address, the
 * items with their delivery, the summary with the PromoJun line, and Pay Now / Pay COD, disabled
 * while any item lacks delivery data or the charges load.
 */
export default function FinalReview() {
  const { address } = useLoaderData<typeof clientLoader>();
  const items = useLocalCart();
  const navigate = useNavigate();
  const lines = useMemo(() => (items ? quoteLinesOf(items, appliedCouponKeys()) : null), [items]);
  const { quote, loading, error, refresh } = useQuote(address.id, lines);
  const { place, busy, notice, success } = usePlaceOrder('cart', refresh);

  useEffect(() => {
    if (items !== null && items.length === 0 && !busy && !success) void navigate('/cart', { replace: true });
  }, [items, busy, success, navigate]);

  const remove = (item: CartItem) =>
    writeLocalCart((items ?? []).filter((line) => line.product_id !== item.product_id));
  const quotedOf = (item: CartItem) =>
    quote?.lines.find((l) => l.productId === item.productId && l.sellerId === item.sellerId);
  const { canPayOnline, canPayCod } = paymentButtons(quote, loading);
  const pay = (mode: 'cod' | 'online') => {
    if (!quote || !items) return;
    void place(
      mode,
      address.id,
      quote,
      items.map((item) => item.product_id),
    );
  };

  return (
    <CheckoutFrame
      step="review"
      title={CHECKOUT_MESSAGES.finalTitle}
      back={{ to: '/deliveryreview', label: 'Back to delivery options' }}
    >
      {success && <SuccessPopup text={success} />}
      <Notice notice={notice} />
      {error && (
        <p className="account-notice error" role="alert">
          {CHECKOUT_MESSAGES.quoteFailed}
        </p>
      )}
      <div className="checkout-layout">
        <div className="checkout-main">
          <AddressSummary address={address} change={{ to: '/checkout', label: 'Change' }} />
          <section className="checkout-box" aria-label="Items">
            <ul className="checkout-lines">
              {(items ?? []).map((item) => {
                const quoted = quotedOf(item);
                return (
                  <CheckoutLine key={item.product_id} item={item} quoted={quoted}>
                    {!quoted ? (
                      <p className="checkout-muted">Checking delivery…</p>
                    ) : quoted.status === 'AVAILABLE' ? (
                      <ChosenDelivery quoted={quoted} />
                    ) : (
                      <LineProblem
                        title={CHECKOUT_MESSAGES.itemUnavailable}
                        quoted={quoted}
                        onDelete={() => remove(item)}
                      />
                    )}
                  </CheckoutLine>
                );
              })}
            </ul>
          </section>
        </div>
        <OrderSummaryBox
          summary={quote?.summary ?? null}
          itemCount={(items ?? []).reduce((n, item) => n + item.quantity, 0)}
          loading={loading}
        >
          <div className="checkout-pay">
            <button
              type="button"
              className="btn checkout-wide"
              disabled={!canPayOnline || busy || success !== null}
              onClick={() => pay('online')}
            >
              {CHECKOUT_MESSAGES.payNow}
            </button>
            <button
              type="button"
              className="btn btn-cod checkout-wide"
              disabled={!canPayCod || busy || success !== null}
              onClick={() => pay('cod')}
            >
              {CHECKOUT_MESSAGES.payCod}
            </button>
            {canPayOnline && !canPayCod && (
              <p className="checkout-muted">{CHECKOUT_MESSAGES.codUnavailable}</p>
            )}
          </div>
        </OrderSummaryBox>
      </div>
    </CheckoutFrame>
  );
}
