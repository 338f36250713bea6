import type { CartItem } from '@marketplace/domain/cart/local-cart';
import type { DeliveryType } from '@marketplace/domain/delivery/constants';
import { formatInr } from '@marketplace/domain/money/money';
import type { QuotedLine } from '@marketplace/domain/orders/checkout';
import { type ReactNode, useId } from 'react';
import { deliveryLabelKey, useArrivalText, useRichT, useT } from '../../i18n/intl.tsx';
import { deliveryField } from '../../lib/checkout.ts';
import { useCheckoutServerText } from './checkout-texts.tsx';

/** A delivery charge: FREE, or the amount. */
function useCharge() {
  const t = useT();
  return (paise: number) => (paise === 0 ? t('delivery.free') : formatInr(paise));
}

/** One item of a checkout step: picture, name, seller, quantity and price, then the step's part. */
export function CheckoutLine({
  item,
  quoted,
  showQuantity = true,
  children,
}: {
  item: CartItem;
  quoted: QuotedLine | undefined;
  /** off where the line has its own quantity control */
  showQuantity?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const rich = useRichT();
  const nameId = useId();
  const unitPaise = quoted?.unitPricePaise ?? item.price;
  const unavailable = quoted !== undefined && quoted.status !== 'AVAILABLE';
  return (
    // the line is named by the product's name, as stored
    <li className={`checkout-line${unavailable ? ' is-unavailable' : ''}`} aria-labelledby={nameId}>
      <div className="checkout-line-image">
        {(quoted?.image ?? item.image) ? (
          <img src={quoted?.image ?? item.image} alt="" loading="lazy" />
        ) : null}
      </div>
      <div className="checkout-line-body">
        <p className="checkout-line-name" id={nameId} translate="no">
          {quoted?.name ?? item.name}
        </p>
        {item.seller_name ? (
          <p className="checkout-muted">
            {rich('cart.seller', { name: <span translate="no">{item.seller_name}</span> })}
          </p>
        ) : null}
        <p className="checkout-line-price">
          <b>{formatInr(unitPaise)}</b>
          {showQuantity && <span className="checkout-muted"> × {item.quantity}</span>}
          {quoted?.amounts && quoted.amounts.couponDiscountPaise > 0 && (
            <span className="checkout-coupon">
              {' '}
              {t('checkout.lineCoupon', { amount: formatInr(quoted.amounts.couponDiscountPaise) })}
            </span>
          )}
        </p>
        {quoted?.couponDropped && <p className="checkout-note">{t('checkout.couponDropped')}</p>}
        {children}
      </div>
    </li>
  );
}

/** A line that cannot be ordered: the step's text (requirements#checkout-lines), the reason, and Delete. */
export function LineProblem({
  title,
  quoted,
  onDelete,
}: {
  title: string;
  quoted: QuotedLine;
  onDelete: () => void;
}) {
  const t = useT();
  const say = useCheckoutServerText();
  return (
    <div className="checkout-line-alert" role="alert">
      <b>{title}</b>
      {quoted.message && <span>{say.node(quoted.message)}</span>}
      <button type="button" className="btn-secondary btn-small" onClick={onDelete}>
        {t('checkout.delete')}
      </button>
    </div>
  );
}

/** The delivery options of a line as radios (requirements#delivery-types, requirements#arrival-date). */
export function DeliveryChoice({
  quoted,
  picked,
  onPick,
}: {
  quoted: QuotedLine;
  picked: DeliveryType | null;
  onPick: (type: DeliveryType) => void;
}) {
  const t = useT();
  const rich = useRichT();
  const arrival = useArrivalText();
  const charge = useCharge();
  // the name the review's form sends it under, before the page's scripts run (lib/checkout.server.ts)
  const name = deliveryField(quoted);
  return (
    <fieldset className="checkout-options">
      <legend>{t('checkout.deliveryOption')}</legend>
      {quoted.options.map((option) => (
        <label key={option.deliveryType} className={picked === option.deliveryType ? 'is-picked' : ''}>
          <input
            type="radio"
            name={name}
            form="delivery-form"
            value={option.deliveryType}
            checked={picked === option.deliveryType}
            onChange={() => onPick(option.deliveryType)}
          />
          <span className="checkout-option-text">
            <b>{t(deliveryLabelKey(option.deliveryType))}</b>
            <span>
              {rich('checkout.arriving', { date: arrival(option), b: (chunks) => <b>{chunks}</b> })}
            </span>
          </span>
          <span className="checkout-option-side">
            <span className={option.chargePaise === 0 ? 'is-free' : ''}>{charge(option.chargePaise)}</span>
            {!option.hasCod && <span className="checkout-muted">{t('checkout.noCod')}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The chosen delivery of a line on the final review. */
export function ChosenDelivery({ quoted }: { quoted: QuotedLine }) {
  const t = useT();
  const rich = useRichT();
  const arrival = useArrivalText();
  const charge = useCharge();
  const option = quoted.options.find((o) => o.deliveryType === quoted.chosen);
  if (!option) return null;
  return (
    <p className="checkout-chosen">
      {rich('checkout.chosenDelivery', {
        option: t(deliveryLabelKey(option.deliveryType)),
        date: arrival(option),
        charge: charge(quoted.amounts?.deliveryChargePaise ?? 0),
        b: (chunks) => <b>{chunks}</b>,
      })}
    </p>
  );
}
