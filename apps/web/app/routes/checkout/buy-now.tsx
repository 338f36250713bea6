import { useMemo, useState } from 'react';
import { type Address, AddressList } from '@marketplace/domain/accounts/addresses';
import { readBuyNowItems } from '@marketplace/domain/cart/buy-now';
import { quantityLimit } from '@marketplace/domain/cart/cart-money';
import type { CartItem } from '@marketplace/domain/cart/local-cart';
import { paymentButtons, summaryItemCount } from '@marketplace/domain/orders/checkout';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { type ClientLoaderFunctionArgs, redirect, useLoaderData, useNavigate } from 'react-router';
import { useLocalPath, useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { browserFetch, requestApi } from '../../lib/account-api.ts';
import { Notice } from '../../components/account/notice.tsx';
import { AddressSummary } from '../../components/checkout/address-summary.tsx';
import { CheckoutFrame, CheckoutLoading, SuccessPopup } from '../../components/checkout/checkout-frame.tsx';
import { CheckoutLine, DeliveryChoice, LineProblem } from '../../components/checkout/checkout-line.tsx';
import { OrderSummaryBox } from '../../components/checkout/order-summary.tsx';
import { useDeliveryPicks } from '../../components/checkout/use-delivery-picks.ts';
import { usePlaceOrder } from '../../components/checkout/use-place-order.ts';
import { BusinessInvoiceFields } from '../../components/checkout/business-invoice.tsx';
import { BusinessStateWarningText, businessStateNames } from '../../components/checkout/checkout-texts.tsx';
import {
  businessOfForm,
  appliedCouponKeys,
  preselectedAddress,
  quoteLinesOf,
  selectAddress,
  useQuote,
} from '../../lib/checkout.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { Alert } from '../../components/ui/alert.tsx';

/**
 * requirements#buy-now: a missing or empty item goes to /cart; a visitor's item stays stored and the
 * visitor logs in first, coming back here; a malformed one is 'Invalid Buy Now Data'. Both pages
 * keep the page's language.
 */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const here = new URL(request.url);
  const language = splitLanguage(here.pathname).language;
  const stored = readBuyNowItems(localStorage.getItem(STORAGE_KEYS.buyNowItem));
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
  if (stored.kind === 'empty') throw redirect(localizedPath(language, '/cart'));
  if (stored.kind === 'invalid') return { items: null, addresses: [] };
  const list = await requestApi(browserFetch, 'GET', '/api/addresses', AddressList);
  if (!list.ok && list.kind === 'refused' && list.status === 401) {
    const back = encodeURIComponent(here.pathname + here.search);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- as above
    throw redirect(localizedPath(language, `/login?redirectTo=${back}`));
  }
  if (!list.ok) throw new Error((list.kind === 'refused' && list.message) || 'Could not load your addresses');
  return { items: stored.items, addresses: list.data.addresses };
}

/**
 * Buy Now's product waits in the browser's storage, so the page is drawn by its scripts (the
 * product page's Buy Now stays disabled until they run); without them it points to the cart.
 */
export function HydrateFallback() {
  const t = useT();
  const rich = useRichT();
  return (
    <>
      <CheckoutLoading label={t('checkout.buyNow.loading')} />
      <noscript>
        <p className="wrap checkout-muted">
          {rich('checkout.buyNow.needsScripts', { link: (chunks) => <Link to="/cart">{chunks}</Link> })}
        </p>
      </noscript>
    </>
  );
}

export default function BuyNow() {
  const t = useT();
  const { items, addresses } = useLoaderData<typeof clientLoader>();
  if (!items) {
    return (
      <CheckoutFrame step={null} title={t('checkout.buyNow.title')}>
        <section className="checkout-box checkout-invalid" role="alert">
          <span className="checkout-warning" aria-hidden="true">
            ⚠
          </span>
          <p>{t('checkout.buyNow.invalid')}</p>
          <Link to="/cart" className="btn">
            {t('checkout.buyNow.goToCart')}
          </Link>
        </section>
      </CheckoutFrame>
    );
  }
  return <BuyNowCheckout initial={items} addresses={addresses} />;
}

