// requirements#gst-invoices and requirements#settlement, end to end: a shopper buys from two sellers
// in two states (one within her state, one from another), downloads both tax invoices, returns one
// item and finds its credit note; the couriers remit the cash, the weekly payout cycle pays each
// seller, and each payout's statement shows exactly its sale less commission, fees, GST on fees,
// TCS, TDS and the refund.
import { readFile } from 'node:fs/promises';
import { and, asc, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  categories,
  commissionRules,
  orderItems,
  orders,
  products,
  sellerPayouts,
  sellers,
  settlementEntries,
  taxDocumentLines,
  taxDocuments,
  users,
} from '@marketplace/db';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { gstStateCodeOf, panOfGstin } from '@marketplace/domain/sellers/tax-identity';
import { tdsOn } from '@marketplace/domain/settlement/tds-law';
import { monthOf, monthStart } from '@marketplace/domain/settlement/console-api';
import { type CommissionRule, itemFees, ruleFor } from '@marketplace/domain/settlement/fees';
import { balanceOf, reversalEntries, saleEntries } from '@marketplace/domain/settlement/ledger';
import { createSandboxPayoutProvider } from '../apps/server/src/modules/payments/index.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import {
  checkSellerPayouts,
  runPayoutCycle,
  sendSellerPayouts,
} from '../apps/server/src/modules/settlements/index.ts';
import { fulfilmentKit, jsonRequest, type KitApp } from '../apps/server/test-support/fulfilment.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { pdfText } from '../apps/server/test-support/pdf.ts';
import { remitAllCod } from '../apps/server/test-support/settlement.ts';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const DAY = 86_400_000;

