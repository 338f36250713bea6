import { describe, expect, it } from 'vitest';
import type { DeliveryType, Zone } from '../delivery/constants.ts';
import type { RateCardEntry } from '../delivery/options.ts';
import {
  blockLayout,
  DEFAULT_PRICE_RANGE,
  deliversWithin,
  fastestArrivalDays,
  hasActiveFilters,
  listingSearch,
  narrowingPrice,
  parseListingQuery,
  parsePriceBoxes,
  parsePriceFilter,
  sliderBounds,
  toggleAttribute,
} from './listing-filters.ts';

const r = (
  deliveryType: DeliveryType,
  zone: Zone,
  isAvailable: boolean,
  arrivingDays: number,
): RateCardEntry => ({
  deliveryType,
  zone,
  isAvailable,
  chargePaise: 4000,
  arrivingDays,
  hasCod: true,
});

// the seeded default rate card's days and availability
const rateCard: RateCardEntry[] = [
  r('standard', 'local', true, 2),
  r('standard', 'regional', true, 4),
  r('standard', 'national', true, 6),
  r('standard', 'remote', true, 9),
  r('express', 'local', true, 1),
  r('express', 'regional', true, 2),
  r('express', 'national', true, 3),
  r('express', 'remote', true, 5),
  r('twodays', 'national', true, 2),
  r('twodays', 'remote', false, 2),
  r('oneday', 'regional', true, 1),
  r('oneday', 'national', false, 1),
  r('sameday', 'local', true, 0),
  r('sameday', 'regional', true, 0), // a card that says otherwise: same-day stays local only
];

describe('delivery-day eligibility (decision 9)', () => {
  it.each<[Zone, number | null]>([
    ['local', 0],
    ['regional', 1],
    ['national', 2],
    ['remote', 5],
  ])('the fastest delivery to a %s buyer takes %s days', (zone, days) => {
    expect(fastestArrivalDays(zone, rateCard)).toBe(days);
  });

  it.each<[Zone, number, boolean]>([
    ['local', 0, true],
    ['regional', 0, false],
    ['regional', 1, true],
    ['national', 1, false],
    ['national', 2, true],
    ['remote', 2, false],
  ])('%s within %i days: %s', (zone, days, expected) => {
    expect(deliversWithin(zone, rateCard, days)).toBe(expected);
  });

  it('nothing qualifies where no delivery type is available', () => {
    const closed = rateCard.map((entry) => ({ ...entry, isAvailable: false }));
    expect(fastestArrivalDays('local', closed)).toBeNull();
    expect(deliversWithin('local', closed, 2)).toBe(false);
    expect(deliversWithin('local', [], 2)).toBe(false);
  });
});

describe('price slider bounds (requirements#listing-filters)', () => {
  it.each([
    { min: null, max: null, expected: DEFAULT_PRICE_RANGE },
    { min: 34_900, max: 1_299_900, expected: { min: 300, max: 13_000 } },
    { min: 50_000, max: 50_000, expected: { min: 500, max: 600 } },
    { min: 0, max: 9_999, expected: { min: 0, max: 100 } },
    { min: 500_000, max: 100, expected: DEFAULT_PRICE_RANGE },
  ])('$min..$max paise spans $expected.min..$expected.max rupees', ({ min, max, expected }) => {
    expect(sliderBounds(min, max)).toEqual(expected);
  });
});

describe('price filter query', () => {
  it.each([
    ['500-2000', { min: 500, max: 2000 }],
    [' 500 - 2000 ', { min: 500, max: 2000 }],
    ['2000-500', { min: 500, max: 2000 }],
    ['0-0', { min: 0, max: 0 }],
    ['1-999999999999', { min: 1, max: 10_000_000 }],
    ['', null],
    ['abc', null],
    ['-5-10', null],
    ['500', null],
    ['1e3-2e3', null],
    ['500-2000-3000', null],
    ["500'-2000", null],
  ])('%j reads as %j', (raw, expected) => {
    expect(parsePriceFilter(raw)).toEqual(expected);
  });
});

describe('price boxes of a form sent without scripts', () => {
  it.each([
    ['300', '900', { min: 300, max: 900 }],
    ['900', '300', { min: 300, max: 900 }],
    ['', '900', { min: 0, max: 900 }],
    ['300', '', { min: 300, max: 10_000_000 }],
    [' 300 ', null, { min: 300, max: 10_000_000 }],
    ['', '', null],
    [null, null, null],
    ['abc', '-5', null],
    ['3e2', '1.5', null],
    ['\u0000', '%E0%A4%A', null],
    ['9'.repeat(40), '', null],
  ])('%j to %j reads as %j', (min, max, expected) => {
    expect(parsePriceBoxes(min, max)).toEqual(expected);
  });

  it('a price filter in the query wins over the boxes', () => {
    expect(parseListingQuery(new URLSearchParams('price=100-200&price-min=5&price-max=9')).price).toEqual({
      min: 100,
      max: 200,
    });
    expect(parseListingQuery(new URLSearchParams('price-min=5&price-max=9')).price).toEqual({
      min: 5,
      max: 9,
    });
  });
});

