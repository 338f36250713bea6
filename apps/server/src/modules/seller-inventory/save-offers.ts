// requirements#seller-bulk-inventory: "Save all" of the offers table. Each row is one UPDATE of its
// price, M.R.P. and stock together (so a row is saved whole or not at all), guarded by the version
// the page showed: a row an order (or another save) changed since is refused, never overwritten.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, offers } from '@marketplace/db';
import {
  BULK_SAVE_MESSAGES,
  type BulkSaveRefused,
  type BulkSaveResult,
  type BulkSaveRow,
  checkBulkRow,
  duplicateOfferIds,
} from '@marketplace/domain/sellers/inventory-bulk';
import { OFFER_MESSAGES } from '@marketplace/domain/sellers/offer-rules';
import { refreshLowestPrices } from '../inventory/index.ts';
import { offerRowsOf } from './offers-table.ts';

/** Saves the rows that pass, in one transaction; the others come back refused with their reason. */
export async function saveOffers(
  db: Executor,
  sellerId: number,
  rows: readonly BulkSaveRow[],
): Promise<BulkSaveResult> {
  const refused: BulkSaveRefused[] = [];
  const refuse = (
    row: BulkSaveRow,
    code: BulkSaveRefused['code'],
    message: string,
    fields: BulkSaveRefused['fields'] = {},
  ) => refused.push({ offerId: row.offerId, code, message, fields, current: null });
  const twice = duplicateOfferIds(rows);
  const checked: (BulkSaveRow & { offerId: number })[] = [];
  for (const row of rows) {
    if (twice.has(row.offerId)) {
      refuse(row, 'DUPLICATE', BULK_SAVE_MESSAGES.duplicate);
      continue;
    }
    const check = checkBulkRow(row);
    if (!check.ok) {
      refuse(row, 'INVALID', Object.values(check.fields)[0] ?? OFFER_MESSAGES.price, check.fields);
      continue;
    }
    checked.push({ ...row, ...check.input });
  }
  // in offer order, so two saves touching the same offers lock them in the same order
  checked.sort((a, b) => a.offerId - b.offerId);
  return db.transaction(async (tx) => {
    const savedIds: number[] = [];
    const touchedProducts = new Set<number>();
    for (const row of checked) {
      const [updated] = await tx
        .update(offers)
        .set({
          salePricePaise: row.salePricePaise,
          mrpPaise: row.mrpPaise,
          stock: row.stock,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(offers.id, row.offerId),
            eq(offers.sellerId, sellerId),
            isNull(offers.closedAt),
            eq(offers.version, row.version),
          ),
        )
        .returning({ productId: offers.productId });
      if (updated) {
        savedIds.push(row.offerId);
        touchedProducts.add(updated.productId);
        continue;
      }
      const [now] = await offerRowsOf(tx, sellerId, [row.offerId]);
      if (!now) refuse(row, 'NOT_FOUND', BULK_SAVE_MESSAGES.notFound);
      // the same save sent twice (a double click, a retry): the offer already holds these values
      else if (
        now.salePricePaise === row.salePricePaise &&
        now.mrpPaise === row.mrpPaise &&
        now.stock === row.stock
      )
        savedIds.push(row.offerId);
      else
        refused.push({
          offerId: row.offerId,
          code: 'STALE',
          message: BULK_SAVE_MESSAGES.stale,
          fields: {},
          current: now,
        });
    }
    await refreshLowestPrices(tx, [...touchedProducts]);
    const saved = await offerRowsOf(tx, sellerId, savedIds);
    const order = new Map(rows.map((row, index) => [row.offerId, index]));
    const byRequest = (a: { offerId: number }, b: { offerId: number }) =>
      (order.get(a.offerId) ?? 0) - (order.get(b.offerId) ?? 0);
    return { saved: saved.sort(byRequest), refused: refused.sort(byRequest) };
  });
}
