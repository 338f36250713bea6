import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { orderItems } from '@marketplace/db';
import {
  categories,
  codCollections,
  commissionRules,
  type Executor,
  products,
  sellers,
  settlementEntries,
  taxDocuments,
} from '@marketplace/db';
import {
  COMMISSION_SCOPES,
  type CommissionRule,
  itemFees,
  ruleFor,
} from '@marketplace/domain/settlement/fees';
import {
  ENTRY_KINDS,
  type EntryKind,
  reversalEntries,
  saleEntries,
} from '@marketplace/domain/settlement/ledger';
import { panOfGstin } from '@marketplace/domain/sellers/tax-identity';
import { taxYearOf, tdsOn } from '@marketplace/domain/settlement/tds-law';
import type { SupplyKind } from '@marketplace/domain/tax/gst';

type ItemRow = typeof orderItems.$inferSelect;

const NO_FEES = {
  commissionPaise: 0,
  closingFeePaise: 0,
  shippingFeePaise: 0,
  commissionGstPaise: 0,
  closingFeeGstPaise: 0,
  shippingFeeGstPaise: 0,
};

/** Every commission rule (a short table: a default and a rule per category, seller or product that differs). */
async function loadRules(tx: Executor): Promise<CommissionRule[]> {
  const rows = await tx.select().from(commissionRules);
  return rows.flatMap((row) => {
    const scope = COMMISSION_SCOPES.find((s) => s === row.scope);
    return scope ? [{ ...row, scope }] : [];
  });
}

/** What the fees of sales depend on besides the sale: the rules, each product's category chain and each seller's PAN. */
export type SalesContext = {
  rules: readonly CommissionRule[];
  /** A product's category and its ancestors, nearest first. */
  categoryChain: (productId: number) => number[];
  /** TDS is at the higher rate for a seller without PAN (a GSTIN carries one). */
  hasPan: (sellerId: number) => boolean;
  /**
   * requirements#tds-law: the TDS on a credit to a seller under the law in force on its date, counting
   * what the seller was credited earlier in the tax year (the ₹5 lakh of an individual or HUF); each
   * call adds the credit to the year's running gross.
   */
  tdsFor: (sellerId: number, amountPaise: number, creditedAt: Date) => number;
};

/** The context of the sales of these sellers' products, read in four queries however many there are. */
export async function loadSalesContext(
  tx: Executor,
  subjects: {
    sellerIds: readonly number[];
    productIds: readonly number[];
    /** the invoices being recorded: their own value is not an earlier credit */
    documentIds?: readonly number[];
  },
): Promise<SalesContext> {
  const sellerIds = [...new Set(subjects.sellerIds)];
  const productIds = [...new Set(subjects.productIds)];
  const [rules, sellerRows, productRows, yearRows] = await Promise.all([
    loadRules(tx),
    sellerIds.length === 0
      ? []
      : tx
          .select({ id: sellers.id, pan: sellers.pan, gstin: sellers.gstin })
          .from(sellers)
          .where(inArray(sellers.id, sellerIds)),
    productIds.length === 0
      ? []
      : tx
          .select({ id: products.id, categoryId: products.categoryId })
          .from(products)
          .where(inArray(products.id, productIds)),
    // what each seller was invoiced before, by tax year (the financial year its invoices are numbered in)
    sellerIds.length === 0
      ? []
      : tx
          .select({
            sellerId: taxDocuments.sellerId,
            year: taxDocuments.financialYear,
            gross: sql<number>`sum(${taxDocuments.taxablePaise})`.mapWith(Number),
          })
          .from(taxDocuments)
          .where(
            and(
              inArray(taxDocuments.sellerId, sellerIds),
              eq(taxDocuments.kind, 'invoice'),
              subjects.documentIds && subjects.documentIds.length > 0
                ? notInArray(taxDocuments.id, [...subjects.documentIds])
                : undefined,
            ),
          )
          .groupBy(taxDocuments.sellerId, taxDocuments.financialYear),
  ]);
  // the categories of these products and their ancestors, a level of the tree a query
  const parentOf = new Map<number, number | null>();
  let frontier = [...new Set(productRows.map((p) => p.categoryId))];
  for (let depth = 0; frontier.length > 0 && depth < 8; depth++) {
    const rows = await tx
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(inArray(categories.id, frontier));
    for (const row of rows) parentOf.set(row.id, row.parentId);
    frontier = [
      ...new Set(rows.flatMap((r) => (r.parentId !== null && !parentOf.has(r.parentId) ? [r.parentId] : []))),
    ];
  }
  const categoryOf = new Map(productRows.map((p) => [p.id, p.categoryId]));
  const panOf = new Map(sellerRows.map((s) => [s.id, Boolean(s.pan ?? s.gstin)]));
  const panText = new Map(
    sellerRows.map((s) => [s.id, s.pan ?? (s.gstin ? panOfGstin(s.gstin) : null)] as const),
  );
  const grossOf = new Map(yearRows.map((row) => [`${row.sellerId}|${row.year}`, Number(row.gross)]));
  return {
    rules,
    categoryChain: (productId) => {
      const chain: number[] = [];
      let next: number | null = categoryOf.get(productId) ?? null;
      while (next !== null && chain.length < 8 && !chain.includes(next)) {
        chain.push(next);
        next = parentOf.get(next) ?? null;
      }
      return chain;
    },
    hasPan: (sellerId) => panOf.get(sellerId) ?? false,
    tdsFor: (sellerId, amountPaise, creditedAt) => {
      const key = `${sellerId}|${taxYearOf(creditedAt)}`;
      const grossBeforePaise = grossOf.get(key) ?? 0;
      grossOf.set(key, grossBeforePaise + amountPaise);
      return tdsOn({ amountPaise, creditedAt, pan: panText.get(sellerId) ?? null, grossBeforePaise })
        .tdsPaise;
    },
  };
}

