import { useEffect, useState } from 'react';
import type { Address } from '@marketplace/domain/accounts/addresses';
import { cartSummary } from '@marketplace/domain/cart/cart-money';
import { formatInr } from '@marketplace/domain/money/money';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { type ClientLoaderFunctionArgs, Link, useLoaderData, useNavigate } from 'react-router';
import { CheckoutFrame, CheckoutLoading } from '../../components/checkout/checkout-frame.tsx';
import { appliedCouponKeys, preselectedAddress, selectAddress } from '../../lib/checkout.ts';
import { loadAddressStep } from '../../lib/checkout-state.ts';
import { useLocalCart } from '../../lib/cart-store.ts';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadAddressStep(request);
}

export function HydrateFallback() {
  return <CheckoutLoading what="your addresses" />;
}

/** /checkout 'Select Address' (spec §2 Checkout): saved addresses, Add New Address, Proceed. */
export default function CheckoutAddress() {
  const { addresses } = useLoaderData<typeof clientLoader>();
  const items = useLocalCart();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<number | null>(() => preselectedAddress(addresses)?.id ?? null);

  useEffect(() => {
    if (items !== null && items.length === 0) void navigate('/cart', { replace: true });
  }, [items, navigate]);

  const proceed = () => {
    const address = addresses.find((a) => a.id === chosen);
    if (!address) return;
    selectAddress(address);
    void navigate('/deliveryreview');
  };
  const summary = items ? cartSummary(items, appliedCouponKeys()) : null;

  return (
    <CheckoutFrame
      step="address"
      title={CHECKOUT_MESSAGES.selectAddress}
      back={{ to: '/cart', label: 'Back to cart' }}
    >
      <div className="checkout-layout">
        <section className="checkout-box" aria-labelledby="address-list-title">
          <h2 id="address-list-title" className="checkout-box-title">
            Your addresses
          </h2>
          {addresses.length === 0 ? (
            <p className="checkout-muted">{CHECKOUT_MESSAGES.noAddresses}</p>
          ) : (
            <fieldset className="checkout-addresses">
              <legend className="sr-only">{CHECKOUT_MESSAGES.selectAddress}</legend>
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
              + {CHECKOUT_MESSAGES.addNewAddress}
            </Link>
            <button type="button" className="btn" disabled={chosen === null} onClick={proceed}>
              {CHECKOUT_MESSAGES.proceed}
            </button>
          </div>
        </section>
        {summary && items && (
          <aside className="checkout-summary" aria-label="Your cart">
            <h2>Your Cart</h2>
            <ul className="checkout-mini-lines">
              {items.map((item) => (
                <li key={item.product_id}>
                  <span>{item.name}</span>
                  <span className="checkout-muted">× {item.quantity}</span>
                </li>
              ))}
            </ul>
            <dl>
              <div className="checkout-total">
                <dt>Subtotal ({summary.itemCount})</dt>
                <dd>{formatInr(summary.totalPaise)}</dd>
              </div>
            </dl>
            <p className="checkout-muted">Delivery charges are shown for the address you choose.</p>
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
  return (
    <label className={`checkout-address-option${checked ? ' is-picked' : ''}`}>
      <input type="radio" name="address" checked={checked} onChange={onChoose} />
      <span>
        <b>
          {address.firstName} {address.lastName}
        </b>
        {address.isDefault && <span className="badge default">Default</span>}
        <span className="checkout-address-line">
          {address.doorNo}, {address.street}, {address.landmark}, {address.city}, {address.state}{' '}
          {address.pincode}
        </span>
        <span className="checkout-muted">
          Phone: {address.mobile} · COD: {address.cod}
        </span>
      </span>
    </label>
  );
}
