import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import type { HomeCampaign } from '../../lib/home-data.ts';

/** A sponsored brand campaign: its image (or video, with controls and no autoplay, requirements#home-video-ad) linking to the brand's store. */
export function CampaignAd({ campaign, variant }: { campaign: HomeCampaign; variant: 'wide' | 'box' }) {
  const t = useT();
  const ratio = campaign.size ? `${campaign.size.width} / ${campaign.size.height}` : undefined;
  return (
    <figure
      className={`home-ad home-ad-${variant}`}
      data-campaign={campaign.id}
      data-ad-type={campaign.adType}
    >
      {campaign.adType === 'video' && campaign.video ? (
        // nothing of the film loads until the shopper plays it: the poster stands in (requirements#home-video-ad)
        <video
          className="home-ad-video"
          src={campaign.video}
          controls
          muted
          playsInline
          preload="none"
          poster={campaign.image ?? undefined}
          aria-label={t('home.brandVideo', { brand: campaign.brandName })}
        />
      ) : (
        <Link to={campaign.href} className="home-ad-link">
          <img
            src={campaign.image ?? ''}
            alt={t('home.visitBrandStore', { brand: campaign.brandName })}
            style={ratio ? { aspectRatio: ratio } : undefined}
            loading={variant === 'wide' ? 'eager' : 'lazy'}
          />
        </Link>
      )}
      <figcaption>
        {t('listing.sponsored')} · <Link to={campaign.href}>{campaign.brandName}</Link>
      </figcaption>
    </figure>
  );
}
