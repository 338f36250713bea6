import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codCollections,
  orderItems,
  sellerPayouts,
  sellers,
  settlementEntries,
  taxDocuments,
} from '@marketplace/db';
import type { OutstandingCod } from '@marketplace/domain/settlement/cod-api';
import { payableFrom } from '@marketplace/domain/settlement/documents';
import { itemFees, ruleFor } from '@marketplace/domain/settlement/fees';
import { tcsOf } from '@marketplace/domain/settlement/tcs-law';
import { tdsOn } from '@marketplace/domain/settlement/tds-law';
import { panOfGstin } from '@marketplace/domain/sellers/tax-identity';
import type { SellerSettlement } from '@marketplace/domain/settlement/settlement-api';
import { createSandboxPayoutProvider, type PayoutProvider } from '../payments/index.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { pdfText } from '../../../test-support/pdf.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { checkSellerPayouts, runPayoutCycle, sellerBalance, sendSellerPayouts } from './payouts.ts';

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const entriesOf = (itemId: number) =>
  t.db.select().from(settlementEntries).where(eq(settlementEntries.orderItemId, itemId));
const sum = (rows: { amountPaise: number }[]) => rows.reduce((total, row) => total + row.amountPaise, 0);
const byKind = (rows: { kind: string; amountPaise: number }[], kind: string) =>
  sum(rows.filter((row) => row.kind === kind));

// requirements#settlement
describe('the seller’s ledger', () => {
  it('records a sale with its fees, their GST, TCS and TDS when the invoice is issued', async () => {
    const placed = await kit.deliveredItem(2, 'prepaid');
    const entries = await entriesOf(placed.item.id);
    const [invoice] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, placed.order.id));
    if (!invoice) throw new Error('the invoice');
    expect(new Set(entries.map((e) => e.documentId))).toEqual(new Set([invoice.id]));
    // the sale is the invoice's value
    expect(byKind(entries, 'sale')).toBe(invoice.valuePaise);
    // the fees are the rule's for this item, worked out again here
    const rules = (await t.db.query.commissionRules.findMany()).map((r) => ({
      ...r,
      scope: r.scope as 'default',
    }));
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, placed.item.id));
    if (!item) throw new Error('the item');
    const chain: number[] = [];
    const product = await t.db.query.products.findFirst({
      where: (p, { eq: is }) => is(p.id, item.productId),
    });
    let next: number | null = product?.categoryId ?? null;
    while (next !== null) {
      chain.push(next);
      const id = next;
      next =
        (await t.db.query.categories.findFirst({ where: (c, { eq: is }) => is(c.id, id) }))?.parentId ?? null;
    }
    const rule = ruleFor(
      rules,
      { productId: item.productId, sellerId: item.sellerId, categoryIds: chain },
      invoice.issuedAt,
    );
    if (!rule) throw new Error('a rule applies');
    const goods = await t.db.query.taxDocumentLines.findFirst({
      where: (l, { and: all, eq: is }) => all(is(l.documentId, invoice.id), is(l.kind, 'goods')),
    });
    const fees = itemFees(rule, {
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      weightGrams: item.weightGrams,
      goodsValuePaise: goods?.valuePaise ?? 0,
    });
    expect(byKind(entries, 'commission')).toBe(-fees.commissionPaise);
    expect(byKind(entries, 'commission_gst')).toBe(-fees.commissionGstPaise);
    expect(byKind(entries, 'closing_fee')).toBe(-fees.closingFeePaise);
    expect(byKind(entries, 'shipping_fee')).toBe(-fees.shippingFeePaise);
    expect(byKind(entries, 'shipping_fee_gst')).toBe(-fees.shippingFeeGstPaise);
    expect(byKind(entries, 'tcs')).toBe(
      -tcsOf(invoice.taxablePaise, invoice.supplyKind === 'intra' ? 'intra' : 'inter', invoice.issuedAt)
        .totalPaise,
    );
    const [seller] = await t.db.select().from(sellers).where(eq(sellers.id, item.sellerId));
    // requirements#tds-law: the law of the credit date, counting the seller's earlier invoices of the tax year
    const earlier = (
      await t.db
        .select({ taxable: taxDocuments.taxablePaise, id: taxDocuments.id })
        .from(taxDocuments)
        .where(
          and(
            eq(taxDocuments.sellerId, item.sellerId),
            eq(taxDocuments.kind, 'invoice'),
            eq(taxDocuments.financialYear, invoice.financialYear),
          ),
        )
    )
      .filter((d) => d.id !== invoice.id)
      .reduce((sum, d) => sum + d.taxable, 0);
    const pan = seller?.pan ?? (seller?.gstin ? panOfGstin(seller.gstin) : null);
    const expected = tdsOn({
      amountPaise: invoice.taxablePaise,
      creditedAt: invoice.issuedAt,
      pan,
      grossBeforePaise: earlier,
    });
    expect(byKind(entries, 'tds')).toBe(-expected.tdsPaise + 0);
    // delivered: payable once the longer of its windows closed
    expect(item.payableAt?.toISOString()).toBe(
      payableFrom(
        item.deliveredAt ?? new Date(0),
        Math.max(item.returnWindowDays, item.replaceWindowDays),
      ).toISOString(),
    );
  });

  it('gives back a cancelled parcel’s sale, fees and taxes entirely, the shipping fee too as it never left', async () => {
    const { item, seller, orderNo } = await kit.singleItemOrder(1, 'prepaid');
    const shipped = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: item.id }],
    });
    const { invoiceNo } = (await shipped.json()) as { invoiceNo: string };
    await call(`/api/seller/shipments/${invoiceNo}/tracking`, seller, 'POST', {
      status: 'cancelled_by_seller',
    });
    const entries = await entriesOf(item.id);
    expect(sum(entries)).toBe(0);
    expect(byKind(entries, 'refund')).toBe(-byKind(entries, 'sale'));
    const [row] = await t.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row?.payableAt).not.toBeNull();
  });

  it('keeps the shipping fee of a returned parcel, which travelled, and gives back the rest', async () => {
    const placed = await kit.deliveredItem(1, 'prepaid');
    const refNo = await kit.insertRequest(placed.item.id, 'return', 1);
    const res = await call(`/api/seller/item-requests/${refNo}/decision`, placed.seller, 'POST', {
      decision: 'refund-without-reverse',
    });
    expect(res.status).toBe(200);
    const entries = await entriesOf(placed.item.id);
    for (const kind of ['commission', 'commission_gst', 'closing_fee', 'closing_fee_gst', 'tcs', 'tds'])
      expect(byKind(entries, kind), kind).toBe(0);
    expect(byKind(entries, 'sale') + byKind(entries, 'refund')).toBe(0);
    expect(sum(entries)).toBe(byKind(entries, 'shipping_fee') + byKind(entries, 'shipping_fee_gst'));
    expect(sum(entries)).toBeLessThan(0);
  });
});

