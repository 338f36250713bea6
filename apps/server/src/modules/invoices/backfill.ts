import { and, asc, eq, isNull, notExists } from 'drizzle-orm';
import { type Database, orderItems, orders, shipments, taxDocuments } from '@marketplace/db';
import { itemPayableAt } from '@marketplace/domain/settlement/documents';
import { recordCodCollection } from '../ledger/index.ts';
import { issueCreditNote, issueInvoice } from './issue.ts';

const BATCH = 200;

/**
 * requirements#gst-invoices: invoices for the shipments made before invoices were issued (the seeded
 * demo orders, a shop that ran an earlier version), each dated when its shipment was made, with a
 * credit note for its units cancelled or returned since, and its items' payable dates, so every
 * shipment has its documents and every seller its ledger. Replacement parcels carry no invoice.
 * Idempotent: a shipment with an invoice is left alone. Answers how many invoices it issued.
 */
export async function issueMissingDocuments(db: Database): Promise<number> {
  let issued = 0;
  for (;;) {
    const missing = await db
      .select({
        id: shipments.id,
        orderId: shipments.orderId,
        sellerId: shipments.sellerId,
        carrier: shipments.carrier,
        createdAt: shipments.createdAt,
        deliveredAt: shipments.deliveredAt,
      })
      .from(shipments)
      .where(
        and(
          isNull(shipments.replacementRequestId),
          notExists(
            db
              .select({ id: taxDocuments.id })
              .from(taxDocuments)
              .where(and(eq(taxDocuments.shipmentId, shipments.id), eq(taxDocuments.kind, 'invoice'))),
          ),
        ),
      )
      .orderBy(asc(shipments.createdAt), asc(shipments.id))
      .limit(BATCH);
    let progressed = false;
    for (const shipment of missing) {
      const made = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, shipment.orderId)).for('update');
        if (!order) return false;
        const result = await issueInvoice(tx, {
          order,
          sellerId: shipment.sellerId,
          shipmentId: shipment.id,
          now: shipment.createdAt,
        });
        if (result.code !== 'ISSUED') return false;
        // cash collected at the door: owed by the courier until finance records its remittance
        if (order.paymentMode === 'cod' && shipment.deliveredAt)
          await recordCodCollection(tx, {
            shipmentId: shipment.id,
            orderId: order.id,
            sellerId: shipment.sellerId,
            carrier: shipment.carrier,
            now: shipment.deliveredAt,
          });
        const items = await tx.select().from(orderItems).where(eq(orderItems.shipmentId, shipment.id));
        for (const item of items) {
          const units = item.cancelledQuantity + item.returnedQuantity;
          await issueCreditNote(tx, { item, units, requestId: null, now: item.updatedAt });
          const payableAt = itemPayableAt(item, item.updatedAt);
          if (payableAt && !item.payableAt)
            await tx.update(orderItems).set({ payableAt }).where(eq(orderItems.id, item.id));
        }
        return true;
      });
      if (made) {
        issued++;
        progressed = true;
      }
    }
    // a batch where nothing could be issued (products without HSN codes) is not asked for again
    if (missing.length < BATCH || !progressed) return issued;
  }
}
