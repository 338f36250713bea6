// requirements#languages: every message exists in every language, is valid ICU, and takes the same
// arguments (and the same plural and select branches' arguments) as the English one.
import { describe, expect, it } from 'vitest';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { LISTING_TEXTS } from '@marketplace/domain/catalog/listing';
import { DELIVERY_FILTERS, LISTING_SORTS } from '@marketplace/domain/catalog/listing-filters';
import {
  resultsCountText,
  SEARCH_KEYWORD_MAX_LENGTH,
  SEARCH_SORTS,
  SEARCH_TEXTS,
} from '@marketplace/domain/search/results';
import { formatCount } from '@marketplace/domain/text/indian-format';
import { LANGUAGES } from '@marketplace/domain/i18n/languages';
import { AREA_CATALOGS, CATALOGS, parsedAreas, parsedCatalog } from './catalog.server.ts';
import { MESSAGE_AREAS, type MessageArea } from './areas.ts';

/** The arguments and tags a message uses, as 'name:kind' (a plural's `#` belongs to its plural). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        into.add(`${element.value}:text`);
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(`${element.value}:${TYPE[element.type]}`);
        break;
      case TYPE.plural:
      case TYPE.select:
        into.add(`${element.value}:${TYPE[element.type]}`);
        for (const option of Object.values(element.options)) argumentsOf(option.value, into);
        break;
      case TYPE.tag:
        into.add(`<${element.value}>`);
        argumentsOf(element.children, into);
        break;
      default:
        break;
    }
  }
  return into;
}

const sorted = (set: Set<string>) => [...set].sort();
const english = CATALOGS.en;

describe('the message catalogs', () => {
  it('hold a good number of the shop’s messages', () => {
    expect(Object.keys(english).length).toBeGreaterThan(50);
  });

  const catalogs = [
    { name: 'the shop', of: CATALOGS },
    ...MESSAGE_AREAS.map((area) => ({ name: area, of: AREA_CATALOGS[area] })),
  ];

  for (const area of MESSAGE_AREAS) {
    it(`keeps the ${area} area's keys under "${area}." and apart from the shop's`, () => {
      const keys = Object.keys(AREA_CATALOGS[area].en);
      expect(keys.filter((key) => !key.startsWith(`${area}.`))).toEqual([]);
      expect(keys.filter((key) => key in english)).toEqual([]);
    });
  }

  for (const { name, of } of catalogs) {
    for (const language of LANGUAGES) {
      describe(`${name}, ${language}`, () => {
        const catalog = of[language];
        const source = of.en;

        it('has every English key and no other', () => {
          expect(Object.keys(catalog).sort()).toEqual(Object.keys(source).sort());
        });

        it('has no empty message', () => {
          expect(Object.entries(catalog).filter(([, text]) => text.trim() === '')).toEqual([]);
        });

        it('is valid ICU with the same arguments as English in every message', () => {
          const wrong: string[] = [];
          for (const [key, text] of Object.entries(catalog)) {
            const englishText = source[key];
            if (englishText === undefined) continue;
            let args: Set<string>;
            try {
              args = argumentsOf(parse(text));
            } catch (error) {
              wrong.push(`${key}: ${(error as Error).message}`);
              continue;
            }
            const expected = sorted(argumentsOf(parse(englishText)));
            if (JSON.stringify(sorted(args)) !== JSON.stringify(expected)) {
              wrong.push(`${key}: ${sorted(args).join(', ')} instead of ${expected.join(', ')}`);
            }
          }
          expect(wrong).toEqual([]);
        });

        it('gives every plural an `other` branch', () => {
          const missing: string[] = [];
          const visit = (key: string, elements: MessageFormatElement[]) => {
            for (const element of elements) {
              if (element.type === TYPE.plural || element.type === TYPE.select) {
                if (!('other' in element.options)) missing.push(key);
                for (const option of Object.values(element.options)) visit(key, option.value);
              }
              if (element.type === TYPE.tag) visit(key, element.children);
            }
          };
          const trees =
            name === 'the shop' ? parsedCatalog(language) : parsedAreas(language, [name as MessageArea]);
          for (const [key, elements] of Object.entries(trees)) visit(key, elements);
          expect(missing).toEqual([]);
        });
      });
    }
  }

  // requirements#cart-page: the English catalog says exactly what the spec says
  it.each([
    ['cart.title', CART_MESSAGES.title],
    ['cart.empty', CART_MESSAGES.empty],
    ['cart.shopMore', CART_MESSAGES.shopMore],
    ['cart.checkOut', CART_MESSAGES.checkOut],
    ['cart.getDiscount', CART_MESSAGES.getDiscount],
    ['cart.couponApplied', CART_MESSAGES.couponApplied],
    ['cart.itemUnavailable', CART_MESSAGES.itemUnavailable],
    ['cart.itemUnavailableDetail', CART_MESSAGES.itemUnavailableDetail],
    ['cart.removeThisItem', CART_MESSAGES.removeThisItem],
    ['cart.unavailableBanner', CART_MESSAGES.unavailableBanner],
    ['cart.unavailableBannerDetail', CART_MESSAGES.unavailableBannerDetail],
    ['cart.cartUpdated', CART_MESSAGES.cartUpdated],
    ['cart.updateCart', CART_MESSAGES.updateCart],
    ['cart.buyAgain', CART_MESSAGES.buyAgain],
    ['cart.saveForLater', CART_MESSAGES.saveForLater],
    ['cart.noSavedForLater', CART_MESSAGES.noSavedForLater],
    ['cart.noBuyAgain', CART_MESSAGES.noBuyAgain],
    ['cart.wishlistEmpty', CART_MESSAGES.wishlistEmpty],
  ])('English %s is the spec’s “%s”', (key, text) => {
    expect(english[key]).toBe(text);
  });

  // requirements#search-results, requirements#listing: the listing and search texts as the spec words them
  const say = (key: string, values?: Record<string, string | number | ((chunks: string[]) => string)>) =>
    [new IntlMessageFormat(english[key] ?? '', 'en-IN').format(values)].flat().join('');
  it.each([
    ['listing.loading', LISTING_TEXTS.loading],
    ['listing.loading', SEARCH_TEXTS.loading],
    ['listing.empty', LISTING_TEXTS.empty],
    ['listing.filteredEmpty', LISTING_TEXTS.filteredEmpty],
    ['listing.filteredEmpty', SEARCH_TEXTS.filteredEmpty],
    ['listing.recentSearches', LISTING_TEXTS.recentSearches],
    ['listing.deals', LISTING_TEXTS.deals],
    ['listing.related', LISTING_TEXTS.related],
    ['listing.sponsored', LISTING_TEXTS.sponsored],
    ['listing.sponsored', SEARCH_TEXTS.sponsored],
    ['listing.sortBy', SEARCH_TEXTS.sortBy],
    ['search.didYouMean', SEARCH_TEXTS.didYouMean],
    ['search.popularCategories', SEARCH_TEXTS.popularCategories],
    ...DELIVERY_FILTERS.map((filter) => [`listing.delivery.${filter.key}`, filter.label]),
    ...[...LISTING_SORTS, ...SEARCH_SORTS].map((sort) => [`listing.sort.${sort.key}`, sort.label]),
  ])('English %s is the spec’s “%s”', (key, text) => {
    expect(english[key]).toBe(text);
  });

  it('words search results as the spec does', () => {
    expect(say('search.noResults', { keyword: 'xyz', k: (chunks) => chunks.join('') })).toBe(
      SEARCH_TEXTS.noResults('xyz'),
    );
    expect(say('search.seeCategory', { category: 'Mobiles' })).toBe(SEARCH_TEXTS.seeCategory('Mobiles'));
    expect(say('search.keywordCut', { max: SEARCH_KEYWORD_MAX_LENGTH })).toBe(SEARCH_TEXTS.keywordCut);
    expect(say('search.showingResultsFor', { corrected: 'phone', link: (chunks) => chunks.join('') })).toBe(
      SEARCH_TEXTS.showingResultsFor('phone'),
    );
    for (const total of [1, 2, 48, 123456]) {
      expect(say('search.results', { count: total, shown: formatCount(total) })).toBe(
        resultsCountText(total, false),
      );
      expect(say('search.overResults', { shown: formatCount(total) })).toBe(resultsCountText(total, true));
    }
  });

  it('finds a translation that lost its argument', () => {
    const broken = argumentsOf(parse('कार्ट, {count, plural, one {# आइटम} other {आइटम}}'));
    const mistyped = argumentsOf(parse('नमस्ते, {nam}'));
    expect(sorted(broken)).toEqual(['count:plural']);
    expect(sorted(mistyped)).not.toEqual(sorted(argumentsOf(parse(english['account.hello'] ?? ''))));
  });
});
