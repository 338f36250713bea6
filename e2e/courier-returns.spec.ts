// ADR-0058: parcels that go back with the built-in sandbox courier, in a browser. A COD parcel
// nobody rescues is tried three times and returned to its seller (stock back once, no cash); a
// delivered parcel's return, asked for from My Orders and accepted in Seller Central, is picked up
// by the courier and its pickup scan starts the refund; a pickup whose quality check fails at the
// door is listed for support on the console, and for no seller or shopper there. Screenshots at
// 360 and 1366 px.
import { and, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  codCollections,
  courierReversePickups,
  courierShipments,
  itemRequests,
  offers,
  orderItems,
  orders,
  refunds,
  sellers,
  shipments,
} from '@marketplace/db';
import { ITEM_STATUS_TITLES } from '@marketplace/domain/orders/item-status';
import type { NdrView } from '@marketplace/domain/orders/ndr';
import { RETURN_MESSAGES } from '@marketplace/domain/orders/returns';
import {
  createSandboxCourier,
  reversePickupJob,
  type SandboxCourierOptions,
  sandboxCourierJob,
} from '../apps/server/src/modules/couriers/index.ts';
import { FILES } from '../apps/server/test-support/feedback.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { placeCodOrder, sellerEmail, shootBothWidths } from './support/courier.ts';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront } from './support/storefront.ts';

// the courier's clock, moved by the test: a courier day passes in a real minute
let now = new Date();
/** The sandbox courier: a parcel's own attempts fail; an attempt someone asks for is delivered. */
const courierOptions = (qcFailRate: number): SandboxCourierOptions => ({
  speed: 1440,
  rates: { failedAttemptRate: 0, rtoRate: 1, qcFailRate },
  seed: 'e2e-returns',
  clock: () => now,
});
const store = useStorefront({ courier: (db) => createSandboxCourier(db, courierOptions(0)) });
const SHOTS = '/tmp/shots-courier-e2e';
const SHOPPER = 'priya@example.com';
const silent = pino({ level: 'silent' });
const origin = () => ({ origin: store.url('') });

const shoot = (name: string) => shootBothWidths(store, SHOTS, name);

/** The sandbox courier's clock, one step (10 courier seconds' worth of a real minute) at a time. */
const clockJob = () => sandboxCourierJob(store.db, silent, { clock: () => now });
async function tick() {
  now = new Date(now.getTime() + 10_000);
  await clockJob().run();
}

async function shipmentOf(invoiceNo: string) {
  const [row] = await store.db.select().from(shipments).where(eq(shipments.invoiceNo, invoiceNo));
  if (!row) throw new Error('the shipment exists');
  return row;
}
async function untilShipment(invoiceNo: string, status: string) {
  for (let i = 0; i < 200 && (await shipmentOf(invoiceNo)).status !== status; i++) await tick();
  expect((await shipmentOf(invoiceNo)).status).toBe(status);
}
const stockOf = async (offerId: number) =>
  (await store.db.select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId)))[0]?.stock;

/** The shopper's COD order of the `index`-th deliverable offer, booked with the courier by its seller. */
async function bookedCodOrder(index: number, key: string) {
  const { page } = store;
  // the server books at its own (real) time: the courier's clock starts there for each parcel
  now = new Date();
  await page.context().clearCookies();
  await store.loginAs(SHOPPER);
  const address = await defaultAddress(store.db, SHOPPER);
  const pick = (await deliverableOffers(store.db, address.pincode))[index];
  if (!pick) throw new Error('a deliverable offer');
  const orderNo = await placeCodOrder(store, pick, address.id, `e2e-${key}-${Date.now()}`);
  const [item] = await store.db
    .select()
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNo, orderNo));
  if (!item) throw new Error('the order has its item');

  await page.context().clearCookies();
  const seller = await sellerEmail(store, pick.offer.sellerId);
  await store.loginAs(seller);
  const booked = await page
    .context()
    .request.post(store.url(`/api/seller/orders/${orderNo}/courier-shipments`), { headers: origin() });
  expect(booked.status(), await booked.text()).toBe(201);
  const { invoiceNo } = (await booked.json()) as { invoiceNo: string };
  return { orderNo, invoiceNo, item: item.order_items, seller, productName: pick.name };
}

/**
 * A booked parcel delivered: its first attempt fails and the shopper asks for another day (the
 * browser's choice is courier-ndr.spec.ts's), which the courier delivers.
 */
