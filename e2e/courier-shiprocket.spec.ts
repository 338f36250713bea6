// requirements#courier-shiprocket: the seller's two clicks (book, print the label) with
// COURIER_PROVIDER=shiprocket, against the local stand-in of Shiprocket's API; Shiprocket's tracking
// webhooks (posted by the stand-in to the served app, with the x-api-key token) move the parcel to
// the shopper with nobody clicking. Screenshots at 360 and 1366 px.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { codCollections, orderItems, orders, shipments } from '@marketplace/db';
import { createShiprocketCourier } from '../apps/server/src/modules/couriers/index.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import {
  SHIPROCKET_STAND_IN,
  startShiprocketStandIn,
} from '../apps/server/test-support/shiprocket-stand-in.ts';
import { placeCodOrder, sellerEmail, shootBothWidths } from './support/courier.ts';
import { useStorefront } from './support/storefront.ts';

const standIn = await startShiprocketStandIn();
afterAll(() => standIn.close());
const store = useStorefront({
  courier: () =>
    createShiprocketCourier({
      baseUrl: standIn.url,
      email: SHIPROCKET_STAND_IN.email,
      password: SHIPROCKET_STAND_IN.password,
      pickupLocation: SHIPROCKET_STAND_IN.pickupLocation,
    }),
  shiprocketWebhookToken: SHIPROCKET_STAND_IN.webhookToken,
});
const SHOTS = '/tmp/shots-courier-shiprocket';
const SHOPPER = 'priya@example.com';

const shoot = (name: string) => shootBothWidths(store, SHOTS, name);

describe('Ship with Bazaar courier through Shiprocket', () => {
  it('books with Shiprocket in one click, prints its label, and its webhooks bring the parcel to the shopper', async () => {
    const { page } = store;
    await store.loginAs(SHOPPER);
    const address = await defaultAddress(store.db, SHOPPER);
    const pick = (await deliverableOffers(store.db, address.pincode))[5];
    if (!pick) throw new Error('a deliverable offer');
    const orderNo = await placeCodOrder(store, pick, address.id, `e2e-shiprocket-${Date.now()}`);

    await page.context().clearCookies();
    await store.loginAs(await sellerEmail(store, pick.offer.sellerId));
    await store.openHydrated(`/sellercentral/orders/${orderNo}`);
    await page.getByRole('heading', { name: 'Ship with Bazaar courier' }).waitFor();
    await page.getByRole('heading', { name: 'Ship myself: create invoice and shipment' }).waitFor();
    await shoot('seller-order-before');

    // click one: book
    await page.getByRole('button', { name: /^Ship with Bazaar courier · ₹/ }).click();
    await page.getByText(/^Booked with Xpressbees Surface: AWB SR\d+\./).waitFor();
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

    // nobody clicks: Shiprocket's scans come as its tracking webhooks
    standIn.webhook.url = store.url('/api/webhooks/courier/scans');
    const t0 = Date.now() + 60_000;
    for (const [i, [code, hub]] of (
      [
        [42, 'Pune_Hub (Maharashtra)'],
        [18, 'Nagpur_Hub (Maharashtra)'],
        [38, 'Bengaluru_DC (Karnataka)'],
        [17, 'Bengaluru_DC (Karnataka)'],
        [7, 'Bengaluru_DC (Karnataka)'],
      ] as const
    ).entries())
      await standIn.scan(awbNo, code, hub, new Date(t0 + i * 3_600_000));
    // each answered at once (ADR-0069), applied moments later
    await store.courierInboxIdle();
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
