// requirements#document-series: each seller numbers its invoices and credit notes in a series of its
// own, under a short prefix it chooses, so its numbers through this marketplace never repeat a number
// it issues elsewhere under the same GSTIN (CGST rule 46(b): at most 16 characters, letters, digits,
// '-' and '/', unique for a financial year).
import { z } from 'zod';

export const DOCUMENT_PREFIX_MAX_LENGTH = 5;
/** Letters, digits, '-' and '/'; it starts with a letter or 1-9 (the IRN drops a number's leading 0, '/' and '-'). */
const PREFIX_PATTERN = /^[A-Z1-9][A-Z0-9/-]{0,4}$/;

export const DOCUMENT_PREFIX_MESSAGES = {
  required: 'Enter a prefix for your invoice numbers.',
  length: `A prefix is 1 to ${DOCUMENT_PREFIX_MAX_LENGTH} characters.`,
  characters: 'A prefix has only letters, digits, - and /, and starts with a letter or a digit other than 0.',
} as const;

export type DocumentPrefixProblem = keyof typeof DOCUMENT_PREFIX_MESSAGES;

/** A prefix as stored: trimmed and upper-case (numbers are unique whatever their case). */
export const normaliseDocumentPrefix = (text: string) => text.trim().toUpperCase();

export function documentPrefixProblem(text: string): DocumentPrefixProblem | null {
  const prefix = normaliseDocumentPrefix(text);
  if (prefix.length === 0) return 'required';
  if (prefix.length > DOCUMENT_PREFIX_MAX_LENGTH) return 'length';
  if (!PREFIX_PATTERN.test(prefix)) return 'characters';
  return null;
}

export const DocumentPrefix = z
  .string()
  .max(100, DOCUMENT_PREFIX_MESSAGES.length)
  .superRefine((text, ctx) => {
    const problem = documentPrefixProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: DOCUMENT_PREFIX_MESSAGES[problem] });
  })
  .transform(normaliseDocumentPrefix);

/** The prefix a seller starts with: the initials of its name's words (or its name's first letters), up to 4. */
export function defaultDocumentPrefix(name: string): string {
  const words = name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length > 0 && !/^(PVT|PRIVATE|LTD|LIMITED|LLP|AND|THE|OF|CO)$/.test(w));
  const initials = words.map((w) => w[0]).join('');
  const prefix = (initials.length >= 2 ? initials : (words[0] ?? '')).slice(0, 4).replace(/^[0/-]+/, '');
  return prefix.length > 0 ? prefix : 'S';
}

/**
 * The first prefix from a name not in `taken` (capitals): its initials, then their first 4 with a digit
 * 2 to 9, then their first 3 with 10 to 99, so an account of a GSTIN whose other account has the same
 * name still starts with a prefix of its own. Null when every one is taken.
 */
export function firstFreeDocumentPrefix(name: string, taken: ReadonlySet<string>): string | null {
  const base = defaultDocumentPrefix(name);
  const candidates = [
    base,
    ...Array.from({ length: 8 }, (_, i) => `${base.slice(0, 4)}${i + 2}`),
    ...Array.from({ length: 90 }, (_, i) => `${base.slice(0, 3)}${i + 10}`),
  ];
  return candidates.find((prefix) => !taken.has(prefix)) ?? null;
}

const SERIAL_DIGITS = 6;
/** The letter of each kind of document in a seller's number. */
export const SERIES_LETTERS = { invoice: 'I', credit_note: 'C' } as const;

/**
 * A seller's document number: prefix, '-', the kind's letter and the financial year's closing two
 * digits, '/', the serial zero-padded to 6: 'SK-I27/000001' for the first invoice of 2026-27. With a
 * prefix of at most 5 characters it is at most 16 characters up to serial 999999.
 */
export function sellerDocumentNumber(
  prefix: string,
  kind: 'invoice' | 'credit_note',
  financialYear: string,
  serial: number,
): string {
  if (documentPrefixProblem(prefix)) throw new RangeError(`Not a document prefix: ${prefix}`);
  const match = /^(\d{4})-(\d{2})$/.exec(financialYear);
  if (!match?.[2]) throw new RangeError(`Not a financial year: ${financialYear}`);
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError(`Not a serial: ${serial}`);
  const number = `${normaliseDocumentPrefix(prefix)}-${SERIES_LETTERS[kind]}${match[2]}/${String(serial).padStart(SERIAL_DIGITS, '0')}`;
  if (number.length > 16) throw new RangeError(`${number} is longer than 16 characters`);
  return number;
}

/**
 * A shipment's own reference, 'SHP-{order digits}-{n}' for the order's n-th parcel: what labels,
 * tracking and Seller Central show as "Shipment". Before e-invoicing it read 'INV-…'; those stored
 * references still resolve, and are shown as they are.
 */
export const shipmentReference = (orderNo: string, n: number) => `SHP-${orderNo.replace(/^OD/, '')}-${n}`;
