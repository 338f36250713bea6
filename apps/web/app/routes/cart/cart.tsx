import {
  cappedQuantity,
  cartSummary,
  refreshCartLine,
  unitCouponDiscount,
} from '@marketplace/domain/cart/cart-money';
import { type CartItem, parseDiscountKeys, withDiscountKey } from '@marketplace/domain/cart/local-cart';
import { cartLinesFromCookies } from '@marketplace/domain/cart/cart-lines-cookie';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useNavigate, useRouteLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { CartLine } from '../../components/cart/cart-line.tsx';
import { CartSummaryBox } from '../../components/cart/cart-summary.tsx';
import { SavedListView } from '../../components/cart/saved-list-view.tsx';
import { checkoutBlockers, useAvailability, useDeliveryEstimate } from '../../lib/cart-availability.ts';
import { changeSavedCart, savedCartItems } from '../../lib/cart.server.ts';
import { useLocalCart, writeLocalCart } from '../../lib/cart-store.ts';
import { formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { saveForLater } from '../../lib/saved-lists.ts';
import type { ShellData } from '../../lib/services.ts';
import { readStoredJson, STORAGE_KEYS } from '../../lib/storage.ts';
import '../../components/account/account.css';
import '../../components/cart/cart.css';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { useLocalPath, useT } from '../../i18n/intl.tsx';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';

type Tab = 'buy-again' | 'save_for_later';

/** A logged-in shopper's saved cart, for the first HTML; the browser's copy takes over after. */
export async function loader({ request, context }: LoaderArgs) {
  const saved = await savedCartItems(context, request);
  // Add to Cart posted without scripts lands here: the page says the product was added
  const justAdded = new URL(request.url).searchParams.get('added') === '1';
  // a visitor's cart is in the browser: its mirrored line count tells the page what shape to take
  return {
    saved,
    justAdded,
    visitorLines: saved ? null : cartLinesFromCookies(request.headers.get('cookie')),
  };
}

const NO_LINES: CartItem[] = [];

/**
 * A cart line's quantity or removal posted without scripts: the shopper's saved cart changes,
 * and the page shows it again (ADR-0013). With scripts the browser's cart changes instead.
 */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const fields = formFields(form ?? new FormData(), ['intent', 'productId', 'sellerId', 'quantity']);
  const ids = [fields.productId, fields.sellerId];
  if (!ids.every((id) => isRecordId(id))) return new Response('Which line?', { status: 400 });
  const line = { productId: Number(fields.productId), sellerId: Number(fields.sellerId) };
  let result;
  if (fields.intent === 'remove') result = await changeSavedCart(context, { kind: 'remove', ...line });
  else if (fields.intent === 'quantity' && /^[1-9][0-9]{0,3}$/.test(fields.quantity))
    result = await changeSavedCart(context, { kind: 'quantity', ...line, quantity: Number(fields.quantity) });
  else return new Response('What change?', { status: 400 });
  if (result.ok)
    return redirect(localizedPath(splitLanguage(new URL(request.url).pathname).language, '/cart'), {
      headers: result.headers,
    });
  if (result.reason === 'unauthenticated') return redirect(loginPathFor(request));
  return new Response(CART_MESSAGES.title, { status: 503 });
}

// a visitor's lines are read from the browser after the first paint: the skeleton holds about a
// phone screen of space so the footer does not jump when they arrive
const CART_SKELETON_HEIGHT = 640;