const servedApp = (): KitApp => ({
  db: store.db,
  request: (path: string, init?: RequestInit) => fetch(store.url(path), init),
  async loginCookie(email: string) {
    const [user] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no seeded account ${email}`);
    const { token } = await createSession(store.db, user.id);
    return `${SESSION_COOKIE}=${token}`;
  },
});

async function download(link: Locator) {
  const [file] = await Promise.all([store.page.waitForEvent('download'), link.click()]);
  return new Uint8Array(await readFile(await file.path()));
}

/** Two offers of two GST-registered sellers: one in the shopper's state, one in another state. */
async function twoSellers() {
  const address = await defaultAddress(store.db, SHOPPER);
  const home = gstStateCodeOf(address.state);
  const registered = new Map(
    (
      await store.db
        .select({ id: sellers.id, gstin: sellers.gstin })
        .from(sellers)
        .where(isNotNull(sellers.gstin))
    ).map((s) => [s.id, s.gstin ?? '']),
  );
  const offers = (await deliverableOffers(store.db, address.pincode)).filter(
    (c) => registered.has(c.offer.sellerId) && c.offer.salePricePaise < 300_000,
  );
  const stateOf = (sellerId: number) => registered.get(sellerId)?.slice(0, 2);
  const intra = offers.find((c) => stateOf(c.offer.sellerId) === home);
  const inter = offers.find(
    (c) => stateOf(c.offer.sellerId) !== home && c.offer.sellerId !== intra?.offer.sellerId,
  );
  if (!intra || !inter) throw new Error('the seed has sellers in and out of the shopper’s state');
  return { intra, inter };
}

/** A product's category and its ancestors, nearest first (how the commission rule is found). */
async function categoryChain(productId: number) {
  const [product] = await store.db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, productId));
  const chain: number[] = [];
  let next = product?.categoryId ?? null;
  while (next !== null) {
    chain.push(next);
    const id: number = next;
    next =
      (
        await store.db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, id))
      )[0]?.parentId ?? null;
  }
  return chain;
}

describe('the money of an order, from the shopper’s payment to the sellers’ payouts', () => {
  it('invoices two sellers, credits a return, and pays each seller its sale less fees, GST on fees, TCS, TDS and the refund', async () => {
    const { intra, inter } = await twoSellers();
    const app = servedApp();
    const kit = await fulfilmentKit(app, SHOPPER);
    const call = jsonRequest(app);

    // the shopper buys both, two of the second, and pays cash on delivery at the final review (the
    // page as it works before its scripts: the saved cart's lines)
    await store.loginAs(SHOPPER);
    await store.restartPage({ javaScript: false });
    const saved = await store.page.request.put(store.url('/api/cart'), {
      data: {
        lines: [
          { productId: intra.offer.productId, sellerId: intra.offer.sellerId, quantity: 1 },
          { productId: inter.offer.productId, sellerId: inter.offer.sellerId, quantity: 2 },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await store.page.goto(store.url('/deliveryfinalreview'));
    await store.page.getByRole('button', { name: CHECKOUT_MESSAGES.payCod, exact: true }).click();
    await store.page.waitForURL(store.url('/myorder'));
    await store.page.getByText(ORDER_MESSAGES.codPlaced).first().waitFor();
    const [shopper] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, SHOPPER));
    const [order] = await store.db
      .select()
      .from(orders)
      .where(eq(orders.userId, shopper?.id ?? 0))
      .orderBy(desc(orders.id))
      .limit(1);
    if (!order) throw new Error('the order');
    const items = await store.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    expect(items).toHaveLength(2);

    // each seller ships and the courier delivers
    const sellerCookies = new Map<number, string>();
    for (const item of items) {
      const cookie = await kit.sellerCookie(item.sellerId);
      sellerCookies.set(item.sellerId, cookie);
      const shipped = await call(`/api/seller/orders/${order.orderNo}/shipments`, cookie, 'POST', {
        items: [{ itemId: item.id }],
        carrier: 'Delhivery',
        awbNo: `AWB-${item.id}`,
      });
      expect(shipped.status).toBe(201);
      const { invoiceNo } = (await shipped.json()) as { invoiceNo: string };
      for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered'])
        expect(
          (await call(`/api/seller/shipments/${invoiceNo}/tracking`, cookie, 'POST', { status })).status,
        ).toBe(200);
    }

    // two invoices on the order's page, one per seller: CGST + SGST within the state, IGST across
    await store.page.goto(store.url(`/neworderdetail?order=${order.orderNo}`));
    const invoices = await store.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')));
    expect(invoices).toHaveLength(2);
    expect(invoices.reduce((sum, d) => sum + d.valuePaise, 0)).toBe(order.totalPaise);
    // numbers are each seller's own series: two sellers' first invoices can share a number
    const nameOf = async (sellerId: number) =>
      (await store.db.select({ name: sellers.name }).from(sellers).where(eq(sellers.id, sellerId)))[0]
        ?.name ?? '';
    const listOf = async (sellerId: number) =>
      store.page.getByRole('list', { name: `Invoices from ${await nameOf(sellerId)}` });
    for (const invoice of invoices) {
      const link = (await listOf(invoice.sellerId)).getByRole('link', {
        name: `Tax Invoice ${invoice.number}`,
      });
      const { text } = await pdfText(await download(link));
      expect(text).toContain(invoice.number);
      const within = invoice.sellerId === intra.offer.sellerId;
      expect(invoice.supplyKind).toBe(within ? 'intra' : 'inter');
      expect(text.includes('IGST ₹')).toBe(!within);
      expect(text.includes('CGST ₹')).toBe(within);
      expect(text).toContain(
        (invoice.valuePaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 }),
      );
    }

    // she returns one of the two from the other state; its seller refunds it: a credit note appears
    const returned = items.find((i) => i.sellerId === inter.offer.sellerId);
    if (!returned) throw new Error('the second seller’s item');
    const refNo = await kit.insertRequest(returned.id, 'return', 1);
    const decided = await call(
      `/api/seller/item-requests/${refNo}/decision`,
      sellerCookies.get(returned.sellerId) ?? '',
      'POST',
      {
        decision: 'refund-without-reverse',
      },
    );
    expect(decided.status).toBe(200);
    const [credit] = await store.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'credit_note')));
    if (!credit) throw new Error('the credit note');
    await store.page.goto(store.url(`/neworderdetail?order=${order.orderNo}`));
    const creditText = (
      await pdfText(await download(store.page.getByRole('link', { name: `Credit Note ${credit.number}` })))
    ).text;
    expect(creditText).toContain('Against invoice');

    // the couriers remit the cash; the payout cycle pays each seller; each statement's lines for this
    // order are exactly the sale, less the fees and their GST, TCS and TDS, less the refund (with
    // the returned unit's fees and taxes given back, its shipping fee kept)
    await remitAllCod(store.db);
    const cutoff = new Date(Date.now() + 60 * DAY);
    await runPayoutCycle(store.db, cutoff);
    const bank = createSandboxPayoutProvider();
    await sendSellerPayouts(store.db, bank);
    await checkSellerPayouts(store.db, bank);
    const rules = (await store.db.select().from(commissionRules)).map((r): CommissionRule => ({
      ...r,
      scope: r.scope as CommissionRule['scope'],
    }));
    for (const item of items) {
      const invoice = invoices.find((d) => d.sellerId === item.sellerId);
      if (!invoice) throw new Error('its invoice');
      const [goods] = await store.db
        .select()
        .from(taxDocumentLines)
        .where(and(eq(taxDocumentLines.documentId, invoice.id), eq(taxDocumentLines.kind, 'goods')));
      const rule = ruleFor(
        rules,
        {
          productId: item.productId,
          sellerId: item.sellerId,
          categoryIds: await categoryChain(item.productId),
        },
        invoice.issuedAt,
      );
      if (!rule || !goods) throw new Error('a rule and a goods line');
      const fees = itemFees(rule, {
        quantity: item.quantity,
        unitPricePaise: item.unitPricePaise,
        weightGrams: item.weightGrams,
        goodsValuePaise: goods.valuePaise,
      });
      // requirements#tds-law: the law of the invoice's date, counting the seller's earlier invoices of the year
      const [seller] = await store.db
        .select({ pan: sellers.pan, gstin: sellers.gstin })
        .from(sellers)
        .where(eq(sellers.id, item.sellerId));
      const earlier = await store.db
        .select({ taxable: taxDocuments.taxablePaise })
        .from(taxDocuments)
        .where(
          and(
            eq(taxDocuments.sellerId, item.sellerId),
            eq(taxDocuments.kind, 'invoice'),
            eq(taxDocuments.financialYear, invoice.financialYear),
            lt(taxDocuments.id, invoice.id),
          ),
        );
      const tds = tdsOn({
        amountPaise: invoice.taxablePaise,
        creditedAt: invoice.issuedAt,
        pan: seller?.pan ?? (seller?.gstin ? panOfGstin(seller.gstin) : null),
        grossBeforePaise: earlier.reduce((sum, d) => sum + d.taxable, 0),
      });
      const sale = saleEntries({
        valuePaise: invoice.valuePaise,
        taxablePaise: invoice.taxablePaise,
        tcsTaxablePaise: invoice.taxablePaise,
        fees,
        kind: invoice.supplyKind === 'intra' ? 'intra' : 'inter',
        documentDate: invoice.issuedAt,
        hasPan: true,
        tdsPaise: tds.tdsPaise,
      });
      const back =
        item.id === returned.id
          ? reversalEntries(sale, {
              quantity: 2,
              reversedBefore: 0,
              units: 1,
              creditPaise: credit.valuePaise,
              shipped: true,
            })
          : [];
      const expected = balanceOf([...sale, ...back]);
      expect(expected).toBeLessThan(invoice.valuePaise);

      const [payout] = await store.db
        .select()
        .from(sellerPayouts)
        .where(and(eq(sellerPayouts.sellerId, item.sellerId), eq(sellerPayouts.periodEnd, cutoff)));
      expect(payout?.status).toBe('completed');
      const statement = await call(
        `/api/seller/payouts/${payout?.id ?? 0}/statement.csv`,
        sellerCookies.get(item.sellerId) ?? '',
      );
      const rows = (await statement.text()).trim().split('\r\n').slice(1);
      const ours = rows.filter((row) => row.split(',')[1] === order.orderNo);
      const paise = (row: string) => Math.round(Number(row.split(',').at(-1)) * 100);
      expect(ours.reduce((sum, row) => sum + paise(row), 0)).toBe(expected);
      expect(ours.filter((row) => row.includes(',Sale,')).map(paise)).toEqual([invoice.valuePaise]);
      if (item.id === returned.id)
        expect(ours.filter((row) => row.includes(',Refund,')).map(paise)).toEqual([-credit.valuePaise]);
      // the payout is its statement: every line of the cycle and the carried balance
      expect(rows.slice(0, -2).reduce((sum, row) => sum + paise(row), 0) + paise(rows.at(-2) ?? '0')).toBe(
        payout?.amountPaise,
      );
    }

    // finance's exports for the month reconcile with the ledger and the documents: TCS and TDS to
    // the paisa with the ledger's entries of the month's documents, the sales register with the
    // documents, and both sellers' invoices and the credit note are in it
    await signInAsStaff(store, 'finance.journey@example.com', 'finance');
    const month = monthOf(new Date());
    const from = monthStart(month) ?? new Date(0);
    const to = monthStart(month, 1) ?? new Date();
    const ofMonth = and(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to));
    const ledger = async (kind: string) =>
      (
        await store.db
          .select({ total: sql<number>`coalesce(sum(${settlementEntries.amountPaise}), 0)`.mapWith(Number) })
          .from(settlementEntries)
          .innerJoin(taxDocuments, eq(taxDocuments.id, settlementEntries.documentId))
          .where(and(eq(settlementEntries.kind, kind), ofMonth))
      )[0]?.total ?? 0;
    const csv = async (kind: string) => {
      const res = await store.page.request.get(
        store.url(`/api/admin/settlements/exports/${kind}.csv?month=${month}`),
      );
      expect(res.status(), kind).toBe(200);
      return (await res.text()).trim().split('\r\n');
    };
    // the totals line: GSTR-8's Table 3 total (enrolled suppliers may follow it), else the last line
    const totalOf = (rows: string[], column: string) => {
      const at = (rows[0] ?? '').split(',').indexOf(column);
      const totals = rows.find((row) => row.startsWith('3 total,')) ?? rows.at(-1);
      return Math.round(Number(totals?.split(',')[at]) * 100);
    };
    expect(totalOf(await csv('tcs'), 'tcs_total_inr')).toBe(-(await ledger('tcs')));
    expect(totalOf(await csv('tds'), 'tds_deducted_inr')).toBe(-(await ledger('tds')));
    const register = await csv('sales-register');
    const documents = await store.db.select().from(taxDocuments).where(ofMonth);
    const net = documents.reduce((sum, d) => sum + (d.kind === 'invoice' ? d.valuePaise : -d.valuePaise), 0);
    const registerTotal = register.at(-1)?.split(',') ?? [];
    expect(Math.round(Number(registerTotal.at(-1)) * 100)).toBe(net);
    for (const document of [...invoices, credit])
      expect(register.some((row) => row.includes(document.number))).toBe(true);
  });
});