describe('a price range covering every listed price filters nothing', () => {
  const bounds = { min: 200, max: 5000 };
  it.each([
    [null, null],
    [{ min: 200, max: 5000 }, null],
    [{ min: 0, max: 10_000 }, null],
    [
      { min: 300, max: 5000 },
      { min: 300, max: 5000 },
    ],
    [
      { min: 200, max: 4900 },
      { min: 200, max: 4900 },
    ],
  ])('%j → %j', (price, expected) => {
    expect(narrowingPrice(price, bounds)).toEqual(expected);
  });
});

describe('listing query', () => {
  it('reads every filter, the sort and the raw page', () => {
    const query = parseListingQuery(
      new URLSearchParams(
        'price=500-2000&delivery=tomorrow&f.Colour=Red&f.Colour=Blue&f.RAM=8 GB&sort=price-asc&page=2',
      ),
    );
    expect(query).toEqual({
      price: { min: 500, max: 2000 },
      delivery: 'tomorrow',
      attributes: { Colour: ['Red', 'Blue'], RAM: ['8 GB'] },
      sort: 'price-asc',
      page: '2',
    });
    expect(hasActiveFilters(query)).toBe(true);
  });

  it('leaves out unknown, empty, repeated and oversized values', () => {
    const query = parseListingQuery(
      new URLSearchParams(
        `delivery=yesterday&sort=cheapest&f.=Red&f.Colour=&f.Colour=Red&f.Colour=Red&f.Size=${'x'.repeat(101)}&price=cheap`,
      ),
    );
    expect(query).toEqual({
      price: null,
      delivery: null,
      attributes: { Colour: ['Red'] },
      sort: 'featured',
      page: null,
    });
  });

  it('caps the number of attribute names and values', () => {
    const params = new URLSearchParams();
    for (let i = 0; i < 50; i++) params.append(`f.Name${i}`, 'v');
    for (let i = 0; i < 50; i++) params.append('f.Name0', `v${i}`);
    const { attributes } = parseListingQuery(params);
    expect(Object.keys(attributes)).toHaveLength(10);
    expect(attributes.Name0).toHaveLength(30);
  });

  it('sorting and paging are not filters', () => {
    expect(hasActiveFilters(parseListingQuery(new URLSearchParams('sort=newest&page=3')))).toBe(false);
  });

  it('writes a query back in a stable order without defaults', () => {
    expect(
      listingSearch({
        price: { min: 500, max: 2000 },
        delivery: '2days',
        attributes: { Colour: ['Red', 'Blue'] },
        sort: 'featured',
        page: 1,
      }),
    ).toBe('?price=500-2000&delivery=2days&f.Colour=Red&f.Colour=Blue');
    expect(listingSearch({ price: null, delivery: null, attributes: {}, sort: 'featured' })).toBe('');
    expect(listingSearch({ price: null, delivery: null, attributes: {}, sort: 'rating', page: 3 })).toBe(
      '?sort=rating&page=3',
    );
  });

  it('toggles attribute values per attribute (requirements#listing-filters)', () => {
    expect(toggleAttribute({}, 'Colour', 'Red')).toEqual({ Colour: ['Red'] });
    expect(toggleAttribute({ Colour: ['Red'] }, 'Colour', 'Blue')).toEqual({ Colour: ['Red', 'Blue'] });
    expect(toggleAttribute({ Colour: ['Red', 'Blue'] }, 'Colour', 'Red')).toEqual({ Colour: ['Blue'] });
    expect(toggleAttribute({ Colour: ['Red'], RAM: ['8 GB'] }, 'Colour', 'Red')).toEqual({ RAM: ['8 GB'] });
  });
});

describe('page-content block layout (requirements#content-blocks)', () => {
  it.each([
    ['product', 0, 5, { kind: 'none' }],
    ['product', 1, 5, { kind: 'single' }],
    ['product', 2, 5, { kind: 'carousel', perView: 1 }],
    ['product', 3, 5, { kind: 'carousel', perView: 1 }],
    ['product', 4, 5, { kind: 'grid', columns: 4 }],
    ['product', 5, 5, { kind: 'carousel', perView: 5 }],
    ['product', 10, 3, { kind: 'carousel', perView: 3 }],
    ['banner', 1, 1, { kind: 'single' }],
    ['banner', 2, 1, { kind: 'carousel', perView: 2 }],
    ['banner', 5, 1, { kind: 'carousel', perView: 2 }],
    ['video', 1, 1, { kind: 'video' }],
    ['content', 1, 1, { kind: 'text' }],
  ] as const)('%s x %i (display count %i) is %j', (type, count, displayCount, expected) => {
    expect(blockLayout(type, count, displayCount)).toEqual(expected);
  });
});
