// requirements#seller-bulk-inventory: the offers CSV a seller downloads and uploads. Writing escapes
// cells a spreadsheet would run as a formula; reading checks every row with the offer rules.
import { OFFER_LIMITS, OFFER_MESSAGES, parseStock, priceStockProblem, rupeesToPaise } from './offer-rules.ts';

/** The columns of the download, in order; an upload may carry any of them (sku is required). */
export const OFFER_CSV_COLUMNS = [
  'sku',
  'product_id',
  'product_name',
  'price',
  'mrp',
  'stock',
  'max_per_order',
  'dispatch_days',
  'active',
] as const;
export type OfferCsvColumn = (typeof OFFER_CSV_COLUMNS)[number];
/** Columns that change the offer; product id and name are there for the seller to read and are ignored. */
export const OFFER_CSV_CHANGING = [
  'price',
  'mrp',
  'stock',
  'max_per_order',
  'dispatch_days',
  'active',
] as const;

export const OFFER_CSV_LIMITS = {
  /** the whole file */
  maxBytes: 10 * 1024 * 1024,
  maxRows: 100_000,
  /** one line of the file, in characters */
  maxRowChars: 2_000,
  /** rows applied in one transaction */
  batchRows: 1_000,
} as const;

export const OFFER_CSV_MESSAGES = {
  empty: 'The file is empty. Upload the CSV you downloaded, with its header row.',
  notUtf8:
    'The file is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8 (comma delimited)” and upload it again.',
  tooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
  tooManyRows: 'The file has more than 1,00,000 rows. Split it into smaller files.',
  noSku: 'The header row has no “sku” column. Keep the header row of the downloaded file.',
  noChange:
    'The header row names nothing to change: add a price, mrp, stock, max_per_order, dispatch_days or active column.',
  unknownColumn: (name: string) =>
    `The header has a column “${name.slice(0, 40)}” we do not know. The columns are: ${OFFER_CSV_COLUMNS.join(', ')}.`,
  repeatedColumn: (name: string) => `The header has the column “${name}” twice.`,
  malformed: (line: number) =>
    `The file is not valid CSV near line ${line} (a quote opened and not closed?). Save it from your spreadsheet as CSV and upload it again.`,
  noRows: 'The file has a header row but no rows.',
  // row reasons
  rowTooLong: `This line is longer than ${OFFER_CSV_LIMITS.maxRowChars.toLocaleString('en-IN')} characters.`,
  cellCount: (found: number, expected: number) => `This line has ${found} cells; the header has ${expected}.`,
  missingSku: 'The SKU is empty.',
  notYourSku: 'Not one of your SKUs.',
  duplicateSku: (line: number) => `This SKU is also on line ${line}; only the first is applied.`,
  price: `price: ${OFFER_MESSAGES.price}`,
  mrp: `mrp: ${OFFER_MESSAGES.price}`,
  stock: `stock: ${OFFER_MESSAGES.stock}`,
  maxPerOrder: `max_per_order: enter a whole number from 1 to ${OFFER_LIMITS.maxPerOrder}.`,
  dispatchDays: `dispatch_days: enter a whole number from ${OFFER_LIMITS.minDispatchDays} to ${OFFER_LIMITS.maxDispatchDays}.`,
  active: 'active: enter yes or no.',
  nothingToChange: 'Nothing to change on this line: every changing cell is empty.',
} as const;

// OWASP "CSV Injection": a cell starting with one of these is read by a spreadsheet as a formula
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a text a spreadsheet would read as a formula gets a leading apostrophe (shown as
 * text, never run), and a cell holding a comma, quote or line break is quoted with quotes doubled.
 */
