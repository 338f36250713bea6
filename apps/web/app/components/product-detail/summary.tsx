import { averageRating } from '@marketplace/domain/catalog/ratings';
import { formatInr } from '@marketplace/domain/money/money';
import { emiOffers } from '@marketplace/domain/pricing/emi';
import { Link } from 'react-router';
import type { ProductDetail, ProductOffer } from '../../lib/product-data.ts';
import { AssuredBadge } from '../product/assured-badge.tsx';
import { SELLERS_NOT_AVAILABLE } from '../product/product-card.tsx';
import { reviewsHref } from '../product/rating-popover.tsx';
import { Price } from '../ui/price.tsx';
import { RatingStars } from '../ui/rating-stars.tsx';
import { formatCount } from '@marketplace/domain/text/indian-format';

export function brandHref(brand: { name: string; isRegistry: boolean }): string {
  return `/${brand.isRegistry ? 'brandregistry' : 'brand'}/${encodeURIComponent(brand.name)}`;
}

const CLAIM_PREVIEW = 180;

/** The middle column: title, brand, rating, price with coupon, EMI, policies, variants, bullets. */
export function Summary({
  detail,
  offer,
  couponApplied,
  finalPricePaise,
  onApplyCoupon,
}: {
  detail: ProductDetail;
  offer: ProductOffer | null;
  couponApplied: boolean;
  finalPricePaise: number;
  onApplyCoupon: () => void;
}) {
  const { product } = detail;
  const claim = detail.privilegeClaim;
  return (
    <>
      <div className="pd-summary pd-head">
        <h1 className="pd-title" lang={product.textLanguage}>
          {product.title}
        </h1>
        <Link className="pd-brand" to={brandHref(product.brand)}>
          Visit the {product.brand.name} Store
        </Link>
        {product.ratingCount > 0 && (
          <Link className="pd-rating-link" to={reviewsHref(product.name)}>
            {averageRating(product.stars).toFixed(1)} <RatingStars rating={averageRating(product.stars)} />{' '}
            {formatCount(product.ratingCount)} ratings
          </Link>
        )}
        {product.isAssured && (
          <div className="pd-assured">
            <AssuredBadge width={145} />
          </div>
        )}
      </div>
      <div className="pd-summary pd-price-area">
        {offer === null ? (
          <p className="unavailable pd-unavailable">{SELLERS_NOT_AVAILABLE}</p>
        ) : (
          <div className="pd-price-block">
            <Price salePaise={offer.salePricePaise} mrpPaise={offer.mrpPaise} size="page" />
            <p className="pd-taxes">Inclusive of all taxes</p>
          </div>
        )}
      </div>
      {/* the coupon and EMI come after the delivery date on a phone's first screen */}
      {offer !== null && (
        <div className="pd-summary pd-offers">
          {offer.coupon && (
            <div className="pd-coupon">
              <span className="pd-coupon-tag">Coupon</span>{' '}
              {offer.coupon.offerType === 'cash'
                ? `Save ${formatInr(offer.coupon.value)}`
                : `Save ${offer.coupon.value}%`}{' '}
              with code <b>{offer.coupon.name}</b>
              <button
                type="button"
                className="pd-coupon-button"
                disabled={couponApplied}
                onClick={onApplyCoupon}
              >
                {couponApplied ? 'Coupon Applied' : 'Get Discount'}
              </button>
              {couponApplied && (
                <p className="pd-coupon-price">
                  Price after coupon: <b>{formatInr(finalPricePaise)}</b>
                </p>
              )}
            </div>
          )}
          <Emi pricePaise={finalPricePaise} />
        </div>
      )}
      <div className="pd-summary pd-more">
        <Policies product={product} offer={offer} />
        {claim && (
          <div className="pd-claim">
            <h2>Privilege Claim</h2>
            <p>
              {claim.length > CLAIM_PREVIEW ? `${claim.slice(0, CLAIM_PREVIEW).trimEnd()}…` : claim}{' '}
              <Link to="/privilegeclaim">Show More</Link>
            </p>
          </div>
        )}
        <Variants detail={detail} />
        {product.bullets.length > 0 && (
          <div className="pd-about">
            <h2>About this item</h2>
            <ul>
              {product.bullets.map((bullet, index) => (
                <li key={index}>{bullet}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </>
  );
}

function Emi({ pricePaise }: { pricePaise: number }) {
  const offers = emiOffers(pricePaise);
  return (
    <details className="pd-emi">
      <summary>EMI Offers</summary>
      {offers.length === 0 ? (
        <p>EMI is available on prices of ₹3,000 and above.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Tenure</th>
              <th scope="col">Monthly</th>
              <th scope="col">Interest</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((offer) => (
              <tr key={offer.months}>
                <td>{offer.months} months</td>
                <td>{formatInr(offer.monthlyPaise)}</td>
                <td>
                  {offer.isNoCost ? (
                    <b className="pd-no-cost">No Cost EMI</b>
                  ) : (
                    `${offer.annualRatePercent}% p.a. (${formatInr(offer.interestPaise)})`
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

function Policies({ product, offer }: { product: ProductDetail['product']; offer: ProductOffer | null }) {
  const items = [
    product.replacement.has ? `${product.replacement.days} days Replacement` : 'No Replacement',
    product.return.has ? `${product.return.days} days Return` : 'Not Returnable',
    offer && offer.warranty.years > 0
      ? `${offer.warranty.years} Year${offer.warranty.years > 1 ? 's' : ''} Warranty`
      : 'No Warranty',
  ];
  return (
    <ul className="pd-policies" aria-label="Replacement, return and warranty">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function Variants({ detail }: { detail: ProductDetail }) {
  if (detail.variants.length === 0) return null;
  return (
    <div className="pd-variants">
      <h2>Other options</h2>
      <ul>
        {detail.variants.map((variant) => (
          <li key={variant.id}>
            <Link
              to={`/productdetails/${encodeURIComponent(variant.name)}`}
              className={variant.isCurrent ? 'current' : undefined}
              aria-current={variant.isCurrent ? 'page' : undefined}
            >
              <img src={variant.image} alt="" width={56} height={56} />
              <span>{Object.values(variant.values).join(', ') || variant.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
