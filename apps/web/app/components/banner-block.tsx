import type { CSSProperties } from 'react';
import { useT } from '../i18n/intl.tsx';
import { Link } from '../i18n/link.tsx';
import { DEFAULT_BANNER_SIZE } from '@marketplace/domain/marketing/banner';
import type { ShellBanner } from '../lib/services.ts';

/**
 * The banner under the header: a sponsored campaign at the size its size text gives (full width
 * and 40vh when that text cannot be read), or the default long banner across the page.
 */
export function BannerBlock({ banner }: { banner: ShellBanner }) {
  const t = useT();
  const { size } = banner;
  let style: CSSProperties;
  if (size) style = { width: size.width, aspectRatio: `${size.width} / ${size.height}` };
  else if (banner.kind === 'campaign') style = { ...DEFAULT_BANNER_SIZE };
  else style = { width: '100%' }; // at most 40vh (app.css), a quarter of a phone's screen
  const image = (
    <img
      src={banner.image}
      alt={banner.kind === 'campaign' ? t('listing.sponsoredBrand', { brand: banner.alt }) : banner.alt}
      width={size?.width}
      height={size?.height}
      style={style}
      fetchPriority="high"
    />
  );
  return (
    <div
      className={`banner-block banner-${banner.kind}`}
      data-size={size ? `${size.width}x${size.height}` : 'invalid'}
    >
      {banner.href ? (
        <Link to={banner.href} className="banner-link">
          {image}
        </Link>
      ) : (
        image
      )}
      {banner.kind === 'campaign' && <span className="sponsored-tag">{t('listing.sponsored')}</span>}
    </div>
  );
}
