/** A campaign as the header's banner block sees it. */
export type BannerCampaign = {
  id: number;
  adType: string;
  adImage: string | null;
  adSize: string | null;
};

export type AdSize = { width: number; height: number };

/** requirements#sponsored-banner: the banner's default size when the campaign's size text cannot be read. */
export const DEFAULT_BANNER_SIZE = { width: '100%', height: '40vh' } as const;

const SIZE = /^\s*([1-9][0-9]{0,4})\s*[xX×]\s*([1-9][0-9]{0,4})\s*$/;

/**
 * Reads a campaign's size text: width and height in pixels separated by x, X or × ('970X250',
 * '1200 × 300'). Anything else (missing, zero, negative, decimals, units, other separators) is
 * null, and the banner then takes the full width and 40vh.
 */
export function parseAdSize(text: string | null | undefined): AdSize | null {
  const match = SIZE.exec(text ?? '');
  if (!match) return null;
  return { width: Number(match[1]), height: Number(match[2]) };
}

/**
 * requirements#sponsored-banner: only image campaigns with an image are used, one per image (the first of a repeated
 * image is kept).
 */
export function eligibleBannerCampaigns<T extends BannerCampaign>(campaigns: readonly T[]): T[] {
  const seen = new Set<string>();
  const eligible: T[] = [];
  for (const campaign of campaigns) {
    const image = campaign.adImage?.trim();
    if (campaign.adType !== 'image' || !image || seen.has(image)) continue;
    seen.add(image);
    eligible.push(campaign);
  }
  return eligible;
}

/** One eligible campaign at random (random() in [0, 1)), or null when none is eligible. */
export function pickBannerCampaign<T extends BannerCampaign>(
  campaigns: readonly T[],
  random: () => number = Math.random,
): T | null {
  const eligible = eligibleBannerCampaigns(campaigns);
  if (eligible.length === 0) return null;
  const index = Math.min(eligible.length - 1, Math.floor(random() * eligible.length));
  return eligible[index] ?? null;
}