/** /cart 'My Cart' (requirements#cart-page, requirements#cart-availability): lines, summary, availability and the shopper's tabs. */
export default function CartPage() {
  const t = useT();
  const user = useRouteLoaderData<{ user: ShellData['user'] }>('routes/shell')?.user ?? null;
  const { saved, visitorLines, justAdded } = useLoaderData<typeof loader>();
  // the browser's cart once it is read; before, a logged-in shopper's saved cart from the server,
  // or the empty cart when the browser said it holds none
  const items = useLocalCart() ?? saved ?? (visitorLines === 0 ? NO_LINES : null);
  const availability = useAvailability(items);
  const navigate = useNavigate();
  const local = useLocalPath();
  const [keys, setKeys] = useState<string[]>([]);
  const [tab, setTab] = useState<Tab>('save_for_later');
  const [listVersion, setListVersion] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  // requirements#cart-availability: prices, M.R.P., stock and limits are the seller's, never the browser's
  const [updated, setUpdated] = useState(false);
  useEffect(() => setKeys(parseDiscountKeys(readStoredJson(STORAGE_KEYS.discountData))), []);
  const estimate = useDeliveryEstimate(items, keys);
  useEffect(() => {
    if (!items || availability.size === 0) return;
    let changed = false;
    const next = items.map((item) => {
      const live = availability.get(item.product_id)?.live;
      if (!live) return item;
      const refreshed = refreshCartLine(item, live);
      changed ||= refreshed.changed;
      return refreshed.item;
    });
    if (!changed) return;
    setUpdated(true);
    writeLocalCart(next);
    // only a new answer brings lines up to date; the lines it answered for are in it
  }, [availability]);

  if (items === null) {
    // a visitor's lines live only in the browser: shown once the page's scripts read them
    return (
      <main id="main" tabIndex={-1} className="wrap cart-page">
        <Skeleton label={t('cart.loading')} lines={4} height={CART_SKELETON_HEIGHT} />
        <noscript>
          <div className="cart-empty">
            <p>{t('cart.empty')}</p>
            <Link to="/" className="btn">
              {t('cart.shopMore')}
            </Link>
          </div>
        </noscript>
      </main>
    );
  }
  const change = (next: CartItem[]) => writeLocalCart(next);
  const { unavailable, overStock, blocked } = checkoutBlockers(items, availability);

  const actions = {
    onQuantity: (item: CartItem, quantity: number) =>
      change(items.map((line) => (line.product_id === item.product_id ? { ...line, quantity } : line))),
    onRemove: (item: CartItem) => change(items.filter((line) => line.product_id !== item.product_id)),
    onApplyCoupon: (item: CartItem) => {
      if (item.coupon_data === null) return;
      const next = withDiscountKey(keys, item.coupon_data);
      localStorage.setItem(STORAGE_KEYS.discountData, JSON.stringify(next));
      setKeys(next);
      change(
        items.map((line) =>
          line.product_id === item.product_id
            ? { ...line, isDiscountApplied: true, finalPrice: line.price - unitCouponDiscount(line, next) }
            : line,
        ),
      );
    },
    onSaveForLater: user
      ? (item: CartItem) =>
          void saveForLater(item.productId, item.sellerId).then((result) => {
            setNotice(result.message);
            if (!result.ok) return;
            change(readLocalCartWithout(items, item));
            setTab('save_for_later');
            setListVersion((v) => v + 1);
          })
      : null,
  };
  const updateCart = () => {
    setUpdated(false);
    change(
      items.map((item) => {
        const status = availability.get(item.product_id);
        if (!status?.available) return item;
        const limits = {
          stock: status.stock,
          maxPerOrder: status.live?.maxPerOrder ?? item.maximum_qty_per_order,
        };
        return { ...item, quantity: cappedQuantity(item.quantity, limits), product_quantity: status.stock };
      }),
    );
  };
  // requirements#languages: a Hindi shopper goes on to the Hindi checkout (or its login)
  const checkout = () =>
    void navigate(
      user ? local('/checkout') : local(`/login?redirectTo=${encodeURIComponent(local('/checkout'))}`),
    );

  return (
    <main id="main" tabIndex={-1} className="wrap cart-page">
      <div className="cart-layout">
        <section className="cart-main" aria-labelledby="cart-title">
          <h1 id="cart-title">
            {t('cart.title')}
            {items.length > 0 && <span className="cart-count"> ({items.length})</span>}
          </h1>
          {(notice ?? justAdded) && (
            <p className="saved-notice is-success" role="status">
              {notice ?? t('product.addedToCart')}
            </p>
          )}
          {unavailable.length > 0 && (
            <div className="cart-banner is-error" role="alert">
              <b>{t('cart.unavailableBanner')}</b> {t('cart.unavailableBannerDetail')}
            </div>
          )}
          {(updated || overStock.length > 0) && (
            <div className="cart-banner is-warning" role="alert">
              <b>{t('cart.cartUpdated')}</b>
              <button type="button" className="btn btn-small" onClick={updateCart}>
                {t('cart.updateCart')}
              </button>
            </div>
          )}
          {items.length === 0 ? (
            <div className="cart-empty">
              <p>{t('cart.empty')}</p>
              <Link to="/" className="btn">
                {t('cart.shopMore')}
              </Link>
            </div>
          ) : (
            <ul className="cart-lines" aria-label={t('cart.lines')}>
              {items.map((item) => (
                <CartLine
                  key={item.product_id}
                  item={item}
                  status={availability.get(item.product_id)}
                  quoted={estimate?.lines.find(
                    (l) => l.productId === item.productId && l.sellerId === item.sellerId,
                  )}
                  appliedKeys={keys}
                  actions={actions}
                />
              ))}
            </ul>
          )}
        </section>
        {items.length > 0 && (
          <CartSummaryBox
            summary={cartSummary(items, keys)}
            estimate={estimate}
            checkoutBlocked={blocked}
            onCheckout={checkout}
          />
        )}
      </div>
      {user && (
        <section className="cart-tabs" aria-label="Your lists">
          <div role="tablist" className="cart-tab-list">
            {(['buy-again', 'save_for_later'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                className={tab === name ? 'is-active' : ''}
                onClick={() => setTab(name)}
              >
                {name === 'buy-again' ? t('cart.buyAgain') : t('cart.saveForLater')}
              </button>
            ))}
          </div>
          <div role="tabpanel">
            <SavedListView
              key={`${tab}-${listVersion}`}
              source={tab}
              label={tab === 'buy-again' ? t('cart.buyAgain') : t('cart.saveForLater')}
            />
          </div>
        </section>
      )}
    </main>
  );
}

const readLocalCartWithout = (items: CartItem[], gone: CartItem) =>
  items.filter((line) => line.product_id !== gone.product_id);
