import { chooseDeliveryOption, formatInr } from '@marketplace/domain';
import {
  ADDED_BUTTON_MS,
  PRODUCT_MESSAGES,
  quantityOptions,
  stockLabel,
} from '@marketplace/domain/catalog/product-detail';
import { useEffect, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { deliveryLabelKey, useArrivalText, useT } from '../../i18n/intl.tsx';
import type { ProductDetail, ProductOffer } from '../../lib/product-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { addLineToStoredCart, cartLine, storeBuyNowItem } from './storage-actions.ts';
import { SaveButtons, ShareButton } from './save-share.tsx';
import { SellerLine } from './sellers.tsx';
import { chargeForQuantity } from './delivery-charge.ts';
import { StickyBuyBar } from './sticky-buy-bar.tsx';

/** The right-hand box: delivery, stock, seller, quantity, Add to Cart, Buy Now, lists and share. */
export function BuyBox({
  detail,
  offer,
  finalPricePaise,
  couponApplied,
  isLoggedIn,
}: {
  detail: ProductDetail;
  offer: ProductOffer;
  finalPricePaise: number;
  couponApplied: boolean;
  isLoggedIn: boolean;
}) {
  const navigate = useNavigate();
  const t = useT();
  const arrivalText = useArrivalText();
  const chargeText = (paise: number) => (paise === 0 ? t('delivery.free') : formatInr(paise));
  const hydrated = useHydrated(); // the cart lives in the browser: the buttons wait for the scripts
  const [quantity, setQuantity] = useState(1);
  // what the last Add to Cart did, said in the live region below until the shopper moves on
  const [confirmed, setConfirmed] = useState<'added' | 'already-in-cart' | null>(null);
  const [added, setAdded] = useState(false);
  const options = quantityOptions(offer.stock, offer.maxPerOrder);
  const stock = stockLabel(offer.stock);
  const stockText =
    stock.tone === 'out'
      ? t('product.outOfStock')
      : stock.tone === 'low'
        ? t('product.onlyLeft', { count: offer.stock })
        : t('product.inStock');
  const serviceable = offer.delivery.length > 0;
  const canBuy = serviceable && options.length > 0;
  const chosen = chooseDeliveryOption(offer.delivery);
  const fastest = [...offer.delivery].sort((a, b) => a.arrivingDays - b.arrivingDays)[0];
  const parcel = { parcelType: offer.parcelType, weightGrams: offer.additional.weightGrams };
  const buyButtons = useRef<HTMLButtonElement>(null);
  const addDisabled = !canBuy || (!hydrated && !isLoggedIn);
  const buyNowDisabled = !canBuy || !hydrated;

  // a new seller starts again at quantity 1 (its limits differ)
  useEffect(() => setQuantity(1), [offer.sellerId]);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_BUTTON_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const line = () => cartLine(detail.product, offer, quantity, couponApplied);
  const onAdd = () => {
    const result = addLineToStoredCart(line());
    if (result.outcome === 'over-limit') {
      window.alert(PRODUCT_MESSAGES.overLimit(result.max));
      return;
    }
    setConfirmed(result.outcome);
    setAdded(true);
  };
  const onBuyNow = () => {
    storeBuyNowItem(line());
    void navigate(isLoggedIn ? '/buynow' : '/login?redirectTo=/buynow');
  };

  return (
    <>
      <aside className="pd-buybox" aria-label={t('product.buyThis')}>
        <div className="pd-buybox-price">{formatInr(finalPricePaise)}</div>
        <div className="pd-delivery">
          {serviceable && chosen ? (
            <>
              {/* requirements#delivery-charge: the charge of the chosen seller's option for this
                  quantity and pincode, by the rule the checkout quote uses */}
              <p>
                <b>{t(deliveryLabelKey(chosen.deliveryType))}</b>{' '}
                <span className="pd-delivery-charge">
                  {chargeText(chargeForQuantity(chosen, parcel, quantity))}
                </span>{' '}
                · {t('delivery.arriving')} <b className="pd-delivery-date">{arrivalText(chosen)}</b>
              </p>
              {fastest && fastest.deliveryType !== chosen.deliveryType && (
                <p className="pd-fastest">
                  {t('delivery.orFastest')} <b>{arrivalText(fastest)}</b> (
                  {t(deliveryLabelKey(fastest.deliveryType))},{' '}
                  {chargeText(chargeForQuantity(fastest, parcel, quantity))})
                </p>
              )}
            </>
          ) : (
            <p className="pd-not-serviceable" role="alert">
              {t('product.notServiceable')}
            </p>
          )}
          <p className="pd-deliver-to">
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <path
                d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
                fill="currentColor"
              />
            </svg>{' '}
            {t('location.deliverTo')}{' '}
            <span translate="no">
              {detail.pincodeCity ? `${detail.pincodeCity} ` : ''}
              {detail.pincode}
            </span>
          </p>
        </div>
        <p className={`pd-stock pd-stock-${stock.tone}`}>{stockText}</p>
        <SellerLine offer={offer} />
        {/* a logged-in shopper's Add to Cart is posted to the page's action until the scripts run
            (ADR-0013); a visitor's cart lives in the browser, so theirs waits for the scripts */}
        <Form method="post" className="inline-form pd-buy-form" onSubmit={(event) => event.preventDefault()}>
          <input type="hidden" name="productId" value={detail.product.id} />
          <input type="hidden" name="sellerId" value={offer.sellerId} />
          {options.length > 0 && (
            <label className="pd-quantity">
              {t('product.quantity')}{' '}
              <select
                name="quantity"
                value={quantity}
                disabled={!hydrated && !isLoggedIn}
                onChange={(event) => setQuantity(Number(event.target.value))}
              >
                {options.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button
            type="submit"
            name="intent"
            value="add"
            className="pd-add"
            disabled={addDisabled}
            aria-busy={canBuy && !hydrated && !isLoggedIn}
            onClick={(event) => {
              event.preventDefault();
              onAdd();
            }}
          >
            {added ? t('product.addedButton') : t('product.addToCart')}
          </button>
          <button
            type="button"
            className="pd-buynow"
            ref={buyButtons}
            disabled={buyNowDisabled}
            aria-busy={canBuy && !hydrated}
            onClick={onBuyNow}
          >
            {t('product.buyNow')}
          </button>
        </Form>
        {/* Amazon's and Flipkart's "Go to cart" after adding: always in the page, so a screen
            reader announces what fills it */}
        <div className={confirmed ? 'pd-popup' : undefined} role="status">
          {confirmed && (
            <>
              {confirmed === 'added' ? t('product.addedToCart') : t('product.alreadyInCart')}
              <Link to="/cart" className="pd-go-to-cart">
                {t('product.goToCart')}
              </Link>
            </>
          )}
        </div>
        <SaveButtons productId={detail.product.id} sellerId={offer.sellerId} isLoggedIn={isLoggedIn} />
        <ShareButton name={detail.product.name} />
      </aside>
      <StickyBuyBar
        watch={buyButtons}
        pricePaise={finalPricePaise}
        addLabel={added ? t('product.addedButton') : t('product.addToCart')}
        addDisabled={addDisabled}
        buyNowDisabled={buyNowDisabled}
        busy={canBuy && !hydrated}
        onAdd={onAdd}
        onBuyNow={onBuyNow}
      />
    </>
  );
}
