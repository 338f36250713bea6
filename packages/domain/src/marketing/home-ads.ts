// Which running brand campaigns fill the home page's ad slots (requirements#home-blocks).
import { parseAdSize } from './banner.ts';

export type HomeAdCandidate = {
  id: number;
  adType: string;
  adImage: string | null;
  adVideo: string | null;
  adSize: string | null;
};

/** A banner at least twice as wide as it is tall (970x250) fills the page's width; unreadable sizes are full width too. */
export function isWideAd(adSize: string | null): boolean {
  const size = parseAdSize(adSize);
  return size === null || size.width >= 2 * size.height;
}

/** Up to `count` different items drawn at random (random() in [0, 1)). */
export function pickDistinct<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const index = Math.min(pool.length - 1, Math.floor(random() * pool.length));
    const [item] = pool.splice(index, 1);
    if (item !== undefined) picked.push(item);
  }
  return picked;
}

/**
 * The home page's ads: two different wide image campaigns for the sponsored banners, and a brand
 * image ad beside a brand video ad (a second image ad when no video campaign runs). Image ads
 * need an image, video ads a video; one campaign per image.
 */
export function chooseHomeAds<T extends HomeAdCandidate>(
  campaigns: readonly T[],
  random: () => number = Math.random,
): { sponsored: T[]; brandAds: T[] } {
  const seen = new Set<string>();
  const images = campaigns.filter((c) => {
    const image = c.adImage?.trim();
    if (c.adType !== 'image' || !image || seen.has(image)) return false;
    seen.add(image);
    return true;
  });
  const videos = campaigns.filter((c) => c.adType === 'video' && Boolean(c.adVideo?.trim()));
  const sponsored = pickDistinct(
    images.filter((c) => isWideAd(c.adSize)),
    2,
    random,
  );
  const boxes = images.filter((c) => !isWideAd(c.adSize));
  const video = pickDistinct(videos, 1, random);
  const brandAds = [...pickDistinct(boxes, video.length > 0 ? 1 : 2, random), ...video];
  return { sponsored, brandAds };
}
