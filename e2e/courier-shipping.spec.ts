// ADR-0051: a seller ships with the Bazaar (sandbox) courier in two clicks (book, print the
// courier's label); the courier's clock moves the parcel to the shopper with nobody clicking, and
// the shopper's tracking page shows the steps with each scan's hub. Screenshots at 360 and 1366 px.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { codCollections, orderItems, orders, shipments } from '@marketplace/db';
import { SANDBOX_COURIER_NAME } from '@marketplace/domain/orders/sandbox-courier';
import { createSandboxCourier, sandboxCourierJob } from '../apps/server/src/modules/couriers/index.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { placeCodOrder, sellerEmail, shootBothWidths } from './support/courier.ts';
import { useStorefront } from './support/storefront.ts';

const store = useStorefront({
  courier: (db) =>
    createSandboxCourier(db, { speed: 'instant', rates: { failedAttemptRate: 0, rtoRate: 0 }, seed: 'e2e' }),
});
const SHOTS = '/tmp/shots-courier';
const SHOPPER = 'priya@example.com';

const shoot = (name: string) => shootBothWidths(store, SHOTS, name);

describe('Ship with Bazaar courier', () => {
  it('books in one click, prints the courier’s label, and the parcel reaches the shopper by itself', async () => {
    const { page } = store;
    await store.loginAs(SHOPPER);
    const address = await defaultAddress(store.db, SHOPPER);
    const pick = (await deliverableOffers(store.db, address.pincode))[3];
    if (!pick) throw new Error('a deliverable offer');
    const orderNo = await placeCodOrder(store, pick, address.id, `e2e-courier-${Date.now()}`);

    await page.context().clearCookies();
    await store.loginAs(await sellerEmail(store, pick.offer.sellerId));
    await store.openHydrated(`/sellercentral/orders/${orderNo}`);
    await page.getByRole('heading', { name: 'Ship with Bazaar courier' }).waitFor();
    await page.getByRole('heading', { name: 'Ship myself: create invoice and shipment' }).waitFor();
    await shoot('seller-order-before');

    // click one: book
    await page.getByRole('button', { name: /^Ship with Bazaar courier · ₹/ }).click();
    await page.getByText(new RegExp(`^Booked with ${SANDBOX_COURIER_NAME}: AWB BZS\\d{10}\\.`)).waitFor();
    const [shipment] = await store.db
      .select()
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .where(eq(orders.orderNo, orderNo));
    if (!shipment?.shipments.awbNo) throw new Error('the shipment is booked');
    const awbNo = shipment.shipments.awbNo;
    await page.getByText('The courier updates this tracking by its scans.').waitFor();
    expect(await page.getByLabel('Next status').count()).toBe(0);
    await shoot('seller-order-booked');

    // click two: the courier's label, a PDF
    const link = page.getByRole('link', { name: 'Print courier label' });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/api/seller/shipments/${shipment.shipments.invoiceNo}/courier-label`);
    const label = await page.context().request.get(store.url(href ?? ''));
    expect(label.status()).toBe(200);
    expect(label.headers()['content-type']).toBe('application/pdf');
    const pdf = (await label.body()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);

    // nobody clicks: the sandbox courier's clock (instant here) sends its scans
    await sandboxCourierJob(store.db, pino({ level: 'silent' })).run();
    const [item] = await store.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.shipmentId, shipment.shipments.id));
    expect(item?.status).toBe('delivered');
    expect(
      await store.db
        .select()
        .from(codCollections)
        .where(eq(codCollections.shipmentId, shipment.shipments.id)),
    ).toHaveLength(1);

    await store.openHydrated(`/sellercentral/orders/${orderNo}`);
    await page.locator('.sc-ord-events li').filter({ hasText: 'Delivered' }).first().waitFor();
    await shoot('seller-order-delivered');

    await page.context().clearCookies();
    await store.loginAs(SHOPPER);
    await store.openHydrated(`/trackitem?item=${item?.id ?? 0}`);
    for (const step of ['Ordered', 'Shipped', 'Out for delivery', 'Delivered'])
      await page.getByText(step, { exact: true }).first().waitFor();
    const body = (await page.locator('main').innerText()).toLowerCase();
    expect(body).toContain('hub');
    expect(body).toContain(awbNo.toLowerCase());
    for (const code of ['picked_up', 'out_for_delivery', 'reached_destination_hub', 'rto_initiated'])
      expect(body).not.toContain(code);
    await shoot('shopper-tracking');
  });
});
