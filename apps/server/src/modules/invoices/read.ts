import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, orders, sellers, taxDocumentLines, taxDocuments } from '@marketplace/db';
import {
  documentTitle,
  type TaxDocumentSummary,
  type TaxDocumentView,
} from '@marketplace/domain/tax/document-view';
import { lineCounts } from '@marketplace/domain/tax/documents';

const invoices = alias(taxDocuments, 'invoices');

type Listed = TaxDocumentSummary & { orderId: number; sellerId: number };

/** The documents matching `where`, oldest first, each with its PDF's address from `pdfBase`. */
async function listDocuments(
  db: Executor,
  where: SQL | undefined,
  pdfBase: (orderNo: string) => string,
): Promise<Listed[]> {
  const rows = await db
    .select({
      id: taxDocuments.id,
      orderId: taxDocuments.orderId,
      orderNo: orders.orderNo,
      sellerId: taxDocuments.sellerId,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
      sellerName: sellers.name,
      sellerGstin: taxDocuments.sellerGstin,
      taxedLines: sql<number>`(SELECT count(*)::int FROM ${taxDocumentLines} WHERE ${taxDocumentLines.documentId} = ${taxDocuments.id} AND ${taxDocumentLines.rateBp} > 0)`,
      untaxedLines: sql<number>`(SELECT count(*)::int FROM ${taxDocumentLines} WHERE ${taxDocumentLines.documentId} = ${taxDocuments.id} AND ${taxDocumentLines.rateBp} = 0)`,
      valuePaise: taxDocuments.valuePaise,
      invoiceNumber: invoices.number,
    })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .innerJoin(sellers, eq(sellers.id, taxDocuments.sellerId))
    .leftJoin(invoices, eq(invoices.id, taxDocuments.invoiceId))
    .where(where)
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id))
    .limit(500);
  return rows.map((row) => {
    const kind = row.kind === 'credit_note' ? 'credit_note' : 'invoice';
    return {
      id: row.id,
      orderId: row.orderId,
      sellerId: row.sellerId,
      kind,
      title: documentTitle(kind, row.sellerGstin, row),
      number: row.number,
      issuedAt: row.issuedAt.toISOString(),
      sellerName: row.sellerName,
      valuePaise: row.valuePaise,
      invoiceNumber: row.invoiceNumber,
      pdfUrl: `${pdfBase(row.orderNo)}/${row.id}/pdf`,
    };
  });
}

/** The order of the shopper by its number, or null for another's or a missing one. */
async function shopperOrder(db: Executor, userId: number, orderNo: string) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  return order ?? null;
}

/** requirements#gst-invoices: the invoices and credit notes of one of the shopper's orders; null when not theirs. */
export async function shopperDocuments(db: Executor, userId: number, orderNo: string) {
  const order = await shopperOrder(db, userId, orderNo);
  if (!order) return null;
  return (await listDocuments(db, eq(taxDocuments.orderId, order.id), shopperPdfBase)).map(summary);
}

const shopperPdfBase = (orderNo: string) => `/api/my-orders/${orderNo}/tax-documents`;
const summary = ({ orderId: _o, sellerId: _s, ...listed }: Listed): TaxDocumentSummary => listed;

/**
 * requirements#gst-invoices: the documents of the shopper's orders (already known to be theirs) by
 * order and seller, as My Orders groups an order's items: key `${orderId}:${sellerId}`.
 */
export async function documentsOfOrders(db: Executor, orderIds: readonly number[]) {
  const bySeller = new Map<string, TaxDocumentSummary[]>();
  if (orderIds.length === 0) return bySeller;
  for (const listed of await listDocuments(
    db,
    inArray(taxDocuments.orderId, [...orderIds]),
    shopperPdfBase,
  )) {
    const key = `${listed.orderId}:${listed.sellerId}`;
    bySeller.set(key, [...(bySeller.get(key) ?? []), summary(listed)]);
  }
  return bySeller;
}

