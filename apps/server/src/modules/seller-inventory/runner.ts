// requirements#seller-bulk-inventory: an upload's rows applied a batch at a time. Each batch is one
// transaction: its offers locked, every row checked against the offer rules, the valid rows
// written, the products' lowest prices refreshed and the upload's progress and refused rows
// recorded together, so a batch that fails leaves nothing of itself behind.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Executor, offerImports, offers } from '@marketplace/db';
import type { ImportRowError } from '@marketplace/domain/sellers/inventory-api';
import {
  applyOfferChanges,
  type CsvHeader,
  OFFER_CSV_LIMITS,
  OFFER_CSV_MESSAGES,
  type OfferValues,
  parseCsvRow,
  type ParsedRow,
} from '@marketplace/domain/sellers/inventory-csv';
import { SKU_PATTERN } from '@marketplace/domain/sellers/offer-rules';
import { refreshLowestPrices } from '../inventory/index.ts';
import type { CsvRow } from './import-file.ts';
import { failImport, storable } from './imports.ts';

type CheckedRow = { line: number; parsed: ParsedRow };

/**
 * Checks rows on their own (shape, numbers, repeated SKUs), in file order a batch at a time; the
 * offers are looked up per batch. Remembers each SKU's first line across batches.
 */
export function rowChecker(header: CsvHeader): (rows: readonly CsvRow[]) => CheckedRow[] {
  const firstLine = new Map<string, number>();
  return (rows) =>
    rows.map(({ line, cells, rawLength }) => {
      const parsed = parseCsvRow(cells, header, rawLength);
      if (!parsed.ok) return { line, parsed };
      // a SKU that cannot exist is nobody's: no need to ask the database
      if (!SKU_PATTERN.test(parsed.sku))
        return { line, parsed: { ok: false, sku: parsed.sku, reason: OFFER_CSV_MESSAGES.notYourSku } };
      const key = parsed.sku;
      const earlier = firstLine.get(key);
      if (earlier !== undefined) {
        return {
          line,
          parsed: { ok: false, sku: parsed.sku, reason: OFFER_CSV_MESSAGES.duplicateSku(earlier) },
        };
      }
      firstLine.set(key, line);
      return { line, parsed };
    });
}

/** Applies one batch in one transaction; throws (and so writes nothing) when the database refuses any of it. */
async function applyBatch(db: Executor, importId: number, sellerId: number, batch: readonly CheckedRow[]) {
  await db.transaction(async (tx) => {
    const wanted = batch.flatMap(({ parsed }) => (parsed.ok ? [parsed.sku] : []));
    const current = wanted.length
      ? await tx
          .select({
            id: offers.id,
            sku: offers.sku,
            productId: offers.productId,
            salePricePaise: offers.salePricePaise,
            mrpPaise: offers.mrpPaise,
            stock: offers.stock,
            maxPerOrder: offers.maxPerOrder,
            dispatchDays: offers.dispatchDays,
            isActive: offers.isActive,
          })
          .from(offers)
          .where(and(eq(offers.sellerId, sellerId), isNull(offers.closedAt), inArray(offers.sku, wanted)))
          .for('update')
      : [];
    const bySku = new Map(current.map((offer) => [offer.sku, offer]));
    const errors: ImportRowError[] = [];
    const updates: (OfferValues & { id: number; productId: number })[] = [];
    for (const { line, parsed } of batch) {
      if (!parsed.ok) {
        errors.push({ line, sku: storable(parsed.sku, 40), reason: parsed.reason });
        continue;
      }
      const offer = bySku.get(parsed.sku);
      if (!offer) {
        errors.push({ line, sku: storable(parsed.sku, 40), reason: OFFER_CSV_MESSAGES.notYourSku });
        continue;
      }
      const applied = applyOfferChanges(offer, parsed.changes);
      if (!applied.ok) errors.push({ line, sku: parsed.sku, reason: applied.reason });
      else updates.push({ ...applied.values, id: offer.id, productId: offer.productId });
    }
    if (updates.length > 0) {
      const values = sql.join(
        updates.map(
          (u) =>
            sql`(${u.id}::int, ${u.salePricePaise}::int, ${u.mrpPaise}::int, ${u.stock}::int, ${u.maxPerOrder}::int, ${u.dispatchDays}::int, ${u.isActive}::boolean)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE offers AS o SET sale_price_paise = v.price, mrp_paise = v.mrp, stock = v.stock,
          max_per_order = v.max_per_order, dispatch_days = v.dispatch_days, is_active = v.is_active, updated_at = now()
        FROM (VALUES ${values}) AS v(id, price, mrp, stock, max_per_order, dispatch_days, is_active)
        WHERE o.id = v.id AND o.seller_id = ${sellerId}`);
      await refreshLowestPrices(
        tx,
        updates.map((u) => u.productId),
      );
    }
    await tx
      .update(offerImports)
      .set({
        processedRows: sql`${offerImports.processedRows} + ${batch.length}`,
        appliedRows: sql`${offerImports.appliedRows} + ${updates.length}`,
        errorRows: sql`${offerImports.errorRows} + ${errors.length}`,
        ...(errors.length > 0
          ? { errors: sql`${offerImports.errors} || ${JSON.stringify(errors)}::jsonb` }
          : {}),
      })
      .where(eq(offerImports.id, importId));
  });
}

/**
 * Runs an upload to its end in this process. A batch the database refuses stops the upload as
 * failed, naming the lines not applied; the batches before it stay applied. Never throws.
 */
export async function runImport(
  db: Executor,
  logger: Logger,
  job: { importId: number; sellerId: number; header: CsvHeader; rows: readonly CsvRow[] },
): Promise<void> {
  const check = rowChecker(job.header);
  for (let start = 0; start < job.rows.length; start += OFFER_CSV_LIMITS.batchRows) {
    // checked a batch at a time, so no one step holds up other requests for long
    const batch = check(job.rows.slice(start, start + OFFER_CSV_LIMITS.batchRows));
    try {
      await applyBatch(db, job.importId, job.sellerId, batch);
    } catch (error) {
      logger.error({ err: error, importId: job.importId }, 'offer import batch failed');
      const first = batch[0]?.line ?? 0;
      const last = batch.at(-1)?.line ?? 0;
      await failImport(
        db,
        job.importId,
        `The upload stopped: lines ${first} to ${last} could not be saved and none of them was applied. Rows before line ${first} were applied; upload the file again to finish.`,
      ).catch((failure: unknown) =>
        logger.error({ err: failure, importId: job.importId }, 'marking an import failed'),
      );
      return;
    }
    // let other requests through between batches
    await new Promise((resolve) => setImmediate(resolve));
  }
  await db
    .update(offerImports)
    .set({ status: 'done', finishedAt: sql`now()` })
    .where(and(eq(offerImports.id, job.importId), eq(offerImports.status, 'running')))
    .catch((error: unknown) => logger.error({ err: error, importId: job.importId }, 'finishing an import'));
}
