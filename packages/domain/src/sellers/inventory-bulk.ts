// requirements#seller-bulk-inventory: "Save all" on the offers table. Every edited row travels in
// one request; each row is saved whole or not at all, refused rows say why beside themselves, and a
// row that changed since the page was loaded (an order took stock) is refused rather than overwritten.
import { z } from 'zod';
import { OfferPriceStockInput, OfferRow, readPriceStockForm } from './inventory-api.ts';
import { paiseToRupeesText } from './inventory-csv.ts';

export const BULK_SAVE_LIMITS = {
  /** rows in one save: ten pages of the table; more is a script gone wrong, not a seller */
  maxRows: 500,
} as const;

export const BULK_SAVE_MESSAGES = {
  empty: 'Change a price, M.R.P. or stock before saving.',
  tooMany: `Save at most ${BULK_SAVE_LIMITS.maxRows} rows at once.`,
  duplicate: 'This offer was sent twice in one save: nothing of it was changed. Save it once.',
  notFound: 'No such offer among your listings.',
  stale: 'This offer changed since you opened the page (an order or another save). Nothing was changed.',
  leave: 'You have changes that are not saved. Leave this page and lose them?',
} as const;

/** Why a row was refused: its values break a rule, it is not the seller's, it came twice, or it changed since. */
export const BULK_REFUSALS = ['INVALID', 'NOT_FOUND', 'DUPLICATE', 'STALE'] as const;
export type BulkRefusal = (typeof BULK_REFUSALS)[number];

/** One edited row as the API takes it: money in paise, and the version the page was showing. */
export const BulkSaveRow = z
  .object({
    offerId: z.number({ error: 'offerId must be a whole number.' }).int().positive(),
    /** the offer's `version` when the page was loaded: a row changed since is refused */
    version: z.number({ error: 'version must be a whole number.' }).int().nonnegative(),
    // any number here: a price that breaks a rule refuses its row, not the whole save
    salePricePaise: z.number({ error: 'salePricePaise must be a number.' }),
    mrpPaise: z.number({ error: 'mrpPaise must be a number.' }),
    stock: z.number({ error: 'stock must be a number.' }),
  })
  .meta({ id: 'SellerBulkSaveRow' });
export type BulkSaveRow = z.infer<typeof BulkSaveRow>;

export const BulkSaveInput = z
  .object({
    rows: z.array(BulkSaveRow, { error: 'rows must be a list of offers.' }).min(1, BULK_SAVE_MESSAGES.empty),
  })
  .meta({ id: 'SellerBulkSaveInput' });
export type BulkSaveInput = z.infer<typeof BulkSaveInput>;

/** A row's message per field, by the API's names. */
const ApiFields = z.object({
  salePricePaise: z.string().optional(),
  mrpPaise: z.string().optional(),
  stock: z.string().optional(),
});

export const BulkSaveRefused = z.object({
  offerId: z.number().int(),
  code: z.enum(BULK_REFUSALS),
  message: z.string(),
  fields: ApiFields,
  /** the offer as it is now, when it changed since the page was loaded */
  current: OfferRow.nullable(),
});
export type BulkSaveRefused = z.infer<typeof BulkSaveRefused>;

export const BulkSaveResult = z
  .object({
    /** the rows saved, as saved (a row already holding the values sent counts as saved) */
    saved: z.array(OfferRow),
    refused: z.array(BulkSaveRefused),
  })
  .meta({ id: 'SellerBulkSaveResult' });
export type BulkSaveResult = z.infer<typeof BulkSaveResult>;

/** One row's values checked by the inline edit's rule: the values to save, or a message per field. */
export function checkBulkRow(
  row: Pick<BulkSaveRow, 'salePricePaise' | 'mrpPaise' | 'stock'>,
): { ok: true; input: OfferPriceStockInput } | { ok: false; fields: z.infer<typeof ApiFields> } {
  const parsed = OfferPriceStockInput.safeParse(row);
  if (parsed.success) return { ok: true, input: parsed.data };
  const fields: z.infer<typeof ApiFields> = {};
  for (const issue of parsed.error.issues) {
    const key =
      issue.path[0] === 'stock' ? 'stock' : issue.path[0] === 'mrpPaise' ? 'mrpPaise' : 'salePricePaise';
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}

/** The offer ids that appear more than once in a save. */
export function duplicateOfferIds(rows: readonly { offerId: number }[]): Set<number> {
  const seen = new Set<number>();
  const twice = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.offerId)) twice.add(row.offerId);
    seen.add(row.offerId);
  }
  return twice;
}

// ——— the page's form ———