/**
 * /buynow (requirements#buy-now): per product its picture, name, price, quantity and delivery
 * radios; the address with 'Change Address'; the order summary; 'Pay Online' and 'Cash on Delivery'.
 */
function BuyNowCheckout({ initial, addresses }: { initial: CartItem[]; addresses: Address[] }) {
  const navigate = useNavigate();
  const t = useT();
  const localPath = useLocalPath();
  const [items, setItems] = useState(initial);
  // an address just added from here comes back in the URL and is the one chosen
  const [address, setAddress] = useState(() => {
    const added = new URLSearchParams(window.location.search).get('address');
    const chosen = addresses.find((a) => String(a.id) === added);
    if (chosen) selectAddress(chosen);
    return chosen ?? preselectedAddress(addresses);
  });
  const [choosing, setChoosing] = useState(false);
  const { pending, isPending, pick, savedVersion } = useDeliveryPicks();
  const lines = useMemo(() => quoteLinesOf(items, appliedCouponKeys()), [items, savedVersion]);
  const { quote, loading, error, refresh } = useQuote(address?.id ?? null, lines);
  const { place, busy, notice, success } = usePlaceOrder('buynow', refresh);
  // requirements#b2b-place-of-supply: the GSTIN whose state warning was shown; paying again goes ahead
  const [acknowledged, setAcknowledged] = useState<string | null>(null);
  const [warned, setWarned] = useState<ReturnType<typeof businessStateNames>>(null);
  const { canPayOnline, canPayCod } = paymentButtons(quote, loading || isPending);
  // a shop without a payment provider offers Cash on Delivery only (ADR-0017)
  const onlineOffered = quote?.isOnlinePaymentOffered !== false;
  const codRefused =
    address !== null && !canPayCod && quote?.summary?.isPlaceable === true && !loading && !isPending;

  const store = (next: CartItem[]) => {
    setItems(next);
    const value = next.length === 1 ? next[0] : next;
    if (next.length === 0) {
      localStorage.removeItem(STORAGE_KEYS.buyNowItem);
      void navigate(localPath('/cart'), { replace: true });
    } else localStorage.setItem(STORAGE_KEYS.buyNowItem, JSON.stringify(value));
  };
  const choose = (next: Address) => {
    selectAddress(next);
    setAddress(next);
    setChoosing(false);
  };
  const pay = (mode: 'cod' | 'online', form: HTMLFormElement | null) => {
    if (!address) {
      // requirements#buy-now: no address, the alert, then the address list
      window.alert(t('checkout.selectDeliveryAddress'));
      void navigate(localPath('/myaddress'));
      return;
    }
    if (!quote) return;
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
      items.map((item) => item.product_id),
      business,
    );
  };
  const quotedOf = (item: CartItem) =>
    quote?.lines.find((l) => l.productId === item.productId && l.sellerId === item.sellerId);

  return (
    <CheckoutFrame step={null} title={t('checkout.buyNow.title')}>
      {success && <SuccessPopup text={success} />}
      {!notice && warned ? (
        <Alert tone="error" className="account-notice">
          <BusinessStateWarningText states={warned} />
        </Alert>
      ) : (
        <Notice notice={notice} />
      )}
      {error && (
        <Alert tone="error" className="account-notice">
          {t('checkout.quoteFailed')}
        </Alert>
      )}
      <div className="checkout-layout">
        <div className="checkout-main">
          {address && !choosing ? (
            <AddressSummary
              address={address}
              change={{ onClick: () => setChoosing(true), label: t('checkout.changeAddress') }}
            />
          ) : (
            <section className="checkout-box" aria-labelledby="buynow-address">
              <h2 id="buynow-address" className="checkout-box-title">
                {t('checkout.selectAddress')}
              </h2>
              {addresses.length === 0 && <p className="checkout-muted">{t('checkout.noAddresses')}</p>}
              <fieldset className="checkout-addresses">
                <legend className="sr-only">{t('checkout.selectAddress')}</legend>
                {addresses.map((option) => (
                  <label
                    key={option.id}
                    className={`checkout-address-option${option.id === address?.id ? ' is-picked' : ''}`}
                  >
                    <input
                      type="radio"
                      name="address"
                      checked={option.id === address?.id}
                      onChange={() => choose(option)}
                      // picking the address already chosen closes the list too
                      onClick={() => choose(option)}
                    />
                    {/* the shopper's own name and address, as stored */}
                    <span>
                      <b translate="no">
                        {option.firstName} {option.lastName}
                      </b>
                      <span className="checkout-address-line" translate="no">
                        {option.doorNo}, {option.street}, {option.city}, {option.state} {option.pincode}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <div className="checkout-actions">
                <Link to="/addressform?fromBuyNow=1" className="btn-secondary">
                  + {t('checkout.addNewAddress')}
                </Link>
              </div>
            </section>
          )}
          <section className="checkout-box" aria-label={t('checkout.items')}>
            <ul className="checkout-lines">
              {items.map((item) => {
                const quoted = quotedOf(item);
                const limit = quantityLimit(item);
                return (
                  <CheckoutLine key={item.product_id} item={item} quoted={quoted} showQuantity={false}>
                    <label className="checkout-quantity">
                      {t('cart.qty')}{' '}
                      <select
                        value={item.quantity}
                        onChange={(event) =>
                          store(
                            items.map((line) =>
                              line.product_id === item.product_id
                                ? { ...line, quantity: Number(event.target.value) }
                                : line,
                            ),
                          )
                        }
                      >
                        {Array.from({ length: Math.max(limit, item.quantity) }, (_, i) => i + 1).map((n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                    </label>
                    {!address ? null : !quoted ? (
                      <p className="checkout-muted">{t('checkout.checkingOptions')}</p>
                    ) : quoted.status !== 'AVAILABLE' ? (
                      <LineProblem
                        title={
                          quoted.options.length === 0
                            ? t('checkout.deliveryNotAvailable')
                            : t('checkout.itemUnavailable')
                        }
                        quoted={quoted}
                        onDelete={() => store(items.filter((line) => line.product_id !== item.product_id))}
                      />
                    ) : (
                      <DeliveryChoice
                        quoted={quoted}
                        picked={pending[item.product_id] ?? quoted.chosen}
                        onPick={(type) => pick(item.product_id, type)}
                      />
                    )}
                  </CheckoutLine>
                );
              })}
            </ul>
          </section>
        </div>
        <OrderSummaryBox
          summary={address ? (quote?.summary ?? null) : null}
          itemCount={summaryItemCount(quote, items)}
          loading={address !== null && (loading || isPending)}
          emptyText={address ? undefined : t('checkout.buyNow.chooseAddress')}
        >
          <form
            method="post"
            className="checkout-pay"
            aria-label={t('checkout.payment')}
            onSubmit={(event) => event.preventDefault()}
          >
            <BusinessInvoiceFields deliveryState={address?.state ?? ''} acknowledged={acknowledged} />
            {onlineOffered && (
              <button
                type="button"
                className="btn checkout-wide"
                disabled={(address !== null && !canPayOnline) || busy || success !== null}
                onClick={(event) => pay('online', event.currentTarget.form)}
              >
                {t('checkout.payOnline')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-cod checkout-wide"
              disabled={(address !== null && !canPayCod) || busy || success !== null}
              onClick={(event) => pay('cod', event.currentTarget.form)}
            >
              {t('checkout.cashOnDelivery')}
            </button>
            {!onlineOffered && <p className="checkout-muted">{t('checkout.onlinePaymentUnavailable')}</p>}
            {codRefused && <p className="checkout-muted">{t('checkout.codUnavailable')}</p>}
          </form>
        </OrderSummaryBox>
      </div>
    </CheckoutFrame>
  );
}
