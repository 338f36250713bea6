import type { ProductKind, SwatchColour } from '../kinds.ts';

// The short films the seed ships (requirements#home-video-ad): WebM files made once from the seed's own art by
// scripts/make-seed-videos.ts and committed beside this file in ../videos/.

/** A brand's video campaign on the home page: its film shows the brand's line (the kind of its home category). */
export const VIDEO_CAMPAIGNS = [
  { brand: 'Helix Systems', kind: 'laptop', file: 'campaign-helix-systems.webm' },
  { brand: 'Chronova', kind: 'wristwatch', file: 'campaign-chronova.webm' },
  { brand: 'Meera Ethnics', kind: 'kurta', file: 'campaign-meera-ethnics.webm' },
] as const satisfies readonly { brand: string; kind: ProductKind; file: string }[];

/** A product film per kind, drawn in one colour: the products of that kind and colour carry it in their gallery. */
export const PRODUCT_VIDEOS = [
  { kind: 'phone', colour: 'Blue', file: 'product-phone-blue.webm' },
  { kind: 'headphones', colour: 'Blue', file: 'product-headphones-blue.webm' },
  { kind: 'mixer', colour: 'Blue', file: 'product-mixer-blue.webm' },
] as const satisfies readonly { kind: ProductKind; colour: SwatchColour; file: string }[];

/** The films' frame: 16:9, as the pages show them (requirements#home-video-ad). */
export const VIDEO_SIZE = { width: 640, height: 360 } as const;
/** How long each film runs, in milliseconds. */
export const VIDEO_DURATION_MS = 4_000;
