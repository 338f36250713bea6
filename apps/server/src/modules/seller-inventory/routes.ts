import { momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import { rm } from 'node:fs/promises';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import type { Executor } from '@marketplace/db';
import {
  INVENTORY_MESSAGES,
  OfferImport,
  OfferImportList,
  OfferImportStarted,
  OfferPriceStockInput,
  OfferRow,
  OffersPage,
  OffersQuery,
} from '@marketplace/domain/sellers/inventory-api';
import {
  BULK_SAVE_LIMITS,
  BULK_SAVE_MESSAGES,
  BulkSaveInput,
  BulkSaveResult,
} from '@marketplace/domain/sellers/inventory-bulk';
import { OFFER_CSV_LIMITS, OFFER_CSV_MESSAGES } from '@marketplace/domain/sellers/inventory-csv';
import { guarded, requireSeller } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { hitLimit } from '../../http/rate-limit.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { receiveFile } from '../uploads/index.ts';
import { readOffersCsv } from './import-file.ts';
import { createImport, hasRunningImport, importReportCsv, listImports, readImport } from './imports.ts';
import { offersCsvStream } from './offers-csv.ts';
import { listSellerOffers, updateOfferPriceStock } from './offers-table.ts';
import { runImport } from './runner.ts';
import { saveOffers } from './save-offers.ts';

const tags = ['Seller Central'];
/** The upload endpoint takes a multipart form: the JSON body guard lets it through. */
export const OFFER_IMPORTS_PATH = '/seller/offer-imports';
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** Uploads a seller may send in ten minutes, taken or refused. */
export const UPLOADS_PER_TEN_MINUTES = 20;
export const TOO_MANY_UPLOADS =
  'You have sent many files in a short while. Please wait a few minutes, then upload again.';
const csv = (description: string) => ({
  content: { 'text/csv': { schema: z.string() } },
  description,
});
const guards = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not an approved seller'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/seller/offers',
  tags,
  summary: 'The seller’s open offers: filtered by name or SKU, status and low stock; sorted; 50 a page',
  request: { query: OffersQuery },
  responses: { 200: json(OffersPage, 'A page of offers'), 400: errorResponse('Bad query'), ...guards },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/seller/offers/{id}',
  tags,
  summary: 'Set an offer’s price, M.R.P. (paise) and stock; the product’s lowest price follows',
  request: {
    params: RecordIdParams,
    body: { required: true, content: { 'application/json': { schema: OfferPriceStockInput } } },
  },
  responses: {
    200: json(OfferRow, 'The offer as saved'),
    400: errorResponse('A price above the M.R.P., negative stock, or not numbers'),
    ...guards,
    404: errorResponse('Not one of the seller’s open offers'),
  },
});

const saveAllRoute = createRoute({
  method: 'patch',
  path: '/seller/offers',
  tags,
  summary: 'Save all: several offers’ price, M.R.P. (paise) and stock at once, each row whole or not at all',
  description: `Each row names the offer's \`version\` the page showed; a row whose offer changed since (an order took stock, another save) is refused as STALE and left as it is. A row breaking a rule (INVALID), not among the seller's open offers (NOT_FOUND) or sent twice (DUPLICATE) is refused; the other rows are saved. At most ${BULK_SAVE_LIMITS.maxRows} rows.`,
  request: { body: { required: true, content: { 'application/json': { schema: BulkSaveInput } } } },
  responses: {
    200: json(BulkSaveResult, 'The rows saved and the rows refused, each with its reason'),
    400: errorResponse('No rows, or rows that are not offers with numbers'),
    ...guards,
    413: errorResponse(`More than ${BULK_SAVE_LIMITS.maxRows} rows`),
  },
});

const downloadRoute = createRoute({
  method: 'get',
  path: '/seller/offers.csv',
  tags,
  summary: 'Every open offer of the seller as CSV (formula-like cells escaped), to edit and upload',
  responses: {
    200: csv('sku, product_id, product_name, price, mrp, stock, max_per_order, dispatch_days, active'),
    ...guards,
  },
});

