// requirements#seller-central: Seller Central counts its days in India (Asia/Kolkata), whatever the
// server's clock zone: at 20:00 UTC on 20 Nov it is already 01:30 on 21 Nov for the seller.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandCampaigns } from '@marketplace/db';
import { SellerCampaignChanged, SellerCampaignList } from '@marketplace/domain/sellers/ads-api';
import type { SellerDashboard } from '@marketplace/domain/sellers/dashboard-api';
import type { SellerOrdersPage } from '@marketplace/domain/sellers/seller-orders';
import { jsonRequest } from '../../../test-support/fulfilment.ts';
import {
  plantOffer,
  plantOrder,
  plantSeller,
  someProducts,
  userIdOf,
} from '../../../test-support/seller-console.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

const NOW = new Date('2026-11-20T20:00:00Z');
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

let t: TestApp;
let call: ReturnType<typeof jsonRequest>;
let seller: Awaited<ReturnType<typeof plantSeller>>;
let offer: Awaited<ReturnType<typeof plantOffer>>;
let brandId: number;
let shopper: number;
beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  call = jsonRequest(t);
  seller = await plantSeller(t);
  const [product] = await someProducts(t.db, 1, 90);
  if (!product) throw new Error('seeded');
  offer = await plantOffer(t.db, seller.sellerId, product.id);
  brandId = product.brandId;
  shopper = await userIdOf(t.db, 'priya@example.com');
});
afterAll(() => t.close());

async function get<T>(path: string): Promise<T> {
  const res = await call(path, seller.cookie);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}
const line = (dispatchDays = 1) => ({ offer, unitPricePaise: 10_000, dispatchDays });

describe('Seller Central in India time, at 20:00 UTC on 20 Nov 2026', () => {
  it('the dashboard’s today is 21 Nov and its chart puts each order on its Indian day', async () => {
    await plantOrder(t.db, shopper, new Date('2026-11-20T19:00:00Z'), [line()]); // 00:30 on the 21st in India
    await plantOrder(t.db, shopper, new Date('2026-11-20T18:00:00Z'), [line(), line()]); // 23:30 on the 20th
    const dashboard = await get<SellerDashboard>('/api/seller/dashboard');
    expect(dashboard.today).toEqual({ date: '2026-11-21', orders: 1, salesPaise: 10_000 });
    const days = dashboard.salesByDay.slice(-2);
    expect(days).toEqual([
      { date: '2026-11-20', orders: 1, salesPaise: 20_000 },
      { date: '2026-11-21', orders: 1, salesPaise: 10_000 },
    ]);
  });

  it('flags late dispatches by the end of the Indian day, at the app’s clock', async () => {
    // ordered on 20 Nov (in India and UTC), due the same day: India’s day ended at 18:30 UTC
    const late = await plantOrder(t.db, shopper, new Date('2026-11-20T10:00:00Z'), [line(0)]);
    // ordered on 21 Nov in India, due by its end: not late yet
    const onTime = await plantOrder(t.db, shopper, new Date('2026-11-20T19:30:00Z'), [line(0)]);
    const page = await get<SellerOrdersPage>('/api/seller/orders?tab=to_ship');
    const row = (orderNo: string) => page.rows.find((r) => r.orderNo === orderNo);
    expect(row(late.order.orderNo)).toMatchObject({ isLate: true, dispatchBy: '2026-11-20T18:29:59.999Z' });
    expect(row(onTime.order.orderNo)).toMatchObject({
      isLate: false,
      dispatchBy: '2026-11-21T18:29:59.999Z',
    });
    // the New tab is today's orders, today being India's 21 Nov
    const fresh = await get<SellerOrdersPage>('/api/seller/orders?tab=new');
    expect(fresh.rows.some((r) => r.orderNo === onTime.order.orderNo)).toBe(true);
    expect(fresh.rows.some((r) => r.orderNo === late.order.orderNo)).toBe(false);
  });

  it('a campaign may start on 21 Nov, runs on it, and one that ended on 20 Nov has ended', async () => {
    const create = (name: string, fromDate: string, toDate: string) => {
      const form = new FormData();
      const fields = {
        name,
        kind: 'brand',
        brandId: String(brandId),
        page: 'home',
        adType: 'image',
        fromDate,
        toDate,
        dailyBudget: '200',
        totalBudget: '1,000',
        bid: '10',
      };
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      form.set('file', new Blob([PNG], { type: 'image/png' }), 'ad.png');
      return t.request('/api/seller/campaigns', {
        method: 'POST',
        body: form,
        headers: { cookie: seller.cookie },
      });
    };
    // the 20th is yesterday in India: a new campaign cannot end on it
    const past = await create('Ended yesterday', '2026-11-19', '2026-11-20');
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ error: { fields: { toDate: expect.any(String) } } });
    const res = await create('Starts today', '2026-11-21', '2026-11-30');
    expect(res.status).toBe(201);
    const { campaign } = SellerCampaignChanged.parse(await res.json());
    await t.db
      .update(brandCampaigns)
      .set({ reviewStatus: 'approved' })
      .where(eq(brandCampaigns.id, campaign.id));
    const ended = await create('Ends yesterday', '2026-11-21', '2026-11-22');
    const { campaign: other } = SellerCampaignChanged.parse(await ended.json());
    await t.db
      .update(brandCampaigns)
      .set({ reviewStatus: 'approved', fromDate: '2026-11-10', toDate: '2026-11-20' })
      .where(eq(brandCampaigns.id, other.id));
    const list = SellerCampaignList.parse(await (await call('/api/seller/campaigns', seller.cookie)).json());
    expect(list.campaigns.find((c) => c.id === campaign.id)?.state).toBe('running');
    expect(list.campaigns.find((c) => c.id === other.id)?.state).toBe('ended');
  });
});
