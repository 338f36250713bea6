import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { type Executor, orderItems, orders, shipments, taxDocuments } from '@marketplace/db';
import { itemPayableAt } from '@marketplace/domain/settlement/documents';
import { recordCodCollections } from '../ledger/index.ts';
import { issueCreditNote, issueInvoicesInBulk } from './issue.ts';

const BATCH = 500;

/**
 * requirements#gst-invoices: invoices for the shipments made before invoices were issued (the seeded
 * demo orders, a shop that ran an earlier version), each dated when its shipment was made, with a
 * credit note for its units cancelled or returned since, and its items' payable dates, so every
 * shipment has its documents and every seller its ledger. Replacement parcels carry no invoice.
 * Idempotent: a shipment with an invoice is left alone. Issued in bulk, a few hundred shipments to
 * a transaction, exactly as they would be one by one. Answers how many invoices it issued.
 */
export async function issueMissingDocuments(db: Executor): Promise<number> {
  let issued = 0;
  for (;;) {
    const made = await db.transaction(async (tx) => {
      const missing = await tx
        .select({
          id: shipments.id,
          orderId: shipments.orderId,
          sellerId: shipments.sellerId,
          carrier: shipments.carrier,
          createdAt: shipments.createdAt,
          deliveredAt: shipments.deliveredAt,
          paymentMode: orders.paymentMode,
        })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .where(
          and(
            isNull(shipments.replacementRequestId),
            notExists(
              tx
                .select({ id: taxDocuments.id })
                .from(taxDocuments)
                .where(and(eq(taxDocuments.shipmentId, shipments.id), eq(taxDocuments.kind, 'invoice'))),
            ),
          ),
        )
        .orderBy(asc(shipments.createdAt), asc(shipments.id))
        .limit(BATCH);
      if (missing.length === 0) return { asked: 0, issued: 0 };
      // the orders stay as they are while their documents are written
      await tx
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, [...new Set(missing.map((s) => s.orderId))]))
        .for('update');
      const invoices = await issueInvoicesInBulk(tx, missing);
      const invoiced = missing.filter((s) => invoices.has(s.id));
      // cash collected at the door: owed by the courier until finance records its remittance
      await recordCodCollections(
        tx,
        invoiced.flatMap((s) =>
          s.paymentMode === 'cod' && s.deliveredAt
            ? [
                {
                  shipmentId: s.id,
                  orderId: s.orderId,
                  sellerId: s.sellerId,
                  carrier: s.carrier,
                  now: s.deliveredAt,
                },
              ]
            : [],
        ),
      );
      await creditAndMakePayable(
        tx,
        invoiced.map((s) => s.id),
      );
      return { asked: missing.length, issued: invoices.size };
    });
    issued += made.issued;
    // a batch where nothing could be issued (products without HSN codes) is not asked for again
    if (made.asked < BATCH || made.issued === 0) return issued;
  }
}

/** The credit notes of the units cancelled or returned since, and the items' payable dates, shipment by shipment. */
async function creditAndMakePayable(tx: Executor, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return;
  const items = await tx
    .select()
    .from(orderItems)
    .where(inArray(orderItems.shipmentId, [...shipmentIds]));
  const position = new Map(shipmentIds.map((id, index) => [id, index]));
  items.sort(
    (a, b) => (position.get(a.shipmentId ?? 0) ?? 0) - (position.get(b.shipmentId ?? 0) ?? 0) || a.id - b.id,
  );
  const payable: { id: number; at: Date }[] = [];
  for (const item of items) {
    const units = item.cancelledQuantity + item.returnedQuantity;
    if (units > 0) await issueCreditNote(tx, { item, units, requestId: null, now: item.updatedAt });
    const payableAt = itemPayableAt(item, item.updatedAt);
    if (payableAt && !item.payableAt) payable.push({ id: item.id, at: payableAt });
  }
  for (let start = 0; start < payable.length; start += 500) {
    const chunk = payable.slice(start, start + 500);
    await tx
      .update(orderItems)
      .set({
        payableAt: sql`case ${orderItems.id} ${sql.join(
          chunk.map((p) => sql`when ${p.id} then ${p.at.toISOString()}::timestamptz`),
          sql` `,
        )} end`,
      })
      .where(
        inArray(
          orderItems.id,
          chunk.map((p) => p.id),
        ),
      );
  }
}