/** requirements#gst-invoices: the seller's own invoices and credit notes, newest orders first when paged by order. */
export async function sellerDocuments(db: Executor, sellerId: number, orderNo: string | undefined) {
  const where = orderNo
    ? and(eq(taxDocuments.sellerId, sellerId), eq(orders.orderNo, orderNo))
    : eq(taxDocuments.sellerId, sellerId);
  return (await listDocuments(db, where, () => '/api/seller/tax-documents')).map(summary);
}

/** Everything one document prints, found by `where`; null when no document matches. */
async function documentView(db: Executor, where: SQL | undefined): Promise<TaxDocumentView | null> {
  const [row] = await db
    .select({
      document: taxDocuments,
      orderNo: orders.orderNo,
      orderedAt: orders.createdAt,
      invoice: invoices,
    })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .leftJoin(invoices, eq(invoices.id, taxDocuments.invoiceId))
    .where(where);
  if (!row) return null;
  const { document: d } = row;
  const lines = await db
    .select()
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, d.id))
    .orderBy(asc(taxDocumentLines.orderItemId), desc(taxDocumentLines.kind), asc(taxDocumentLines.id));
  const kind = d.kind === 'credit_note' ? 'credit_note' : 'invoice';
  return {
    kind,
    title: documentTitle(kind, d.sellerGstin, lineCounts(lines)),
    number: d.number,
    issuedAt: d.issuedAt,
    orderNo: row.orderNo,
    orderedAt: row.orderedAt,
    invoice: row.invoice ? { number: row.invoice.number, issuedAt: row.invoice.issuedAt } : null,
    seller: {
      legalName: d.sellerLegalName,
      address: d.sellerAddress,
      gstin: d.sellerGstin,
      enrolmentNo: d.sellerEnrolmentNo,
      stateCode: d.sellerStateCode,
    },
    buyer: {
      name: d.buyerName,
      address: d.buyerAddress,
      gstin: d.buyerGstin,
      businessName: d.buyerBusinessName,
    },
    placeOfSupplyCode: d.placeOfSupplyCode,
    supplyKind: d.supplyKind === 'intra' ? 'intra' : 'inter',
    lines: lines.map(({ id: _id, documentId: _document, orderItemId: _item, ...line }) => ({
      ...line,
      kind: line.kind === 'delivery' ? 'delivery' : 'goods',
    })),
    totals: {
      valuePaise: d.valuePaise,
      taxablePaise: d.taxablePaise,
      cgstPaise: d.cgstPaise,
      sgstPaise: d.sgstPaise,
      igstPaise: d.igstPaise,
    },
  };
}

/** One document of one of the shopper's orders; null for anyone else's. */
export async function shopperDocumentView(db: Executor, userId: number, orderNo: string, id: number) {
  const order = await shopperOrder(db, userId, orderNo);
  if (!order) return null;
  return documentView(db, and(eq(taxDocuments.id, id), eq(taxDocuments.orderId, order.id)));
}

/** One of the seller's own documents; null for another seller's. */
export function sellerDocumentView(db: Executor, sellerId: number, id: number) {
  return documentView(db, and(eq(taxDocuments.id, id), eq(taxDocuments.sellerId, sellerId)));
}

/**
 * requirements#gst-invoices: each parcel's GST invoice number, by shipment id (the number the
 * shopper reads on the PDF; the shipment's own reference is not an invoice).
 */
export async function invoiceNumbersOfShipments(db: Executor, shipmentIds: readonly number[]) {
  const numbers = new Map<number, string>();
  if (shipmentIds.length === 0) return numbers;
  const rows = await db
    .select({ shipmentId: taxDocuments.shipmentId, number: taxDocuments.number })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, 'invoice'), inArray(taxDocuments.shipmentId, [...shipmentIds])));
  for (const row of rows) if (row.shipmentId !== null) numbers.set(row.shipmentId, row.number);
  return numbers;
}
