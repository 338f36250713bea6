import { useEffect, useMemo, useState } from 'react';
import type { CartItem } from '@marketplace/domain/cart/local-cart';
import { orderLinesOf, paymentButtons, summaryItemCount } from '@marketplace/domain/orders/checkout';
import { COD_MAX_TOTAL_PAISE } from '@marketplace/domain/orders/cod';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { formatInr } from '@marketplace/domain/money/money';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, Form, redirect, useActionData, useLoaderData, useNavigate } from 'react-router';
import { AREA_CATALOGS } from '../../i18n/catalog.server.ts';
import { useLocalPath, useT } from '../../i18n/intl.tsx';
import { errorNotice, Notice, type NoticeValue } from '../../components/account/notice.tsx';
import { AddressSummary } from '../../components/checkout/address-summary.tsx';
import { CheckoutFrame, SuccessPopup } from '../../components/checkout/checkout-frame.tsx';
import { CheckoutLine, ChosenDelivery, LineProblem } from '../../components/checkout/checkout-line.tsx';
import { OrderSummaryBox } from '../../components/checkout/order-summary.tsx';
import { usePlaceOrder } from '../../components/checkout/use-place-order.ts';
import { BusinessInvoiceFields } from '../../components/checkout/business-invoice.tsx';
import {
  BusinessStateWarningText,
  businessStateNames,
  useCheckoutServerText,
} from '../../components/checkout/checkout-texts.tsx';
import {
  appliedCouponKeys,
  businessOfForm,
  orderLineField,
  quoteLinesOf,
  useAddressInUrl,
  useQuote,
} from '../../lib/checkout.ts';
import { loadReviewStep, placeConfirmedLines } from '../../lib/checkout.server.ts';
import { useLocalCart, writeLocalCart } from '../../lib/cart-store.ts';
import { flashCookie } from '../../lib/flash.server.ts';
import { loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { BUSINESS_STATE_ACKNOWLEDGED_FIELD } from '@marketplace/domain/tax/business-buyer';

/** The address and picks of the URL, the saved cart and its quote, and this page's order key. */
export async function loader({ request, context, url }: LoaderArgs) {
  const step = await loadReviewStep(context, request);
  if (!step.address) return redirect(localizedPath(splitLanguage(url.pathname).language, '/checkout'));
  // one key per page shown: a second click of the posted form places nothing new
  const idempotencyKey = `co-${crypto.randomUUID().replaceAll('-', '')}`;
  return { ...step, address: step.address, idempotencyKey };
}

/**
 * Pay COD or Pay Now posted before the page's scripts run: placed from the saved cart. A business
 * GSTIN of another state than the delivery address is answered first with the warning
 * (requirements#b2b-place-of-supply); posted again with it, the order is placed. The page it goes
 * on to keeps the page's language; what went wrong is said by the page, in that language.
 */
export async function action({ request, context }: ActionArgs) {
  const language = splitLanguage(new URL(request.url).pathname).language;
  const form = await readForm(request);
  if (!form)
    return data(
      { failure: { reason: null }, warning: null, business: undefined, acknowledged: null },
      { status: 400 },
    );
  const business = businessOfForm(form);
  if (business) {
    const step = await loadReviewStep(context, request);
    const warning = step.address ? businessStateNames(business.gstin, step.address.state) : null;
    const seen = form.get(BUSINESS_STATE_ACKNOWLEDGED_FIELD);
    if (warning && seen !== business.gstin.trim())
      return data(
        {
          failure: null,
          warning,
          business: { values: business, errors: {} },
          acknowledged: business.gstin.trim(),
        },
        { status: 409 },
      );
  }
  const placed = await placeConfirmedLines(context, form);
  if (placed.ok) {
    if (placed.paymentMode !== 'cod')
      return redirect(localizedPath(language, placed.next), { headers: placed.headers });
    // My Orders shows it as it comes, so it comes in the page's language
    const text = AREA_CATALOGS.checkout[language]['checkout.order.codPlaced'] ?? ORDER_MESSAGES.codPlaced;
    placed.headers.append('set-cookie', flashCookie({ kind: 'success', text }));
    return redirect(localizedPath(language, '/myorder'), { headers: placed.headers });
  }
  if (placed.status === 401) return redirect(localizedPath(language, loginPathFor(request)));
  // a refused business GSTIN or name comes back beside its field, with what was typed
  const refusedBusiness = {
    values: business,
    errors: { gstin: placed.fields?.['business.gstin'], name: placed.fields?.['business.name'] },
  };
  return data(
    { failure: { reason: placed.message }, warning: null, business: refusedBusiness, acknowledged: null },
    { status: placed.status },
  );
}

/**
 * /deliveryfinalreview 'Review and Confirm Order' (requirements#checkout-steps, requirements#payment-buttons, requirements#checkout-lines): the address, the
 * items with their delivery, the summary with the PromoJun line, and Pay Now / Pay COD, disabled
 * while any item lacks delivery data or the charges load.
 */
export default function FinalReview() {
  const { address, saved, quote: firstQuote, idempotencyKey } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const local = useLocalCart();
  const items = local ?? saved;
  const navigate = useNavigate();
  const t = useT();
  const localPath = useLocalPath();
  const say = useCheckoutServerText();
  const lines = useMemo(() => (local ? quoteLinesOf(local, appliedCouponKeys()) : null), [local]);
  const { quote, loading, error, refresh } = useQuote(address.id, lines, firstQuote);
  useAddressInUrl(address, '/deliveryfinalreview');
  const { place, busy, notice, success } = usePlaceOrder('cart', refresh);
  // requirements#b2b-place-of-supply: the GSTIN whose state warning was shown; paying again goes ahead
  const [acknowledged, setAcknowledged] = useState<string | null>(refused?.acknowledged ?? null);
  const [warned, setWarned] = useState<ReturnType<typeof businessStateNames>>(null);
  const warning = warned ?? refused?.warning ?? null;
  // an order posted without scripts and refused: the reason the server gave, in the page's language
  const failed = refused?.failure;
  const refusedNotice: NoticeValue = failed
    ? errorNotice(
        failed.reason
          ? t('checkout.order.placeFailedWhy', { reason: say.text(failed.reason) })
          : t('checkout.order.placeFailed'),
      )
    : null;

  // the cart in the page's language (a path, so the effect runs only when the cart changes)
  const cartPath = localPath('/cart');
  useEffect(() => {
    if (local !== null && local.length === 0 && !busy && !success) void navigate(cartPath, { replace: true });
  }, [local, busy, success, navigate, cartPath]);

  const remove = (item: CartItem) =>
    writeLocalCart(items.filter((line) => line.product_id !== item.product_id));
  const quotedOf = (item: CartItem) =>
    quote?.lines.find((l) => l.productId === item.productId && l.sellerId === item.sellerId);
  const { canPayOnline, canPayCod } = paymentButtons(quote, loading);
  // a shop without a payment provider offers Cash on Delivery only (ADR-0017)
  const onlineOffered = quote?.isOnlinePaymentOffered !== false;
  const codRefused = !canPayCod && quote?.summary?.isPlaceable === true && !loading;
  const pay = (mode: 'cod' | 'online', form: HTMLFormElement | null) => {
    if (!quote || !local) return;
    const business = businessOfForm(form ? new FormData(form) : null);
    const states = business ? businessStateNames(business.gstin, address.state) : null;
    if (business && states && acknowledged !== business.gstin) {
      setAcknowledged(business.gstin);
      setWarned(states);
      return;
    }
    setWarned(null);
    void place(
      mode,
      address.id,
      quote,
      local.map((item) => item.product_id),
      business,
    );
  };

  return (
    <CheckoutFrame
      step="review"
      title={t('checkout.finalTitle')}
      back={{ to: '/deliveryreview', label: t('checkout.backToDelivery') }}
    >
      {success && <SuccessPopup text={success} />}
      {!notice && warning ? (
        <Alert tone="error" className="account-notice">
          <BusinessStateWarningText states={warning} />
        </Alert>
      ) : (
        <Notice notice={notice ?? refusedNotice} />
      )}
      {error && (
        <Alert tone="error" className="account-notice">
          {t('checkout.quoteFailed')}
        </Alert>
      )}
      <div className="checkout-layout">
        <div className="checkout-main">
          <AddressSummary address={address} change={{ to: '/checkout', label: t('checkout.change') }} />
          <section className="checkout-box" aria-label={t('checkout.items')}>
            <ul className="checkout-lines">
              {items.map((item) => {
                const quoted = quotedOf(item);
                return (
                  <CheckoutLine key={item.product_id} item={item} quoted={quoted}>
                    {!quoted ? (
                      <p className="checkout-muted">{t('checkout.checkingDelivery')}</p>
                    ) : quoted.status === 'AVAILABLE' ? (
                      <ChosenDelivery quoted={quoted} />
                    ) : (
                      <LineProblem
                        title={t('checkout.itemUnavailable')}
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
          itemCount={summaryItemCount(quote, items)}
          loading={loading}
        >
          {/* posted to this page's action before the scripts run; with them, placed from the browser */}
          <Form method="post" className="checkout-pay" aria-label={t('checkout.payment')}>
            <input type="hidden" name="addressId" value={address.id} />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            {(quote ? orderLinesOf(quote) : []).map((line) => (
              <input
                key={`${line.productId}.${line.sellerId}`}
                type="hidden"
                name="line"
                value={orderLineField(line)}
              />
            ))}
            <BusinessInvoiceFields
              refused={refused?.business}
              deliveryState={address.state}
              acknowledged={acknowledged}
            />
            <h3 className="checkout-pay-heading">{t('checkout.pay.heading')}</h3>
            {onlineOffered && (
              <div className="checkout-pay-choice">
                <p className="checkout-pay-name">{t('checkout.pay.online')}</p>
                <p className="checkout-pay-means">{t('checkout.pay.onlineMeans')}</p>
                <button
                  type="submit"
                  name="paymentMode"
                  value="online"
                  className="btn checkout-wide"
                  disabled={!canPayOnline || busy || success !== null}
                  onClick={(event) => {
                    event.preventDefault();
                    pay('online', event.currentTarget.form);
                  }}
                >
                  {t('checkout.payNow')}
                </button>
              </div>
            )}
            <div className="checkout-pay-choice">
              <p className="checkout-pay-name">{t('checkout.cashOnDelivery')}</p>
              <p className="checkout-pay-means">
                {t('checkout.pay.codMeans', {
                  limit: formatInr(quote?.summary?.codLimitPaise ?? COD_MAX_TOTAL_PAISE),
                })}
              </p>
              <button
                type="submit"
                name="paymentMode"
                value="cod"
                className="btn checkout-wide"
                disabled={!canPayCod || busy || success !== null}
                onClick={(event) => {
                  event.preventDefault();
                  pay('cod', event.currentTarget.form);
                }}
              >
                {t('checkout.payCod')}
              </button>
              {codRefused && <p className="checkout-muted">{t('checkout.codUnavailable')}</p>}
            </div>
            {!onlineOffered && <p className="checkout-muted">{t('checkout.onlinePaymentUnavailable')}</p>}
          </Form>
        </OrderSummaryBox>
      </div>
    </CheckoutFrame>
  );
}
