import { and, asc, eq, inArray, sum } from 'drizzle-orm';
import {
  type Executor,
  orderItems,
  orders,
  pincodes,
  products,
  sellers,
  shipments,
  taxDocumentLines,
  taxDocuments,
} from '@marketplace/db';
import { paidShares } from '@marketplace/domain/orders/refund';
import { financialYearOf } from '@marketplace/domain/settlement/documents';
import { defaultDocumentPrefix, sellerDocumentNumber } from '@marketplace/domain/tax/document-series';
import { isTurnoverBand } from '@marketplace/domain/tax/e-invoice';
import { queueEInvoice, queueEwayBill } from '../e-invoices/index.ts';
import { gstStateCodeOf } from '@marketplace/domain/sellers/tax-identity';
import {
  creditLines,
  type DocumentLine,
  documentTotals,
  type InvoiceItem,
  invoiceLines,
  tcsTaxableOf,
} from '@marketplace/domain/tax/documents';
import { isGstRateBp, supplyKind } from '@marketplace/domain/tax/gst';
import { indiaDate, type ScheduleRow, scheduleRowFor } from '@marketplace/domain/tax/schedule';
import { loadGstSchedule } from '../gst-rates/index.ts';
import {
  type InvoiceSales,
  insertSettlementEntries,
  loadSalesContext,
  recordReversal,
  recordSales,
  saleRows,
} from '../ledger/index.ts';
import { nextSerial, reserveSerials, sellerIssuer } from './series.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type DocumentRow = typeof taxDocuments.$inferSelect;

/** The state code of somewhere outside the GST list's states: "Other Territory". */
const OTHER_TERRITORY = '97';

/** Sellers as their documents print them: legal name, GSTIN (or enrolment), address and state. */
async function loadIssuers(tx: Executor, sellerIds: readonly number[]) {
  const rows =
    sellerIds.length === 0
      ? []
      : await tx
          .select({
            id: sellers.id,
            legalName: sellers.legalName,
            gstin: sellers.gstin,
            enrolmentNo: sellers.enrolmentNo,
            pickupAddress: sellers.pickupAddress,
            pincode: sellers.pincode,
            documentPrefix: sellers.documentPrefix,
            turnoverBand: sellers.turnoverBand,
            city: pincodes.city,
            state: pincodes.state,
          })
          .from(sellers)
          .innerJoin(pincodes, eq(pincodes.pincode, sellers.pincode))
          .where(inArray(sellers.id, [...new Set(sellerIds)]));
  return new Map(
    rows.map((row) => {
      const address = [row.pickupAddress, row.city, `${row.state} ${row.pincode}`].filter(Boolean).join(', ');
      const stateCode = row.gstin ? row.gstin.slice(0, 2) : (gstStateCodeOf(row.state) ?? OTHER_TERRITORY);
      const issuer = {
        sellerLegalName: row.legalName,
        sellerGstin: row.gstin,
        sellerEnrolmentNo: row.gstin ? null : row.enrolmentNo,
        sellerAddress: address,
        sellerStateCode: stateCode,
      };
      // requirements#document-series: the seller's own prefix, or the one its legal name gives
      const series = {
        pincode: row.pincode,
        prefix: row.documentPrefix ?? defaultDocumentPrefix(row.legalName),
        band: isTurnoverBand(row.turnoverBand) ? row.turnoverBand : null,
      };
      return [row.id, { issuer, series }] as const;
    }),
  );
}
type IssuerOf = NonNullable<ReturnType<Awaited<ReturnType<typeof loadIssuers>>['get']>>;
type SellerSeries = IssuerOf['series'];

/**
 * Products' HSN codes, by product, and the GST rate schedule: a line's rate is the schedule's for
 * its HSN code on the document's date, never a rate typed on the product.
 */
async function loadTaxDetails(tx: Executor, productIds: readonly number[]) {
  const rows =
    productIds.length === 0
      ? []
      : await tx
          .select({ id: products.id, hsnCode: products.hsnCode })
          .from(products)
          .where(inArray(products.id, [...new Set(productIds)]));
  return { hsnOf: new Map(rows.map((p) => [p.id, p.hsnCode])), schedule: await loadGstSchedule(tx) };
}
type TaxDetails = { hsnOf: Map<number, string | null>; schedule: readonly ScheduleRow[] };

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