export type RowText = { price: string; mrp: string; stock: string };

/** One row of the table's form: what the seller typed, and what the page showed when loaded. */
export type FormRow = { offerId: number; version: number; typed: RowText; shown: RowText | null };

/** The names of a row's inputs in the table's one form (a row's Save and Save all post the same form). */
export const rowFieldName = (field: keyof RowText | 'version' | 'shown', offerId: number) =>
  `${field}.${offerId}`;

/** What the page showed in a row, kept in the form so a save without scripts sends only edited rows. */
export const shownText = (row: { salePricePaise: number; mrpPaise: number; stock: number }) =>
  [paiseToRupeesText(row.salePricePaise), paiseToRupeesText(row.mrpPaise), String(row.stock)].join('|');

const ROW_FIELD = /^(price|mrp|stock|version|shown)\.([1-9]\d{0,9})$/;

/**
 * The table's form, as posted, to its rows (by offer id, in the form's order); `tooMany` when it
 * holds more rows than one save takes. Names that are not a row's are ignored; a row without a
 * version or a price, M.R.P. and stock is dropped (only a hand-made form lacks them).
 */
export function readBulkForm(entries: Iterable<[string, unknown]>): { rows: FormRow[]; tooMany: boolean } {
  const byId = new Map<number, Partial<Record<keyof RowText | 'version' | 'shown', string>>>();
  for (const [name, value] of entries) {
    const match = ROW_FIELD.exec(name);
    if (!match || typeof value !== 'string') continue;
    const offerId = Number(match[2]);
    if (!Number.isSafeInteger(offerId)) continue;
    let row = byId.get(offerId);
    if (!row) {
      if (byId.size >= BULK_SAVE_LIMITS.maxRows) return { rows: [], tooMany: true };
      row = {};
      byId.set(offerId, row);
    }
    row[match[1] as keyof RowText | 'version' | 'shown'] ??= value;
  }
  const rows: FormRow[] = [];
  for (const [offerId, row] of byId) {
    const version = row.version !== undefined && /^\d{1,9}$/.test(row.version) ? Number(row.version) : null;
    if (version === null || row.price === undefined || row.mrp === undefined || row.stock === undefined)
      continue;
    const shown = row.shown?.split('|');
    rows.push({
      offerId,
      version,
      typed: { price: row.price, mrp: row.mrp, stock: row.stock },
      shown:
        shown?.length === 3 ? { price: shown[0] ?? '', mrp: shown[1] ?? '', stock: shown[2] ?? '' } : null,
    });
  }
  return { rows, tooMany: false };
}

const same = (a: string, b: string) => a.trim().replace(/,/g, '') === b.trim().replace(/,/g, '');

/** Whether the seller changed a row from what the page showed (a row without what was shown counts as changed). */
export function isEdited(row: FormRow): boolean {
  const { shown, typed } = row;
  if (!shown) return true;
  return !(same(typed.price, shown.price) && same(typed.mrp, shown.mrp) && same(typed.stock, shown.stock));
}

/** A typed row → the API's row, or the form's messages per field (price, mrp, stock). */
export function formRowToApi(
  row: FormRow,
): { ok: true; row: BulkSaveRow } | { ok: false; fields: Partial<Record<keyof RowText, string>> } {
  const read = readPriceStockForm(row.typed);
  if (!read.ok) return { ok: false, fields: read.fields };
  return { ok: true, row: { offerId: row.offerId, version: row.version, ...read.input } };
}

/** The API's field names → the form's. */
export function formFieldsOfRow(fields: z.infer<typeof ApiFields>): Partial<Record<keyof RowText, string>> {
  const out: Partial<Record<keyof RowText, string>> = {};
  if (fields.salePricePaise) out.price = fields.salePricePaise;
  if (fields.mrpPaise) out.mrp = fields.mrpPaise;
  if (fields.stock) out.stock = fields.stock;
  return out;
}

/** The message beside a refused row; a changed row says what it holds now. */
export function refusalMessage(refused: BulkSaveRefused): string {
  if (refused.code !== 'STALE' || !refused.current) return refused.message;
  const now = refused.current;
  return `${refused.message} It now has price ₹${paiseToRupeesText(now.salePricePaise)}, M.R.P. ₹${paiseToRupeesText(now.mrpPaise)} and stock ${now.stock}. Check your change and save again.`;
}

/** The save's summary: "3 saved, 1 needs attention". */
export function bulkSummary(saved: number, refused: number): string {
  if (refused === 0) return `${saved} saved`;
  return `${saved} saved, ${refused} ${refused === 1 ? 'needs' : 'need'} attention`;
}
