import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRequests, outbox, refunds, sellers, users } from '@marketplace/db';
import { formatInr } from '@marketplace/domain/money/money';
import { indiaDate } from '@marketplace/domain/orders/returns';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { recordRefundEvent } from '../refunds/index.ts';
import { queueOrderNotices, saveMessagePreferences } from './index.ts';
import { DEFAULT_PREFERENCES } from './notices/preferences.ts';

const SHOP = 'https://bazaar.example';

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let shopper: { id: number; email: string; mobile: string };
beforeAll(async () => {
  t = await createTestApp({ messages: { publicUrl: SHOP, whatsapp: true } });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  const [row] = await t.db.select().from(users).where(eq(users.email, 'priya@example.com'));
  if (!row) throw new Error('the seeded shopper');
  // the shopper's own mobile: SMS go there
  const mobile = row.mobile ?? '9876501234';
  if (!row.mobile) await t.db.update(users).set({ mobile }).where(eq(users.id, row.id));
  shopper = { id: row.id, email: row.email, mobile };
});
afterAll(() => t.close());

/** The messages of one order to one recipient, oldest first. */
async function messagesOf(orderNo: string, recipient: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), sql`${outbox.payload}->>'orderNo' = ${orderNo}`))
    .orderBy(asc(outbox.id));
}

async function sellerContact(sellerId: number) {
  const email = `orders-${sellerId}@seller.example`;
  const mobile = `98${String(sellerId).padStart(8, '0')}`;
  await t.db
    .update(sellers)
    .set({ contactEmail: email, contactMobile: mobile })
    .where(eq(sellers.id, sellerId));
  return { email, mobile };
}

async function move(invoiceNo: string, seller: string, status: string) {
  const res = await call(`/api/seller/shipments/${invoiceNo}/tracking`, seller, 'POST', { status });
  if (res.status !== 200) throw new Error(`${status}: ${await res.text()}`);
}

