// requirements#languages: every message exists in every language, is valid ICU, and takes the same
// arguments (and the same plural and select branches' arguments) as the English one.
import { describe, expect, it } from 'vitest';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { LANGUAGES } from '@marketplace/domain/i18n/languages';
import { CATALOGS, parsedCatalog } from './catalog.server.ts';

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

  for (const language of LANGUAGES) {
    describe(language, () => {
      const catalog = CATALOGS[language];

      it('has every English key and no other', () => {
        expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      });

      it('has no empty message', () => {
        expect(Object.entries(catalog).filter(([, text]) => text.trim() === '')).toEqual([]);
      });

      it('is valid ICU with the same arguments as English in every message', () => {
        const wrong: string[] = [];
        for (const [key, text] of Object.entries(catalog)) {
          const source = english[key];
          if (source === undefined) continue;
          let args: Set<string>;
          try {
            args = argumentsOf(parse(text));
          } catch (error) {
            wrong.push(`${key}: ${(error as Error).message}`);
            continue;
          }
          const expected = sorted(argumentsOf(parse(source)));
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
        for (const [key, elements] of Object.entries(parsedCatalog(language))) visit(key, elements);
        expect(missing).toEqual([]);
      });
    });
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

  it('finds a translation that lost its argument', () => {
    const broken = argumentsOf(parse('कार्ट, {count, plural, one {# आइटम} other {आइटम}}'));
    const mistyped = argumentsOf(parse('नमस्ते, {nam}'));
    expect(sorted(broken)).toEqual(['count:plural']);
    expect(sorted(mistyped)).not.toEqual(sorted(argumentsOf(parse(english['account.hello'] ?? ''))));
  });
});
