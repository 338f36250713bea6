// The messages of one language, parsed once on the server into FormatJS's message trees: a page
// ships only its own language's messages, and the browser formats them without an ICU parser
// (ADR-0063).
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { Language } from '@marketplace/domain/i18n/languages';
import en from './messages/en.json' with { type: 'json' };
import hi from './messages/hi.json' with { type: 'json' };
import ta from './messages/ta.json' with { type: 'json' };
import te from './messages/te.json' with { type: 'json' };

export type ParsedMessages = Record<string, MessageFormatElement[]>;

export const CATALOGS: Record<Language, Record<string, string>> = { en, hi, ta, te };

const parsed = new Map<Language, ParsedMessages>();

/** The language's catalog as message trees (English fills any key a translation lacks). */
export function parsedCatalog(language: Language): ParsedMessages {
  const cached = parsed.get(language);
  if (cached) return cached;
  const messages: ParsedMessages = {};
  for (const [key, text] of Object.entries({ ...CATALOGS.en, ...CATALOGS[language] })) {
    messages[key] = parse(text);
  }
  parsed.set(language, messages);
  return messages;
}