type DocumentValues = Omit<
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
};

/** A document's row: numbered `serial` in its seller's series of its year, its totals those of its lines. */
function documentRow(values: DocumentValues, lines: readonly DocumentLine[], serial: number, prefix: string) {
  const financialYear = financialYearOf(values.issuedAt);
  return {
    ...values,
    financialYear,
    serial,
    number: sellerDocumentNumber(prefix, values.kind, financialYear, serial),
    ...documentTotals(lines),
  };
}

// requirements#document-series: a new prefix starts a new series; going back to a prefix continues it
const seriesOf = (values: DocumentValues, prefix: string) => ({
  issuer: sellerIssuer(values.sellerId, prefix),
  kind: values.kind,
  financialYear: financialYearOf(values.issuedAt),
});

const lineRows = (documentId: number, lines: readonly DocumentLine[]) =>
  lines.map(({ itemId, ...line }) => ({ ...line, documentId, orderItemId: itemId }));

async function insertDocument(
  tx: Executor,
  values: DocumentValues,
  lines: readonly DocumentLine[],
  series: SellerSeries,
): Promise<DocumentRow> {
  const serial = await nextSerial(tx, seriesOf(values, series.prefix));
  const [document] = await tx
    .insert(taxDocuments)
    .values(documentRow(values, lines, serial, series.prefix))
    .returning();
  if (!document) throw new Error('the document was not inserted');
  await tx.insert(taxDocumentLines).values(lineRows(document.id, lines));
  await queueEInvoice(tx, document, series.band);
  return document;
}

/**
 * The name of the first of these products that lacks an HSN code, or whose code the GST rate
 * schedule has no rate for on `now`'s date, or null when none does.
 */
export async function productWithoutTaxDetails(
  tx: Executor,
  productIds: readonly number[],
  now = new Date(),
): Promise<string | null> {
  if (productIds.length === 0) return null;
  const [rows, schedule] = await Promise.all([
    tx
      .select({ name: products.name, hsnCode: products.hsnCode })
      .from(products)
      .where(inArray(products.id, [...productIds])),
    loadGstSchedule(tx),
  ]);
  const today = indiaDate(now);
  const missing = rows.find((p) => !p.hsnCode || !scheduleRowFor(schedule, p.hsnCode, today));
  return missing?.name ?? null;
}

export type IssueInvoiceResult =
  { code: 'ISSUED'; document: DocumentRow } | { code: 'NO_TAX_DETAILS'; productName: string };

type InvoiceInput = { order: OrderRow; sellerId: number; shipmentId: number; now: Date };

type PlannedInvoice = {
  values: DocumentValues;
  series: SellerSeries;
  lines: DocumentLine[];
  sales: Omit<InvoiceSales, 'documentId'>;
};

/**
 * The invoice of a shipment, worked out from its order's items (all of them, by id: the paid shares
 * are the order's), its products' tax details and its seller: the shipped items' goods and delivery
 * lines, taxed by the supply (the seller's state against the delivery address's state).
 */