/** An item as its invoice sold it: its goods' value and its value and taxable value with delivery. */
export type InvoicedItem = {
  item: ItemRow;
  goodsValuePaise: number;
  valuePaise: number;
  taxablePaise: number;
  /** the taxable value TCS is collected on: taxed lines of a registered seller only (CGST Act s. 52) */
  tcsTaxablePaise: number;
};

export type InvoiceSales = {
  documentId: number;
  sellerId: number;
  supplyKind: SupplyKind;
  issuedAt: Date;
  items: readonly InvoicedItem[];
};

/** The ledger rows of an invoice's sales: each sale, less the fees of the rule in force when invoiced and their GST, TCS and TDS. */
export function saleRows(
  context: SalesContext,
  input: InvoiceSales,
): (typeof settlementEntries.$inferInsert)[] {
  const hasPan = context.hasPan(input.sellerId);
  const rows: (typeof settlementEntries.$inferInsert)[] = [];
  for (const { item, goodsValuePaise, valuePaise, taxablePaise, tcsTaxablePaise } of input.items) {
    const rule = ruleFor(
      context.rules,
      {
        productId: item.productId,
        sellerId: input.sellerId,
        categoryIds: context.categoryChain(item.productId),
      },
      input.issuedAt,
    );
    const fees = rule
      ? itemFees(rule, {
          quantity: item.quantity,
          unitPricePaise: item.unitPricePaise,
          weightGrams: item.weightGrams,
          goodsValuePaise,
        })
      : NO_FEES;
    const tdsPaise = context.tdsFor(input.sellerId, taxablePaise, input.issuedAt);
    const sale = {
      valuePaise,
      taxablePaise,
      tcsTaxablePaise,
      fees,
      kind: input.supplyKind,
      documentDate: input.issuedAt,
      hasPan,
      tdsPaise,
    };
    for (const entry of saleEntries(sale))
      rows.push({
        sellerId: input.sellerId,
        kind: entry.kind,
        amountPaise: entry.amountPaise,
        orderItemId: item.id,
        documentId: input.documentId,
        createdAt: input.issuedAt,
      });
  }
  return rows;
}

/** Ledger rows written a few hundred to a statement (PostgreSQL takes at most 65,535 parameters). */
export async function insertSettlementEntries(
  tx: Executor,
  rows: readonly (typeof settlementEntries.$inferInsert)[],
) {
  for (let start = 0; start < rows.length; start += 1000)
    await tx.insert(settlementEntries).values(rows.slice(start, start + 1000));
}