const uploadRoute = createRoute({
  method: 'post',
  path: OFFER_IMPORTS_PATH,
  tags,
  summary: 'Upload a CSV of price and stock changes (UTF-8, at most 10 MB); it runs in the background',
  description:
    'multipart/form-data with one part `file`: the downloaded CSV, edited. Columns: sku (required) and any of price, mrp, stock, max_per_order, dispatch_days, active; an empty cell leaves that value. Rows are checked one by one and applied 1,000 to a transaction; follow the progress at GET /api/seller/offer-imports/{id}. One upload of a seller runs at a time.',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.string().openapi({ type: 'string', format: 'binary' }) }),
        },
      },
    },
  },
  responses: {
    202: json(OfferImportStarted, 'Received; running'),
    400: errorResponse('Empty, not UTF-8, not CSV, a header we do not know, or no rows'),
    ...guards,
    409: errorResponse('Another upload of the seller is still running'),
    413: errorResponse('Over 10 MB'),
    429: errorResponse('More than 20 uploads in ten minutes'),
    415: errorResponse('Not multipart/form-data'),
  },
});

const importsRoute = createRoute({
  method: 'get',
  path: OFFER_IMPORTS_PATH,
  tags,
  summary: 'The seller’s latest uploads, newest first',
  responses: { 200: json(OfferImportList, 'Uploads'), ...guards },
});

const ImportQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1.')
    .default('1')
    .transform(Number)
    .openapi({ param: { name: 'page', in: 'query' }, description: 'page of refused rows (100 a page)' }),
});
const importRoute = createRoute({
  method: 'get',
  path: `${OFFER_IMPORTS_PATH}/{id}`,
  tags,
  summary: 'An upload’s progress and a page of its refused rows (line, SKU, reason)',
  request: { params: RecordIdParams, query: ImportQuery },
  responses: {
    200: json(OfferImport, 'The upload'),
    400: errorResponse('Bad id or page'),
    ...guards,
    404: errorResponse('Not one of the seller’s uploads'),
  },
});

const reportRoute = createRoute({
  method: 'get',
  path: `${OFFER_IMPORTS_PATH}/{id}/report.csv`,
  tags,
  summary: 'An upload’s refused rows as CSV (line, sku, reason)',
  request: { params: RecordIdParams },
  responses: {
    200: csv('line, sku, reason'),
    ...guards,
    404: errorResponse('Not one of the seller’s uploads'),
  },
});

const attachment = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}"`,
});

