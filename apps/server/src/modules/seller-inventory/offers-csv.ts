// requirements#seller-bulk-inventory: every open offer of the seller as CSV, written a slice at a
// time (keyset on the SKU, which is unique per seller) so 50,000 offers never sit in memory at once.
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { type Executor, offers, products } from '@marketplace/db';
import { csvLine, OFFER_CSV_COLUMNS, paiseToRupeesText } from '@marketplace/domain/sellers/inventory-csv';

const SLICE = 2_000;

/** The CSV as a byte stream: the header row, then one row per offer in SKU order. */
export function offersCsvStream(db: Executor, sellerId: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(OFFER_CSV_COLUMNS)));
      }
      const own = and(eq(offers.sellerId, sellerId), isNull(offers.closedAt));
      const rows = await db
        .select({
          sku: offers.sku,
          productId: offers.productId,
          productName: products.name,
          salePricePaise: offers.salePricePaise,
          mrpPaise: offers.mrpPaise,
          stock: offers.stock,
          maxPerOrder: offers.maxPerOrder,
          dispatchDays: offers.dispatchDays,
          isActive: offers.isActive,
        })
        .from(offers)
        .innerJoin(products, eq(products.id, offers.productId))
        .where(after === null ? own : and(own, gt(offers.sku, after)))
        .orderBy(asc(offers.sku))
        .limit(SLICE);
      let text = '';
      for (const row of rows) {
        text += csvLine([
          row.sku,
          row.productId,
          row.productName,
          paiseToRupeesText(row.salePricePaise),
          paiseToRupeesText(row.mrpPaise),
          row.stock,
          row.maxPerOrder,
          row.dispatchDays,
          row.isActive,
        ]);
      }
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows.at(-1);
      if (rows.length < SLICE || !last) controller.close();
      else after = last.sku;
    },
  });
}
