import { describe, expect, it } from 'vitest';
import { isLibraryPath, MEDIA_LIMITS, MediaQuery, mediaNameOf } from './media-api.ts';

// requirements#media-library
describe('the name an upload is listed by', () => {
  it.each([
    ['typed wins', 'Diwali sale', 'IMG_0042.jpg', 'Diwali sale'],
    ['typed is trimmed', '  Monsoon  ', 'x.png', 'Monsoon'],
    ['from the file', '', 'monsoon-sale_banner.webp', 'monsoon sale banner'],
    ['a path in the file name is dropped', '', 'C:\\photos\\summer-sale.png', 'summer sale'],
    ['a NUL byte typed is refused', 'a\u0000b', 'x.png', null],
    ['a NUL byte in the file name is refused', '', 'ev\u0000il.png', null],
    ['a control character typed is refused', 'tab\there', 'x.png', null],
    ['too long', 'x'.repeat(MEDIA_LIMITS.nameMax + 1), 'x.png', null],
    ['nothing usable', '', '.png', null],
  ])('%s', (_, typed, file, expected) => {
    expect(mediaNameOf(typed, file)).toBe(expected);
  });
});

describe('a library path a form posts', () => {
  it.each([
    ['/media/library/0a1b2c-1500.webp', true],
    ['/media/banners/uploads/ab12-1500x300.webp', true],
    ['/media/catalog/brands/3/abc-200.webp', true],
    ['/media/../secrets.webp', false],
    ['/media/./a.webp', false],
    ['/media//a.webp', false],
    ['/media/a.html', false],
    ['/media/a.webp?x=1', false],
    ['https://example.com/a.webp', false],
    ['/media/a b.webp', false],
    ['/media/a%00.webp', false],
    ['', false],
  ])('%s is %s', (path, ok) => {
    expect(isLibraryPath(path)).toBe(ok);
  });
});

describe('the library search', () => {
  it.each([
    ['ab\u0000c', false],
    ['x'.repeat(101), false],
    ['sale', true],
    [undefined, true],
  ])('%j is accepted: %s', (q, ok) => {
    expect(MediaQuery.safeParse(q === undefined ? {} : { q }).success).toBe(ok);
  });
});