/** requirements#seller-bulk-inventory: the seller comes from the session only; another's offer or upload is 404. */
export function sellerInventoryRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const app = createRouter();
  const seller = requireSeller(db);
  app.openapi(guarded(listRoute, seller), async (c) => {
    const page = await listSellerOffers(db, c.get('seller').sellerId, c.req.valid('query'));
    return c.json(page, 200);
  });
  app.openapi(guarded(updateRoute, seller), async (c) => {
    const row = await updateOfferPriceStock(
      db,
      c.get('seller').sellerId,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    if (!row) return apiError(c, 'NOT_FOUND', INVENTORY_MESSAGES.notFound);
    return c.json(row, 200);
  });
  app.openapi(guarded(saveAllRoute, seller), async (c) => {
    const { rows } = c.req.valid('json');
    if (rows.length > BULK_SAVE_LIMITS.maxRows)
      return apiError(c, 'PAYLOAD_TOO_LARGE', BULK_SAVE_MESSAGES.tooMany);
    return c.json(await saveOffers(db, c.get('seller').sellerId, rows), 200);
  });
  // documented above, answered by hand: the body streams (a slice of offers at a time)
  app.openAPIRegistry.registerPath(downloadRoute);
  app.get(downloadRoute.path, seller, (c) => {
    // the file is named by the seller's own (Indian) day
    const day = momentToIndianDay(now());
    return c.body(offersCsvStream(db, c.get('seller').sellerId), 200, attachment(`offers-${day}.csv`));
  });

  app.openAPIRegistry.registerPath(uploadRoute);
  // sellers whose upload this process is receiving or reading: a second one is refused before its file is read
  const reading = new Set<number>();
  app.post(OFFER_IMPORTS_PATH, seller, async (c) => {
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > OFFER_CSV_LIMITS.maxBytes + FORM_OVERHEAD_BYTES) {
      return apiError(c, 'PAYLOAD_TOO_LARGE', OFFER_CSV_MESSAGES.tooLarge);
    }
    const { sellerId } = c.get('seller');
    if (reading.has(sellerId) || (await hasRunningImport(db, sellerId)))
      return apiError(c, 'CONFLICT', INVENTORY_MESSAGES.importRunning);
    // each upload costs reading a file of up to 10 MB: a seller may send a few a minute, not a stream
    const sent = await hitLimit(db, {
      key: `offer-import:${sellerId}`,
      max: UPLOADS_PER_TEN_MINUTES,
      windowMs: 10 * 60_000,
    });
    if (!sent.allowed) {
      c.header('Retry-After', String(sent.retryAfterSeconds));
      return apiError(c, 'RATE_LIMITED', TOO_MANY_UPLOADS);
    }
    reading.add(sellerId);
    try {
      return await receiveAndStart(c, sellerId);
    } finally {
      reading.delete(sellerId);
    }
  });
  async function receiveAndStart(c: Context<AppEnv>, sellerId: number) {
    const received = await receiveFile(c.req.raw, OFFER_CSV_LIMITS.maxBytes);
    if (!received.ok) {
      switch (received.code) {
        case 'NOT_MULTIPART':
          return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
        case 'TOO_LARGE':
          return apiError(c, 'PAYLOAD_TOO_LARGE', OFFER_CSV_MESSAGES.tooLarge);
        case 'TOO_MANY_FILES':
          return apiError(c, 'VALIDATION_FAILED', 'Send one file per upload.', {
            file: 'Send one file per upload.',
          });
        case 'MALFORMED': // an empty file part, or a broken form
          return apiError(c, 'VALIDATION_FAILED', OFFER_CSV_MESSAGES.empty, {
            file: OFFER_CSV_MESSAGES.empty,
          });
        case 'NO_FILE':
          return apiError(c, 'VALIDATION_FAILED', 'Choose the CSV file to upload.', {
            file: 'Choose the CSV file to upload.',
          });
      }
    }
    let read: Awaited<ReturnType<typeof readOffersCsv>>;
    try {
      read = await readOffersCsv(received.file.path);
    } finally {
      await rm(received.file.path, { force: true });
    }
    if (!read.ok) return apiError(c, 'VALIDATION_FAILED', read.message, { file: read.message });
    const started = await createImport(db, sellerId, received.file.fileName, read.rows.length);
    if (started.code === 'RUNNING') return apiError(c, 'CONFLICT', INVENTORY_MESSAGES.importRunning);
    // the rows run after the answer, in this process; a restart mid-run is caught as stale (imports.ts)
    const job = { importId: started.importId, sellerId, header: read.header, rows: read.rows };
    const logger = c.get('logger');
    // started once this answer is on its way
    setImmediate(() => void runImport(db, logger, job));
    return c.json(OfferImportStarted.parse({ importId: started.importId, totalRows: read.rows.length }), 202);
  }

  app.openapi(guarded(importsRoute, seller), async (c) =>
    c.json(await listImports(db, c.get('seller').sellerId), 200),
  );
  app.openapi(guarded(importRoute, seller), async (c) => {
    const found = await readImport(
      db,
      c.get('seller').sellerId,
      c.req.valid('param').id,
      c.req.valid('query').page,
    );
    if (!found) return apiError(c, 'NOT_FOUND', INVENTORY_MESSAGES.importNotFound);
    return c.json(found, 200);
  });
  app.openAPIRegistry.registerPath(reportRoute);
  app.get(reportRoute.path.replace('{id}', ':id'), seller, async (c) => {
    const id = RecordIdParams.safeParse(c.req.param());
    const report = id.success ? await importReportCsv(db, c.get('seller').sellerId, id.data.id) : null;
    if (!report) return apiError(c, 'NOT_FOUND', INVENTORY_MESSAGES.importNotFound);
    return c.body(report, 200, attachment(`upload-${id.data?.id ?? 0}-report.csv`));
  });
  return app;
}
