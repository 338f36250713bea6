import { averageRating } from '@marketplace/domain/catalog/ratings';
import { formatInr } from '@marketplace/domain/money/money';
import { emiOffers } from '@marketplace/domain/pricing/emi';
import { Link } from '../../i18n/link.tsx';
import type { ProductDetail, ProductOffer } from '../../lib/product-data.ts';
import { AssuredBadge } from '../product/assured-badge.tsx';
import { reviewsHref } from '../product/rating-popover.tsx';
import { Price } from '../ui/price.tsx';
import { RatingStars } from '../ui/rating-stars.tsx';
import { formatCount } from '@marketplace/domain/text/indian-format';
import { useT } from '../../i18n/intl.tsx';

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
  const t = useT();
  const { product } = detail;
  const claim = detail.privilegeClaim;
  return (
    <>
      <div className="pd-summary pd-head">
        <h1 className="pd-title" lang={product.textLanguage} translate="no">
          {product.title}
        </h1>
        <Link className="pd-brand" to={brandHref(product.brand)}>
          {t('product.visitStore', { brand: product.brand.name })}
        </Link>
        {product.ratingCount > 0 && (
          <Link className="pd-rating-link" to={reviewsHref(product.name)}>
            {averageRating(product.stars).toFixed(1)} <RatingStars rating={averageRating(product.stars)} />{' '}
            {t('product.ratings', { count: product.ratingCount, shown: formatCount(product.ratingCount) })}
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
          <p className="unavailable pd-unavailable">{t('product.sellersNotAvailable')}</p>
        ) : (
          <div className="pd-price-block">
            <Price salePaise={offer.salePricePaise} mrpPaise={offer.mrpPaise} size="page" />
            <p className="pd-taxes">{t('product.inclusiveTaxes')}</p>
          </div>
        )}
      </div>
      {/* the coupon and EMI come after the delivery date on a phone's first screen */}
      {offer !== null && (
        <div className="pd-summary pd-offers">
          {offer.coupon && (
            <div className="pd-coupon">
              <span className="pd-coupon-tag">{t('product.coupon')}</span>{' '}
              {t('product.couponSave', {
                amount:
                  offer.coupon.offerType === 'cash'
                    ? formatInr(offer.coupon.value)
                    : `${offer.coupon.value}%`,
                code: offer.coupon.name,
              })}
              <button
                type="button"
                className="pd-coupon-button"
                disabled={couponApplied}
                onClick={onApplyCoupon}
              >
                {couponApplied ? t('product.couponApplied') : t('product.getDiscount')}
              </button>
              {couponApplied && (
                <p className="pd-coupon-price">
                  {t('product.priceAfterCoupon')} <b>{formatInr(finalPricePaise)}</b>
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
            <h2>{t('product.privilegeClaim')}</h2>
            <p>
              <span translate="no">
                {claim.length > CLAIM_PREVIEW ? `${claim.slice(0, CLAIM_PREVIEW).trimEnd()}…` : claim}
              </span>{' '}
              <Link to="/privilegeclaim">{t('product.showMore')}</Link>
            </p>
          </div>
        )}
        <Variants detail={detail} />
        {product.bullets.length > 0 && (
          <div className="pd-about">
            <h2>{t('product.aboutItem')}</h2>
            <ul lang={product.bulletsLanguage}>
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
  const t = useT();
  const offers = emiOffers(pricePaise);
  return (
    <details className="pd-emi">
      <summary>{t('product.emiOffers')}</summary>
      {offers.length === 0 ? (
        <p>{t('product.emiFrom', { amount: '₹3,000' })}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('product.emiTenure')}</th>
              <th scope="col">{t('product.emiMonthly')}</th>
              <th scope="col">{t('product.emiInterest')}</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((offer) => (
              <tr key={offer.months}>
                <td>{t('product.emiMonths', { months: offer.months })}</td>
                <td>{formatInr(offer.monthlyPaise)}</td>
                <td>
                  {offer.isNoCost ? (
                    <b className="pd-no-cost">{t('product.noCostEmi')}</b>
                  ) : (
                    t('product.emiRate', {
                      rate: offer.annualRatePercent,
                      interest: formatInr(offer.interestPaise),
                    })
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
  const t = useT();
  const items = [
    product.replacement.has
      ? t('product.replacementDays', { days: product.replacement.days })
      : t('product.noReplacement'),
    product.return.has ? t('product.returnDays', { days: product.return.days }) : t('product.notReturnable'),
    offer && offer.warranty.years > 0
      ? t('product.warrantyYears', { years: offer.warranty.years })
      : t('product.noWarranty'),
  ];
  return (
    <ul className="pd-policies" aria-label={t('product.policies')}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function Variants({ detail }: { detail: ProductDetail }) {
  const t = useT();
  if (detail.variants.length === 0) return null;
  return (
    <div className="pd-variants">
      <h2>{t('product.otherOptions')}</h2>
      <ul>
        {detail.variants.map((variant) => (
          <li key={variant.id}>
            <Link
              to={`/productdetails/${encodeURIComponent(variant.name)}`}
              className={variant.isCurrent ? 'current' : undefined}
              aria-current={variant.isCurrent ? 'page' : undefined}
            >
              <img src={variant.image} alt="" width={56} height={56} />
              <span translate="no">{Object.values(variant.values).join(', ') || variant.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
