// ADR-0058: a parcel fails delivery; the seller sees it in the NDR queue; the shopper, in a
// browser running no scripts, chooses another day on the tracking page; the courier delivers it.
// Screenshots of the NDR choice and the seller's queue at 360 and 1366 px.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, shipments } from '@marketplace/db';
import { NDR_MESSAGES } from '@marketplace/domain/orders/ndr';
import { createSandboxCourier, sandboxCourierJob } from '../apps/server/src/modules/couriers/index.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { placeCodOrder, sellerEmail, shootBothWidths } from './support/courier.ts';
import { useStorefront } from './support/storefront.ts';

// the courier's clock, moved by the test: a courier day passes in a real minute
let now = new Date();
const store = useStorefront({
  // the parcel's own attempts fail; an attempt someone asks for is delivered
  courier: (db) =>
    createSandboxCourier(db, {
      speed: 1440,
      rates: { failedAttemptRate: 0, rtoRate: 1 },
      seed: 'e2e-ndr',
      clock: () => now,
    }),
});
const SHOTS = '/tmp/shots-courier-ndr-returns';
const SHOPPER = 'priya@example.com';

const shoot = (name: string) => shootBothWidths(store, SHOTS, name);

describe('a failed delivery (NDR)', () => {
  it('the shopper reschedules without scripts and the parcel is delivered', async () => {
    const { page } = store;
    await store.loginAs(SHOPPER);
    const address = await defaultAddress(store.db, SHOPPER);
    const pick = (await deliverableOffers(store.db, address.pincode))[5];
    if (!pick) throw new Error('a deliverable offer');
    const orderNo = await placeCodOrder(store, pick, address.id, `e2e-ndr-${Date.now()}`);

    await page.context().clearCookies();
    await store.loginAs(await sellerEmail(store, pick.offer.sellerId));
    const booked = await page
      .context()
      .request.post(store.url(`/api/seller/orders/${orderNo}/courier-shipments`), {
        headers: { origin: store.url('') },
      });
    expect(booked.status()).toBe(201);
    const { invoiceNo } = (await booked.json()) as { invoiceNo: string };
    const statusOf = async () =>
      (await store.db.select().from(shipments).where(eq(shipments.invoiceNo, invoiceNo)))[0]?.status;
    const job = sandboxCourierJob(store.db, pino({ level: 'silent' }), { clock: () => now });
    const until = async (status: string) => {
      for (let i = 0; i < 200 && (await statusOf()) !== status; i++) {
        now = new Date(now.getTime() + 10_000);
        await job.run();
      }
      expect(await statusOf()).toBe(status);
    };
    await until('delivery_failed');

    // the seller's queue: the parcel, its attempt, waiting for the shopper
    await store.openHydrated('/sellercentral/orders/ndr');
    await page.getByRole('heading', { name: 'Failed deliveries' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: orderNo });
    await row.getByText('Waiting for the shopper').waitFor();
    await row.getByText('1 of 3').waitFor();
    await shoot('seller-ndr-queue');

    // the shopper, in a browser without scripts
    await page.context().clearCookies();
    await store.loginAs(SHOPPER);
    const plain = await store.restartPage({ javaScript: false });
    const [item] = await store.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.orderNo, orderNo));
    await plain.goto(store.url(`/trackitem?item=${item?.id ?? 0}`));
    await plain.getByRole('heading', { name: 'Delivery attempted' }).waitFor();
    await plain.getByText('What should the courier do?').waitFor();
    await shoot('shopper-ndr-choice');
    const day = await plain.getByLabel('Try again on').locator('option').nth(1).getAttribute('value');
    await plain.getByLabel('Try again on').selectOption(day ?? '');
    await plain.getByRole('button', { name: 'Deliver on this day' }).click();
    await plain.getByText(NDR_MESSAGES.chosen.re_attempt(day ?? '')).waitFor();
    await shoot('shopper-ndr-chosen');

    await until('delivered');
    await plain.goto(store.url(`/trackitem?item=${item?.id ?? 0}`));
    await plain.getByText('Delivered', { exact: true }).first().waitFor();
    expect(await plain.getByRole('heading', { name: 'Delivery attempted' }).count()).toBe(0);
  });
});
