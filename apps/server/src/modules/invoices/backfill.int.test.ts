import { and, asc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eInvoices,
  journalLines,
  ewayBills,
  codCollections,
  documentSeries,
  type Executor,
  orderItems,
  orders,
  settlementEntries,
  shipments,
  taxDocumentLines,
  taxDocuments,
} from '@marketplace/db';
import { itemPayableAt } from '@marketplace/domain/settlement/documents';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { recordCodCollection } from '../ledger/index.ts';
import { issueMissingDocuments } from './backfill.ts';
import { issueCreditNote, issueInvoice } from './issue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Everything the documents of the seeded shipments wrote, without the ids the database handed out. */
async function written(db: Executor) {
  const documents = await db.select().from(taxDocuments).orderBy(asc(taxDocuments.id));
  const numberOf = new Map(documents.map((d) => [d.id, `${d.sellerId}/${d.number}`]));
  const name = (id: number | null) => (id === null ? null : numberOf.get(id));
  const lines = await db.select().from(taxDocumentLines).orderBy(asc(taxDocumentLines.id));
  const entries = await db.select().from(settlementEntries);
  const collections = await db.select().from(codCollections);
  const byText = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  return {
    documents: byText(
      documents.map(({ id, createdAt: _c, invoiceId, ...d }) => ({
        ...d,
        id: name(id),
        invoiceId: name(invoiceId),
      })),
    ),
    lines: byText(lines.map(({ id: _id, documentId, ...l }) => ({ ...l, document: name(documentId) }))),
    // the chain places and hashes follow ids, which differ between the two ways of issuing
    entries: byText(
      entries.map(({ id: _id, chainPosition: _place, chainHash: _hash, documentId, ...e }) => ({
        ...e,
        document: name(documentId),
      })),
    ),
    collections: byText(collections.map(({ id: _id, ...c }) => c)),
    series: byText(await db.select().from(documentSeries)),
    payable: byText(await db.select({ id: orderItems.id, at: orderItems.payableAt }).from(orderItems)),
  };
}

/** A shop from before invoices: the books are removed as only a database superuser could (ADR-0045). */
async function forget(db: Executor) {
  await db.transaction((tx) => forgetBooks(tx));
}

async function forgetBooks(db: Executor) {
  await db.execute(sql`SET LOCAL session_replication_role = replica`);
  await db.delete(journalLines); // ADR-0053: posted from the rows below
  await db.delete(codCollections);
  await db.delete(settlementEntries);
  // requirements#e-invoicing: what waits for the portal goes with the documents
  await db.delete(ewayBills);
  await db.delete(eInvoices);
  await db.delete(taxDocumentLines);
  await db.delete(taxDocuments).where(isNotNull(taxDocuments.invoiceId)); // credit notes name their invoices
  await db.delete(taxDocuments);
  await db.delete(documentSeries);
  await db.update(orderItems).set({ payableAt: null });
}

/** The documents issued as a shipment's own transaction issues them: invoice, COD cash, then credit notes. */
async function oneByOne(db: TestApp['db']) {
  const missing = await db
    .select()
    .from(shipments)
    .where(
      and(
        isNull(shipments.replacementRequestId),
        notExists(
          db
            .select({ id: taxDocuments.id })
            .from(taxDocuments)
            .where(eq(taxDocuments.shipmentId, shipments.id)),
        ),
      ),
    )
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  for (const shipment of missing) {
    await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, shipment.orderId));
      if (!order) throw new Error('order expected');
      const result = await issueInvoice(tx, {
        order,
        sellerId: shipment.sellerId,
        shipmentId: shipment.id,
        now: shipment.createdAt,
      });
      if (result.code !== 'ISSUED') return;
      if (order.paymentMode === 'cod' && shipment.deliveredAt)
        await recordCodCollection(tx, {
          shipmentId: shipment.id,
          orderId: order.id,
          sellerId: shipment.sellerId,
          carrier: shipment.carrier,
          now: shipment.deliveredAt,
        });
      const items = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.shipmentId, shipment.id))
        .orderBy(asc(orderItems.id));
      for (const item of items) {
        await issueCreditNote(tx, {
          item,
          units: item.cancelledQuantity + item.returnedQuantity,
          requestId: null,
          now: item.updatedAt,
        });
        const payableAt = itemPayableAt(item, item.updatedAt);
        if (payableAt && !item.payableAt)
          await tx.update(orderItems).set({ payableAt }).where(eq(orderItems.id, item.id));
      }
    });
  }
}

describe('the documents of shipments made before invoices, issued in bulk', () => {
  it('are exactly those issued one shipment at a time: lines, numbers, ledger, COD cash and payable dates', async () => {
    const bulk = await written(t.db);
    // the seed's shipments have their documents already: invoices, some credit notes, COD cash
    expect(bulk.documents.length).toBeGreaterThan(100);
    expect(bulk.documents.some((d) => d.includes('"kind":"credit_note"'))).toBe(true);
    expect(bulk.collections.length).toBeGreaterThan(10);
    expect(bulk.entries.length).toBeGreaterThan(bulk.documents.length);

    await forget(t.db);
    await oneByOne(t.db);
    const single = await written(t.db);
    expect(single.documents).toEqual(bulk.documents);
    expect(single.lines).toEqual(bulk.lines);
    expect(single.entries).toEqual(bulk.entries);
    expect(single.collections).toEqual(bulk.collections);
    expect(single.series).toEqual(bulk.series);
    expect(single.payable).toEqual(bulk.payable);

    // and from nothing again, in bulk: the same, and a second run finds nothing to do
    await forget(t.db);
    const issued = await issueMissingDocuments(t.db);
    expect(issued).toBe(bulk.documents.filter((d) => d.includes('"kind":"invoice"')).length);
    expect(await written(t.db)).toEqual(bulk);
    expect(await issueMissingDocuments(t.db)).toBe(0);
  });

  it('take consecutive numbers after those a seller issued already', async () => {
    const [series] = await t.db
      .select()
      .from(documentSeries)
      .where(eq(documentSeries.kind, 'invoice'))
      .orderBy(asc(documentSeries.issuer))
      .limit(1);
    if (!series) throw new Error('a seeded series expected');
    const numbers = await t.db
      .select({ serial: taxDocuments.serial })
      .from(taxDocuments)
      .where(
        and(
          eq(taxDocuments.kind, 'invoice'),
          eq(taxDocuments.financialYear, series.financialYear),
          // requirements#document-series: 'seller:{id}:{prefix}', the prefix the numbers start with
          eq(
            sql`'seller:' || ${taxDocuments.sellerId} || ':' || split_part(${taxDocuments.number}, '-', 1)`,
            series.issuer,
          ),
        ),
      )
      .orderBy(asc(taxDocuments.serial));
    expect(numbers.map((n) => n.serial)).toEqual(numbers.map((_, i) => i + 1));
    expect(series.lastSerial).toBe(numbers.length);
  });
});
