import { useEffect, useMemo } from 'react';
import type { CartItem } from '@marketplace/domain/cart/local-cart';
import { summaryItemCount } from '@marketplace/domain/orders/checkout';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { redirect, useLoaderData, useNavigate } from 'react-router';
import { useLocalPath, useT } from '../../i18n/intl.tsx';
import { AddressSummary } from '../../components/checkout/address-summary.tsx';
import { CheckoutFrame } from '../../components/checkout/checkout-frame.tsx';
import { CheckoutLine, DeliveryChoice, LineProblem } from '../../components/checkout/checkout-line.tsx';
import { OrderSummaryBox } from '../../components/checkout/order-summary.tsx';
import { useDeliveryPicks } from '../../components/checkout/use-delivery-picks.ts';
import { appliedCouponKeys, quoteLinesOf, useAddressInUrl, useQuote } from '../../lib/checkout.ts';
import { loadReviewStep } from '../../lib/checkout.server.ts';
import { useLocalCart, writeLocalCart } from '../../lib/cart-store.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { Alert } from '../../components/ui/alert.tsx';

/** The address of the URL (else the default), the saved cart and its quote, in the first HTML. */
export async function loader({ request, context, url }: LoaderArgs) {
  const step = await loadReviewStep(context, request);
  if (!step.address) return redirect(localizedPath(splitLanguage(url.pathname).language, '/checkout'));
  return { ...step, address: step.address };
}

/**
 * /deliveryreview (requirements#checkout-steps, requirements#delivery-choice): a delivery option per item, the
 * saved choice first, finalised 1 s after a pick; items that cannot reach the pincode say so with
 * Delete. Proceed goes to the final review.
 */
export default function DeliveryReview() {
  const { address, saved, quote: firstQuote } = useLoaderData<typeof loader>();
  const local = useLocalCart();
  const items = local ?? saved;
  const navigate = useNavigate();
  const t = useT();
  const localPath = useLocalPath();
  const { pending, isPending, pick, savedVersion } = useDeliveryPicks();

  // the cart in the page's language (a path, so the effect runs only when the cart changes)
  const cartPath = localPath('/cart');
  useEffect(() => {
    if (local !== null && local.length === 0) void navigate(cartPath, { replace: true });
  }, [local, navigate, cartPath]);
  useAddressInUrl(address, '/deliveryreview');

  // the saved choices live in local storage: `savedVersion` says when they changed
  // the browser's lines once its cart is read; until then the page shows the saved cart's quote
  const lines = useMemo(
    () => (local ? quoteLinesOf(local, appliedCouponKeys()) : null),
    [local, savedVersion],
  );
  const { quote, loading, error } = useQuote(address.id, lines, firstQuote);

  const remove = (item: CartItem) =>
    writeLocalCart(items.filter((line) => line.product_id !== item.product_id));

  const quotedOf = (item: CartItem) =>
    quote?.lines.find((l) => l.productId === item.productId && l.sellerId === item.sellerId);
  const blocked = loading || quote === null || isPending || quote.summary?.isPlaceable !== true;

  return (
    <CheckoutFrame
      step="delivery"
      title={t('checkout.deliveryTitle')}
      back={{ to: '/checkout', label: t('checkout.backToAddresses') }}
    >
      <div className="checkout-layout">
        <div className="checkout-main">
          <AddressSummary address={address} change={{ to: '/checkout', label: t('checkout.change') }} />
          {error && (
            <Alert tone="error" className="account-notice">
              {t('checkout.quoteFailed')}
            </Alert>
          )}
          <section className="checkout-box" aria-label={t('checkout.itemsAndOptions')}>
            <ul className="checkout-lines">
              {items.map((item) => {
                const quoted = quotedOf(item);
                return (
                  <CheckoutLine key={item.product_id} item={item} quoted={quoted}>
                    {!quoted ? (
                      <p className="checkout-muted">{t('checkout.checkingOptions')}</p>
                    ) : quoted.options.length === 0 || quoted.status === 'NOT_DELIVERABLE' ? (
                      <LineProblem
                        title={t('checkout.deliveryNotAvailable')}
                        quoted={quoted}
                        onDelete={() => remove(item)}
                      />
                    ) : (
                      <>
                        {quoted.status !== 'AVAILABLE' && (
                          <LineProblem
                            title={t('checkout.itemUnavailable')}
                            quoted={quoted}
                            onDelete={() => remove(item)}
                          />
                        )}
                        <DeliveryChoice
                          quoted={quoted}
                          picked={pending[item.product_id] ?? quoted.chosen}
                          onPick={(type) => pick(item.product_id, type)}
                        />
                      </>
                    )}
                  </CheckoutLine>
                );
              })}
            </ul>
          </section>
        </div>
        <OrderSummaryBox
          summary={quote?.summary ?? null}
          itemCount={summaryItemCount(quote, items)}
          loading={loading || isPending}
        >
          {/* the picks and the address go on in the URL, before the page's scripts run too */}
          <form
            method="get"
            action={localPath('/deliveryfinalreview')}
            id="delivery-form"
            className="inline-form"
          >
            <input type="hidden" name="address" value={address.id} />
          </form>
          <button
            type="submit"
            form="delivery-form"
            className="btn checkout-wide"
            disabled={blocked}
            onClick={(event) => {
              event.preventDefault();
              void navigate(localPath(`/deliveryfinalreview?address=${address.id}`));
            }}
          >
            {t('checkout.proceed')}
          </button>
        </OrderSummaryBox>
      </div>
    </CheckoutFrame>
  );
}
