import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codCollections,
  grievances,
  orderItems,
  orders,
  refunds,
  sellerPayouts,
  sellers,
} from '@marketplace/db';
import { STAFF_ROLES, type StaffRole } from '@marketplace/domain/admin/console';
import { type ConsolePulse, type PulseKey, pulseKeysFor } from '@marketplace/domain/admin/pulse-api';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#operator-console: the overview's to-do list and pulse, counted from the database
let t: TestApp;
const cookies = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES)
    cookies[role] = (await verifiedStaff(t, `pulse-${role}@staff.example.com`, role)).cookie;
});
afterAll(() => t.close());

const get = (path: string, cookie?: string) => t.request(path, { headers: cookie ? { cookie } : {} });
async function pulseOf(
  role: StaffRole,
): Promise<Map<PulseKey, { count: number; amountPaise: number | null; href: string }>> {
  const res = await get('/api/admin/pulse', cookies[role]);
  expect(res.status, await res.clone().text()).toBe(200);
  const pulse = (await res.json()) as ConsolePulse;
  return new Map(pulse.tiles.map((tile) => [tile.key, tile]));
}

describe('the overview’s figures', () => {
  it('give each role the tiles of its own areas and no other', async () => {
    for (const role of STAFF_ROLES)
      expect([...(await pulseOf(role)).keys()], role).toEqual(pulseKeysFor(role));
    const catalog = await pulseOf('catalog');
    expect(catalog.has('codAwaiting')).toBe(false);
    expect(catalog.has('ordersToday')).toBe(false);
    expect((await pulseOf('support')).has('payoutsFailed')).toBe(false);
    expect((await pulseOf('marketing')).size).toBe(0);
    // the page shows the same: catalog staff see their queues, not finance's
    const page = await (await get('/admin', cookies.catalog)).text();
    expect(page).toContain('data-testid="tile-sellersWaiting"');
    expect(page).toContain('data-testid="tile-productsInModeration"');
    expect(page).not.toContain('data-testid="tile-codAwaiting"');
    expect(page).not.toContain('data-testid="tile-ordersToday"');
    const finance = await (await get('/admin', cookies.finance)).text();
    expect(finance).toContain('data-testid="tile-codAwaiting"');
    expect(finance).not.toContain('data-testid="tile-sellersWaiting"');
  });

  it('are for signed-in, verified staff only', async () => {
    expect((await get('/api/admin/pulse')).status).toBe(401);
    expect((await get('/api/admin/pulse', await t.loginCookie('priya@example.com'))).status).toBe(403);
    expect(
      (await get('/api/admin/pulse', await t.loginCookie('dakshin-mart@sellers.example.com'))).status,
    ).toBe(403);
  });

  it('follow the data as it changes', async () => {
    const before = await pulseOf('owner');
    const figure = (key: PulseKey) => before.get(key) ?? { count: -1, amountPaise: null };

    // an order placed now counts today and this week, with its items' value
    const [order] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.status, 'placed'))
      .orderBy(asc(orders.id))
      .limit(1);
    if (!order) throw new Error('a placed order');
    await t.db.update(orders).set({ createdAt: new Date() }).where(eq(orders.id, order.id));
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const value = items.reduce((sum, item) => sum + item.quantity * item.unitPricePaise, 0);
    // a seller applies, a refund bounces, a payout is refused, a grievance passes its limit
    const [seller] = await t.db
      .select({ id: sellers.id })
      .from(sellers)
      .where(ne(sellers.status, 'pending'))
      .limit(1);
    await t.db
      .update(sellers)
      .set({ status: 'pending' })
      .where(eq(sellers.id, seller?.id ?? 0));
    const [refund] = await t.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(ne(refunds.status, 'failed'))
      .limit(1);
    await t.db
      .update(refunds)
      .set({ status: 'failed' })
      .where(eq(refunds.id, refund?.id ?? 0));
    // a payout the bank refused (payout cycles have not run on the seeded data)
    await t.db.insert(sellerPayouts).values({
      sellerId: seller?.id ?? 0,
      periodEnd: new Date(),
      amountPaise: 12_345,
      status: 'reversed',
      idempotencyKey: 'pulse-test-payout',
      failureReason: 'Account closed',
      returnedAt: new Date(),
    });
    const [ticket] = await t.db
      .select({ id: grievances.id })
      .from(grievances)
      .where(
        and(
          ne(grievances.status, 'resolved'),
          sql`${grievances.resolveBy} > now()`,
          sql`(${grievances.status} <> 'open' OR ${grievances.acknowledgeBy} > now())`,
        ),
      )
      .limit(1);
    // a courier remits one parcel's cash
    const [parcel] = await t.db
      .select({ id: codCollections.id, amount: codCollections.amountPaise })
      .from(codCollections)
      .where(isNull(codCollections.remittedAt))
      .limit(1);
    if (!seller || !refund || !parcel) throw new Error('the seed has each kind of row');
    await t.db
      .update(codCollections)
      .set({ remittedAt: new Date(), remittanceReference: 'PULSE000001' })
      .where(inArray(codCollections.id, [parcel.id]));
    if (ticket)
      await t.db
        .update(grievances)
        .set({ resolveBy: new Date(Date.now() - 60_000) })
        .where(eq(grievances.id, ticket.id));

    const after = await pulseOf('owner');
    const now = (key: PulseKey) => after.get(key) ?? { count: -1, amountPaise: null, href: '' };
    expect(now('ordersToday').count).toBe(figure('ordersToday').count + 1);
    expect(now('ordersToday').amountPaise).toBe((figure('ordersToday').amountPaise ?? 0) + value);
    expect(now('ordersWeek').count).toBe(figure('ordersWeek').count + 1);
    expect(now('ordersWeek').amountPaise).toBe((figure('ordersWeek').amountPaise ?? 0) + value);
    expect(now('sellersWaiting').count).toBe(figure('sellersWaiting').count + 1);
    expect(now('failedRefunds').count).toBe(figure('failedRefunds').count + 1);
    expect(now('payoutsFailed').count).toBe(figure('payoutsFailed').count + 1);
    expect(now('codAwaiting').count).toBe(figure('codAwaiting').count - 1);
    expect(now('codAwaiting').amountPaise).toBe((figure('codAwaiting').amountPaise ?? 0) - parcel.amount);
    if (ticket) expect(now('grievancesOverdue').count).toBe(figure('grievancesOverdue').count + 1);
    expect(now('productsInModeration').count).toBe(figure('productsInModeration').count);
    // each figure leads to its queue
    expect(now('codAwaiting').href).toBe('/admin/settlements/cod');
    expect(now('payoutsFailed').href).toBe('/admin/settlements/payouts');
    expect(now('ordersToday').href).toMatch(/^\/admin\/orders\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    // the overview shows them
    const page = await (await get('/admin', cookies.owner)).text();
    expect(page).toContain('COD parcels awaiting remittance');
    expect(page).toContain('href="/admin/settlements/payouts"');
  });
});