describe('order notices at every step', () => {
  it('walks placed → shipped → out for delivery → delivered: one email and one SMS per step, with the right texts and links', async () => {
    await saveMessagePreferences(t.db, shopper.id, DEFAULT_PREFERENCES);
    const [candidate] = kit.takeOffers(1);
    if (!candidate) throw new Error('an offer');
    const contact = await sellerContact(candidate.offer.sellerId);
    const placed = await kit.placeOrder([{ candidate, quantity: 2 }]);
    const { orderNo } = placed;
    const item = placed.items[0];
    if (!item) throw new Error('an item');
    const seller = await kit.sellerCookie(item.sellerId);
    const orderPage = `${SHOP}/neworderdetail?order=${orderNo}`;

    // placed: the shopper's confirmation, the seller's new order
    let mine = await messagesOf(orderNo, shopper.email);
    expect(mine.map((m) => m.template)).toEqual(['order-placed']);
    const [placedEmail] = mine;
    expect(placedEmail?.subject).toBe(`Your order ${orderNo} is placed`);
    expect(placedEmail?.body).toContain(item.productName);
    expect(placedEmail?.body).toContain(formatInr(item.unitPricePaise * 2));
    expect(placedEmail?.body).toContain(`Order total: ${formatInr(placed.order.totalPaise)}`);
    expect(placedEmail?.body).toContain(orderPage);
    const html = (placedEmail?.payload as { html?: string }).html ?? '';
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`href="${SHOP}/neworderdetail?order=${orderNo}"`);
    expect(html).toContain(formatInr(placed.order.totalPaise));
    let sms = await messagesOf(orderNo, shopper.mobile);
    expect(sms.map((m) => [m.channel, m.template, m.body])).toEqual([
      [
        'sms',
        'order-placed',
        `Your order ${orderNo} is placed. We will tell you when it ships. Details: ${orderPage} - Bazaar`,
      ],
    ]);
    expect(sms[0]?.payload).toMatchObject({ variables: { order: orderNo, link: orderPage } });
    const toSeller = [
      ...(await messagesOf(orderNo, contact.email)),
      ...(await messagesOf(orderNo, contact.mobile)),
    ];
    expect(toSeller.map((m) => [m.channel, m.template])).toEqual([
      ['email', 'seller-new-order'],
      ['sms', 'seller-new-order'],
    ]);
    expect(toSeller[1]?.body).toBe(
      `New order ${orderNo} on Bazaar. Pack and ship it: ${SHOP}/sellercentral/orders/${orderNo} - Bazaar`,
    );

    // the seller packs and ships it; nothing is told until the courier has it
    const res = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: item.id }],
      carrier: 'Delhivery',
      awbNo: 'AWB-7788',
    });
    expect(res.status).toBe(201);
    const { invoiceNo } = (await res.json()) as { invoiceNo: string };
    await move(invoiceNo, seller, 'not_picked');
    expect(await messagesOf(orderNo, shopper.email)).toHaveLength(1);

    const steps = [
      [
        'in_transit',
        'order-shipped',
        `Your order ${orderNo} has shipped. Track it here: ${orderPage}#${invoiceNo} - Bazaar`,
      ],
      [
        'dispatched',
        'out-for-delivery',
        `Your order ${orderNo} is out for delivery today. Track it here: ${orderPage}#${invoiceNo} - Bazaar`,
      ],
      [
        'delivered',
        'order-delivered',
        `Your order ${orderNo} is delivered. Returns and feedback: ${orderPage} - Bazaar`,
      ],
    ] as const;
    for (const [status, template, text] of steps) {
      if (status === 'dispatched') await move(invoiceNo, seller, 'pending');
      await move(invoiceNo, seller, status);
      mine = await messagesOf(orderNo, shopper.email);
      sms = await messagesOf(orderNo, shopper.mobile);
      expect(mine.filter((m) => m.template === template)).toHaveLength(1);
      expect(sms.filter((m) => m.template === template).map((m) => m.body)).toEqual([text]);
      const email = mine.find((m) => m.template === template);
      expect(email?.body).toContain(item.productName);
      expect(email?.body).toContain(status === 'delivered' ? orderPage : `${orderPage}#${invoiceNo}`);
    }
    expect(mine.map((m) => m.template)).toEqual([
      'order-placed',
      'order-shipped',
      'out-for-delivery',
      'order-delivered',
    ]);
    expect(sms).toHaveLength(4);
    expect(mine.find((m) => m.template === 'order-shipped')?.body).toContain('Delhivery (AWB AWB-7788)');
  });

  it('queues each event once, however often it is seen (a second path or process)', async () => {
    const placed = await kit.singleItemOrder();
    const before = await messagesOf(placed.orderNo, shopper.email);
    await queueOrderNotices(t.db, { kind: 'order-placed', orderId: placed.order.id });
    await Promise.all([
      t.db.transaction((tx) => queueOrderNotices(tx, { kind: 'order-placed', orderId: placed.order.id })),
      t.db.transaction((tx) => queueOrderNotices(tx, { kind: 'order-placed', orderId: placed.order.id })),
    ]);
    expect(await messagesOf(placed.orderNo, shopper.email)).toEqual(before);
    expect(await messagesOf(placed.orderNo, shopper.mobile)).toHaveLength(1);
  });

  it('tells the shopper and the seller of a failed attempt, and each new attempt again', async () => {
    const placed = await kit.singleItemOrder();
    const contact = await sellerContact(placed.item.sellerId);
    const res = await call(`/api/seller/orders/${placed.orderNo}/shipments`, placed.seller, 'POST', {
      items: [{ itemId: placed.item.id }],
    });
    const { invoiceNo } = (await res.json()) as { invoiceNo: string };
    for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivery_failed'])
      await move(invoiceNo, placed.seller, status);
    const sms = await messagesOf(placed.orderNo, shopper.mobile);
    const attempted = sms.find((m) => m.template === 'delivery-attempted');
    expect(attempted?.body).toBe(
      `We could not deliver your order ${placed.orderNo} today. Tell us what to do next: ${SHOP}/trackitem?item=${placed.item.id} - Bazaar`,
    );
    const email = (await messagesOf(placed.orderNo, shopper.email)).find(
      (m) => m.template === 'delivery-attempted',
    );
    expect(email?.body).toContain('Choose what happens next');
    // (the seller's contact was set after the order: only the failed attempt reached it)
    const toSeller = await messagesOf(placed.orderNo, contact.mobile);
    expect(toSeller.map((m) => m.template)).toEqual(['seller-delivery-attempted']);
    expect(toSeller[0]?.body).toContain(`${SHOP}/sellercentral/orders/${placed.orderNo}`);

    // the courier goes out again: a second "out for delivery", told again
    await move(invoiceNo, placed.seller, 'dispatched');
    const again = await messagesOf(placed.orderNo, shopper.mobile);
    expect(again.filter((m) => m.template === 'out-for-delivery')).toHaveLength(2);
  });
});

