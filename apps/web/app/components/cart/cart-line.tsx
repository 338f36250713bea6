import { hasMissingPrice, quantityLimit, unitCouponDiscount } from '@marketplace/domain/cart/cart-money';
import type { CartItem } from '@marketplace/domain/cart/local-cart';
import type { QuotedLine } from '@marketplace/domain/orders/checkout';
import { formatInr } from '@marketplace/domain/money/money';
import { useId } from 'react';
import { Form } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import type { LineStatus } from '../../lib/cart-availability.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { AssuredBadge } from '../product/assured-badge.tsx';
import { productHref } from '../product/product-card.tsx';
import { Price } from '../ui/price.tsx';
import { deliveryLabelKey, useArrivalText, useT } from '../../i18n/intl.tsx';

export type CartLineActions = {
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
  onSaveForLater: ((item: CartItem) => void) | null;
  onApplyCoupon: (item: CartItem) => void;
};

/** One cart line: image, name, assured, seller, prices, quantity, coupon and the line's actions. */
export function CartLine({
  item,
  status,
  quoted,
  appliedKeys,
  actions,
}: {
  item: CartItem;
  status: LineStatus | undefined;
  /** the line as checkout will price it for the shopper's pincode, once asked */
  quoted?: QuotedLine | undefined;
  appliedKeys: readonly string[];
  actions: CartLineActions;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const unavailable = status?.available === false;
  const limit = quantityLimit({ ...item, product_quantity: status?.stock ?? item.product_quantity });
  const options = Array.from({ length: Math.max(limit, item.quantity) }, (_, i) => i + 1);
  const unitDiscount = unitCouponDiscount(item, appliedKeys);
  const couponApplied = item.coupon_data !== null && appliedKeys.includes(item.coupon_data);
  const href = productHref(item.name) + (item.sellerId > 0 ? `?seller=${item.sellerId}` : '');
  const nameId = useId();
  return (
    // the line is named by its product's name, as stored (requirements#languages)
    <li className={`cart-line${unavailable ? ' is-unavailable' : ''}`} aria-labelledby={nameId}>
      {/* the name below is the line's link for keyboards and screen readers; the image repeats it for a tap */}
      <Link to={href} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        {item.image ? <img src={item.image} alt="" loading="lazy" /> : null}
      </Link>
      <div className="cart-line-body">
        <Link to={href} className="cart-line-name" id={nameId} translate="no">
          {item.name}
        </Link>
        {item.assured && <AssuredBadge />}
        {item.seller_name ? (
          <p className="cart-line-seller">{t('cart.seller', { name: item.seller_name })}</p>
        ) : null}
        {hasMissingPrice(item) ? (
          <p className="cart-line-missing">{t('product.sellersNotAvailable')}</p>
        ) : (
          <Price salePaise={item.price - unitDiscount} mrpPaise={item.mrp} />
        )}
        {!unavailable && quoted && <LineDelivery quoted={quoted} />}
        {unavailable && (
          <div className="cart-line-alert" role="alert">
            <b>{t('cart.itemUnavailable')}</b>
            <span>{t('cart.itemUnavailableDetail')}</span>
            <Form method="post" className="inline-form" onSubmit={(event) => event.preventDefault()}>
              <LineFields item={item} />
              <button
                type="submit"
                name="intent"
                value="remove"
                className="btn-secondary btn-small"
                onClick={(event) => {
                  event.preventDefault();
                  actions.onRemove(item);
                }}
              >
                {t('cart.removeThisItem')}
              </button>
            </Form>
          </div>
        )}
        {item.couponoffertype !== '' && item.coupon_data !== null && !hasMissingPrice(item) && (
          <p className="cart-line-coupon">
            <span>
              {item.couponname}:{' '}
              {item.couponoffertype === 'cash'
                ? t('cart.couponOff', { amount: formatInr(item.couponoffervalue) })
                : t('cart.couponOff', { amount: `${item.couponoffervalue}%` })}
            </span>
            <button
              type="button"
              className={couponApplied ? 'coupon-applied' : 'coupon-get'}
              disabled={couponApplied || !hydrated}
              onClick={() => actions.onApplyCoupon(item)}
            >
              {couponApplied ? t('cart.couponApplied') : t('cart.getDiscount')}
            </button>
          </p>
        )}
        {/* posted to the cart page's action without scripts (a logged-in shopper's saved cart);
            with scripts the browser's cart changes at once */}
        <Form method="post" className="cart-line-actions" onSubmit={(event) => event.preventDefault()}>
          <LineFields item={item} />
          <label>
            {t('cart.qty')}{' '}
            <select
              name="quantity"
              value={item.quantity}
              disabled={unavailable}
              onChange={(event) => actions.onQuantity(item, Number(event.target.value))}
            >
              {options.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {/* until the page's scripts run, a changed quantity is sent with this button */}
          {!hydrated && (
            <button type="submit" name="intent" value="quantity" className="link-button">
              {t('cart.update')}
            </button>
          )}
          <button
            type="submit"
            name="intent"
            value="remove"
            className="link-button"
            onClick={(event) => {
              event.preventDefault();
              actions.onRemove(item);
            }}
          >
            {t('cart.remove')}
          </button>
          {actions.onSaveForLater && (
            <button
              type="button"
              className="link-button"
              disabled={!hydrated}
              onClick={() => actions.onSaveForLater?.(item)}
            >
              {t('cart.saveForLaterButton')}
            </button>
          )}
        </Form>
      </div>
    </li>
  );
}

/** Which line a posted form is about. */
function LineFields({ item }: { item: CartItem }) {
  return (
    <>
      <input type="hidden" name="productId" value={item.productId} />
      <input type="hidden" name="sellerId" value={item.sellerId} />
    </>
  );
}

/** The delivery checkout will choose for the line at the shopper's pincode, with its charge. */
function LineDelivery({ quoted }: { quoted: QuotedLine }) {
  const t = useT();
  const arrivalText = useArrivalText();
  const option = quoted.options.find((o) => o.deliveryType === quoted.chosen);
  if (quoted.status !== 'AVAILABLE' || !option) return null;
  return (
    <p className="cart-line-delivery" data-testid="cart-line-delivery">
      {t(deliveryLabelKey(option.deliveryType))} · {t('delivery.arriving')} <b>{arrivalText(option)}</b> ·{' '}
      {option.chargePaise === 0 ? t('delivery.free') : formatInr(option.chargePaise)}
    </p>
  );
}
