import { and, eq } from 'drizzle-orm';
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

/** A product's category and its ancestors, nearest first. */
async function categoryChain(tx: Executor, productId: number): Promise<number[]> {
  const [product] = await tx
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, productId));
  const chain: number[] = [];
  let next: number | null = product?.categoryId ?? null;
  while (next !== null && chain.length < 8 && !chain.includes(next)) {
    chain.push(next);
    const [row] = await tx
      .select({ parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, next));
    next = row?.parentId ?? null;
  }
  return chain;
}

/** An item as its invoice sold it: its goods' value and its value and taxable value with delivery. */
export type InvoicedItem = {
  item: ItemRow;
  goodsValuePaise: number;
  valuePaise: number;
  taxablePaise: number;
};

/**
 * requirements#settlement: the seller's entries for the items of an invoice, in the invoice's
 * transaction: each sale, less the fees of the rule in force when invoiced and their GST, TCS and TDS.
 */
export async function recordSales(
  tx: Executor,
  input: {
    documentId: number;
    sellerId: number;
    supplyKind: SupplyKind;
    issuedAt: Date;
    items: readonly InvoicedItem[];
  },
) {
  if (input.items.length === 0) return;
  const rules = await loadRules(tx);
  const [seller] = await tx
    .select({ pan: sellers.pan, gstin: sellers.gstin })
    .from(sellers)
    .where(eq(sellers.id, input.sellerId));
  const hasPan = Boolean(seller?.pan ?? seller?.gstin);
  const rows: (typeof settlementEntries.$inferInsert)[] = [];
  for (const { item, goodsValuePaise, valuePaise, taxablePaise } of input.items) {
    const rule = ruleFor(
      rules,
      {
        productId: item.productId,
        sellerId: input.sellerId,
        categoryIds: await categoryChain(tx, item.productId),
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
    for (const entry of saleEntries({ valuePaise, taxablePaise, fees, kind: input.supplyKind, hasPan }))
      rows.push({
        sellerId: input.sellerId,
        kind: entry.kind,
        amountPaise: entry.amountPaise,
        orderItemId: item.id,
        documentId: input.documentId,
        createdAt: input.issuedAt,
      });
  }
  if (rows.length > 0) await tx.insert(settlementEntries).values(rows);
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

/**
 * requirements#settlement: a COD shipment delivered: the cash its courier collected at the door (its
 * invoice's value, less what was credited before delivery) is owed by the courier until remitted.
 */
export async function recordCodCollection(
  tx: Executor,
  input: { shipmentId: number; orderId: number; sellerId: number; carrier: string | null; now: Date },
) {
  const documents = await tx
    .select({
      kind: taxDocuments.kind,
      value: taxDocuments.valuePaise,
      shipmentId: taxDocuments.shipmentId,
      id: taxDocuments.id,
      invoiceId: taxDocuments.invoiceId,
    })
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, input.orderId));
  const invoice = documents.find((d) => d.kind === 'invoice' && d.shipmentId === input.shipmentId);
  if (!invoice) return;
  const credited = documents.filter((d) => d.invoiceId === invoice.id).reduce((sum, d) => sum + d.value, 0);
  await tx
    .insert(codCollections)
    .values({
      shipmentId: input.shipmentId,
      orderId: input.orderId,
      sellerId: input.sellerId,
      carrier: input.carrier,
      amountPaise: Math.max(0, invoice.value - credited),
      collectedAt: input.now,
    })
    .onConflictDoNothing();
}
