import { and, asc, eq, inArray, sum } from 'drizzle-orm';
import type { orders } from '@marketplace/db';
import {
  type Executor,
  orderItems,
  pincodes,
  products,
  sellers,
  shipments,
  taxDocumentLines,
  taxDocuments,
} from '@marketplace/db';
import { paidShares } from '@marketplace/domain/orders/refund';
import { documentNumber, financialYearOf } from '@marketplace/domain/settlement/documents';
import { gstStateCodeOf } from '@marketplace/domain/sellers/tax-identity';
import {
  creditLines,
  type DocumentLine,
  documentTotals,
  type InvoiceItem,
} from '@marketplace/domain/tax/documents';
import { invoiceLines } from '@marketplace/domain/tax/documents';
import { isGstRate, supplyKind } from '@marketplace/domain/tax/gst';
import { recordReversal, recordSales } from '../ledger/index.ts';
import { nextSerial, sellerIssuer } from './series.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type DocumentRow = typeof taxDocuments.$inferSelect;

/** The state code of somewhere outside the GST list's states: "Other Territory". */
const OTHER_TERRITORY = '97';

/** The seller as its documents print it: legal name, GSTIN (or enrolment), address and state. */
async function issuerOf(tx: Executor, sellerId: number) {
  const [row] = await tx
    .select({
      legalName: sellers.legalName,
      gstin: sellers.gstin,
      enrolmentNo: sellers.enrolmentNo,
      pickupAddress: sellers.pickupAddress,
      pincode: sellers.pincode,
      city: pincodes.city,
      state: pincodes.state,
    })
    .from(sellers)
    .innerJoin(pincodes, eq(pincodes.pincode, sellers.pincode))
    .where(eq(sellers.id, sellerId));
  if (!row) throw new Error(`seller ${sellerId} vanished`);
  const address = [row.pickupAddress, row.city, `${row.state} ${row.pincode}`].filter(Boolean).join(', ');
  const stateCode = row.gstin ? row.gstin.slice(0, 2) : (gstStateCodeOf(row.state) ?? OTHER_TERRITORY);
  return {
    sellerLegalName: row.legalName,
    sellerGstin: row.gstin,
    sellerEnrolmentNo: row.gstin ? null : row.enrolmentNo,
    sellerAddress: address,
    sellerStateCode: stateCode,
  };
}

/** The buyer as the order names them: the delivery address, and a business's GSTIN when given. */
function buyerOf(order: OrderRow) {
  return {
    buyerName: order.deliveryName,
    buyerAddress: `${order.deliveryAddress}, ${order.deliveryCity}, ${order.deliveryState} ${order.deliveryPincode}`,
    buyerGstin: order.buyerGstin,
    buyerBusinessName: order.buyerBusinessName,
    placeOfSupplyCode: gstStateCodeOf(order.deliveryState) ?? OTHER_TERRITORY,
  };
}

async function insertDocument(
  tx: Executor,
  values: Omit<
    typeof taxDocuments.$inferInsert,
    | 'number'
    | 'serial'
    | 'financialYear'
    | 'valuePaise'
    | 'taxablePaise'
    | 'cgstPaise'
    | 'sgstPaise'
    | 'igstPaise'
  > & {
    kind: 'invoice' | 'credit_note';
    sellerId: number;
    issuedAt: Date;
  },
  lines: readonly DocumentLine[],
): Promise<DocumentRow> {
  const financialYear = financialYearOf(values.issuedAt);
  const serial = await nextSerial(tx, {
    issuer: sellerIssuer(values.sellerId),
    kind: values.kind,
    financialYear,
  });
  const [document] = await tx
    .insert(taxDocuments)
    .values({
      ...values,
      financialYear,
      serial,
      number: documentNumber(values.kind, financialYear, serial),
      ...documentTotals(lines),
    })
    .returning();
  if (!document) throw new Error('the document was not inserted');
  await tx
    .insert(taxDocumentLines)
    .values(lines.map(({ itemId, ...line }) => ({ ...line, documentId: document.id, orderItemId: itemId })));
  return document;
}

/** The name of the first of these products that lacks its HSN code or GST rate, or null when none does. */
export async function productWithoutTaxDetails(
  tx: Executor,
  productIds: readonly number[],
): Promise<string | null> {
  if (productIds.length === 0) return null;
  const rows = await tx
    .select({ name: products.name, hsnCode: products.hsnCode, gstRate: products.gstRate })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  const missing = rows.find((p) => !p.hsnCode || p.gstRate === null || !isGstRate(p.gstRate));
  return missing?.name ?? null;
}

export type IssueInvoiceResult =
  { code: 'ISSUED'; document: DocumentRow } | { code: 'NO_TAX_DETAILS'; productName: string };

/**
 * requirements#gst-invoices: the seller's tax invoice for a shipment, issued in the transaction that
 * creates the shipment: the shipped items' goods and delivery lines, taxed by the supply (the seller's
 * state against the delivery address's state), numbered next in the seller's series for the year.
 */
