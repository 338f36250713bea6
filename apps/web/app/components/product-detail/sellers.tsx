import { chooseDeliveryOption, discountPercent, formatInr } from '@marketplace/domain';
import { useId, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { useLocation } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import type { ProductOffer } from '../../lib/product-data.ts';
import { RatingStars } from '../ui/rating-stars.tsx';
import { formatCount } from '@marketplace/domain/text/indian-format';

/** 'Sold by' with the seller's rating and the warranty popover. */
export function SellerLine({ offer }: { offer: ProductOffer }) {
  return (
    <div className="pd-seller">
      <p>
        Sold by <b className="pd-seller-name">{offer.sellerName}</b>
      </p>
      {offer.sellerRatingCount > 0 && (
        <p className="pd-seller-rating">
          <RatingStars rating={offer.sellerRating} size={12} /> {offer.sellerRating.toFixed(1)} (
          {formatCount(offer.sellerRatingCount)} ratings)
        </p>
      )}
      <WarrantyPopover warranty={offer.warranty} />
    </div>
  );
}

function WarrantyPopover({ warranty }: { warranty: ProductOffer['warranty'] }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  useDismiss(open, box, () => setOpen(false));
  return (
    <div className="pd-warranty" ref={box}>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        Seller info &amp; warranty ▾
      </button>
      {open && (
        <div className="pd-popover" id={id} role="dialog" aria-label="Warranty">
          <p>
            <b>Warranty:</b> {warranty.info ?? 'No warranty'}
          </p>
          {warranty.by && (
            <p>
              <b>By:</b> {warranty.by}
            </p>
          )}
          <p>
            <b>Years:</b> {warranty.years}
          </p>
        </div>
      )}
    </div>
  );
}

/** The other sellers' offers; 'Select Seller' puts the seller in the URL (reload and links keep it). */
export function OtherSellers({ offers }: { offers: ProductOffer[] }) {
  const location = useLocation();
  if (offers.length === 0) return null;
  const hrefFor = (sellerId: number) => {
    const params = new URLSearchParams(location.search);
    params.set('seller', String(sellerId));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <section className="pd-other-sellers" aria-labelledby="pd-other-sellers">
      <h2 id="pd-other-sellers">Other sellers on Bazaar</h2>
      <ul>
        {offers.map((offer) => {
          const off = discountPercent(offer.mrpPaise, offer.salePricePaise);
          const delivery = chooseDeliveryOption(offer.delivery);
          return (
            <li key={offer.sellerId}>
              <div>
                <b className="pd-other-price">{formatInr(offer.salePricePaise)}</b>
                {off !== null && <span className="pd-other-off"> {off}% Off</span>}
                <p>
                  Sold by <b>{offer.sellerName}</b>
                  {offer.sellerRatingCount > 0 && <> · {offer.sellerRating.toFixed(1)} ★</>}
                </p>
                <p className="pd-other-delivery">
                  {offer.stock <= 0
                    ? 'Out of stock'
                    : delivery
                      ? `${delivery.label}: ${delivery.chargePaise === 0 ? 'FREE' : formatInr(delivery.chargePaise)}, arriving ${delivery.arrival}`
                      : 'Not deliverable to your pincode'}
                </p>
              </div>
              <Link
                className="pd-select-seller"
                to={hrefFor(offer.sellerId)}
                replace
                preventScrollReset
                aria-label={`Select Seller ${offer.sellerName}`}
              >
                Select Seller
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