/**
 * requirements#settlement: the seller's entries for the items of an invoice, in the invoice's
 * transaction: each sale, less the fees of the rule in force when invoiced and their GST, TCS and TDS.
 */
export async function recordSales(tx: Executor, input: InvoiceSales) {
  if (input.items.length === 0) return;
  const context = await loadSalesContext(tx, {
    sellerIds: [input.sellerId],
    productIds: input.items.map(({ item }) => item.productId),
    documentIds: [input.documentId],
  });
  await insertSettlementEntries(tx, saleRows(context, input));
}

/**
 * requirements#settlement: the entries taking back `units` of an invoiced item, with its credit note:
 * the refund of the credit note's value and the units' share of each fee and tax (the shipping fee
 * too when the parcel never left the seller).
 */
export async function recordReversal(
  tx: Executor,
  input: {
    item: ItemRow;
    invoiceId: number;
    creditNoteId: number;
    creditPaise: number;
    quantity: number;
    reversedBefore: number;
    units: number;
    shipped: boolean;
    now: Date;
  },
) {
  const sale = await tx
    .select({ kind: settlementEntries.kind, amountPaise: settlementEntries.amountPaise })
    .from(settlementEntries)
    .where(
      and(
        eq(settlementEntries.orderItemId, input.item.id),
        eq(settlementEntries.documentId, input.invoiceId),
      ),
    );
  const entries = reversalEntries(
    sale.flatMap((e) => (isKind(e.kind) ? [{ kind: e.kind, amountPaise: e.amountPaise }] : [])),
    input,
  );
  if (entries.length === 0) return;
  await tx.insert(settlementEntries).values(
    entries.map((entry) => ({
      sellerId: input.item.sellerId,
      kind: entry.kind,
      amountPaise: entry.amountPaise,
      orderItemId: input.item.id,
      documentId: input.creditNoteId,
      createdAt: input.now,
    })),
  );
}

const isKind = (kind: string): kind is EntryKind => (ENTRY_KINDS as readonly string[]).includes(kind);

export type CodCollection = {
  shipmentId: number;
  orderId: number;
  sellerId: number;
  carrier: string | null;
  now: Date;
};

/**
 * requirements#settlement: a COD shipment delivered: the cash its courier collected at the door (its
 * invoice's value, less what was credited before delivery) is owed by the courier until remitted.
 */
export async function recordCodCollection(tx: Executor, input: CodCollection) {
  await recordCodCollections(tx, [input]);
}

/** Several delivered COD shipments at once (the seeded orders' and earlier shipments'), as recordCodCollection does each. */
export async function recordCodCollections(tx: Executor, inputs: readonly CodCollection[]) {
  if (inputs.length === 0) return;
  const documents = await tx
    .select({
      kind: taxDocuments.kind,
      value: taxDocuments.valuePaise,
      shipmentId: taxDocuments.shipmentId,
      id: taxDocuments.id,
      invoiceId: taxDocuments.invoiceId,
    })
    .from(taxDocuments)
    .where(inArray(taxDocuments.orderId, [...new Set(inputs.map((input) => input.orderId))]));
  const invoiceOf = new Map(
    documents.flatMap((d) =>
      d.kind === 'invoice' && d.shipmentId !== null ? [[d.shipmentId, d] as const] : [],
    ),
  );
  const creditedOf = new Map<number, number>();
  for (const d of documents)
    if (d.invoiceId !== null) creditedOf.set(d.invoiceId, (creditedOf.get(d.invoiceId) ?? 0) + d.value);
  const rows = inputs.flatMap((input) => {
    const invoice = invoiceOf.get(input.shipmentId);
    if (!invoice) return [];
    return [
      {
        shipmentId: input.shipmentId,
        orderId: input.orderId,
        sellerId: input.sellerId,
        carrier: input.carrier,
        amountPaise: Math.max(0, invoice.value - (creditedOf.get(invoice.id) ?? 0)),
        collectedAt: input.now,
      },
    ];
  });
  for (let start = 0; start < rows.length; start += 1000)
    await tx
      .insert(codCollections)
      .values(rows.slice(start, start + 1000))
      .onConflictDoNothing();
}
