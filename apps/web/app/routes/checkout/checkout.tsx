import { useEffect, useState } from 'react';
import type { Address } from '@marketplace/domain/accounts/addresses';
import { cartSummary } from '@marketplace/domain/cart/cart-money';
import { formatInr } from '@marketplace/domain/money/money';
import { AddressList } from '@marketplace/domain/accounts/addresses';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { redirect, useLoaderData, useNavigate } from 'react-router';
import { useLocalPath, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { CheckoutFrame } from '../../components/checkout/checkout-frame.tsx';
import { checkoutBlockers, useAvailability } from '../../lib/cart-availability.ts';
import { savedCartItems } from '../../lib/cart.server.ts';
import { appliedCouponKeys, preselectedAddress, selectAddress } from '../../lib/checkout.ts';
import { useLocalCart } from '../../lib/cart-store.ts';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';

/**
 * The shopper's saved addresses and saved cart, for the page's first HTML. An empty cart is sent
 * back to /cart by the page once the browser's cart is read: just after logging in, the browser's
 * cart may not have reached the saved one yet.
 */
export async function loader({ request, context, url }: LoaderArgs) {
  const list = await loadFromApi(context, request, '/api/addresses', AddressList);
  const saved = (await savedCartItems(context, request)) ?? [];
  // a line that cannot be ordered now is dealt with in the cart first (requirements#cart-availability)
  if (saved.some((item) => item.product_quantity < item.quantity))
    return redirect(localizedPath(splitLanguage(url.pathname).language, '/cart'));
  return { addresses: list?.addresses ?? [], saved };
}

/** /checkout 'Select Address' (requirements#checkout-steps): saved addresses, Add New Address, Proceed. */
export default function CheckoutAddress() {
  const { addresses, saved } = useLoaderData<typeof loader>();
  const local = useLocalCart();
  const items = local ?? saved;
  const navigate = useNavigate();
  const t = useT();
  const localPath = useLocalPath();
  // the default until the browser's stored choice is read (it lives in the browser's storage)
  const [chosen, setChosen] = useState<number | null>(
    () => (addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? null,
  );
  useEffect(() => {
    const stored = preselectedAddress(addresses)?.id;
    if (stored !== undefined) setChosen(stored);
  }, [addresses]);

  // the cart's own checks: an empty cart, or a line the cart would not let through, goes back there
  const availability = useAvailability(local);
  const blocked = local !== null && checkoutBlockers(local, availability).blocked;
  const answered = local !== null && local.every((item) => availability.has(item.product_id));
  // the cart in the page's language (a path, so the effect runs only when the cart changes)
  const cartPath = localPath('/cart');
  useEffect(() => {
    if (local !== null && (local.length === 0 || (answered && blocked)))
      void navigate(cartPath, { replace: true });
  }, [local, answered, blocked, navigate, cartPath]);

  const proceed = () => {
    const address = addresses.find((a) => a.id === chosen);
    if (!address) return;
    selectAddress(address);
    // the address in the URL, so the review survives a reload and renders on the server (requirements#ids-in-urls)
    void navigate(localPath(`/deliveryreview?address=${address.id}`));
  };
  const summary = cartSummary(items, local ? appliedCouponKeys() : []);

  return (
    <CheckoutFrame
      step="address"
      title={t('checkout.selectAddress')}
      back={{ to: '/cart', label: t('checkout.backToCart') }}
    >
      <div className="checkout-layout">
        <section className="checkout-box" aria-labelledby="address-list-title">
          <h2 id="address-list-title" className="checkout-box-title">
            {t('checkout.yourAddresses')}
          </h2>
          {/* Proceed goes on with the chosen address in the URL, before the page's scripts run too */}
          <form
            method="get"
            action={localPath('/deliveryreview')}
            className="inline-form"
            id="checkout-address-form"
          />
          {addresses.length === 0 ? (
            <p className="checkout-muted">{t('checkout.noAddresses')}</p>
          ) : (
            <fieldset className="checkout-addresses">
              <legend className="sr-only">{t('checkout.selectAddress')}</legend>
              {addresses.map((address) => (
                <AddressOption
                  key={address.id}
                  address={address}
                  checked={chosen === address.id}
                  onChoose={() => setChosen(address.id)}
                />
              ))}
            </fieldset>
          )}
          <div className="checkout-actions">
            <Link to="/addressform?fromCheckout=1" className="btn-secondary">
              + {t('checkout.addNewAddress')}
            </Link>
            <button
              type="submit"
              form="checkout-address-form"
              className="btn"
              disabled={chosen === null}
              onClick={(event) => {
                event.preventDefault();
                proceed();
              }}
            >
              {t('checkout.proceed')}
            </button>
          </div>
        </section>
        {items.length > 0 && (
          <aside className="checkout-summary" aria-label={t('checkout.cart.label')}>
            <h2>{t('checkout.cart.title')}</h2>
            <ul className="checkout-mini-lines">
              {items.map((item) => (
                <li key={item.product_id}>
                  <span translate="no">{item.name}</span>
                  <span className="checkout-muted">× {item.quantity}</span>
                </li>
              ))}
            </ul>
            <dl>
              <div className="checkout-total">
                <dt>{t('checkout.cart.subtotal', { count: summary.itemCount })}</dt>
                <dd>{formatInr(summary.totalPaise)}</dd>
              </div>
            </dl>
            <p className="checkout-muted">{t('checkout.cart.chargesNote')}</p>
          </aside>
        )}
      </div>
    </CheckoutFrame>
  );
}

function AddressOption({
  address,
  checked,
  onChoose,
}: {
  address: Address;
  checked: boolean;
  onChoose: () => void;
}) {
  const t = useT();
  return (
    <label className={`checkout-address-option${checked ? ' is-picked' : ''}`}>
      <input
        type="radio"
        name="address"
        value={address.id}
        form="checkout-address-form"
        checked={checked}
        onChange={onChoose}
      />
      <span>
        {/* the shopper's own name and address, as stored */}
        <b translate="no">
          {address.firstName} {address.lastName}
        </b>
        {address.isDefault && <span className="badge default">{t('location.default')}</span>}
        <span className="checkout-address-line" translate="no">
          {address.doorNo}, {address.street}, {address.landmark}, {address.city}, {address.state}{' '}
          {address.pincode}
        </span>
        <span className="checkout-muted">
          {t('checkout.address.phoneCod', { mobile: address.mobile, cod: address.cod })}
        </span>
      </span>
    </label>
  );
}
