// requirements#settlement: the numbers of the documents a settlement issues (tax invoices, credit
// notes, the platform's fee invoices), India's financial year they are counted in, and the day an
// item becomes payable to its seller.

const DAY_MS = 24 * 60 * 60 * 1000;
// India has one time zone and no daylight saving: UTC+05:30
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The kinds of document a settlement numbers, each in a series of its own per financial year. */
export const DOCUMENT_KINDS = ['invoice', 'credit_note', 'fee_invoice', 'fee_credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Each series' prefix, so a number tells which series it belongs to. */
export const DOCUMENT_PREFIXES = {
  invoice: 'INV',
  credit_note: 'CN',
  fee_invoice: 'FEE',
  // requirements#fee-invoices: the operator's credit notes on its fee invoices (CGST s. 34)
  fee_credit_note: 'FCN',
} as const satisfies Record<DocumentKind, string>;

/** CGST rule 46(b): a document number is at most 16 characters of letters, digits, '-' and '/'. */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
const DOCUMENT_NUMBER_PATTERN = /^[A-Z0-9/-]{1,16}$/;
const SERIAL_DIGITS = 6;

const FINANCIAL_YEAR_PATTERN = /^(\d{4})-(\d{2})$/;

function assertInstant(at: Date): void {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new RangeError('Not a valid instant');
}

/** India's financial year (1 April to 31 March) of an instant in IST, as '2026-27'. */
export function financialYearOf(at: Date): string {
  assertInstant(at);
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  // getUTCMonth is 0-based: April is 3
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The two 2-digit years of a financial year like '2026-27', or a RangeError when it is not one. */
function financialYearDigits(financialYear: string): [string, string] {
  const match = FINANCIAL_YEAR_PATTERN.exec(financialYear);
  const start = match?.[1];
  const end = match?.[2];
  if (start === undefined || end === undefined || (Number(start) + 1) % 100 !== Number(end))
    throw new RangeError(`Not a financial year: ${financialYear}`);
  return [start.slice(2), end];
}

/**
 * A document's number, e.g. INV26-27/000001: its series' prefix, the financial year's two years and
 * its serial in that year, zero-padded to 6 digits (7 once past 999999), within CGST rule 46's limit.
 */
export function documentNumber(kind: DocumentKind, financialYear: string, serial: number): string {
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind))
    throw new RangeError(`Not a document kind: ${String(kind)}`);
  if (!Number.isSafeInteger(serial) || serial < 1)
    throw new RangeError(`A document's serial is a whole number from 1: ${serial}`);
  const [from, to] = financialYearDigits(financialYear);
  const number = `${DOCUMENT_PREFIXES[kind]}${from}-${to}/${String(serial).padStart(SERIAL_DIGITS, '0')}`;
  if (!DOCUMENT_NUMBER_PATTERN.test(number))
    throw new RangeError(`${number} is longer than ${DOCUMENT_NUMBER_MAX_LENGTH} characters`);
  return number;
}

/**
 * When an item becomes payable to its seller: once its return window has closed, at midnight IST
 * starting the day after its delivery's IST date plus the window's days.
 */
export function payableFrom(deliveredAt: Date, returnWindowDays: number): Date {
  assertInstant(deliveredAt);
  if (!Number.isSafeInteger(returnWindowDays) || returnWindowDays < 0)
    throw new RangeError(`A return window is a whole number of days, 0 or more: ${returnWindowDays}`);
  const ist = new Date(deliveredAt.getTime() + IST_OFFSET_MS);
  const deliveredDay = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate());
  return new Date(deliveredDay + (returnWindowDays + 1) * DAY_MS - IST_OFFSET_MS);
}

/**
 * When an order item becomes payable to its seller: once the longer of its return and replacement
 * windows has closed after delivery, or at `endedAt` when it ended undelivered (cancelled, returned
 * to origin, lost); null while it is on its way.
 */
export function itemPayableAt(
  item: { deliveredAt: Date | null; returnWindowDays: number; replaceWindowDays: number; status: string },
  endedAt: Date,
): Date | null {
  if (item.deliveredAt)
    return payableFrom(item.deliveredAt, Math.max(item.returnWindowDays, item.replaceWindowDays));
  return item.status === 'cancelled' || item.status === 'undelivered' ? endedAt : null;
}
