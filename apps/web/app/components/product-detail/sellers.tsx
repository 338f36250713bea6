import { chooseDeliveryOption, discountPercent, formatInr } from '@marketplace/domain';
import { useId, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { useLocation } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import type { ProductOffer } from '../../lib/product-data.ts';
import { RatingStars } from '../ui/rating-stars.tsx';
import { formatCount } from '@marketplace/domain/text/indian-format';
import { SITE_NAME } from '../../lib/titles.ts';
import { deliveryLabelKey, useArrivalText, useRichT, useT } from '../../i18n/intl.tsx';

/** 'Sold by' with the seller's rating and the warranty popover. */
export function SellerLine({ offer }: { offer: ProductOffer }) {
  const t = useT();
  const rich = useRichT();
  return (
    <div className="pd-seller">
      <p>
        {rich('pd.soldByLine', {
          seller: offer.sellerName,
          b: (chunks) => (
            <b className="pd-seller-name" translate="no">
              {chunks}
            </b>
          ),
        })}
      </p>
      {offer.sellerRatingCount > 0 && (
        <p className="pd-seller-rating">
          <RatingStars rating={offer.sellerRating} size={12} /> {offer.sellerRating.toFixed(1)} (
          {t('product.ratings', {
            count: offer.sellerRatingCount,
            shown: formatCount(offer.sellerRatingCount),
          })}
          )
        </p>
      )}
      <WarrantyPopover warranty={offer.warranty} />
    </div>
  );
}

function WarrantyPopover({ warranty }: { warranty: ProductOffer['warranty'] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  useDismiss(open, box, () => setOpen(false));
  return (
    <div className="pd-warranty" ref={box}>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {t('pd.sellerInfo')} ▾
      </button>
      {open && (
        <div className="pd-popover" id={id} role="dialog" aria-label={t('pd.warranty')}>
          <p>
            <b>{t('pd.warranty')}:</b> {warranty.info ?? t('product.noWarranty')}
          </p>
          {warranty.by && (
            <p>
              <b>{t('pd.by')}:</b> {warranty.by}
            </p>
          )}
          <p>
            <b>{t('pd.years')}:</b> {warranty.years}
          </p>
        </div>
      )}
    </div>
  );
}

/** The other sellers' offers; 'Select Seller' puts the seller in the URL (reload and links keep it). */
export function OtherSellers({ offers }: { offers: ProductOffer[] }) {
  const location = useLocation();
  const t = useT();
  const rich = useRichT();
  const arrivalText = useArrivalText();
  if (offers.length === 0) return null;
  const hrefFor = (sellerId: number) => {
    const params = new URLSearchParams(location.search);
    params.set('seller', String(sellerId));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <section className="pd-other-sellers" aria-labelledby="pd-other-sellers">
      <h2 id="pd-other-sellers">{t('pd.otherSellers', { site: SITE_NAME })}</h2>
      <ul>
        {offers.map((offer) => {
          const off = discountPercent(offer.mrpPaise, offer.salePricePaise);
          const delivery = chooseDeliveryOption(offer.delivery);
          return (
            <li key={offer.sellerId}>
              <div>
                <b className="pd-other-price">{formatInr(offer.salePricePaise)}</b>
                {off !== null && <span className="pd-other-off"> {t('price.off', { percent: off })}</span>}
                <p>
                  {rich('pd.soldByLine', {
                    seller: offer.sellerName,
                    b: (chunks) => <b translate="no">{chunks}</b>,
                  })}
                  {offer.sellerRatingCount > 0 && <> · {offer.sellerRating.toFixed(1)} ★</>}
                </p>
                <p className="pd-other-delivery">
                  {offer.stock <= 0
                    ? t('product.outOfStock')
                    : delivery
                      ? t('pd.deliveryLine', {
                          option: t(deliveryLabelKey(delivery.deliveryType)),
                          charge:
                            delivery.chargePaise === 0 ? t('delivery.free') : formatInr(delivery.chargePaise),
                          date: arrivalText(delivery),
                        })
                      : t('pd.notDeliverable')}
                </p>
              </div>
              <Link
                className="pd-select-seller"
                to={hrefFor(offer.sellerId)}
                replace
                preventScrollReset
                aria-label={t('pd.selectSellerNamed', { seller: offer.sellerName })}
              >
                {t('pd.selectSeller')}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