describe('returns and refunds', () => {
  it('tells of the booked pickup, the refund started and the refund completed, each once', async () => {
    const placed = await kit.deliveredItem(1, 'prepaid');
    const refNo = await kit.insertRequest(placed.item.id, 'return');
    const decided = await call(`/api/seller/item-requests/${refNo}/decision`, placed.seller, 'POST', {
      decision: 'refund-with-reverse',
    });
    expect(decided.status).toBe(200);
    let sms = await messagesOf(placed.orderNo, shopper.mobile);
    const booked = sms.filter((m) => m.template === 'return-pickup-booked');
    expect(booked.map((m) => m.body)).toEqual([
      `The pickup of your return for order ${placed.orderNo} is booked. Details: ${SHOP}/neworderdetail?order=${placed.orderNo} - Bazaar`,
    ]);
    const bookedEmail = (await messagesOf(placed.orderNo, shopper.email)).find(
      (m) => m.template === 'return-pickup-booked',
    );
    expect(bookedEmail?.body).toContain(`The pickup of your return ${refNo} is booked for 1 Jan 2030.`);

    // the pickup day comes
    await t.db
      .update(itemRequests)
      .set({ pickupDate: indiaDate(new Date()) })
      .where(eq(itemRequests.refNo, refNo));
    const picked = await call(`/api/seller/item-requests/${refNo}/pickup`, placed.seller, 'POST');
    expect(picked.status).toBe(200);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, placed.order.id));
    if (!refund) throw new Error('the refund started at the pickup');
    const amount = formatInr(refund.amountPaise).replace('₹', '');
    sms = await messagesOf(placed.orderNo, shopper.mobile);
    expect(sms.filter((m) => m.template === 'refund-started').map((m) => m.body)).toEqual([
      `A refund of Rs ${amount} for order ${placed.orderNo} has started. It reaches you in 7-10 business days. - Bazaar`,
    ]);
    const startedEmail = (await messagesOf(placed.orderNo, shopper.email)).find(
      (m) => m.template === 'refund-started',
    );
    expect(startedEmail?.body).toContain(`Refund: ${formatInr(refund.amountPaise)}`);

    // the provider takes it, then settles it (twice: a repeated webhook)
    await recordRefundEvent(
      t.db,
      { refundId: refund.id },
      { type: 'accepted', providerRefundId: 'rfnd_T1' },
      {
        provider: 'sandbox',
      },
    );
    for (let i = 0; i < 2; i++)
      await recordRefundEvent(
        t.db,
        { refundId: refund.id },
        { type: 'settled', providerRefundId: 'rfnd_T1' },
      );
    sms = await messagesOf(placed.orderNo, shopper.mobile);
    expect(sms.filter((m) => m.template === 'refund-completed').map((m) => m.body)).toEqual([
      `Your refund of Rs ${amount} for order ${placed.orderNo} is complete. - Bazaar`,
    ]);
  });
});

