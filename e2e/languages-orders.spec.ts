// requirements#languages: My Orders, an order's details, tracking, cancelling, returns and
// replacements, feedback and the conversations with the seller in Hindi, Tamil and Telugu, with
// real orders in every state the pages speak of: no English left but stored names and codes.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, products, reasonQuestions, sellers, users } from '@marketplace/db';
import { addDays, indiaDate } from '@marketplace/domain/orders/returns';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { FILES } from '../apps/server/test-support/feedback.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { englishWordsOf, storedNameWords } from './support/english-words.ts';
import { codeSentTo } from './support/inbox.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
/** Codes Indian shoppers read as they are: the one-time password and the invoice's file type. */
const CODES = ['OTP', 'PDF'];

type Placed = { orderNo: string; sellerId: number; itemId: number; productName: string };

async function sellerApi(sellerId: number) {
  const [row] = await store.db
    .select({ userId: users.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  if (!row) throw new Error('the seller has a login');
  const { token } = await createSession(store.db, row.userId);
  return async (path: string, method = 'GET', body?: unknown) => {
    const res = await fetch(store.url(path), {
      method,
      headers: {
        cookie: `${SESSION_COOKIE}=${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
}

/** The shopper's own API calls, with the page's session. */
async function shopperCall(path: string, method: 'GET' | 'POST', data?: unknown) {
  const request = store.page.context().request;
  const res =
    method === 'GET' ? await request.get(store.url(path)) : await request.post(store.url(path), { data });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A COD order of one offer, placed through the API. */
async function placeOrder(index: number, quantity: number): Promise<Placed> {
  const address = await defaultAddress(store.db, SHOPPER);
  const pick = (await deliverableOffers(store.db, address.pincode))[index];
  if (!pick) throw new Error('a deliverable offer');
  const { orderNo } = (await shopperCall('/api/orders', 'POST', {
    idempotencyKey: `e2e-languages-orders-${index}-${Date.now()}`,
    addressId: address.id,
    paymentMode: 'cod',
    lines: [
      { productId: pick.offer.productId, sellerId: pick.offer.sellerId, quantity, deliveryType: 'standard' },
    ],
  })) as { orderNo: string };
  const [item] = await store.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNo, orderNo));
  if (!item) throw new Error('the item was saved');
  return { orderNo, sellerId: pick.offer.sellerId, itemId: item.id, productName: pick.name };
}

/** The seller ships the order's item with its courier and moves the parcel through `statuses`. */
async function ship(placed: Placed, statuses: readonly string[]) {
  const seller = await sellerApi(placed.sellerId);
  const { invoiceNo } = (await seller(`/api/seller/orders/${placed.orderNo}/shipments`, 'POST', {
    items: [{ itemId: placed.itemId }],
    carrier: 'Delhivery',
    awbNo: 'AWB-98765432',
  })) as { invoiceNo: string };
  for (const status of statuses)
    await seller(`/api/seller/shipments/${invoiceNo}/tracking`, 'POST', { status, location: 'Chennai hub' });
  return seller;
}

/** A delivered order whose item can be returned or replaced for 10 days. */
async function delivered(index: number, quantity = 1) {
  const placed = await placeOrder(index, quantity);
  await store.db
    .update(orderItems)
    .set({ returnWindowDays: 10, replaceWindowDays: 10 })
    .where(eq(orderItems.id, placed.itemId));
  const seller = await ship(placed, ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered']);
  return { ...placed, seller };
}

async function reasonIds(kind: 'cancel' | 'return' | 'replace') {
  const rows = await store.db
    .select({ id: reasonQuestions.id })
    .from(reasonQuestions)
    .where(eq(reasonQuestions.kind, kind));
  return rows.map((row) => row.id).slice(0, 2);
}

/** A return or replacement asked for through the API, with a photo, picked up three days on. */
async function ask(placed: Placed, kind: 'return' | 'replace') {
  const upload = await store.page
    .context()
    .request.post(store.url(`/api/uploads?orderItem=${placed.itemId}&kind=image`), {
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: FILES.png } },
    });
  expect(upload.status()).toBe(201);
  const { key } = (await upload.json()) as { key: string };
  const created = (await shopperCall('/api/item-requests', 'POST', {
    kind,
    items: [
      {
        orderItemId: placed.itemId,
        quantity: 1,
        reasonIds: await reasonIds(kind),
        additionalInfo: 'The box was crushed.',
      },
    ],
    images: [key],
    video: null,
    pickupDate: addDays(indiaDate(new Date()), 3),
  })) as { requests: { refNo: string }[] };
  const refNo = created.requests[0]?.refNo;
  if (!refNo) throw new Error('the request was made');
  return refNo;
}

type Journey = { pages: string[]; cancelForm: string };
let journey: Journey | null = null;

/**
 * The shopper's orders in every state the pages speak of: on its way, waiting to be shipped,
 * cancelled, returned (accepted, with the seller's reply), a replacement asked for, and a
 * delivered one to return or give feedback on. Made once for the three languages.
 */
async function prepare(): Promise<Journey> {
  await store.loginAs(SHOPPER);
  if (journey) return journey;
  const onItsWay = await placeOrder(60, 1);
  await ship(onItsWay, ['not_picked', 'in_transit', 'pending']);
  const waiting = await placeOrder(61, 2);
  const cancelled = await placeOrder(62, 2);
  await shopperCall('/api/cancellations', 'POST', {
    orderNo: cancelled.orderNo,
    items: [{ itemId: cancelled.itemId, quantity: 1, reasonIds: await reasonIds('cancel') }],
    additionalInfo: 'Ordered it twice by mistake.',
  });
  await shopperCall('/api/cancellations/verify', 'POST', { code: await codeSentTo(store.db, SHOPPER) });
  const returned = await delivered(63, 2);
  const refNo = await ask(returned, 'return');
  await returned.seller(`/api/seller/item-requests/${refNo}/decision`, 'POST', {
    decision: 'refund-with-reverse',
  });
  await shopperCall('/api/item-requests/messages', 'POST', {
    orderItemId: returned.itemId,
    topic: 'seller',
    body: 'When will the pickup come?',
  });
  await returned.seller(`/api/seller/order-items/${returned.itemId}/messages`, 'POST', {
    body: 'The courier comes tomorrow before noon.',
  });
  const replaced = await delivered(64);
  await ask(replaced, 'replace');
  const fresh = await delivered(65, 2);
  const group = (placed: Placed) => `order=${placed.orderNo}&seller=${placed.sellerId}&item=${placed.itemId}`;
  journey = {
    cancelForm: `/cancelitem?${group(waiting)}`,
    pages: [
      '/myorder',
      `/neworderdetail?order=${onItsWay.orderNo}`,
      `/neworderdetail?order=${returned.orderNo}`,
      `/trackitem?item=${onItsWay.itemId}`,
      `/cancelitem?${group(waiting)}`,
      `/cancelleditemdetail?item=${cancelled.itemId}`,
      `/returnitem?${group(fresh)}`,
      `/returnitem?${group(returned)}`,
      `/replacementitem?${group(fresh)}`,
      `/returnitemdetail?item=${returned.itemId}`,
      `/replaceitemdetail?item=${replaced.itemId}`,
      `/returninprocess/contactseller?item=${returned.itemId}`,
      `/returninprocess/previlageclaim?item=${returned.itemId}`,
      `/sellerfeedback?item=${fresh.itemId}`,
      `/deliveryfeedback?item=${fresh.itemId}`,
      `/productfeedback?item=${fresh.itemId}`,
    ],
  };
  return journey;
}

/** Words of the names the pages show as stored: brands, sellers, categories, and the products. */
async function namesAllowed() {
  const names = await storedNameWords(store.db, store.page);
  const rows = await store.db.select({ name: products.name }).from(products);
  for (const row of rows) for (const word of row.name.match(/[A-Za-z]{3,}/g) ?? []) names.add(word);
  for (const code of CODES) names.add(code);
  return names;
}

/** The page's main heading, once it is shown. */
const heading = () => store.page.locator('main h1').first().waitFor();

describe('the order pages in Hindi, Tamil and Telugu', () => {
  for (const language of ['hi', 'ta', 'te'] as const) {
    it(`leave no English in ${language} but stored names and codes`, async () => {
      const { pages } = await prepare();
      const allowed = await namesAllowed();
      for (const path of pages) {
        await store.openHydrated(`/${language}${path}`);
        await heading();
        expect(await store.page.locator('html').getAttribute('lang'), path).toBe(`${language}-IN`);
        // the links of the page keep its language
        const hrefs = await store.page
          .locator('main a[href^="/"]')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        expect(
          hrefs.filter((href) => !href.startsWith(`/${language}`) && !href.startsWith('/api/')),
          `${language}${path}`,
        ).toEqual([]);
        expect(await englishWordsOf(store.page, allowed), `${language}${path}`).toEqual([]);
      }
    });
  }

  it('asks for the cancellation’s OTP in Hindi and stays in Hindi', async () => {
    const { cancelForm } = await prepare();
    const allowed = await namesAllowed();
    const page = store.page;
    await store.openHydrated(`/hi${cancelForm}`);
    await page.locator('.cancel-item input[type="checkbox"]').first().check();
    await page.getByLabel('कितने रद्द करने हैं', { exact: true }).selectOption('1');
    await page.getByRole('button', { name: 'सबमिट करें', exact: true }).click();
    await page.getByLabel('OTP डालें', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/hi/cancelitem');
    expect(await englishWordsOf(page, allowed)).toEqual([]);
    // a wrong code is refused in Hindi
    await page.getByLabel('OTP डालें', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'पुष्टि करें', exact: true }).click();
    await page.locator('#cancel-otp-error').waitFor();
    expect(await englishWordsOf(page, allowed)).toEqual([]);
  });

  it('fits a phone and a desktop in Tamil: long words wrap, nothing scrolls sideways', async () => {
    const { pages } = await prepare();
    for (const [name, path] of [
      ['languages-orders-ta-my-orders', '/myorder'],
      ['languages-orders-ta-return', pages.find((p) => p.startsWith('/returnitemdetail')) ?? ''],
    ] as const) {
      await store.openHydrated(`/ta${path}`);
      await heading();
      for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
        await store.screenshot(name, width);
        expect(
          await store.page.evaluate(() => document.documentElement.scrollWidth),
          `${name} at ${width} px`,
        ).toBeLessThanOrEqual(width);
      }
    }
  });
});