export async function issueInvoice(
  tx: Executor,
  input: { order: OrderRow; sellerId: number; shipmentId: number; now: Date },
): Promise<IssueInvoiceResult> {
  const { order, sellerId, shipmentId, now } = input;
  const all = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const shares = paidShares(order.totalPaise, all);
  const shipped = all.filter((item) => item.shipmentId === shipmentId);
  const taxOf = new Map(
    (
      await tx
        .select({ id: products.id, hsnCode: products.hsnCode, gstRate: products.gstRate })
        .from(products)
        .where(
          inArray(
            products.id,
            shipped.map((item) => item.productId),
          ),
        )
    ).map((p) => [p.id, p]),
  );
  const items: InvoiceItem[] = [];
  for (const item of shipped) {
    const tax = taxOf.get(item.productId);
    if (!tax?.hsnCode || tax.gstRate === null || !isGstRate(tax.gstRate))
      return { code: 'NO_TAX_DETAILS', productName: item.productName };
    items.push({
      itemId: item.id,
      description: item.productName,
      hsnCode: tax.hsnCode,
      ratePercent: tax.gstRate,
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      couponDiscountPaise: item.couponDiscountPaise,
      deliveryChargePaise: item.deliveryChargePaise,
      paidSharePaise: shares[all.indexOf(item)] ?? 0,
    });
  }
  const issuer = await issuerOf(tx, sellerId);
  const buyer = buyerOf(order);
  const kind = supplyKind(issuer.sellerStateCode, buyer.placeOfSupplyCode);
  const lines = invoiceLines(items, kind, issuer.sellerGstin !== null);
  const document = await insertDocument(
    tx,
    {
      kind: 'invoice',
      sellerId,
      orderId: order.id,
      shipmentId,
      issuedAt: now,
      supplyKind: kind,
      ...issuer,
      ...buyer,
    },
    lines,
  );
  // requirements#settlement: the seller's ledger records the sales, their fees and taxes, with the invoice
  await recordSales(tx, {
    documentId: document.id,
    sellerId,
    supplyKind: kind,
    issuedAt: now,
    items: shipped.map((item) => {
      const own = lines.filter((l) => l.itemId === item.id);
      const sum = (pick: (l: (typeof own)[number]) => number) => own.reduce((total, l) => total + pick(l), 0);
      return {
        item,
        goodsValuePaise: sum((l) => (l.kind === 'goods' ? l.valuePaise : 0)),
        valuePaise: sum((l) => l.valuePaise),
        taxablePaise: sum((l) => l.taxablePaise),
      };
    }),
  });
  return { code: 'ISSUED', document };
}

/**
 * requirements#gst-invoices: a credit note taking back `units` more units of an invoiced item (a
 * cancellation after invoicing, a return, a refused replacement, a parcel that never arrived), in
 * the transaction of the change that causes it. Nothing is issued for an item not yet invoiced.
 */
export async function issueCreditNote(
  tx: Executor,
  input: { item: ItemRow; units: number; requestId: number | null; now: Date },
): Promise<DocumentRow | null> {
  const { item, units, now } = input;
  if (units <= 0 || item.shipmentId === null) return null;
  const [invoice] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, 'invoice'), eq(taxDocuments.shipmentId, item.shipmentId)));
  if (!invoice) return null;
  const invoiced = await tx
    .select()
    .from(taxDocumentLines)
    .where(and(eq(taxDocumentLines.documentId, invoice.id), eq(taxDocumentLines.orderItemId, item.id)))
    .orderBy(asc(taxDocumentLines.id));
  const goods = invoiced.find((l) => l.kind === 'goods');
  if (!goods) return null;
  const [credited] = await tx
    .select({ units: sum(taxDocumentLines.quantity).mapWith(Number) })
    .from(taxDocumentLines)
    .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
    .where(
      and(
        eq(taxDocuments.invoiceId, invoice.id),
        eq(taxDocumentLines.orderItemId, item.id),
        eq(taxDocumentLines.kind, 'goods'),
      ),
    );
  const before = credited?.units ?? 0;
  const take = Math.min(units, goods.quantity - before);
  if (take <= 0) return null;
  const lines = creditLines(
    invoiced.map((l) => ({
      ...l,
      itemId: l.orderItemId,
      ratePercent: isGstRate(l.ratePercent) ? l.ratePercent : 0,
      kind: l.kind === 'delivery' ? 'delivery' : 'goods',
    })),
    before,
    take,
  );
  const { id: _id, number: _n, serial: _s, financialYear: _f, createdAt: _c, ...copied } = invoice;
  const creditNote = await insertDocument(
    tx,
    {
      ...copied,
      kind: 'credit_note',
      shipmentId: null,
      invoiceId: invoice.id,
      requestId: input.requestId,
      issuedAt: now,
    },
    lines,
  );
  // requirements#settlement: the refund and the units' fees and taxes given back, with the credit note;
  // the parcel travelled unless the seller cancelled it before the courier took it
  const [shipment] = await tx
    .select({ status: shipments.status })
    .from(shipments)
    .where(eq(shipments.id, item.shipmentId));
  await recordReversal(tx, {
    item,
    invoiceId: invoice.id,
    creditNoteId: creditNote.id,
    creditPaise: creditNote.valuePaise,
    quantity: goods.quantity,
    reversedBefore: before,
    units: take,
    shipped: !['manifested', 'not_picked'].includes(shipment?.status ?? 'manifested'),
    now,
  });
  return creditNote;
}
