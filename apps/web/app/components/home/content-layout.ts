// spec §9 page-content blocks: how a column shows its products.
export type ContentProductLayout = 'single' | 'single-slide' | 'four-up' | 'carousel';

/** 1 product: a single card; 2 or 3: a single-slide carousel; 4: a 4-up block; more: a carousel. */
export function contentProductLayout(count: number): ContentProductLayout {
  if (count <= 1) return 'single';
  if (count <= 3) return 'single-slide';
  if (count === 4) return 'four-up';
  return 'carousel';
}

/** spec §9: several banners make a carousel of up to 2 slides. */
export const CONTENT_BANNER_SLIDES = 2;
