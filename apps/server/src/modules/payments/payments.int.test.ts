import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '@marketplace/db';
import { formatInr } from '@marketplace/domain';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { defaultAddress, deliverableOffers } from '../../../test-support/orders.ts';
import { cancelUnpaidOrders } from './expire-unpaid.ts';

let t: TestApp;
let cookie: string;
let order: (n: number) => Promise<{ orderNo: string; totalPaise: number }>;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.loginCookie('priya@example.com');
  const address = await defaultAddress(t.db, 'priya@example.com');
  const offers = await deliverableOffers(t.db, address.pincode);
  order = async (n) => {
    const pick = offers[n];
    if (!pick) throw new Error('deliverable offers');
    const res = await t.request('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        idempotencyKey: `payments-test-${n}-${Date.now()}`,
        addressId: address.id,
        paymentMode: 'online',
        lines: [
          {
            productId: pick.offer.productId,
            sellerId: pick.offer.sellerId,
            quantity: 1,
            deliveryType: 'standard',
          },
        ],
      }),
    });
    if (res.status !== 201) throw new Error(await res.text());
    return (await res.json()) as { orderNo: string; totalPaise: number };
  };
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
type Page = {
  amountPaise: number;
  status: string;
  providerOrderId: string;
  checkout: { provider: string; checkoutUrl: string };
  prefill: Record<string, string>;
};
const getPage = async (orderNo: string, who = cookie) =>
  t.request(`/api/payments/${orderNo}`, { headers: { cookie: who } });
const verify = (body: unknown, who = cookie) =>
  t.request('/api/payments/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: who },
    body: JSON.stringify(body),
  });
/** Pays on the sandbox page and reads the signed result from where it sends the browser. */
const sandboxPay = async (checkoutUrl: string, outcome: 'succeed' | 'fail') => {
  const res = await t.request(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '', 'http://localhost').searchParams;
};
const statusOf = async (orderNo: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];

describe('sandbox payments', () => {
  it('shows the amount, succeeds on the sandbox page and marks the order paid once the signature checks', async () => {
    const { orderNo, totalPaise } = await order(0);
    const res = await getPage(orderNo);
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page;
    expect(page).toMatchObject({
      amountPaise: totalPaise,
      status: 'awaiting_payment',
      checkout: { provider: 'sandbox' },
    });
    expect(page.prefill).toMatchObject({
      name: 'Priya Sharma',
      contact: expect.stringMatching(/^[6-9]\d{9}$/),
    });
    const hosted = await t.request(page.checkout.checkoutUrl);
    expect(hosted.status).toBe(200);
    const text = await hosted.text();
    expect(text).toContain(orderNo);
    expect(text).toContain(formatInr(totalPaise));

    const back = await sandboxPay(page.checkout.checkoutUrl, 'succeed');
    expect(back.get('order')).toBe(orderNo);
    const body = {
      orderNo,
      providerOrderId: back.get('provider_order_id'),
      paymentId: back.get('payment_id'),
      signature: back.get('signature'),
    };
    const tampered = await verify({ ...body, signature: 'ab'.repeat(32) });
    expect(tampered.status).toBe(400);
    expect(((await tampered.json()) as ErrorBody).error.message).toBe(ORDER_MESSAGES.paymentNotVerified);
    expect(await statusOf(orderNo)).toMatchObject({ status: 'awaiting_payment' });
    const otherShopper = await verify(body, await t.loginCookie('rahul@example.com'));
    expect(otherShopper.status).toBe(404);
    const { orderNo: otherOrder } = await order(3);
    const mismatched = await verify({ ...body, orderNo: otherOrder });
    expect(mismatched.status).toBe(404);
    expect(await statusOf(orderNo)).toMatchObject({ status: 'awaiting_payment' });
    expect(await statusOf(otherOrder)).toMatchObject({ status: 'awaiting_payment' });

    const ok = await verify(body);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, orderNo, message: ORDER_MESSAGES.onlinePlaced });
    expect(await statusOf(orderNo)).toMatchObject({
      status: 'placed',
      paymentStatus: 'paid',
      paymentMode: 'prepaid',
    });
    const again = await verify(body);
    expect(again.status).toBe(200);
    const rows = await t.db.select().from(payments).where(eq(payments.providerOrderId, page.providerOrderId));
    expect(rows).toMatchObject([{ status: 'paid', providerPaymentId: body.paymentId }]);
    expect(((await (await getPage(orderNo)).json()) as Page).status).toBe('paid');
  });

  it('keeps the order waiting after a failed payment, and refuses payment once it has expired', async () => {
    const { orderNo } = await order(1);
    const page = (await (await getPage(orderNo)).json()) as Page;
    const failed = await sandboxPay(page.checkout.checkoutUrl, 'fail');
    expect(failed.get('payment')).toBe('failed');
    expect(await statusOf(orderNo)).toMatchObject({ status: 'awaiting_payment' });
    const back = await sandboxPay(page.checkout.checkoutUrl, 'succeed');
    expect(await cancelUnpaidOrders(t.db, new Date(Date.now() + 31 * 60_000))).toContain(orderNo);
    const late = await verify({
      orderNo,
      providerOrderId: back.get('provider_order_id'),
      paymentId: back.get('payment_id'),
      signature: back.get('signature'),
    });
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorBody).error.message).toBe(ORDER_MESSAGES.orderExpired);
    expect(((await (await getPage(orderNo)).json()) as Page).status).toBe('cancelled');
  });

  it('answers 401 without a session, 404 for another shopper’s order, 400 for a malformed body', async () => {
    const { orderNo } = await order(2);
    expect((await t.request(`/api/payments/${orderNo}`)).status).toBe(401);
    expect((await getPage(orderNo, await t.loginCookie('rahul@example.com'))).status).toBe(404);
    const unauth = await t.request('/api/payments/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        orderNo,
        providerOrderId: 'sandbox_order_1',
        paymentId: 'pay_1',
        signature: 'ab',
      }),
    });
    expect(unauth.status).toBe(401);
    for (const body of [{}, { orderNo, providerOrderId: 'x', paymentId: 'y', signature: '<script>' }]) {
      const res = await verify(body);
      expect(res.status).toBe(400);
    }
    expect((await t.request('/sandbox-pay/unknown_order')).status).toBe(404);
  });

  it('answers 404 to the Razorpay webhook while Razorpay is not configured', async () => {
    const res = await t.request('/api/payments/razorpay/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'ab' },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });
});