describe('payouts', () => {
  const future = () => new Date(Date.now() + 60 * DAY);

  it('pay each seller exactly its payable balance once, with a UTR, and a statement that adds up to it', async () => {
    const placed = await kit.deliveredItem(2, 'cod');
    const sellerId = placed.item.sellerId;
    const before = await sellerBalance(t.db, sellerId, new Date());
    expect(before.waitingPaise).toBeGreaterThan(0);
    const cutoff = future();
    // cash on delivery: payable only once the courier remitted the cash it collected
    const [collection] = await t.db
      .select()
      .from(codCollections)
      .where(eq(codCollections.orderId, placed.order.id));
    const [invoice] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, placed.order.id));
    expect(collection).toMatchObject({ amountPaise: invoice?.valuePaise, remittedAt: null });
    const itemEntries = sum(await entriesOf(placed.item.id));
    const unremitted = await sellerBalance(t.db, sellerId, cutoff);
    const finance = (await verifiedStaff(t, 'finance.cod@example.com', 'finance')).cookie;
    const all = (await (await call('/api/admin/settlements/cod', finance)).json()) as OutstandingCod;
    expect(all.count).toBeGreaterThanOrEqual(1);
    expect(all.totalPaise).toBeGreaterThanOrEqual(collection?.amountPaise ?? 0);
    const outstanding = (await (
      await call(`/api/admin/settlements/cod?orderNo=${placed.orderNo}`, finance)
    ).json()) as OutstandingCod;
    expect((await call('/api/admin/settlements/cod?orderNo=%00', finance)).status).toBe(400);
    const shipment = outstanding.collections.find((c) => c.orderNo === placed.orderNo);
    expect(shipment?.amountPaise).toBe(collection?.amountPaise);
    const support = (await verifiedStaff(t, 'support.cod@example.com', 'support')).cookie;
    const remit = (cookie: string | null, body: Record<string, unknown>) =>
      call('/api/admin/settlements/cod/remittances', cookie, 'POST', {
        carrier: shipment?.carrier ?? 'Self-shipped',
        remittedOn: new Date().toISOString().slice(0, 10),
        remittedPaise: collection?.amountPaise,
        ...body,
      });
    expect(
      (await remit(support, { invoiceNos: [shipment?.invoiceNo], reference: 'UTR123456789' })).status,
    ).toBe(403);
    expect((await remit(null, { invoiceNos: [shipment?.invoiceNo], reference: 'UTR123456789' })).status).toBe(
      401,
    );
    for (const bad of [
      { invoiceNos: [], reference: 'UTR123456789' },
      { invoiceNos: [shipment?.invoiceNo], reference: 'UTR 1' },
      { invoiceNos: [shipment?.invoiceNo], reference: 'UTR1234\u0000' },
      { invoiceNos: Array.from({ length: 501 }, (_, i) => `INV-${i}`), reference: 'UTR123456789' },
      { invoiceNos: ['<script>'], reference: 'UTR123456789' },
    ])
      expect((await remit(finance, bad)).status).toBe(400);
    // a parcel that is not a COD collection: nothing is recorded
    expect(
      (await remit(finance, { invoiceNos: [shipment?.invoiceNo, 'INV-0-0'], reference: 'UTR123456789' }))
        .status,
    ).toBe(422);
    const remitted = await remit(finance, { invoiceNos: [shipment?.invoiceNo], reference: 'UTR123456789' });
    expect(await remitted.json()).toMatchObject({
      remitted: [shipment?.invoiceNo],
      amountPaise: collection?.amountPaise,
      receivablePaise: 0,
    });
    const again = await remit(finance, { invoiceNos: [shipment?.invoiceNo], reference: 'UTR999999999' });
    expect(again.status).toBe(409);
    const owed = (await sellerBalance(t.db, sellerId, cutoff)).payablePaise;
    expect(owed - unremitted.payablePaise).toBe(itemEntries);
    expect(owed).toBeGreaterThan(0);

    // two cycles at once, and the same cut-off again: one payout
    const runs = await Promise.all([runPayoutCycle(t.db, cutoff), runPayoutCycle(t.db, cutoff)]);
    await runPayoutCycle(t.db, cutoff);
    const payouts = await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, sellerId));
    expect(payouts).toHaveLength(1);
    expect(runs.flatMap((r) => r.created)).toContain(payouts[0]?.id);
    expect(payouts[0]?.amountPaise).toBe(owed);
    expect((await sellerBalance(t.db, sellerId, cutoff)).payablePaise).toBe(0);

    // a send whose answer was lost is sent again with the same key: the provider pays once
    const sandbox = createSandboxPayoutProvider();
    let calls = 0;
    const losing: PayoutProvider = {
      ...sandbox,
      payout: async (args) => {
        calls++;
        await sandbox.payout(args);
        if (calls === 1) throw new Error('the answer was lost');
        return sandbox.payout(args);
      },
    };
    await sendSellerPayouts(t.db, losing);
    await sendSellerPayouts(t.db, losing);
    const key = payouts[0]?.idempotencyKey ?? '';
    expect(sandbox.payouts.get(key)?.amountPaise).toBe(owed);
    expect([...sandbox.payouts.keys()].filter((k) => k === key)).toHaveLength(1);
    await checkSellerPayouts(t.db, sandbox);
    const [paid] = await t.db
      .select()
      .from(sellerPayouts)
      .where(eq(sellerPayouts.id, payouts[0]?.id ?? 0));
    expect(paid).toMatchObject({ status: 'completed', provider: 'sandbox' });
    expect(paid?.utr).toMatch(/^\d{12}$/);

    // the seller's page and statements
    const page = (await (await call('/api/seller/settlement', placed.seller)).json()) as SellerSettlement;
    const shown = page.payouts.find((p) => p.id === paid?.id);
    expect(shown).toMatchObject({
      amountPaise: owed,
      status: 'completed',
      statusLabel: 'Paid',
      utr: paid?.utr,
    });
    const csv = await (await call(shown?.statementCsvUrl ?? '', placed.seller)).text();
    const amounts = csv
      .trim()
      .split('\r\n')
      .slice(1, -1)
      .map((line) => Math.round(Number(line.split(',').at(-1)) * 100));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(owed);
    expect(csv.trim().split('\r\n').at(-1)).toBe(`,,,,Payout,${(owed / 100).toFixed(2)}`);
    const pdf = await call(shown?.statementPdfUrl ?? '', placed.seller);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(paid?.utr ?? 'UTR');
    expect(text).toContain(placed.orderNo);

    // another seller reaches none of it
    const other = await kit.otherSellerCookie(sellerId);
    expect((await call(shown?.statementCsvUrl ?? '', other)).status).toBe(404);
    expect((await call(shown?.statementPdfUrl ?? '', other)).status).toBe(404);
    expect((await call(shown?.statementCsvUrl ?? '', kit.shopper)).status).toBe(403);
    expect((await call(shown?.statementCsvUrl ?? '', null)).status).toBe(401);
    expect((await call('/api/seller/payouts/abc/statement.csv', placed.seller)).status).toBe(400);
  });

  it('give a failed payout’s amount back to the balance', async () => {
    const placed = await kit.deliveredItem(1, 'prepaid');
    const sellerId = placed.item.sellerId;
    const cutoff = new Date(Date.now() + 61 * DAY);
    await runPayoutCycle(t.db, cutoff);
    const [payout] = await t.db
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, sellerId), eq(sellerPayouts.periodEnd, cutoff)));
    if (!payout) throw new Error('a payout');
    const sandbox = createSandboxPayoutProvider();
    await sendSellerPayouts(t.db, sandbox);
    const failing: PayoutProvider = {
      ...sandbox,
      payoutStatus: () => Promise.resolve({ state: 'failed', reason: 'Account closed' }),
    };
    await checkSellerPayouts(t.db, failing);
    const [failed] = await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.id, payout.id));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Account closed' });
    expect((await sellerBalance(t.db, sellerId, new Date(Date.now() + 62 * DAY))).payablePaise).toBe(
      payout.amountPaise,
    );
  });
});
