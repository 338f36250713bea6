import { linePrice } from '@marketplace/domain/cart/local-cart';
import { Fragment, useEffect, useState } from 'react';
import { Link } from '../../i18n/link.tsx';
import type { ProductDetail } from '../../lib/product-data.ts';
import { BuyBox } from './buy-box.tsx';
import { ReviewsPreview, RelatedSections, Specifications } from './details.tsx';
import { Gallery } from './gallery.tsx';
import { OtherSellers } from './sellers.tsx';
import { applyCoupon, isCouponApplied } from './storage-actions.ts';
import { Summary } from './summary.tsx';
import './product-detail.css';
import { useT } from '../../i18n/intl.tsx';

/** The product detail page (requirements#product-page), below the shell. */
export function ProductView({ detail, isLoggedIn }: { detail: ProductDetail; isLoggedIn: boolean }) {
  const t = useT();
  const { product, offer } = detail;
  const [couponApplied, setCouponApplied] = useState(false);
  // requirements#coupons: an applied coupon is remembered in Discountdata and restored on reload
  useEffect(() => {
    setCouponApplied(offer ? isCouponApplied(product.id, offer) : false);
  }, [product.id, offer]);
  const finalPricePaise = offer
    ? linePrice({ salePricePaise: offer.salePricePaise, coupon: offer.coupon, applied: couponApplied })
    : 0;
  const onApplyCoupon = () => {
    if (!offer) return;
    applyCoupon(product.id, offer);
    setCouponApplied(true);
  };
  return (
    <main id="main" tabIndex={-1} className="wrap pd">
      <nav className="pd-crumbs" aria-label={t('pd.breadcrumb')} translate="no">
        {product.category.trail.length === 0
          ? product.category.name
          : product.category.trail.map((crumb, index) => (
              <Fragment key={crumb.path}>
                {index > 0 && <span aria-hidden="true"> › </span>}
                <Link to={crumb.path}>{crumb.name}</Link>
              </Fragment>
            ))}
      </nav>
      <div className="pd-top">
        <Gallery key={product.id} name={product.name} images={product.images} video={product.video} />
        <Summary
          detail={detail}
          offer={offer}
          couponApplied={couponApplied}
          finalPricePaise={finalPricePaise}
          onApplyCoupon={onApplyCoupon}
        />
        {offer && (
          <div className="pd-right">
            <BuyBox
              detail={detail}
              offer={offer}
              finalPricePaise={finalPricePaise}
              couponApplied={couponApplied}
              isLoggedIn={isLoggedIn}
            />
            <OtherSellers offers={detail.otherOffers} />
          </div>
        )}
      </div>
      <Specifications detail={detail} offer={offer} />
      <ReviewsPreview detail={detail} offer={offer} />
      <RelatedSections sections={detail.sections} />
    </main>
  );
}
