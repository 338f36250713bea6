import { describe, expect, it } from 'vitest';
import {
  DID_YOU_MEAN_LIMIT,
  nameWords,
  normaliseKeyword,
  parseSearchQuery,
  sameName,
  searchResultsSearch,
  spellingAlternatives,
  resultsCountText,
  SEARCH_KEYWORD_MAX_LENGTH,
  SEARCH_RANKED_PAGES,
  SEARCH_TEXTS,
} from './results.ts';

describe('search constants', () => {
  it.each([
    ['pages of a keyword ranked', SEARCH_RANKED_PAGES, 20],
    ['longest keyword', SEARCH_KEYWORD_MAX_LENGTH, 100],
  ])('%s: %i', (_, value, expected) => {
    expect(value).toBe(expected);
  });
});

describe('normaliseKeyword', () => {
  it.each([
    ['  wireless   earbuds ', 'wireless earbuds', false],
    ['tab\tand\nnew line', 'tab and new line', false],
    ['"quoted" 100% _under_ back\\slash', '"quoted" 100% _under_ back\\slash', false],
    ["'; DROP TABLE products; --", "'; DROP TABLE products; --", false],
    ['फ़ोन 😀', 'फ़ोन 😀', false],
    ['nul\u0000byte', 'nul byte', false],
    ['', '', false],
    ['   ', '', false],
  ])('%j → %j', (raw, keyword, wasCut) => {
    expect(normaliseKeyword(raw)).toEqual({ keyword, wasCut });
  });

  it('cuts 10,000 characters to the maximum, counting characters not code units', () => {
    const { keyword, wasCut } = normaliseKeyword('a'.repeat(10_000));
    expect(wasCut).toBe(true);
    expect(keyword).toHaveLength(SEARCH_KEYWORD_MAX_LENGTH);
    const emoji = normaliseKeyword('😀'.repeat(150));
    expect([...emoji.keyword]).toHaveLength(SEARCH_KEYWORD_MAX_LENGTH);
    expect(emoji.keyword).toBe('😀'.repeat(SEARCH_KEYWORD_MAX_LENGTH)); // no half emoji
  });
});

describe('nameWords', () => {
  it.each([
    ['Kairo Nova-5G (Blue, 128 GB)', ['kairo', 'nova', '5g', 'blue', '128', 'gb']],
    ['%_\\', []],
    ['मोबाइल फ़ोन', ['मोबाइल', 'फ़ोन']],
  ])('%j → %j', (text, words) => {
    expect(nameWords(text)).toEqual(words);
  });
});

describe('texts', () => {
  it('uses the spec wording', () => {
    expect(SEARCH_TEXTS.noResults('xyz')).toBe('No products found for "xyz".');
    expect(SEARCH_TEXTS.loading).toBe('Loading products...');
  });
});

describe('resultsCountText', () => {
  it.each([
    [1, false, '1 result'],
    [48, false, '48 results'],
    [2345, false, '2,345 results'],
    [2400, true, 'over 2,400 results'],
    [123456, false, '1,23,456 results'],
  ])('%i matches (more: %s) reads %s', (total, more, text) => {
    expect(resultsCountText(total, more)).toBe(text);
  });
});

describe('parseSearchQuery', () => {
  const parse = (query: string) => parseSearchQuery(new URLSearchParams(query));
  it.each([
    ['', 'relevance'],
    ['sort=relevance', 'relevance'],
    ['sort=price-asc', 'price-asc'],
    ['sort=price-desc', 'price-desc'],
    ['sort=newest', 'newest'],
    ['sort=rating', 'rating'],
    // the listing's default is not a search order; unknown and hostile values fall back to relevance
    ['sort=featured', 'relevance'],
    ['sort=PRICE-ASC', 'relevance'],
    ['sort=%00', 'relevance'],
    [`sort=${'x'.repeat(5000)}`, 'relevance'],
  ])('%j sorts by %s', (query, sort) => {
    expect(parse(query).sort).toBe(sort);
  });

  it('reads the listing filters and keeps the page text for bounding later', () => {
    expect(parse('price=500-2000&delivery=tomorrow&f.Colour=Red&f.Colour=Blue&page=3&sort=newest')).toEqual({
      price: { min: 500, max: 2000 },
      delivery: 'tomorrow',
      attributes: { Colour: ['Red', 'Blue'] },
      sort: 'newest',
      page: '3',
    });
  });

  it('reads the price boxes of a form sent without scripts', () => {
    expect(parse('price-min=300&price-max=900').price).toEqual({ min: 300, max: 900 });
  });
});

describe('searchResultsSearch', () => {
  const none = { price: null, delivery: null, attributes: {} };
  it.each([
    [{ ...none, sort: 'relevance' as const }, ''],
    [{ ...none, sort: 'price-asc' as const }, '?sort=price-asc'],
    [{ ...none, sort: 'relevance' as const, page: 2 }, '?page=2'],
    [{ ...none, sort: 'relevance' as const, page: 1 }, ''],
    [
      {
        price: { min: 100, max: 900 },
        delivery: 'today' as const,
        attributes: { Colour: ['Red'] },
        sort: 'rating' as const,
        page: 4,
      },
      '?price=100-900&delivery=today&f.Colour=Red&sort=rating&page=4',
    ],
  ])('%j → %j', (query, text) => {
    expect(searchResultsSearch(query)).toBe(text);
  });

  it('reads back what it writes', () => {
    const query = {
      price: { min: 200, max: 700 },
      delivery: null,
      attributes: { Size: ['M', 'L & XL'] },
      sort: 'newest' as const,
    };
    expect(parseSearchQuery(new URLSearchParams(searchResultsSearch(query)))).toEqual({
      ...query,
      page: null,
    });
  });
});

describe('sameName', () => {
  it.each([
    ['Laptops', 'Laptops', true],
    ['  laptops ', 'Laptops', true],
    ['home  & kitchen', 'Home & Kitchen', true],
    ['laptop', 'Laptops', false],
    ['', '', false],
  ])('%j is %j: %s', (keyword, name, same) => {
    expect(sameName(keyword, name)).toBe(same);
  });
});

describe('spellingAlternatives', () => {
  const near = (entries: [string, string[]][]) => new Map(entries);
  it.each([
    [['samsng'], near([['samsng', ['samsara', 'samsung']]]), ['samsara', 'samsung']],
    [
      ['samsng', 'phnoe'],
      near([
        ['samsng', ['samsara']],
        ['phnoe', ['phone', 'phones']],
      ]),
      ['samsara phone', 'samsara phnoe', 'samsng phone'],
    ],
    // words with no near word stay as they are; nothing near gives nothing
    [['qzx'], near([]), []],
    [['blue', 'tshrt'], near([['tshrt', ['tshirt']]]), ['blue tshirt']],
    // the keyword itself is never offered, and each alternative once
    [['phone'], near([['phone', ['phone', 'phones']]]), ['phones']],
  ] as const)('%j → %j', (words, nearest, expected) => {
    expect(spellingAlternatives(words, nearest)).toEqual(expected);
  });

  it('offers at most DID_YOU_MEAN_LIMIT', () => {
    const many = near([['kabl', ['cable', 'table', 'kable', 'fable', 'sable']]]);
    expect(spellingAlternatives(['kabl'], many)).toHaveLength(DID_YOU_MEAN_LIMIT);
  });
});