async function delivered(index: number, key: string) {
  const parcel = await bookedCodOrder(index, key);
  await untilShipment(parcel.invoiceNo, 'delivery_failed');
  await store.page.context().clearCookies();
  await store.loginAs(SHOPPER);
  const request = store.page.context().request;
  const path = store.url(`/api/my-orders/shipments/${parcel.invoiceNo}/ndr`);
  const view = (await (await request.get(path)).json()) as NdrView;
  const chosen = await request.post(path, {
    data: { action: 're_attempt', date: view.reattemptDays[0] },
    headers: origin(),
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  await untilShipment(parcel.invoiceNo, 'delivered');
  return parcel;
}

/**
 * The shopper, signed in, asks from My Orders to return the delivered item; the seller accepts it
 * in Seller Central ("refund after the product is picked up"). The request, as stored.
 */
async function returnAccepted(
  parcel: Awaited<ReturnType<typeof delivered>>,
  shots: { shopper?: string; seller?: string },
) {
  const { page } = store;
  await store.openHydrated('/myorder');
  await page.locator(`[data-item-id="${parcel.item.id}"] [data-action="return"]`).click();
  await page.waitForURL((url) => url.pathname === '/returnitem');
  await page.getByRole('heading', { level: 1, name: 'Return Item' }).waitFor();
  await page
    .getByRole('group', { name: `Your choice for ${parcel.productName}` })
    .getByRole('checkbox')
    .first()
    .check();
  await page
    .locator('input[type="file"][accept="image/*"]')
    .setInputFiles({ name: 'damaged.png', mimeType: 'image/png', buffer: FILES.png });
  await page.getByRole('img', { name: 'damaged.png' }).waitFor();
  const pickup = page.getByLabel('Pickup date');
  await pickup.selectOption((await pickup.locator('option').nth(1).getAttribute('value')) ?? '');
  await page.getByLabel(/Additional info/).fill('The seal was broken when it arrived.');
  if (shots.shopper) await shoot(shots.shopper);
  await page.getByRole('button', { name: 'Submit Return' }).click();
  await page.getByText(RETURN_MESSAGES.submitted).waitFor();
  const [request] = await store.db
    .select()
    .from(itemRequests)
    .where(and(eq(itemRequests.orderItemId, parcel.item.id), eq(itemRequests.kind, 'return')))
    .orderBy(desc(itemRequests.id))
    .limit(1);
  if (!request) throw new Error('the return request was stored');
  expect(request.status).toBe('pending');

  await page.context().clearCookies();
  await store.loginAs(parcel.seller);
  await store.openHydrated('/sellercentral/returns');
  await page.getByRole('link', { name: request.refNo }).first().click();
  await page.waitForURL((url) => url.pathname === `/sellercentral/returns/${request.refNo}`);
  await page.getByLabel('Accept: refund after the product is picked up').check();
  if (shots.seller) await shoot(shots.seller);
  await page.getByRole('button', { name: 'Record decision' }).click();
  await page.getByText('Accepted, refund at pickup').first().waitFor();
  const [accepted] = await store.db.select().from(itemRequests).where(eq(itemRequests.id, request.id));
  expect(accepted?.status).toBe('refund-with-reverse');
  return request;
}

/**
 * The pickup day comes: the courier's round books the reverse pickup (with `qcFailRate` deciding
 * the check at the door), and its clock runs until the pickup has an outcome.
 */
async function reversePickup(request: { id: number; pickupDate: string | null }, qcFailRate: number) {
  const day = new Date(`${request.pickupDate ?? ''}T04:30:00Z`); // 10:00 in India
  if (day.getTime() > now.getTime()) now = day;
  const courier = createSandboxCourier(store.db, courierOptions(qcFailRate));
  await reversePickupJob(store.db, courier, silent, { clock: () => now }).run();
  const bookingOf = async () =>
    (
      await store.db
        .select()
        .from(courierReversePickups)
        .where(eq(courierReversePickups.requestId, request.id))
    )[0];
  expect((await bookingOf())?.status).toBe('booked');
  for (let i = 0; i < 200 && (await bookingOf())?.status === 'booked'; i++) await tick();
  const booking = await bookingOf();
  if (!booking) throw new Error('the reverse pickup was booked');
  return booking;
}

describe('parcels going back with the courier', () => {
  it('a parcel nobody rescues is tried three times and returns to its seller: stock back once, no cash', async () => {
    const { page } = store;
    const parcel = await bookedCodOrder(5, 'rto');
    const before = await stockOf(parcel.item.offerId);
    // nobody chooses anything: the courier tries each day, and the third failure sends it back
    await untilShipment(parcel.invoiceNo, 'return_to_origin');
    const shipment = await shipmentOf(parcel.invoiceNo);
    const bookingOf = async () =>
      (await store.db.select().from(courierShipments).where(eq(courierShipments.shipmentId, shipment.id)))[0];
    expect((await bookingOf())?.failedAttempts).toBe(3);
    for (let i = 0; i < 60 && !(await bookingOf())?.rtoReceivedAt; i++) await tick();
    expect((await bookingOf())?.rtoReceivedAt).toBeTruthy();
    // a few more rounds of the clock bring nothing more back
    for (let i = 0; i < 5; i++) await tick();
    expect(await stockOf(parcel.item.offerId)).toBe((before ?? 0) + 1);
    expect(
      await store.db.select().from(codCollections).where(eq(codCollections.shipmentId, shipment.id)),
    ).toEqual([]);

    // the shopper's tracking page: going back to the seller, in words, never the courier's codes
    await page.context().clearCookies();
    await store.loginAs(SHOPPER);
    await store.openHydrated(`/trackitem?item=${parcel.item.id}`);
    const main = page.locator('main');
    await main.getByText('Returning to seller', { exact: true }).first().waitFor();
    await main
      .getByText(/^The parcel could not be delivered and is going back to the seller\./)
      .first()
      .waitFor();
    // its attempts, in words
    expect(await main.getByText('The courier could not deliver the parcel and will try again.').count()).toBe(
      3,
    );
    const words = (await main.textContent()) ?? '';
    expect(words).not.toMatch(/\brto\b|rto_|return_to_origin|delivery_attempted|\bNDR\b/i);
    await shoot('shopper-tracking-returned');

    // the seller's order page shows the parcel back with it
    await page.context().clearCookies();
    await store.loginAs(parcel.seller);
    await store.openHydrated(`/sellercentral/orders/${parcel.orderNo}`);
    await page
      .getByRole('heading', { name: new RegExp(parcel.orderNo) })
      .first()
      .waitFor();
    await page
      .locator('main')
      .getByText(/Returned to (the )?seller/i)
      .first()
      .waitFor();
    expect((await main.textContent()) ?? '').not.toMatch(/rto_|return_to_origin/);
    await shoot('seller-order-returned');
  });

  it('a delivered item’s return is asked for in the browser, accepted, picked up by the courier, and refunded', async () => {
    const { page } = store;
    const parcel = await delivered(6, 'return');
    await page.context().clearCookies();
    await store.loginAs(SHOPPER);
    const request = await returnAccepted(parcel, {
      shopper: 'shopper-return-request',
      seller: 'seller-return-accept',
    });
    const refundsOf = () => store.db.select().from(refunds).where(eq(refunds.requestId, request.id));
    // accepted, but nothing is refunded before the courier picks the product up
    expect(await refundsOf()).toEqual([]);

    const booking = await reversePickup(request, 0);
    expect(booking.pickedUpAt).toBeTruthy();
    const made = await refundsOf();
    expect(made).toHaveLength(1);
    expect(made[0]?.amountPaise).toBeGreaterThan(0);
    const [picked] = await store.db.select().from(itemRequests).where(eq(itemRequests.id, request.id));
    expect(picked?.pickedUpAt?.getTime()).toBe(booking.pickedUpAt?.getTime());

    // the shopper's order page: returned, the refund on its way
    await page.context().clearCookies();
    await store.loginAs(SHOPPER);
    await store.openHydrated(`/returnitemdetail?item=${parcel.item.id}`);
    const sentence = page.getByTestId('status-sentence');
    await sentence.getByText(ITEM_STATUS_TITLES.returned).waitFor();
    await sentence.getByText(/^Picked up on /).waitFor();
    await page.getByRole('region', { name: 'Refund' }).waitFor();
    await shoot('shopper-return-refund-started');
  });

  it('a pickup that fails the courier’s check at the door is listed for support on the console, not for a seller or shopper', async () => {
    const { page } = store;
    const parcel = await delivered(7, 'qc');
    await page.context().clearCookies();
    await store.loginAs(SHOPPER);
    const request = await returnAccepted(parcel, {});
    const booking = await reversePickup(request, 1);
    expect(booking.status).toBe('qc_failed');
    expect(await store.db.select().from(refunds).where(eq(refunds.requestId, request.id))).toEqual([]);
    const [seller] = await store.db.select().from(sellers).where(eq(sellers.id, parcel.item.sellerId));

    await page.context().clearCookies();
    await signInAsStaff(store, 'support.disputes@staff.example.com', 'support');
    await store.openHydrated('/admin');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Disputed pickups' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/orders/return-disputes');
    await page.getByRole('heading', { level: 1, name: 'Disputed pickups' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: request.refNo });
    await row.getByRole('link', { name: parcel.orderNo }).waitFor();
    await row.getByRole('cell', { name: `${parcel.productName} × 1` }).waitFor();
    await row.getByText(seller?.name ?? '—', { exact: true }).waitFor();
    for (const note of booking.qualityCheckNotes) await row.getByText(note, { exact: true }).waitFor();
    await row.getByText(booking.awbNo).waitFor();
    await shoot('console-return-disputes');

    // a seller and a shopper are turned away, and never see the dispute
    for (const email of [parcel.seller, SHOPPER]) {
      await page.context().clearCookies();
      await store.loginAs(email);
      const response = await page.goto(store.url('/admin/orders/return-disputes'));
      expect(response?.status(), email).toBe(403);
      expect((await page.locator('body').textContent()) ?? '').not.toContain(request.refNo);
    }
  });
});