export function csvCell(value: string | number | boolean): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== value ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of the CSV, ended by CRLF as RFC 4180 writes it. */
export function csvLine(cells: readonly (string | number | boolean)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Paise as the rupees a seller types and reads back in a spreadsheet: 49950 → "499.50". */
export function paiseToRupeesText(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

export type CsvHeader = { columns: (OfferCsvColumn | null)[] };

/** The header row's columns (spaces and case forgiven), or why the file cannot be read. */
export function readCsvHeader(
  cells: readonly string[],
): { ok: true; header: CsvHeader } | { ok: false; message: string } {
  const columns: (OfferCsvColumn | null)[] = [];
  const seen = new Set<string>();
  for (const cell of cells) {
    const name = cell
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (name === '') {
      columns.push(null); // an empty trailing header cell from a spreadsheet: ignored
      continue;
    }
    if (!(OFFER_CSV_COLUMNS as readonly string[]).includes(name)) {
      return { ok: false, message: OFFER_CSV_MESSAGES.unknownColumn(cell.trim()) };
    }
    if (seen.has(name)) return { ok: false, message: OFFER_CSV_MESSAGES.repeatedColumn(name) };
    seen.add(name);
    columns.push(name as OfferCsvColumn);
  }
  if (!seen.has('sku')) return { ok: false, message: OFFER_CSV_MESSAGES.noSku };
  if (!OFFER_CSV_CHANGING.some((name) => seen.has(name)))
    return { ok: false, message: OFFER_CSV_MESSAGES.noChange };
  return { ok: true, header: { columns } };
}

/** What one row asks to change; a missing or empty cell leaves that value as it is. */
export type OfferChanges = {
  salePricePaise?: number;
  mrpPaise?: number;
  stock?: number;
  maxPerOrder?: number;
  dispatchDays?: number;
  isActive?: boolean;
};
export type ParsedRow =
  { ok: true; sku: string; changes: OfferChanges } | { ok: false; sku: string; reason: string };

const wholeIn = (text: string, min: number, max: number) => {
  const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  return n >= min && n <= max ? n : null;
};

/** A data row's cells read by the header: the SKU and the changes, or the first reason to refuse it. */
export function parseCsvRow(cells: readonly string[], header: CsvHeader, rawLength: number): ParsedRow {
  const cell = (name: OfferCsvColumn) => {
    const index = header.columns.indexOf(name);
    return index < 0 ? '' : (cells[index] ?? '').trim();
  };
  const sku = cell('sku').slice(0, OFFER_LIMITS.maxSkuLength + 10);
  if (rawLength > OFFER_CSV_LIMITS.maxRowChars)
    return { ok: false, sku: sku.slice(0, 40), reason: OFFER_CSV_MESSAGES.rowTooLong };
  if (cells.length !== header.columns.length) {
    return { ok: false, sku, reason: OFFER_CSV_MESSAGES.cellCount(cells.length, header.columns.length) };
  }
  if (sku === '') return { ok: false, sku, reason: OFFER_CSV_MESSAGES.missingSku };
  const changes: OfferChanges = {};
  const price = cell('price');
  if (price !== '') {
    const paise = rupeesToPaise(price);
    if (paise === null || paise <= 0) return { ok: false, sku, reason: OFFER_CSV_MESSAGES.price };
    changes.salePricePaise = paise;
  }
  const mrp = cell('mrp');
  if (mrp !== '') {
    const paise = rupeesToPaise(mrp);
    if (paise === null || paise <= 0) return { ok: false, sku, reason: OFFER_CSV_MESSAGES.mrp };
    changes.mrpPaise = paise;
  }
  const stock = cell('stock');
  if (stock !== '') {
    const units = parseStock(stock);
    if (units === null) return { ok: false, sku, reason: OFFER_CSV_MESSAGES.stock };
    changes.stock = units;
  }
  const maxPerOrder = cell('max_per_order');
  if (maxPerOrder !== '') {
    const n = wholeIn(maxPerOrder, 1, OFFER_LIMITS.maxPerOrder);
    if (n === null) return { ok: false, sku, reason: OFFER_CSV_MESSAGES.maxPerOrder };
    changes.maxPerOrder = n;
  }
  const dispatchDays = cell('dispatch_days');
  if (dispatchDays !== '') {
    const n = wholeIn(dispatchDays, OFFER_LIMITS.minDispatchDays, OFFER_LIMITS.maxDispatchDays);
    if (n === null) return { ok: false, sku, reason: OFFER_CSV_MESSAGES.dispatchDays };
    changes.dispatchDays = n;
  }
  const active = cell('active').toLowerCase();
  if (active !== '') {
    if (['yes', 'y', 'true', '1'].includes(active)) changes.isActive = true;
    else if (['no', 'n', 'false', '0'].includes(active)) changes.isActive = false;
    else return { ok: false, sku, reason: OFFER_CSV_MESSAGES.active };
  }
  if (Object.keys(changes).length === 0)
    return { ok: false, sku, reason: OFFER_CSV_MESSAGES.nothingToChange };
  return { ok: true, sku, changes };
}

export type OfferValues = {
  salePricePaise: number;
  mrpPaise: number;
  stock: number;
  maxPerOrder: number;
  dispatchDays: number;
  isActive: boolean;
};

/** The offer after a row's changes, or the offer rule it breaks (a price above the M.R.P. it ends with). */
export function applyOfferChanges(
  current: OfferValues,
  changes: OfferChanges,
): { ok: true; values: OfferValues } | { ok: false; reason: string } {
  const values = { ...current, ...changes };
  const problem = priceStockProblem(values);
  return problem ? { ok: false, reason: problem } : { ok: true, values };
}
