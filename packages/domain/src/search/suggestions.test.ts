import { describe, expect, it } from 'vitest';
import {
  isSuggestionMatch,
  orderSuggestions,
  searchDestination,
  searchWords,
  type Suggestion,
  suggestionHref,
} from './suggestions.ts';

const s = (
  id: number,
  name: string,
  type: Suggestion['type'],
  registry: Suggestion['registry'] = 'No',
  isMatch = true,
) => ({
  id,
  name,
  type,
  registry,
  isMatch,
  image: '/x.svg',
});

describe('suggestionHref', () => {
  it.each([
    [s(1, 'Samsara Mobile', 'brand', 'Yes'), '/brandregistry/Samsara%20Mobile'],
    [s(2, 'Novex', 'brand', 'No'), '/brand/Novex'],
    [s(3, 'Electronics', 'category'), '/categorylist/c/Electronics'],
    [s(4, 'Mobiles & Accessories', 'subcategory'), '/categorylist/sc/Mobiles%20%26%20Accessories'],
    [s(5, 'Smartphones', 'supercategory'), '/categorylist/ssc/Smartphones'],
    [s(6, '5G Phones', 'supersubcategory'), '/categorylist/sssc/5G%20Phones'],
    [
      s(7, 'Kairo Nova 5G Smartphone (Blue, 128 GB)', 'product'),
      '/productdetails/Kairo%20Nova%205G%20Smartphone%20(Blue%2C%20128%20GB)',
    ],
  ])('%o goes to %s', (suggestion, href) => {
    expect(suggestionHref(suggestion)).toBe(href);
  });
});

describe('orderSuggestions', () => {
  it('puts exact name matches first, case-insensitively, keeping the rest in order', () => {
    const list = [
      s(1, 'Laptop Stands', 'supersubcategory'),
      s(2, 'laptops', 'supercategory'),
      s(3, 'Gaming Laptops', 'supersubcategory'),
    ];
    expect(orderSuggestions(list, ' Laptops ').map((x) => x.id)).toEqual([2, 1, 3]);
  });

  it('drops repeats of the same type and id but keeps equal ids of different types', () => {
    const list = [s(1, 'Kairo', 'brand'), s(1, 'Kairo', 'brand'), s(1, 'Kairo Nova', 'product')];
    expect(orderSuggestions(list, 'kairo').map((x) => `${x.type}:${x.id}`)).toEqual(['brand:1', 'product:1']);
  });
});

describe('searchDestination', () => {
  it.each([
    ['', [], null],
    ['   ', [s(1, 'Novex', 'brand')], null],
    ['nov', [s(1, 'Novex', 'brand'), s(2, 'Novex Phone', 'product')], '/brand/Novex'],
    ['unknown thing', [], '/searchpage/unknown%20thing'],
    ['50% off', [], '/searchpage/50%25%20off'],
    // a close spelling or junk text's single letters are shown but not opened by Enter
    ['a/b?c#d', [s(9, 'Aqua Bottle Copper Design', 'product', 'No', false)], '/searchpage/a%2Fb%3Fc%23d'],
    ["' OR 1=1; --", [s(9, 'Orange 1 Litre', 'product', 'No', false)], "/searchpage/'%20OR%201%3D1%3B%20--"],
    ['samsng', [s(1, 'Samsara Mobile', 'brand', 'Yes', false)], '/searchpage/samsng'],
    // the first match, after a close spelling shown above it
    [
      'nov',
      [s(1, 'Nivex', 'brand', 'No', false), s(2, 'Novex Phone', 'product')],
      '/productdetails/Novex%20Phone',
    ],
    // a keyword naming a category: the results page, which links the category (requirements#search-refine)
    ['Laptops', [s(3, 'Laptops', 'category'), s(4, 'Laptop Bags', 'subcategory')], '/searchpage/Laptops'],
    [' smart  phones ', [s(5, 'Smart Phones', 'supercategory')], '/searchpage/smart%20%20phones'],
    ['5g phones', [s(6, '5G Phones', 'supersubcategory')], '/searchpage/5g%20phones'],
    ['home', [s(7, 'Home & Kitchen', 'category')], '/categorylist/c/Home%20%26%20Kitchen'],
    ['novex', [s(1, 'Novex', 'brand')], '/brand/Novex'],
    ['novex phone', [s(2, 'Novex Phone', 'product')], '/productdetails/Novex%20Phone'],
  ] as const)('%j with %j goes to %s', (text, suggestions, destination) => {
    expect(searchDestination(text, suggestions)).toBe(destination);
  });
});

describe('searchWords', () => {
  it.each([
    ['Lapt', ['lapt']],
    ["o'reilly 100% _cotton_", ['o', 'reilly', '100', 'cotton']],
    ['कुर्ता साड़ी', ['कुर्ता', 'साड़ी']],
    ["'; DROP TABLE products; --", ['drop', 'table', 'products']],
    ['😀', []],
  ])('%j → %j', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });
});

describe('isSuggestionMatch', () => {
  it.each([
    ['phone', 'Smartphones', true],
    ['PHONE', 'Kairo Nova 5G Smartphone (Blue, 128 GB)', true],
    ['lapt', 'Laptops', true],
    ['  Laptops ', 'laptops', true],
    ['kai nov', 'Kairo Nova 5G Smartphone', true],
    ['nova kai', 'Kairo Nova 5G Smartphone', true],
    ['t-shirt', "Men's T-Shirts", true],
    ['t-sh', 'Polo T-Shirt (Black, M)', true],
    ['5g phones', '5G Phones', true],
    ['128 gb', 'Kairo Nova (Blue, 128 GB)', true],
    ['samsara mob', 'Samsara Mobile', true],
    ['50% off', 'Flat 50% off Kurta', true],
    ['मोबाइल', 'मोबाइल फ़ोन', true],
    // close spellings: shown, but not what was typed
    ['samsng', 'Samsara Mobile', false],
    ['liuid lipstick', 'Liquid Lipstick', false],
    ['phones', 'Smartphone', false],
    // junk
    ['a/b?c#d', 'Aqua Bottle Copper Design', false],
    ['a/b?c#d', 'A B C Dolls', true],
    ["' OR 1=1; --", 'Orange Kurta 1 L', false],
    ["' OR 1=1; --", 'Original 11 Pro', false],
    ["'; DROP TABLE products; --", 'Wooden Table Lamp', false],
    ['%_\\', 'Anything 100% Cotton', false],
    ["'", "Men's Shirts", false],
    ['--', 'Pre--owned', false],
    ['', 'Laptops', false],
    ['   ', 'Laptops', false],
  ])('%j in %j: %s', (text, name, match) => {
    expect(isSuggestionMatch(text, name)).toBe(match);
  });
});
