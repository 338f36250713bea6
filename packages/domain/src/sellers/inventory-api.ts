// requirements#seller-bulk-inventory: the contract of the seller's offers table, its inline edit
// and the CSV uploads, used by the API and the Seller Central pages alike (one contract).
import { z } from 'zod';
import { OFFER_IMPORT_STATUSES } from './statuses.ts';
import { OFFER_LIMITS, OFFER_MESSAGES, parseStock, priceStockProblem, rupeesToPaise } from './offer-rules.ts';

export const INVENTORY_PAGE_SIZE = 50;
/** At or below this many units an offer is "low on stock" (requirements#seller-dashboard uses it too). */
export const LOW_STOCK_LIMIT = 5;
/**
 * A search of the offers table counts at most this many matches: past it the table says "more
 * than" and pages through the first of them (a search matching most of 50,000 offers asks the
 * seller to narrow it rather than count every one).
 */
export const INVENTORY_SEARCH_LIMIT = 1000;
export const INVENTORY_SORTS = ['updated', 'sku', 'name', 'price', 'stock'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];
export const INVENTORY_STATUSES = ['active', 'paused'] as const;

export const INVENTORY_MESSAGES = {
  notFound: 'No such offer among your listings.',
  saved: 'Saved',
  importNotFound: 'No such upload.',
  importRunning: 'An upload of yours is still running. Wait for it to finish, then upload again.',
} as const;

const limitedText = (max: number) => z.string().max(max, `At most ${max} characters.`);

/** The table's query: text in the name or SKU, status, low stock, sort and page. */
export const OffersQuery = z.object({
  q: limitedText(100)
    .optional()
    .transform((q) => q?.trim() || undefined),
  status: z.enum(INVENTORY_STATUSES, { error: 'status must be active or paused.' }).optional(),
  lowStock: z
    .enum(['1', 'true'], { error: 'lowStock must be 1.' })
    .optional()
    .transform((v) => v !== undefined),
  sort: z
    .enum(INVENTORY_SORTS, { error: `sort must be one of ${INVENTORY_SORTS.join(', ')}.` })
    .default('updated'),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1.')
    .default('1')
    .transform(Number),
});
export type OffersQuery = z.infer<typeof OffersQuery>;

/** One row of the seller's offers table. */
export const OfferRow = z
  .object({
    offerId: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    imageUrl: z.string().nullable(),
    sku: z.string(),
    salePricePaise: z.number().int(),
    mrpPaise: z.number().int(),
    stock: z.number().int(),
    maxPerOrder: z.number().int(),
    dispatchDays: z.number().int(),
    isActive: z.boolean(),
    updatedAt: z.string(),
    /** grows whenever the price, M.R.P. or stock changes (an order, a save, an upload): a save names the version it edited */
    version: z.number().int(),
  })
  .meta({ id: 'SellerOfferRow' });
export type OfferRow = z.infer<typeof OfferRow>;

export const OffersPage = z
  .object({
    offers: z.array(OfferRow),
    page: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    /** true when a search matches more offers than `total` (INVENTORY_SEARCH_LIMIT) */
    moreThanTotal: z.boolean(),
    lowStockCount: z.number().int(),
  })
  .meta({ id: 'SellerOffersPage' });
export type OffersPage = z.infer<typeof OffersPage>;

/** The inline edit's body: price, M.R.P. and stock in paise and units, checked together. */
export const OfferPriceStockInput = z
  .object({
    salePricePaise: z.number({ error: OFFER_MESSAGES.price }).int(OFFER_MESSAGES.price),
    mrpPaise: z.number({ error: OFFER_MESSAGES.price }).int(OFFER_MESSAGES.price),
    stock: z.number({ error: OFFER_MESSAGES.stock }).int(OFFER_MESSAGES.stock),
  })
  .superRefine((offer, ctx) => {
    const problem = priceStockProblem(offer);
    if (!problem) return;
    const path =
      problem === OFFER_MESSAGES.stock || problem === OFFER_MESSAGES.stockTooHigh
        ? 'stock'
        : problem === OFFER_MESSAGES.priceAboveMrp
          ? 'salePricePaise'
          : offer.salePricePaise <= 0 || offer.salePricePaise > OFFER_LIMITS.maxPricePaise
            ? 'salePricePaise'
            : 'mrpPaise';
    ctx.addIssue({ code: 'custom', message: problem, path: [path] });
  })
  .meta({ id: 'SellerOfferPriceStock' });
export type OfferPriceStockInput = z.infer<typeof OfferPriceStockInput>;

/** The table row's form as typed (rupees and units as text) → the API body, or messages per field. */
export function readPriceStockForm(form: {
  price: string;
  mrp: string;
  stock: string;
}):
  | { ok: true; input: OfferPriceStockInput }
  | { ok: false; fields: Partial<Record<'price' | 'mrp' | 'stock', string>> } {
  const salePricePaise = rupeesToPaise(form.price);
  const mrpPaise = rupeesToPaise(form.mrp);
  const stock = parseStock(form.stock);
  const fields: Partial<Record<'price' | 'mrp' | 'stock', string>> = {};
  if (salePricePaise === null) fields.price = OFFER_MESSAGES.price;
  if (mrpPaise === null) fields.mrp = OFFER_MESSAGES.price;
  if (stock === null) fields.stock = OFFER_MESSAGES.stock;
  if (salePricePaise === null || mrpPaise === null || stock === null) return { ok: false, fields };
  const parsed = OfferPriceStockInput.safeParse({ salePricePaise, mrpPaise, stock });
  if (parsed.success) return { ok: true, input: parsed.data };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === 'stock' ? 'stock' : issue.path[0] === 'mrpPaise' ? 'mrp' : 'price';
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}

export const ImportRowError = z.object({ line: z.number().int(), sku: z.string(), reason: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

export const IMPORT_ERRORS_PAGE_SIZE = 100;

/** An upload's progress and (a page of) its refused rows. */
export const OfferImport = z
  .object({
    importId: z.number().int(),
    fileName: z.string(),
    status: z.enum(OFFER_IMPORT_STATUSES),
    totalRows: z.number().int(),
    processedRows: z.number().int(),
    appliedRows: z.number().int(),
    errorRows: z.number().int(),
    /** why a failed upload stopped (rows applied before it stay applied) */
    failure: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    errors: z.array(ImportRowError),
    errorsPage: z.number().int(),
    errorsPages: z.number().int(),
  })
  .meta({ id: 'SellerOfferImport' });
export type OfferImport = z.infer<typeof OfferImport>;

export const OfferImportSummary = OfferImport.omit({ errors: true, errorsPage: true, errorsPages: true });
export const OfferImportList = z
  .object({ imports: z.array(OfferImportSummary) })
  .meta({ id: 'SellerOfferImports' });
export type OfferImportList = z.infer<typeof OfferImportList>;

export const OfferImportStarted = z
  .object({ importId: z.number().int(), totalRows: z.number().int() })
  .meta({ id: 'SellerOfferImportStarted' });
export type OfferImportStarted = z.infer<typeof OfferImportStarted>;
