import { describe, expect, it } from 'vitest';
import { mediaUrl } from './media-url.ts';

describe('mediaUrl', () => {
  it('links the shop’s media from the base when one is set', () => {
    expect(mediaUrl('/media/catalog/sellers/3/ab-500.webp', 'https://cdn.bazaar.example/')).toBe(
      'https://cdn.bazaar.example/catalog/sellers/3/ab-500.webp',
    );
    expect(mediaUrl('/media/x.svg', 'https://bucket.example/shop/media/')).toBe(
      'https://bucket.example/shop/media/x.svg',
    );
  });

  it('keeps every other address, and every address without a base', () => {
    expect(mediaUrl('/media/x.svg', null)).toBe('/media/x.svg');
    expect(mediaUrl('/media/x.svg', '')).toBe('/media/x.svg');
    expect(mediaUrl('https://img.example/media/x.svg', 'https://cdn.example/')).toBe(
      'https://img.example/media/x.svg',
    );
    expect(mediaUrl('/uploads/abc', 'https://cdn.example/')).toBe('/uploads/abc');
    expect(mediaUrl('/mediax/a.svg', 'https://cdn.example/')).toBe('/mediax/a.svg');
    expect(mediaUrl(undefined, 'https://cdn.example/')).toBeUndefined();
    expect(mediaUrl(null, null)).toBeUndefined();
  });
});
