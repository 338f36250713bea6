import { describe, expect, it } from 'vitest';
import {
  nameWords,
  normaliseKeyword,
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
