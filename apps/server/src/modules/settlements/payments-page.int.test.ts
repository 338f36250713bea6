import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, queryRows, sellerPayouts, sellers, settlementEntries } from '@marketplace/db';
import { formatInr } from '@marketplace/domain/money/money';
import type { SellerSettlement } from '@marketplace/domain/settlement/settlement-api';
import { formatIndianDate } from '@marketplace/domain/text/dates';
import { pdfText } from '../../../test-support/pdf.ts';
import { createSandboxPayoutProvider } from '../payments/index.ts';
import { fulfilmentKit } from '../../../test-support/fulfilment.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { checkSellerPayouts, runPayoutCycle, sellerBalance, sendSellerPayouts } from './payouts.ts';
import { remitAllCod } from '../../../test-support/settlement.ts';

// requirements#settlement: Seller Central's payments page, rendered on the server from the seller's
// settlement: its balance, its payouts with their statements, its latest entries and the rules.

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const pageFor = (cookie: string | null) =>
  t.request('/sellercentral/payments', { headers: cookie ? { cookie } : {} });
const htmlFor = async (cookie: string, query = '') => {
  const res = await t.request(`/sellercentral/payments${query}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
};
const settlementOf = async (cookie: string, query = '') => {
  const res = await t.request(`/api/seller/settlement${query}`, { headers: { cookie } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SellerSettlement;
};
/** React's text joins ('<!-- -->') taken out, so a sentence reads as the seller sees it. */
const plain = (html: string) => html.replaceAll('<!-- -->', '');
/** The <li> of a sale on the page, by its order number. */
const saleRowOf = (html: string, orderNo: string) => {
  const at = plain(html).indexOf(`<span class="sc-pay-sale-order">${orderNo}</span>`);
  expect(at, `a sale row for ${orderNo}`).toBeGreaterThan(0);
  const rest = plain(html).slice(plain(html).lastIndexOf('<li class="sc-pay-sale">', at));
  return rest.slice(0, rest.indexOf('</li>'));
};
/** What the ledger says the seller gets for an item: every entry of it added up. */
const netOf = async (itemId: number) =>
  (
    await t.db
      .select({ net: sql<number>`sum(${settlementEntries.amountPaise})::int` })
      .from(settlementEntries)
      .where(eq(settlementEntries.orderItemId, itemId))
  )[0]?.net ?? 0;

describe('the payments page', () => {
  let placed: Awaited<ReturnType<typeof kit.deliveredItem>>;
  beforeAll(async () => {
    placed = await kit.deliveredItem(1, 'cod');
  });

  it('shows a delivered sale as one row with what the seller gets, its deductions inside, the rates, and no payout yet', async () => {
    const html = await htmlFor(placed.seller);
    expect(html).toContain('<h1>Payments</h1>');
    expect(html).toContain('href="/sellercentral/payments"'); // in the tabs
    expect(html).toContain('Next payout');
    expect(html).toContain('Payable now');
    expect(html).toContain('Waiting for return windows');
    expect(html).toMatch(/No payouts yet\. Your first payout comes on (<!-- -->)?Mon, /);
    // one row per sale: the order number (never wrapped), the product and the net amount in its
    // summary; the sale, fees, GST, TCS and TDS inside a <details> that opens without scripts
    const row = saleRowOf(html, placed.orderNo);
    expect(row).toContain('<details>');
    const summary = row.slice(0, row.indexOf('</summary>'));
    expect(summary).toContain(placed.item.productName);
    const net = await netOf(placed.item.id);
    expect(net).toBeGreaterThan(0);
    expect(summary).toContain(
      `<span class="sc-pay-sale-net"><span class="sc-pay-amount">${formatInr(net)}</span>`,
    );
    const body = row.slice(row.indexOf('</summary>'));
    for (const label of [
      'Sale',
      'Commission',
      'GST on commission',
      'Closing fee',
      'TCS (GST section 52)',
      'You get',
    ])
      expect(body).toContain(`<dt>${label}</dt>`);
    // the fees and taxes are deductions, with a minus sign
    expect(body).toMatch(/sc-pay-minus">−₹/);
    expect(body).toContain(`href="/sellercentral/orders/${placed.orderNo}"`);
    // delivered on COD: payable once the courier remits the cash and the return window closes
    expect(summary).toContain('Waiting for delivery or COD cash');
    // the rates, from the fee rules' own constants
    expect(html).toMatch(/We collect (<!-- -->)?0\.5\u00a0%/);
    expect(html).toContain(
      'We deduct 0.1\u00a0% of the taxable value of your sales (5\u00a0% if we do not have your PAN)',
    );
    expect(html).toMatch(/GST at (<!-- -->)?18\u00a0%/);
    expect(html).not.toContain('Add your bank account to be paid');
  });

  it('puts the next payout’s day and estimated amount first, and marks the sale as in it', async () => {
    await remitAllCod(t.db);
    await t.db
      .update(orderItems)
      .set({ payableAt: new Date(Date.now() - DAY) })
      .where(eq(orderItems.id, placed.item.id));
    const api = await settlementOf(placed.seller);
    const sellerId = placed.item.sellerId;
    const expected = await sellerBalance(t.db, sellerId, new Date(api.nextCycleEnd));
    expect(api.nextPayoutPaise).toBe(expected.payablePaise);
    expect(api.nextPayoutPaise).toBeGreaterThanOrEqual(await netOf(placed.item.id));
    const html = plain(await htmlFor(placed.seller));
    const headline = html.slice(html.indexOf('sc-pay-next-value'), html.indexOf('sc-pay-next-note'));
    expect(headline).toContain(`<span class="sc-pay-next-amount">${formatInr(api.nextPayoutPaise)}</span>`);
    expect(headline).toContain(`on ${formatIndianDate(api.nextCycleEnd)}`);
    expect(html.slice(html.indexOf('sc-pay-next-note'))).toMatch(/^sc-pay-next-note">Estimated/);
    // the headline comes before the sales, which come before the payouts
    expect(html.indexOf('Next payout')).toBeLessThan(html.indexOf('>Sales<'));
    expect(html.indexOf('>Sales<')).toBeLessThan(html.indexOf('>Payouts<'));
    expect(saleRowOf(html, placed.orderNo)).toContain('In the next payout');
  });

  it('pages through the sales, 25 at a time, and takes a page that is not one as the first', async () => {
    const sellerId = placed.item.sellerId;
    // 30 more sales of the seller, as the ledger writes them
    const before = (await settlementOf(placed.seller)).salesPage.total;
    await t.db.execute(sql`
      INSERT INTO order_items (order_id, seller_id, offer_id, product_id, product_name, product_image, sku, quantity,
        unit_price_paise, mrp_paise, delivery_type, delivery_days, delivery_charge_paise, parcel_type, weight_grams,
        zone, status, return_window_days, replace_window_days, payable_at)
      SELECT order_id, seller_id, offer_id, product_id, product_name || ' no. ' || g.i, product_image, sku, 1,
        unit_price_paise, mrp_paise, delivery_type, delivery_days, delivery_charge_paise, parcel_type, weight_grams,
        zone, status, return_window_days, replace_window_days, now() - interval '2 days'
      FROM order_items CROSS JOIN generate_series(1, 30) AS g(i) WHERE id = ${placed.item.id}`);
    await t.db.execute(sql`
      INSERT INTO settlement_entries (seller_id, kind, amount_paise, order_item_id, created_at)
      SELECT seller_id, k.kind, CASE k.kind WHEN 'sale' THEN 50000 ELSE -2500 END, id, now() - interval '1 hour'
      FROM order_items CROSS JOIN (VALUES ('sale'), ('commission'), ('tcs')) AS k(kind)
      WHERE order_id = ${placed.order.id} AND product_name LIKE '% no. %' ORDER BY id`);
    const first = await settlementOf(placed.seller);
    expect(first.salesPage).toEqual({
      page: 1,
      pageCount: Math.ceil((before + 30) / 25),
      total: before + 30,
    });
    expect(first.sales).toHaveLength(25);
    // newest first: the sale shipped today, then the thirty written an hour ago, each with its own net
    expect(first.sales[0]?.orderItemId).toBe(placed.item.id);
    expect(first.sales.slice(1).map((sale) => [sale.netPaise, sale.state, sale.parts.length])).toEqual(
      Array.from({ length: 24 }, () => [45000, 'payable', 3]),
    );
    const second = await settlementOf(placed.seller, '?page=2');
    expect(second.sales).toHaveLength(Math.min(25, before + 5));
    const ids = new Set([...first.sales, ...second.sales].map((sale) => sale.orderItemId));
    expect(ids.size).toBe(first.sales.length + second.sales.length);

    const html = plain(await htmlFor(placed.seller));
    expect(html.match(/<li class="sc-pay-sale">/g)).toHaveLength(25);
    expect(html).toContain(`${before + 30} sales, newest first`);
    expect(html).toContain('href="/sellercentral/payments?page=2"');
    const page2 = plain(await htmlFor(placed.seller, '?page=2'));
    expect(page2.match(/<li class="sc-pay-sale">/g)).toHaveLength(second.sales.length);
    expect(page2).toContain('aria-current="page">2<');
    // a page typed wrong is the first; one past the end says so
    for (const query of ['?page=abc', '?page=0', '?page=-3', '?page=1.5', '?page=99999999'])
      expect(plain(await htmlFor(placed.seller, query)).match(/<li class="sc-pay-sale">/g)).toHaveLength(25);
    // a NUL byte or broken percent-encoding in the address is refused by the site as a whole, never a 500
    for (const query of ['?page=%00', '?page=%E0%A4%A']) {
      const res = await t.request(`/sellercentral/payments${query}`, { headers: { cookie: placed.seller } });
      expect(res.status, query).toBe(404);
    }
    expect(plain(await htmlFor(placed.seller, '?page=9999'))).toContain('There is no page 9999.');
    // the API refuses what is not a page, clearly
    for (const query of [
      '?page=abc',
      '?page=0',
      '?page=1.5',
      '?page=%00',
      '?page=%E0%A4%A',
      '?page=10001',
      `?page=${'9'.repeat(5000)}`,
    ]) {
      const res = await t.request(`/api/seller/settlement${query}`, { headers: { cookie: placed.seller } });
      expect(res.status, query).toBe(400);
    }
    // another seller sees none of it
    const other = await kit.otherSellerCookie(sellerId);
    const theirs = await settlementOf(other);
    expect(theirs.sales.some((sale) => sale.orderNo === placed.orderNo)).toBe(false);
    expect(await htmlFor(other)).not.toContain(`>${placed.orderNo}<`);
  });

  it('lists a paid payout with its UTR, status and statements', async () => {
    const cutoff = new Date(Date.now() + 60 * DAY);
    await remitAllCod(t.db);
    await runPayoutCycle(t.db, cutoff);
    const sandbox = createSandboxPayoutProvider();
    await sendSellerPayouts(t.db, sandbox);
    await checkSellerPayouts(t.db, sandbox);
    const [payout] = await t.db
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, placed.item.sellerId), eq(sellerPayouts.periodEnd, cutoff)));
    if (!payout?.utr) throw new Error('the payout was paid');
    const html = await htmlFor(placed.seller);
    expect(html).not.toContain('No payouts yet');
    expect(html).toContain(payout.utr);
    expect(html).toContain('ui-badge-success">Paid<');
    expect(html).toContain(`Ending ${payout.bankAccountLast4}`);
    expect(html).toContain(`href="/api/seller/payouts/${payout.id}/statement.pdf" download=""`);
    expect(html).toContain(`href="/api/seller/payouts/${payout.id}/statement.csv" download=""`);
    // the cycle in the same words on the page and in the statement, which has ₹ amounts and page numbers
    const after = await settlementOf(placed.seller);
    const shown = after.payouts.find((p) => p.id === payout.id);
    // the next payout comes after this one's cut-off, which was set ahead: cut-offs only move forward
    expect(new Date(after.nextCycleEnd).getTime()).toBeGreaterThan(cutoff.getTime());
    expect(shown?.cycleText).toBe(`Up to ${formatIndianDate(new Date(cutoff.getTime() - 1))}`);
    expect(plain(html)).toContain(`<td data-label="Cycle" class="sc-pay-cycle">${shown?.cycleText}</td>`);
    const pdf = await t.request(`/api/seller/payouts/${payout.id}/statement.pdf`, {
      headers: { cookie: placed.seller },
    });
    const { pages, text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`Cycle ${shown?.cycleText}`);
    expect(text).toContain(
      `₹${(payout.amountPaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    );
    expect(text).toMatch(/−₹\d/);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('asks a seller without a bank account to add one in Account', async () => {
    const sellerId = placed.item.sellerId;
    const [before] = await t.db.select().from(sellers).where(eq(sellers.id, sellerId));
    await t.db.update(sellers).set({ bankAccountNumber: null }).where(eq(sellers.id, sellerId));
    try {
      const html = await htmlFor(placed.seller);
      expect(html).toContain('Add your bank account to be paid');
      expect(html).toContain('href="/sellercentral/account"');
    } finally {
      await t.db
        .update(sellers)
        .set({ bankAccountNumber: before?.bankAccountNumber ?? null })
        .where(eq(sellers.id, sellerId));
    }
  });

  it('stays open to a suspended seller, who is still owed its money', async () => {
    const sellerId = placed.item.sellerId;
    await t.db
      .update(sellers)
      .set({ status: 'suspended', suspensionReason: 'Late dispatches' })
      .where(eq(sellers.id, sellerId));
    try {
      const html = await htmlFor(placed.seller);
      expect(html).toContain('<h1>Payments</h1>');
      expect(html).toContain('href="/sellercentral/payments"');
      expect(html).not.toContain('href="/sellercentral/listings"');
      const listings = await t.request('/sellercentral/listings', { headers: { cookie: placed.seller } });
      expect(listings.headers.get('location')).toBe('/sellercentral/join');
    } finally {
      await t.db
        .update(sellers)
        .set({ status: 'approved', suspensionReason: null })
        .where(eq(sellers.id, sellerId));
    }
  });

  it('says in words, not as a red figure, that deductions are more than what is payable', async () => {
    const before = await settlementOf(placed.seller);
    // a refund that takes more than is payable at the next cut-off, payable at once
    await t.db.insert(settlementEntries).values({
      sellerId: placed.item.sellerId,
      kind: 'refund',
      amountPaise: -(Math.max(before.nextPayoutPaise, 0) + 123_45),
      orderItemId: placed.item.id,
      createdAt: new Date(Date.now() - 60_000),
    });
    const after = await settlementOf(placed.seller);
    expect(after.nextPayoutPaise).toBe(-123_45);
    const html = plain(await htmlFor(placed.seller));
    const headline = html.slice(html.indexOf('sc-pay-next-value'), html.indexOf('sc-pay-next-figures'));
    expect(headline).toContain(`No payout on ${formatIndianDate(after.nextCycleEnd)}`);
    expect(headline).toContain(
      'Your fees, taxes and refunds are ₹123.45 more than your payable sales. There is nothing for you to pay',
    );
    expect(headline).not.toContain('sc-pay-minus');
  });

  it('sends a shopper to join Seller Central and a visitor to log in', async () => {
    const shopper = await pageFor(kit.shopper);
    expect(shopper.status).toBe(302);
    expect(shopper.headers.get('location')).toBe('/sellercentral/join');
    const visitor = await pageFor(null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/login?redirectTo=%2Fsellercentral%2Fpayments');
    // the API answers the shopper nothing either
    expect((await t.request('/api/seller/settlement', { headers: { cookie: kit.shopper } })).status).toBe(
      403,
    );
  });
});

describe('balances from the ledger’s running totals (ADR-0050)', () => {
  it('keeps each seller’s totals by kind equal to its entries, bulk inserts too', async () => {
    const differ = await queryRows<{ seller_id: number; kind: string }>(
      t.db,
      sql`SELECT coalesce(e.seller_id, s.seller_id) AS seller_id, coalesce(e.kind, s.kind) AS kind
          FROM (SELECT seller_id, kind, sum(amount_paise)::bigint AS amount, count(*)::int AS n
                FROM settlement_entries GROUP BY seller_id, kind) e
          FULL JOIN seller_ledger_totals s ON s.seller_id = e.seller_id AND s.kind = e.kind
          WHERE e.amount IS DISTINCT FROM s.amount_paise OR e.n IS DISTINCT FROM s.entries`,
    );
    expect(differ).toEqual([]);
  });

  it('gives every seller, at every moment, what a sum over all its entries gives', async () => {
    const sellerIds = (
      await queryRows<{ id: number }>(t.db, sql`SELECT DISTINCT seller_id AS id FROM settlement_entries`)
    ).map((row) => row.id);
    expect(sellerIds.length).toBeGreaterThan(5);
    const moments = [-400, -30, -7, 0, 1, 7, 30, 90].map((days) => new Date(Date.now() + days * DAY));
    for (const at of moments) {
      // the definition, over every entry (requirements#settlement): payable once its moment has come
      const reference = await queryRows<{ seller_id: number; payable: string; waiting: string }>(
        t.db,
        sql`SELECT e.seller_id,
              coalesce(sum(e.amount_paise) FILTER (WHERE p.moment <= ${at.toISOString()}::timestamptz), 0) AS payable,
              coalesce(sum(e.amount_paise) FILTER (WHERE p.moment IS NULL OR p.moment > ${at.toISOString()}::timestamptz), 0) AS waiting
            FROM settlement_entries e
            LEFT JOIN order_items oi ON oi.id = e.order_item_id
            LEFT JOIN cod_collections c ON c.shipment_id = oi.shipment_id
            CROSS JOIN LATERAL (SELECT CASE WHEN e.payout_id IS NOT NULL THEN e.created_at
              WHEN oi.payable_at IS NULL THEN NULL
              WHEN c.id IS NOT NULL AND c.remitted_at IS NULL THEN NULL
              ELSE greatest(oi.payable_at, e.created_at, c.remitted_at) END AS moment) p
            GROUP BY e.seller_id`,
      );
      for (const row of reference) {
        const balance = await sellerBalance(t.db, row.seller_id, at);
        expect(balance, `seller ${row.seller_id} at ${at.toISOString()}`).toEqual({
          payablePaise: Number(row.payable),
          waitingPaise: Number(row.waiting),
        });
      }
    }
  });
});
