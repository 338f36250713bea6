import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orders, payments, users } from '@marketplace/db';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { createApp } from '../../app.ts';
import { parseConfig } from '../../env.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { loadProductionWeb } from '../../web/production.ts';
import { defaultAddress, deliverableOffers } from '../../../test-support/orders.ts';
import { choosePaymentProviders, type PaymentProviders } from './choose-providers.ts';
import { SANDBOX_TEXTS } from './sandbox-page.ts';
import { shownHtml } from '../../../test-support/page-html.ts';

// ADR-0017: the sandbox moves no money, so in production it never takes a payment unless asked for

let t: TestApp;
let cookie: string;
let addressId: number;
let candidates: Awaited<ReturnType<typeof deliverableOffers>>;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.loginCookie('priya@example.com');
  const address = await defaultAddress(t.db, 'priya@example.com');
  addressId = address.id;
  candidates = await deliverableOffers(t.db, address.pincode);
});
afterAll(() => t.close());

/** The providers a server started with this environment uses, and the app it serves. */
const serverWith = async (env: Record<string, string>) => {
  // production needs a way out for one-time codes; a staging outbox page gives one
  const parsed = parseConfig({ OUTBOX_PAGE: 'on', STAFF_TOTP_KEY: 'ab'.repeat(32), ...env });
  if (!parsed.ok) throw new Error(parsed.error);
  const providers = choosePaymentProviders(parsed.config);
  const app = createApp({
    database: t.database,
    logger: pino({ level: 'silent' }),
    mediaDir: t.source.mediaDir,
    web: await loadProductionWeb(),
    payments: providers.payments,
    checkResponses: true,
  });
  return { providers, app };
};
const lineOf = (index: number) => {
  const found = candidates[index];
  if (!found) throw new Error('the seed has deliverable offers');
  return {
    productId: found.offer.productId,
    sellerId: found.offer.sellerId,
    quantity: 1,
    deliveryType: 'standard' as const,
  };
};
const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', cookie, ...headers },
  body: JSON.stringify(body),
});
const payOnSandbox = (app: { request: TestApp['request'] }, providerOrderId: string, origin?: string) =>
  app.request(`/sandbox-pay/${providerOrderId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin } : {}),
    },
    body: 'outcome=succeed',
  });
type ErrorBody = { error: { code: string; message: string } };

describe('a production server without Razorpay (NODE_ENV=production, Razorpay unset)', () => {
  let providers: PaymentProviders;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => ({ providers, app } = await serverWith({ NODE_ENV: 'production' })));

  it('has no payment or payout provider and says so at start', () => {
    expect(providers.payments).toBeNull();
    expect(providers.payouts).toBeNull();
    expect(providers.warnings.join('\n')).toContain('online payment is not offered, only Cash on Delivery');
    expect(providers.warnings.join('\n')).toContain('cash refunds wait');
  });

  it('offers only Cash on Delivery: the quote says so, an online order is refused and a COD one placed', async () => {
    const lines = [lineOf(0)];
    const quote = await app.request('/api/checkout/quote', json('POST', { addressId, lines }));
    expect(quote.status).toBe(200);
    expect(await quote.json()).toMatchObject({ isOnlinePaymentOffered: false });
    const before = (await t.db.select({ n: count() }).from(orders))[0]?.n;
    const online = await app.request(
      '/api/orders',
      json('POST', { idempotencyKey: `prod-online-${Date.now()}`, addressId, paymentMode: 'online', lines }),
    );
    expect(online.status).toBe(422);
    expect(((await online.json()) as ErrorBody).error.message).toBe(ORDER_MESSAGES.onlinePaymentUnavailable);
    expect((await t.db.select({ n: count() }).from(orders))[0]?.n).toBe(before);
    const cod = await app.request(
      '/api/orders',
      json('POST', { idempotencyKey: `prod-cod-${Date.now()}`, addressId, paymentMode: 'cod', lines }),
    );
    expect(cod.status).toBe(201);
  });

  it('shows Pay COD without Pay Now on the final review, and says why', async () => {
    const { offer } = candidates[4] ?? {};
    if (!offer) throw new Error('the seed has deliverable offers');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'priya@example.com'));
    await t.db.delete(cartItems).where(eq(cartItems.userId, user?.id ?? 0));
    await t.db.insert(cartItems).values({ userId: user?.id ?? 0, offerId: offer.id, quantity: 1 });
    const review = async (server: { request: TestApp['request'] }) =>
      shownHtml(
        await (
          await server.request(`/deliveryfinalreview?address=${addressId}`, { headers: { cookie } })
        ).text(),
      );
    const withoutProvider = await review(app);
    expect(withoutProvider).toContain(CHECKOUT_MESSAGES.payCod);
    expect(withoutProvider).not.toContain(CHECKOUT_MESSAGES.payNow);
    expect(withoutProvider).toContain(ORDER_MESSAGES.onlinePaymentUnavailable);
    // the same page of a shop with a provider offers both
    const withProvider = await review(t);
    expect(withProvider).toContain(CHECKOUT_MESSAGES.payNow);
    expect(withProvider).not.toContain(ORDER_MESSAGES.onlinePaymentUnavailable);
  });

  it('takes no sandbox payment: the sandbox page is gone and its signed result is not accepted', async () => {
    // an online order left from a run with the sandbox: its sandbox page and a forged success
    const placed = await t.request(
      '/api/orders',
      json('POST', {
        idempotencyKey: `demo-online-${Date.now()}`,
        addressId,
        paymentMode: 'online',
        lines: [lineOf(1)],
      }),
    );
    const { orderNo } = (await placed.json()) as { orderNo: string };
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order?.id ?? 0));
    const providerOrderId = payment?.providerOrderId ?? '';
    const paid = await payOnSandbox(app, providerOrderId, 'https://evil.example');
    expect(paid.status).toBe(404);
    expect((await payOnSandbox(app, providerOrderId)).status).toBe(404);
    expect((await app.request(`/sandbox-pay/${providerOrderId}`)).status).toBe(404);
    const verify = await app.request(
      '/api/payments/verify',
      json('POST', { orderNo, providerOrderId, paymentId: 'sandbox_pay_forged', signature: 'ab'.repeat(32) }),
    );
    expect(verify.status).toBe(404);
    expect(((await verify.json()) as ErrorBody).error.message).toBe(ORDER_MESSAGES.onlinePaymentUnavailable);
    expect((await app.request(`/api/payments/${orderNo}`, { headers: { cookie } })).status).toBe(404);
    const [after] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(after).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'awaiting_payment' });
  });
});

describe('PAYMENTS_SANDBOX=on in production, on a staging shop (ALLOW_TEST_PAYMENTS_IN_PRODUCTION=yes)', () => {
  let providers: PaymentProviders;
  let app: ReturnType<typeof createApp>;
  beforeAll(
    async () =>
      ({ providers, app } = await serverWith({
        NODE_ENV: 'production',
        PAYMENTS_SANDBOX: 'on',
        ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'yes',
      })),
  );

  it('warns loudly at start and on the sandbox page that no money moves', async () => {
    expect(providers.payments?.name).toBe('sandbox');
    expect(providers.payouts?.name).toBe('sandbox');
    expect(providers.warnings.join('\n')).toContain('NO MONEY IS TAKEN');
    expect(providers.warnings.join('\n')).toContain('NO MONEY IS SENT');
    const placed = await app.request(
      '/api/orders',
      json('POST', {
        idempotencyKey: `prod-sandbox-${Date.now()}`,
        addressId,
        paymentMode: 'online',
        lines: [lineOf(2)],
      }),
    );
    expect(placed.status).toBe(201);
    const { orderNo } = (await placed.json()) as { orderNo: string };
    const page = (await (await app.request(`/api/payments/${orderNo}`, { headers: { cookie } })).json()) as {
      checkout: { checkoutUrl: string };
    };
    const hosted = await (await app.request(page.checkout.checkoutUrl)).text();
    expect(hosted).toContain(SANDBOX_TEXTS.productionWarning);
  });
});

describe('the sandbox page outside production', () => {
  it('shows no production warning', async () => {
    const { providers } = await serverWith({});
    expect(providers.warnings).toEqual([]);
  });

  it('refuses a payment posted from another site (403), as the API does', async () => {
    const placed = await t.request(
      '/api/orders',
      json('POST', {
        idempotencyKey: `cross-site-${Date.now()}`,
        addressId,
        paymentMode: 'online',
        lines: [lineOf(3)],
      }),
    );
    const { orderNo } = (await placed.json()) as { orderNo: string };
    const page = (await (await t.request(`/api/payments/${orderNo}`, { headers: { cookie } })).json()) as {
      providerOrderId: string;
      checkout: { checkoutUrl: string };
    };
    expect(await (await t.request(page.checkout.checkoutUrl)).text()).not.toContain(
      SANDBOX_TEXTS.productionWarning,
    );
    const crossSite = await payOnSandbox(t, page.providerOrderId, 'https://evil.example');
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('location')).toBeNull();
    const fetched = await t.request(page.checkout.checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'outcome=succeed',
    });
    expect(fetched.status).toBe(403);
    const sameSite = await payOnSandbox(t, page.providerOrderId, 'http://localhost');
    expect(sameSite.status).toBe(303);
  });
});
