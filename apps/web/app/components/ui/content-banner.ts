/** The size content banners are drawn at: kept before the image arrives, so nothing below jumps. */
export const CONTENT_BANNER_SIZE = { width: 600, height: 400 } as const;
