import { describe, expect, it } from 'vitest';
import {
  boundPage,
  brandCarouselPerView,
  carouselLayout,
  pageCount,
  pagerPages,
  PAGE_SIZE,
  truncateTitle,
  uniqueById,
} from './listing.ts';

describe('paging: 48 per page, the page bounded to 1..page count (requirements#paging)', () => {
  it('uses 48 products per page', () => expect(PAGE_SIZE).toBe(48));

  it.each([
    [0, 1],
    [-5, 1],
    [1, 1],
    [48, 1],
    [49, 2],
    [100_000, 2084],
    [Number.NaN, 1],
  ])('%d items make %d pages', (total, pages) => expect(pageCount(total)).toBe(pages));

  it.each<[unknown, number, number]>([
    [undefined, 5, 1],
    [null, 5, 1],
    ['', 5, 1],
    ['3', 5, 3],
    [3, 5, 3],
    ['0', 5, 1],
    ['-4', 5, 1],
    ['99', 5, 5],
    ['1e9', 5, 5],
    ['9'.repeat(400), 5, 5],
    ['2.7', 5, 2],
    ['abc', 5, 1],
    ['NaN', 5, 1],
    ['Infinity', 5, 5],
    ['-Infinity', 5, 1],
    [{ page: 2 }, 5, 1],
    ['4', 0, 1],
  ])('page %j of %d pages is %d', (raw, pages, expected) => expect(boundPage(raw, pages)).toBe(expected));

  it.each<[number, number, (number | 'gap')[]]>([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 'gap', 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, 'gap', 10]],
    [10, 10, [1, 'gap', 8, 9, 10]],
    [6, 20, [1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]],
  ])('page %d of %d shows %j', (current, pages, expected) =>
    expect(pagerPages(current, pages)).toEqual(expected),
  );
});

describe('product carousels (requirements#product-carousels)', () => {
  it.each([
    [1366, 10, 5, { slidesToShow: 5, slidesToScroll: 2 }],
    [1366, 8, 8, { slidesToShow: 8, slidesToScroll: 4 }],
    [1366, 3, 5, { slidesToShow: 3, slidesToScroll: 1 }],
    [1366, 10, 1, { slidesToShow: 1, slidesToScroll: 1 }],
    [1024, 10, 8, { slidesToShow: 5, slidesToScroll: 2 }],
    [1024, 4, 8, { slidesToShow: 4, slidesToScroll: 2 }],
    [768, 10, 5, { slidesToShow: 3, slidesToScroll: 1 }],
    [600, 2, 5, { slidesToShow: 2, slidesToScroll: 1 }],
    [480, 10, 5, { slidesToShow: 2, slidesToScroll: 1 }],
    [360, 1, 5, { slidesToShow: 1, slidesToScroll: 1 }],
  ])('at %d px with %d slides wanting %d', (width, slides, show, layout) =>
    expect(carouselLayout(width, slides, show)).toEqual(layout),
  );

  it.each([
    [1366, 4],
    [1024, 4],
    [1023, 3],
    [768, 3],
    [767, 2],
    [480, 2],
    [479, 1],
  ])('brand page sections at %d px show %d per view', (width, perView) =>
    expect(brandCarouselPerView(width)).toBe(perView),
  );

  it('de-duplicates by product id, keeping the first', () =>
    expect(
      uniqueById([
        { id: 1, n: 'a' },
        { id: 2, n: 'b' },
        { id: 1, n: 'c' },
      ]),
    ).toEqual([
      { id: 1, n: 'a' },
      { id: 2, n: 'b' },
    ]));
});

describe('brand page titles (spec: truncated at 70 characters)', () => {
  it.each([
    ['Short name', 'Short name'],
    ['x'.repeat(70), 'x'.repeat(70)],
    ['x'.repeat(71), `${'x'.repeat(70)}…`],
    [`${'साड़ी '.repeat(20)}`, `${[...'साड़ी '.repeat(20)].slice(0, 70).join('').trimEnd()}…`],
  ])('%j', (title, shown) => expect(truncateTitle(title)).toBe(shown));
});
