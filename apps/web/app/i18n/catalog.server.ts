// The messages of one language, parsed once on the server into FormatJS's message trees: a page
// ships only its own language's messages, and the browser formats them without an ICU parser
// (ADR-0063). The shop's catalog (shell, storefront, cart) goes with every page from the root; each
// area's catalog (sign-in, checkout, orders, profile) goes only with that area's pages, from the
// account area's layout (routes/account-area.tsx).
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { Language } from '@marketplace/domain/i18n/languages';
import type { MessageArea } from './areas.ts';
import en from './messages/en.json' with { type: 'json' };
import hi from './messages/hi.json' with { type: 'json' };
import ta from './messages/ta.json' with { type: 'json' };
import te from './messages/te.json' with { type: 'json' };
import signinEn from './messages/signin/en.json' with { type: 'json' };
import signinHi from './messages/signin/hi.json' with { type: 'json' };
import signinTa from './messages/signin/ta.json' with { type: 'json' };
import signinTe from './messages/signin/te.json' with { type: 'json' };
import checkoutEn from './messages/checkout/en.json' with { type: 'json' };
import checkoutHi from './messages/checkout/hi.json' with { type: 'json' };
import checkoutTa from './messages/checkout/ta.json' with { type: 'json' };
import checkoutTe from './messages/checkout/te.json' with { type: 'json' };
import ordersEn from './messages/orders/en.json' with { type: 'json' };
import ordersHi from './messages/orders/hi.json' with { type: 'json' };
import ordersTa from './messages/orders/ta.json' with { type: 'json' };
import ordersTe from './messages/orders/te.json' with { type: 'json' };
import profileEn from './messages/profile/en.json' with { type: 'json' };
import profileHi from './messages/profile/hi.json' with { type: 'json' };
import profileTa from './messages/profile/ta.json' with { type: 'json' };
import profileTe from './messages/profile/te.json' with { type: 'json' };

export type ParsedMessages = Record<string, MessageFormatElement[]>;
type Catalog = Record<string, string>;

/** The shop's catalog in each language. */
export const CATALOGS: Record<Language, Catalog> = { en, hi, ta, te };

/** Each area's catalog in each language; an area's keys begin with its name (`orders.…`). */
export const AREA_CATALOGS: Record<MessageArea, Record<Language, Catalog>> = {
  signin: { en: signinEn, hi: signinHi, ta: signinTa, te: signinTe },
  checkout: { en: checkoutEn, hi: checkoutHi, ta: checkoutTa, te: checkoutTe },
  orders: { en: ordersEn, hi: ordersHi, ta: ordersTa, te: ordersTe },
  profile: { en: profileEn, hi: profileHi, ta: profileTa, te: profileTe },
};

function parseAll(english: Catalog, translated: Catalog): ParsedMessages {
  const messages: ParsedMessages = {};
  // English fills any key a translation lacks
  for (const [key, text] of Object.entries({ ...english, ...translated })) messages[key] = parse(text);
  return messages;
}

const parsed = new Map<string, ParsedMessages>();

/** The shop's catalog in a language as message trees. */
export function parsedCatalog(language: Language): ParsedMessages {
  const cached = parsed.get(language);
  if (cached) return cached;
  const messages = parseAll(CATALOGS.en, CATALOGS[language]);
  parsed.set(language, messages);
  return messages;
}

/** Some areas' catalogs in a language as message trees, to go beside the shop's. */
export function parsedAreas(language: Language, areas: readonly MessageArea[]): ParsedMessages {
  const key = `${language}:${areas.join(',')}`;
  const cached = parsed.get(key);
  if (cached) return cached;
  const messages: ParsedMessages = {};
  for (const area of areas) {
    Object.assign(messages, parseAll(AREA_CATALOGS[area].en, AREA_CATALOGS[area][language]));
  }
  parsed.set(key, messages);
  return messages;
}