function planInvoice(
  input: InvoiceInput & { all: readonly ItemRow[]; taxOf: TaxDetails; issuer: IssuerOf | undefined },
): { code: 'PLANNED'; plan: PlannedInvoice } | { code: 'NO_TAX_DETAILS'; productName: string } {
  const { order, sellerId, shipmentId, now, all, taxOf } = input;
  const shares = paidShares(order.totalPaise, all);
  const shipped = all.filter((item) => item.shipmentId === shipmentId);
  const items: InvoiceItem[] = [];
  const onDate = indiaDate(now);
  for (const item of shipped) {
    const hsnCode = taxOf.hsnOf.get(item.productId);
    const rule = hsnCode ? scheduleRowFor(taxOf.schedule, hsnCode, onDate) : null;
    if (!hsnCode || !rule) return { code: 'NO_TAX_DETAILS', productName: item.productName };
    items.push({
      itemId: item.id,
      description: item.productName,
      hsnCode,
      rule,
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      couponDiscountPaise: item.couponDiscountPaise,
      deliveryChargePaise: item.deliveryChargePaise,
      paidSharePaise: shares[all.indexOf(item)] ?? 0,
    });
  }
  if (!input.issuer) throw new Error(`seller ${sellerId} vanished`);
  const { issuer, series } = input.issuer;
  const buyer = buyerOf(order);
  const kind = supplyKind(issuer.sellerStateCode, buyer.placeOfSupplyCode);
  const registered = issuer.sellerGstin !== null;
  const lines = invoiceLines(items, kind, registered);
  return {
    code: 'PLANNED',
    plan: {
      series,
      values: {
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
      // requirements#settlement: the seller's ledger records the sales, their fees and taxes, with the invoice
      sales: {
        sellerId,
        supplyKind: kind,
        issuedAt: now,
        items: shipped.map((item) => {
          const own = lines.filter((l) => l.itemId === item.id);
          const sum = (pick: (l: (typeof own)[number]) => number) =>
            own.reduce((total, l) => total + pick(l), 0);
          return {
            item,
            goodsValuePaise: sum((l) => (l.kind === 'goods' ? l.valuePaise : 0)),
            valuePaise: sum((l) => l.valuePaise),
            taxablePaise: sum((l) => l.taxablePaise),
            tcsTaxablePaise: tcsTaxableOf(own, registered),
          };
        }),
      },
    },
  };
}

/**
 * requirements#gst-invoices: the seller's tax invoice for a shipment, issued in the transaction that
 * creates the shipment, numbered next in the seller's series for the year, with its ledger entries.
 */
export async function issueInvoice(tx: Executor, input: InvoiceInput): Promise<IssueInvoiceResult> {
  const all = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, input.order.id))
    .orderBy(asc(orderItems.id));
  const shipped = all.filter((item) => item.shipmentId === input.shipmentId);
  const taxOf = await loadTaxDetails(
    tx,
    shipped.map((item) => item.productId),
  );
  const issuers = await loadIssuers(tx, [input.sellerId]);
  const planned = planInvoice({ ...input, all, taxOf, issuer: issuers.get(input.sellerId) });
  if (planned.code !== 'PLANNED') return planned;
  const document = await insertDocument(tx, planned.plan.values, planned.plan.lines, planned.plan.series);
  // requirements#eway-bill: a consignment above ₹50,000 moves with Part A of an e-way bill
  await queueEwayBill(tx, document, planned.plan.lines, {
    sellerPincode: planned.plan.series.pincode,
    buyerPincode: input.order.deliveryPincode,
  });
  await recordSales(tx, { ...planned.plan.sales, documentId: document.id });
  return { code: 'ISSUED', document };
}

/**
 * The invoices of many shipments in a few statements (the seeded orders', a shop's from before
 * invoices), exactly as issueInvoice would issue them one after another in this order: the same
 * lines, the same consecutive numbers in each seller's series, the same ledger entries. The caller
 * locks the orders. A shipment whose products lack tax details gets none. Answers the invoices by
 * shipment.
 */
