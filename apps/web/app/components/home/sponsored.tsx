import { Link } from '../../i18n/link.tsx';
import type { HomeCampaign } from '../../lib/home-data.ts';

/** A sponsored brand campaign: its image (or video, with controls and no autoplay, requirements#home-video-ad) linking to the brand's store. */
export function CampaignAd({ campaign, variant }: { campaign: HomeCampaign; variant: 'wide' | 'box' }) {
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
          aria-label={`${campaign.brandName} video`}
        />
      ) : (
        <Link to={campaign.href} className="home-ad-link">
          <img
            src={campaign.image ?? ''}
            alt={`${campaign.brandName}: visit the brand store`}
            style={ratio ? { aspectRatio: ratio } : undefined}
            loading={variant === 'wide' ? 'eager' : 'lazy'}
          />
        </Link>
      )}
      <figcaption>
        Sponsored · <Link to={campaign.href}>{campaign.brandName}</Link>
      </figcaption>
    </figure>
  );
}