describe('the shopper’s message preferences', () => {
  it('drops the optional parcel updates they turned off, never the confirmation, and adds WhatsApp when turned on', async () => {
    await saveMessagePreferences(t.db, shopper.id, {
      ...DEFAULT_PREFERENCES,
      smsUpdates: false,
      whatsappUpdates: true,
    });
    try {
      const placed = await kit.singleItemOrder();
      const res = await call(`/api/seller/orders/${placed.orderNo}/shipments`, placed.seller, 'POST', {
        items: [{ itemId: placed.item.id }],
      });
      const { invoiceNo } = (await res.json()) as { invoiceNo: string };
      for (const status of ['not_picked', 'in_transit']) await move(invoiceNo, placed.seller, status);
      const toMobile = await messagesOf(placed.orderNo, shopper.mobile);
      expect(toMobile.map((m) => [m.channel, m.template])).toEqual([
        ['sms', 'order-placed'],
        ['whatsapp', 'order_placed'],
        ['whatsapp', 'order_shipped'],
      ]);
      expect(toMobile[2]?.payload).toMatchObject({
        variables: { 1: placed.orderNo, 2: `${SHOP}/neworderdetail?order=${placed.orderNo}#${invoiceNo}` },
      });
      const emails = await messagesOf(placed.orderNo, shopper.email);
      expect(emails.map((m) => m.template)).toEqual(['order-placed', 'order-shipped']);
    } finally {
      await saveMessagePreferences(t.db, shopper.id, DEFAULT_PREFERENCES);
    }
  });
});

describe('the order’s messages in the shopper’s language (requirements#message-languages)', () => {
  it('a shopper who shops on Hindi pages gets the order’s email, SMS and WhatsApp in Hindi; sellers still in English', async () => {
    await saveMessagePreferences(t.db, shopper.id, { ...DEFAULT_PREFERENCES, whatsappUpdates: true });
    try {
      // a Hindi page opened signed in makes Hindi the shopper's language; an English page, English again
      const page = (path: string) => t.request(path, { headers: { cookie: kit.shopper } });
      expect((await page('/hi/cart')).status).toBe(200);
      const languageOf = async () =>
        (await t.db.select({ language: users.language }).from(users).where(eq(users.id, shopper.id)))[0]
          ?.language;
      expect(await languageOf()).toBe('hi');

      const placed = await kit.singleItemOrder();
      const contact = await sellerContact(placed.item.sellerId);
      const [email] = await messagesOf(placed.orderNo, shopper.email);
      expect(email?.subject).toBe(`आपका ऑर्डर ${placed.orderNo} मिल गया है`);
      expect(email?.body).toContain('नमस्ते');
      expect(email?.body).toContain('ऑर्डर करने के लिए धन्यवाद।');
      expect(email?.body).toContain(`डिलीवरी के समय ${formatInr(placed.order.totalPaise)} नकद दें।`);
      expect(email?.body).toContain(`ऑर्डर की कुल रकम: ${formatInr(placed.order.totalPaise)}`);
      // the product's name stays as the seller wrote it
      expect(email?.body).toContain(placed.item.productName);
      const html = (email?.payload as { html?: string }).html ?? '';
      expect(html).toContain('<html lang="hi-IN">');
      expect(html).toContain('अपना ऑर्डर देखें');
      expect(html).not.toContain('View your order');

      const toMobile = await messagesOf(placed.orderNo, shopper.mobile);
      expect(toMobile.map((m) => [m.channel, m.template])).toEqual([
        ['sms', 'order-placed'],
        ['whatsapp', 'order_placed'],
      ]);
      expect(toMobile[0]?.body).toBe(
        `आपका ऑर्डर ${placed.orderNo} मिल गया है। शिप होते ही हम बताएँगे। जानकारी: ${SHOP}/neworderdetail?order=${placed.orderNo} - Bazaar`,
      );
      expect(toMobile.map((m) => m.payload)).toEqual([
        expect.objectContaining({ language: 'hi' }),
        expect.objectContaining({ language: 'hi' }),
      ]);
      const [sellerEmail] = await messagesOf(placed.orderNo, contact.email);
      expect(sellerEmail?.subject).toBe(`New order ${placed.orderNo}`);

      expect((await page('/cart')).status).toBe(200);
      expect(await languageOf()).toBe('en');
      const next = await kit.singleItemOrder();
      const [english] = await messagesOf(next.orderNo, shopper.email);
      expect(english?.subject).toBe(`Your order ${next.orderNo} is placed`);
    } finally {
      await saveMessagePreferences(t.db, shopper.id, DEFAULT_PREFERENCES);
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, shopper.id));
    }
  });
});