export async function issueInvoicesInBulk(
  tx: Executor,
  shipmentsToInvoice: readonly { id: number; orderId: number; sellerId: number; createdAt: Date }[],
): Promise<Map<number, DocumentRow>> {
  const issued = new Map<number, DocumentRow>();
  if (shipmentsToInvoice.length === 0) return issued;
  const orderIds = [...new Set(shipmentsToInvoice.map((s) => s.orderId))];
  const orderRows = await tx.select().from(orders).where(inArray(orders.id, orderIds));
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  const itemsOf = new Map<number, ItemRow[]>();
  for (const item of await tx
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id))) {
    itemsOf.set(item.orderId, [...(itemsOf.get(item.orderId) ?? []), item]);
  }
  const shippedIds = new Set(shipmentsToInvoice.map((s) => s.id));
  const [taxOf, issuers] = await Promise.all([
    loadTaxDetails(
      tx,
      [...itemsOf.values()]
        .flat()
        .flatMap((i) => (i.shipmentId !== null && shippedIds.has(i.shipmentId) ? [i.productId] : [])),
    ),
    loadIssuers(
      tx,
      shipmentsToInvoice.map((s) => s.sellerId),
    ),
  ]);
  const plans: { shipmentId: number; plan: PlannedInvoice }[] = [];
  for (const shipment of shipmentsToInvoice) {
    const order = orderOf.get(shipment.orderId);
    if (!order) continue;
    const planned = planInvoice({
      order,
      sellerId: shipment.sellerId,
      shipmentId: shipment.id,
      now: shipment.createdAt,
      all: itemsOf.get(order.id) ?? [],
      taxOf,
      issuer: issuers.get(shipment.sellerId),
    });
    if (planned.code === 'PLANNED') plans.push({ shipmentId: shipment.id, plan: planned.plan });
  }
  // each series' serials taken at once, handed out in the shipments' order
  const bySeries = new Map<string, PlannedInvoice[]>();
  for (const { plan } of plans) {
    const key = JSON.stringify(seriesOf(plan.values, plan.series.prefix));
    bySeries.set(key, [...(bySeries.get(key) ?? []), plan]);
  }
  const serialOf = new Map<PlannedInvoice, number>();
  for (const [key, planned] of bySeries) {
    const first = await reserveSerials(tx, JSON.parse(key) as ReturnType<typeof seriesOf>, planned.length);
    planned.forEach((plan, index) => serialOf.set(plan, first + index));
  }
  const rows = plans.map(({ plan }) =>
    documentRow(plan.values, plan.lines, serialOf.get(plan) ?? 0, plan.series.prefix),
  );
  const inserted: DocumentRow[] = [];
  for (let start = 0; start < rows.length; start += 200)
    inserted.push(
      ...(await tx
        .insert(taxDocuments)
        .values(rows.slice(start, start + 200))
        .returning()),
    );
  const documentOf = new Map(inserted.map((d) => [`${d.sellerId}/${d.kind}/${d.number}`, d]));
  const lines: (typeof taxDocumentLines.$inferInsert)[] = [];
  const sales: InvoiceSales[] = [];
  for (const [index, { shipmentId, plan }] of plans.entries()) {
    const row = rows[index];
    const document = row && documentOf.get(`${row.sellerId}/${row.kind}/${row.number}`);
    if (!document) throw new Error(`the invoice of shipment ${shipmentId} was not inserted`);
    issued.set(shipmentId, document);
    await queueEInvoice(tx, document, plan.series.band);
    lines.push(...lineRows(document.id, plan.lines));
    sales.push({ ...plan.sales, documentId: document.id });
  }
  for (let start = 0; start < lines.length; start += 1000)
    await tx.insert(taxDocumentLines).values(lines.slice(start, start + 1000));
  const context = await loadSalesContext(tx, {
    sellerIds: sales.map((s) => s.sellerId),
    productIds: sales.flatMap((s) => s.items.map(({ item }) => item.productId)),
    documentIds: sales.map((s) => s.documentId),
  });
  await insertSettlementEntries(
    tx,
    sales.flatMap((s) => saleRows(context, s)),
  );
  return issued;
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
    invoiced.map(({ rateBp, ...l }) => {
      if (!isGstRateBp(rateBp)) throw new Error(`invoice line ${l.id} has rate ${rateBp}`);
      return {
        ...l,
        itemId: l.orderItemId,
        rateBp,
        kind: l.kind === 'delivery' ? ('delivery' as const) : ('goods' as const),
      };
    }),
    before,
    take,
  );
  const { id: _id, number: _n, serial: _s, financialYear: _f, createdAt: _c, ...copied } = invoice;
  const series = (await loadIssuers(tx, [invoice.sellerId])).get(invoice.sellerId)?.series;
  if (!series) throw new Error(`seller ${invoice.sellerId} vanished`);
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
    series,
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
