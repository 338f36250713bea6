import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  itemRequestMedia,
  itemRequestReasons,
  itemRequests,
  orderItems,
  rateLimitCounters,
  reasonQuestions,
} from '@marketplace/db';
import { FEEDBACK_MESSAGES } from '@marketplace/domain/orders/feedback';
import {
  addDays,
  AFTER_SALES_MESSAGES,
  indiaDate,
  namedRefusal,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
  sharedPickupDates,
} from '@marketplace/domain/orders/returns';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { FILES, fileForm } from '../../../test-support/feedback.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import type { AfterSalesForm } from './request-form.ts';
import type { ItemRequestDetails } from './request-details.ts';

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let rahul: string;
let reasonIds: { return: number[]; replace: number[]; cancel: number[] };
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  rahul = await t.loginCookie('rahul@example.com');
  const reasons = await t.db.select().from(reasonQuestions);
  const of = (kind: string) => reasons.filter((r) => r.kind === kind).map((r) => r.id);
  reasonIds = { return: of('return'), replace: of('replace'), cancel: of('cancel') };
});
afterAll(() => t.close());
// these tests upload far more photos than one shopper may in an hour: each starts with a fresh allowance
beforeEach(async () => {
  await t.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'upload:%'));
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Created = {
  success: true;
  message: string;
  kind: string;
  pickupDate: string;
  requests: { refNo: string; itemId: number; quantity: number }[];
};
const refNoOf = (created: Created) => created.requests[0]?.refNo ?? '';

/** An order item of `quantity` units taken through delivery by its seller, with return and replace windows. */
async function deliveredItem(quantity = 2) {
  const placed = await kit.singleItemOrder(quantity);
  await t.db
    .update(orderItems)
    .set({ returnWindowDays: 10, replaceWindowDays: 7 })
    .where(eq(orderItems.id, placed.item.id));
  const res = await call(`/api/seller/orders/${placed.orderNo}/shipments`, placed.seller, 'POST', {
    items: [{ itemId: placed.item.id }],
  });
  const { invoiceNo } = (await res.json()) as { invoiceNo: string };
  for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered']) {
    const moved = await call(`/api/seller/shipments/${invoiceNo}/tracking`, placed.seller, 'POST', {
      status,
    });
    if (moved.status !== 200) throw new Error(await moved.text());
  }
  return { ...placed, invoiceNo };
}

/** Two products of one seller in one order, shipped together and delivered, with return windows of 10 and `secondWindow` days. */
async function deliveredOrderOfOneSeller(quantities: [number, number] = [2, 1], secondWindow = 10) {
  const [one, two] = kit.takeOffersOfOneSeller(2);
  if (!one || !two) throw new Error('two offers');
  const placed = await kit.placeOrder([
    { candidate: one, quantity: quantities[0] },
    { candidate: two, quantity: quantities[1] },
  ]);
  const seller = await kit.sellerCookie(one.offer.sellerId);
  for (const [index, item] of placed.items.entries())
    await t.db
      .update(orderItems)
      .set({ returnWindowDays: index === 0 ? 10 : secondWindow, replaceWindowDays: 7 })
      .where(eq(orderItems.id, item.id));
  const res = await call(`/api/seller/orders/${placed.orderNo}/shipments`, seller, 'POST', {
    items: placed.items.map((item) => ({ itemId: item.id })),
  });
  const { invoiceNo } = (await res.json()) as { invoiceNo: string };
  for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered']) {
    const moved = await call(`/api/seller/shipments/${invoiceNo}/tracking`, seller, 'POST', { status });
    if (moved.status !== 200) throw new Error(await moved.text());
  }
  return { ...placed, seller, invoiceNo };
}

const upload = async (itemId: number, kind: 'image' | 'video', cookie = kit.shopper) => {
  const form =
    kind === 'image'
      ? fileForm(FILES.png, `photo-${Math.random()}.jpg`, 'image/jpeg')
      : fileForm(FILES.mp4, 'unpack.mp4', 'video/mp4');
  const res = await t.request(`/api/uploads?orderItem=${itemId}&kind=${kind}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(await res.text());
  return ((await res.json()) as { key: string }).key;
};
const today = () => indiaDate(new Date());
const line = (itemId: number, kind: 'return' | 'replace' = 'return', extra: object = {}) => ({
  orderItemId: itemId,
  quantity: 1,
  reasonIds: reasonIds[kind].slice(0, 2),
  additionalInfo: 'The box was crushed.',
  ...extra,
});
/** One product's request as the form sends it; `extra` changes the product's line, `shared` the rest. */
const requestBody = async (
  itemId: number,
  kind: 'return' | 'replace' = 'return',
  extra: object = {},
  shared: object = {},
) => ({
  kind,
  items: [line(itemId, kind, extra)],
  images: [await upload(itemId, 'image')],
  video: null,
  pickupDate: addDays(today(), 3),
  ...shared,
});
const post = (body: unknown, cookie: string | null = kit.shopper) =>
  call('/api/item-requests', cookie, 'POST', body);
const rowsOf = async () => ({
  requests: (await t.db.select({ n: count() }).from(itemRequests))[0]?.n,
  reasons: (await t.db.select({ n: count() }).from(itemRequestReasons))[0]?.n,
  media: (await t.db.select({ n: count() }).from(itemRequestMedia))[0]?.n,
});
const details = async (itemId: number, kind: 'return' | 'replace', cookie = kit.shopper) => {
  const res = await call(`/api/item-requests?kind=${kind}&item=${itemId}`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as ItemRequestDetails;
};

describe('GET /api/item-requests/options', () => {
  it('lists the seller’s items of the order with eligibility, units left, pickup days and reasons', async () => {
    const { orderNo, item } = await deliveredItem(3);
    const res = await call(
      `/api/item-requests/options?kind=return&order=${orderNo}&seller=${item.sellerId}`,
      kit.shopper,
    );
    expect(res.status).toBe(200);
    const form = (await res.json()) as AfterSalesForm;
    expect(form.reasons.map((r) => r.id)).toEqual(reasonIds.return);
    const [row] = form.items;
    expect(row?.eligibility).toMatchObject({ isEligible: true, remaining: 3 });
    if (!row?.eligibility.isEligible) throw new Error('eligible');
    // requirements#pickup-window: today + 3 through return_by_date + 3 (10 days from delivery today)
    expect(row.eligibility.pickupDates[0]).toBe(addDays(today(), 3));
    expect(row.eligibility.pickupDates.at(-1)).toBe(addDays(row.eligibility.byDate, 3));
  });

  it('answers 404 for another shopper’s order, 401 without a session and 400 for a malformed query', async () => {
    const { orderNo, item } = await deliveredItem(1);
    const path = `/api/item-requests/options?kind=return&order=${orderNo}&seller=${item.sellerId}`;
    expect((await call(path, rahul)).status).toBe(404);
    expect((await call(path, null)).status).toBe(401);
    for (const bad of [
      `kind=cancel&order=${orderNo}&seller=${item.sellerId}`,
      `kind=return&order=${orderNo}&seller=-1`,
      `kind=return&order=${encodeURIComponent("' OR 1=1 --")}&seller=${item.sellerId}`,
      `kind=return&order=${'A'.repeat(500)}&seller=${item.sellerId}`,
      `kind=return&seller=${item.sellerId}`,
    ]) {
      const res = await call(`/api/item-requests/options?${bad}`, kit.shopper);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('POST /api/item-requests (return)', () => {
  it('saves the request with its reasons, photo and video in one go, answers a retry the same, and refuses a second request', async () => {
    const { item } = await deliveredItem(2);
    const body = await requestBody(item.id, 'return', {}, { video: await upload(item.id, 'video') });
    const before = await rowsOf();
    const res = await post(body);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Created;
    expect(created).toMatchObject({ success: true, message: RETURN_MESSAGES.submitted });
    expect(created.requests).toEqual([{ refNo: expect.any(String), itemId: item.id, quantity: 1 }]);
    expect(await rowsOf()).toEqual({
      requests: (before.requests ?? 0) + 1,
      reasons: (before.reasons ?? 0) + 2,
      media: (before.media ?? 0) + 2,
    });

    const retry = await post(body);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as Created).requests).toEqual(created.requests);
    expect((await rowsOf()).requests).toBe((before.requests ?? 0) + 1);

    const second = await post({ ...body, items: [line(item.id, 'return', { quantity: 2 })] });
    expect(second.status).toBe(409);
    expect(((await second.json()) as ErrorBody).error.message).toBe(
      namedRefusal(item.productName, AFTER_SALES_MESSAGES.requestOpen),
    );
    const replace = await post({ ...(await requestBody(item.id, 'replace')) });
    expect(replace.status).toBe(409);
    expect((await rowsOf()).requests).toBe((before.requests ?? 0) + 1);

    const shown = await details(item.id, 'return');
    expect(shown.requests).toHaveLength(1);
    expect(shown.requests[0]).toMatchObject({
      refNo: refNoOf(created),
      status: 'pending',
      additionalInfo: 'The box was crushed.',
      pickupDate: body.pickupDate,
    });
    expect(shown.requests[0]?.images).toHaveLength(1);
    expect(shown.requests[0]?.video).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    expect(shown.requests[0]?.reasons).toHaveLength(2);
  });

  it('shows the real refund once the seller accepts: pending estimate first, then the amount initiated with its 7 to 10 business days', async () => {
    const { item, seller, order } = await deliveredItem(2);
    const res = await post(await requestBody(item.id));
    const refNo = refNoOf((await res.json()) as Created);
    const pending = (await details(item.id, 'return')).requests[0];
    expect(pending?.refund.status).toBe('pending');
    // one of two units of a one-item order: half of what was paid, less the promo's share
    expect(pending?.refund.amountPaise).toBe(Math.floor(order.totalPaise / 2));

    const decided = await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
      decision: 'refund-with-reverse',
    });
    expect(decided.status).toBe(200);
    // requirements#return-pickup: accepted, and the refund waits for the pickup
    const accepted = (await details(item.id, 'return')).requests[0];
    expect(accepted).toMatchObject({
      status: 'refund-with-reverse',
      waiting: { step: 'pickup', pickupDate: accepted?.pickupDate, isRefundAfterPickup: true },
      refund: { status: 'pending', amountPaise: pending?.refund.amountPaise, estimate: null },
    });
    await t.db
      .update(itemRequests)
      .set({ pickupDate: indiaDate(new Date()) })
      .where(eq(itemRequests.refNo, refNo));
    expect((await call(`/api/seller/item-requests/${refNo}/pickup`, seller, 'POST')).status).toBe(200);
    const shown = (await details(item.id, 'return')).requests[0];
    expect(shown).toMatchObject({ status: 'refund-with-reverse', waiting: { step: 'picked_up' } });
    expect(shown?.refund).toMatchObject({ status: 'initiated', amountPaise: pending?.refund.amountPaise });
    expect(shown?.refund.estimate?.text).toBe('7 to 10 business days');
    // the other unit can still be returned
    const form = (await (
      await call(
        `/api/item-requests/options?kind=return&order=${order.orderNo}&seller=${item.sellerId}`,
        kit.shopper,
      )
    ).json()) as AfterSalesForm;
    expect(form.items[0]?.eligibility).toMatchObject({ isEligible: true, remaining: 1 });
    expect(form.requests.map((r) => r.refNo)).toEqual([refNo]);
  });

  it.each([
    ['no reasons', { reasonIds: [] }, 400, RETURN_MESSAGES.reasons],
    ['no images', { images: [] }, 400, RETURN_MESSAGES.images],
    ['no products', { items: [] }, 400, RETURN_MESSAGES.noProducts],
    ['no pickup date', { pickupDate: '' }, 400, RETURN_MESSAGES.pickupDate],
    ['a 6th image', 'six', 400, FEEDBACK_MESSAGES.tooManyImages],
    [
      'a pickup date 2 days ahead',
      { pickupDate: 'today+2' },
      400,
      'named:' + AFTER_SALES_MESSAGES.pickupOutsideWindow,
    ],
    [
      'a pickup date after the window',
      { pickupDate: 'end+1' },
      400,
      'named:' + AFTER_SALES_MESSAGES.pickupOutsideWindow,
    ],
    ['a quantity above the remainder', { quantity: 3 }, 400, 'named:' + AFTER_SALES_MESSAGES.quantity],
    ['a cancellation reason', { reasonIds: 'cancel' }, 400, 'named:' + AFTER_SALES_MESSAGES.unknownReason],
    [
      'an unknown reason id',
      { reasonIds: [2_000_000_000] },
      400,
      'named:' + AFTER_SALES_MESSAGES.unknownReason,
    ],
    ['another shopper’s file', 'foreign', 400, AFTER_SALES_MESSAGES.unknownUpload],
    ['a video key given as an image', 'video-as-image', 400, AFTER_SALES_MESSAGES.unknownUpload],
    ['a made-up file key', { images: ['f'.repeat(32)] }, 400, AFTER_SALES_MESSAGES.unknownUpload],
    ['a path as a file key', { images: ['../../etc/passwd'] }, 400, FEEDBACK_MESSAGES.unknownUpload],
    ['a user id in the body', { userId: 1 }, 400, null],
    ['a user id on a product', { line: { userId: 1 } }, 400, null],
    ['a string quantity', { quantity: '1' }, 400, null],
    ['a huge quantity', { quantity: 1e12 }, 400, AFTER_SALES_MESSAGES.quantity],
    ['too long additional info', { additionalInfo: 'x'.repeat(1001) }, 400, AFTER_SALES_MESSAGES.infoTooLong],
    ['the old single-product shape', 'single', 400, null],
  ])('refuses %s with a clear message and saves nothing', async (_name, change, status, message) => {
    const { item } = await deliveredItem(2);
    const base = await requestBody(item.id);
    let body: Record<string, unknown> = { ...base };
    const onLine = (extra: object) => ({ ...body, items: [line(item.id, 'return', extra)] });
    if (change === 'six') {
      const more = await Promise.all([1, 2, 3, 4, 5].map(() => upload(item.id, 'image')));
      body.images = [...base.images, ...more];
    } else if (change === 'foreign') {
      const other = await deliveredItem(1);
      body.images = [await upload(other.item.id, 'image')];
    } else if (change === 'video-as-image') {
      body.images = [await upload(item.id, 'video')];
    } else if (change === 'single') {
      body = { kind: 'return', ...line(item.id), images: base.images, pickupDate: base.pickupDate };
    } else if (typeof change === 'object' && 'pickupDate' in change && change.pickupDate === 'today+2') {
      body.pickupDate = addDays(today(), 2);
    } else if (typeof change === 'object' && 'pickupDate' in change && change.pickupDate === 'end+1') {
      const row = await kit.itemRow(item.id);
      const byDate = indiaDate(new Date((row.deliveredAt?.getTime() ?? 0) + 10 * 86_400_000));
      body.pickupDate = addDays(byDate, 4);
    } else if (typeof change === 'object' && 'reasonIds' in change && change.reasonIds === 'cancel') {
      body = onLine({ reasonIds: reasonIds.cancel.slice(0, 1) });
    } else if (typeof change === 'object' && 'line' in change) {
      body = onLine(change.line);
    } else if (
      typeof change === 'object' &&
      ('reasonIds' in change || 'quantity' in change || 'additionalInfo' in change)
    ) {
      body = onLine(change);
    } else if (typeof change === 'object') {
      body = { ...body, ...change };
    }
    const before = await rowsOf();
    const res = await post(body);
    expect(res.status).toBe(status);
    const error = ((await res.json()) as ErrorBody).error;
    if (message?.startsWith('named:'))
      expect(error.message).toBe(namedRefusal(item.productName, message.slice('named:'.length)));
    else if (message) expect(error.message).toBe(message);
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses a file named .jpg that is not an image, and a video over 50 MB, at upload', async () => {
    const { item } = await deliveredItem(1);
    const fake = await t.request(`/api/uploads?orderItem=${item.id}&kind=image`, {
      method: 'POST',
      headers: { cookie: kit.shopper },
      body: fileForm(FILES.text, 'photo.jpg', 'image/jpeg'),
    });
    expect(fake.status).toBe(415);
    expect(((await fake.json()) as ErrorBody).error.message).toBe(FEEDBACK_MESSAGES.invalidImages);
    const big = Buffer.concat([FILES.mp4, Buffer.alloc(51 * 1024 * 1024)]);
    const long = await t.request(`/api/uploads?orderItem=${item.id}&kind=video`, {
      method: 'POST',
      headers: { cookie: kit.shopper },
      body: fileForm(big, 'unpack.mp4', 'video/mp4'),
    });
    expect(long.status).toBe(413);
    expect(((await long.json()) as ErrorBody).error.message).toBe(FEEDBACK_MESSAGES.videoTooLarge);
  });

  it.each([
    [
      'the window has passed',
      { deliveredAt: new Date(Date.now() - 11 * 86_400_000) },
      'Your Return window for the product is closed',
    ],
    [
      'the item has no return option',
      { returnWindowDays: 0 },
      "You don't have a Return option for the product",
    ],
    ['every unit is processed', { returnedQuantity: 1, replacedQuantity: 1 }, 'All items processed!'],
  ])('refuses when %s with 409 and the spec text', async (_name, change, message) => {
    const { item } = await deliveredItem(2);
    const body = await requestBody(item.id);
    await t.db.update(orderItems).set(change).where(eq(orderItems.id, item.id));
    const before = await rowsOf();
    const res = await post(body);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(namedRefusal(item.productName, message));
    expect(await rowsOf()).toEqual(before);
  });

  it('lets only one of two different requests sent at once through', async () => {
    const { item } = await deliveredItem(2);
    const [one, two] = await Promise.all([
      post(await requestBody(item.id)),
      post(await requestBody(item.id, 'return', { quantity: 2 })),
    ]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(itemRequests).where(eq(itemRequests.orderItemId, item.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an item not delivered yet', async () => {
    const { item } = await kit.singleItemOrder(1);
    const res = await post(await requestBody(item.id));
    expect(res.status).toBe(409);
  });

  it('answers 404 for another shopper’s item, whatever the body, and 401 without a session', async () => {
    const { item } = await deliveredItem(1);
    const body = await requestBody(item.id);
    const before = await rowsOf();
    const res = await post(body, rahul);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toBe(AFTER_SALES_MESSAGES.notFound);
    expect((await post(body, null)).status).toBe(401);
    expect((await call(`/api/item-requests?kind=return&item=${item.id}`, rahul)).status).toBe(404);
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses malformed and oversized bodies', async () => {
    for (const raw of [
      '{"kind":',
      '[]',
      'null',
      JSON.stringify({ kind: 'return', orderItemId: 'x' }),
      JSON.stringify({ kind: 'return', items: 'x' }),
      JSON.stringify({ kind: 'return', items: [null] }),
      JSON.stringify({ kind: 'return', items: [{ orderItemId: '1', quantity: 1, reasonIds: [1] }] }),
      JSON.stringify({ kind: 'return', items: { 0: { orderItemId: 1 } } }),
    ]) {
      const res = await post(raw);
      expect(res.status, raw).toBe(400);
    }
    const huge = await post({
      kind: 'return',
      items: [{ orderItemId: 1, quantity: 1, reasonIds: [1], additionalInfo: 'x'.repeat(2 * 1024 * 1024) }],
    });
    expect([400, 413]).toContain(huge.status);
  });
});

describe('POST /api/item-requests (several products in one return)', () => {
  const twoLines = async (a: number, b: number, extraB: object = {}, shared: object = {}) => ({
    kind: 'return',
    items: [
      line(a, 'return', { quantity: 2, reasonIds: reasonIds.return.slice(0, 1), additionalInfo: 'Torn.' }),
      line(b, 'return', { reasonIds: reasonIds.return.slice(1, 3), additionalInfo: '', ...extraB }),
    ],
    // photos about the second product are the whole return's
    images: [await upload(a, 'image'), await upload(b, 'image')],
    video: await upload(b, 'video'),
    pickupDate: addDays(today(), 4),
    ...shared,
  });

  it('makes one request per product in one transaction, each with its quantity and reasons, and answers a retry with them', async () => {
    const { items, orderNo } = await deliveredOrderOfOneSeller();
    const [a, b] = items;
    if (!a || !b) throw new Error('two items');
    const body = await twoLines(a.id, b.id);
    const before = await rowsOf();
    const res = await post(body);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Created;
    expect(created).toMatchObject({ message: RETURN_MESSAGES.submitted, pickupDate: body.pickupDate });
    expect(created.requests.map((r) => [r.itemId, r.quantity])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    expect(await rowsOf()).toEqual({
      requests: (before.requests ?? 0) + 2,
      reasons: (before.reasons ?? 0) + 1 + 2,
      // two photos and the video on each request
      media: (before.media ?? 0) + 3 + 3,
    });

    const retry = await post(body);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as Created).requests).toEqual(created.requests);
    expect((await rowsOf()).requests).toBe((before.requests ?? 0) + 2);

    const first = (await details(a.id, 'return')).requests[0];
    const second = (await details(b.id, 'return')).requests[0];
    expect(first).toMatchObject({ quantity: 2, additionalInfo: 'Torn.', pickupDate: body.pickupDate });
    expect(second).toMatchObject({ quantity: 1, additionalInfo: '', pickupDate: body.pickupDate });
    expect(first?.reasons).toHaveLength(1);
    expect(second?.reasons).toHaveLength(2);
    expect(first?.images).toEqual(second?.images);
    expect(first?.images).toHaveLength(2);
    expect(second?.video).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

    const form = (await (
      await call(`/api/item-requests/options?kind=return&order=${orderNo}&seller=${a.sellerId}`, kit.shopper)
    ).json()) as AfterSalesForm;
    expect(form.items.map((i) => i.openRequest?.refNo)).toEqual(created.requests.map((r) => r.refNo));
  });

  it('offers the pickup days every product’s window holds, and refuses a day past the shorter window naming that product', async () => {
    const { items, orderNo } = await deliveredOrderOfOneSeller([2, 1], 4);
    const [a, b] = items;
    if (!a || !b) throw new Error('two items');
    const row = await kit.itemRow(b.id);
    const shortEnd = addDays(indiaDate(new Date((row.deliveredAt?.getTime() ?? 0) + 4 * 86_400_000)), 3);
    const form = (await (
      await call(`/api/item-requests/options?kind=return&order=${orderNo}&seller=${a.sellerId}`, kit.shopper)
    ).json()) as AfterSalesForm;
    const shared = sharedPickupDates(
      form.items.map((i) => (i.eligibility.isEligible ? i.eligibility.pickupDates : [])),
    );
    expect(shared[0]).toBe(addDays(today(), 3));
    expect(shared.at(-1)).toBe(shortEnd);
    const before = await rowsOf();
    const late = await post(await twoLines(a.id, b.id, {}, { pickupDate: addDays(shortEnd, 1) }));
    expect(late.status).toBe(400);
    const error = ((await late.json()) as ErrorBody).error;
    expect(error.message).toBe(namedRefusal(b.productName, AFTER_SALES_MESSAGES.pickupOutsideWindow));
    expect(error.fields).toEqual({ pickupDate: AFTER_SALES_MESSAGES.pickupOutsideWindow });
    expect(await rowsOf()).toEqual(before);
    expect((await post(await twoLines(a.id, b.id, {}, { pickupDate: shortEnd }))).status).toBe(201);
  });

  it.each([
    ['the second product’s window has closed', 'closed'],
    ['the second product has no return option', 'none'],
    ['the second product waits for another request', 'pending'],
    ['the second product’s quantity is above its remainder', 'quantity'],
  ])('refuses everything when %s, naming that product, and saves nothing', async (_name, problem) => {
    const { items } = await deliveredOrderOfOneSeller();
    const [a, b] = items;
    if (!a || !b) throw new Error('two items');
    if (problem === 'closed')
      await t.db
        .update(orderItems)
        .set({ deliveredAt: new Date(Date.now() - 11 * 86_400_000) })
        .where(eq(orderItems.id, b.id));
    if (problem === 'none')
      await t.db.update(orderItems).set({ returnWindowDays: 0 }).where(eq(orderItems.id, b.id));
    if (problem === 'pending') expect((await post(await requestBody(b.id))).status).toBe(201);
    const body = await twoLines(a.id, b.id, problem === 'quantity' ? { quantity: 2 } : {});
    const before = await rowsOf();
    const res = await post(body);
    const error = ((await res.json()) as ErrorBody).error;
    const expected = {
      closed: [409, 'Your Return window for the product is closed'],
      none: [409, "You don't have a Return option for the product"],
      pending: [409, AFTER_SALES_MESSAGES.requestOpen],
      quantity: [400, AFTER_SALES_MESSAGES.quantity],
    }[problem];
    expect(res.status).toBe(expected?.[0]);
    expect(error.message).toBe(namedRefusal(b.productName, String(expected?.[1])));
    if (problem === 'quantity')
      expect(error.fields).toEqual({ 'items.1.quantity': AFTER_SALES_MESSAGES.quantity });
    expect(await rowsOf()).toEqual(before);
    const open = await t.db.select().from(itemRequests).where(eq(itemRequests.orderItemId, a.id));
    expect(open).toEqual([]);
  });

  it('answers 404 when one product is another shopper’s, and 400 for products of two orders, saving nothing', async () => {
    const { items } = await deliveredOrderOfOneSeller();
    const [a, b] = items;
    if (!a || !b) throw new Error('two items');
    const other = await deliveredItem(1);
    const before = await rowsOf();
    const mixed = await post(await twoLines(a.id, other.item.id));
    expect(mixed.status).toBe(400);
    expect(((await mixed.json()) as ErrorBody).error.message).toBe(AFTER_SALES_MESSAGES.oneOrderAndSeller);

    // rahul's own uploads cannot be made about priya's items: his request names priya's items with her files
    const foreign = await post(await twoLines(a.id, b.id), rahul);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as ErrorBody).error.message).toBe(AFTER_SALES_MESSAGES.notFound);
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses a list of 500 products, the same product twice and wrong types before touching the database', async () => {
    const { items } = await deliveredOrderOfOneSeller();
    const [a, b] = items;
    if (!a || !b) throw new Error('two items');
    const body = await twoLines(a.id, b.id);
    const before = await rowsOf();
    const many = await post({ ...body, items: Array.from({ length: 500 }, (_, i) => line(i + 1)) });
    expect(many.status).toBe(400);
    expect(((await many.json()) as ErrorBody).error.message).toBe(AFTER_SALES_MESSAGES.tooManyItems);
    const twice = await post({ ...body, items: [line(a.id), line(a.id)] });
    expect(((await twice.json()) as ErrorBody).error.message).toBe(AFTER_SALES_MESSAGES.duplicateItem);
    for (const items of [
      [line(a.id, 'return', { reasonIds: ['1'] })],
      [{ ...line(a.id), quantity: null }],
      [[a.id]],
      'all',
    ])
      expect((await post({ ...body, items })).status, JSON.stringify(items)).toBe(400);
    const missingReasons = await post({
      ...body,
      items: [line(a.id), line(b.id, 'return', { reasonIds: [] })],
    });
    expect(((await missingReasons.json()) as ErrorBody).error.fields).toEqual({
      'items.1.reasonIds': RETURN_MESSAGES.reasons,
    });
    expect(await rowsOf()).toEqual(before);
  });
});

describe('replacements', () => {
  it('takes a replacement, the seller initiates it, and a refused one shows its refund', async () => {
    const { item, seller } = await deliveredItem(2);
    const res = await post(await requestBody(item.id, 'replace'));
    expect(res.status).toBe(201);
    const created = (await res.json()) as Created;
    expect(created.message).toBe(REPLACEMENT_MESSAGES.submitted);
    expect(created.requests).toHaveLength(1);
    expect((await details(item.id, 'replace')).requests[0]?.refund.status).toBe('not_applicable');
    await call(`/api/seller/item-requests/${refNoOf(created)}/decision`, seller, 'POST', {
      decision: 'initiate-replacement',
    });
    expect((await details(item.id, 'replace')).requests[0]).toMatchObject({
      status: 'initiate-replacement',
      refund: { status: 'not_applicable', amountPaise: 0 },
    });

    const again = await post(await requestBody(item.id, 'replace'));
    expect(again.status).toBe(201);
    const refNo = refNoOf((await again.json()) as Created);
    await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
      decision: 'reject-with-return',
    });
    const refused = (await details(item.id, 'replace')).requests[0];
    expect(refused?.status).toBe('reject-with-return');
    // requirements#return-pickup: refunded once the product is picked up
    expect(refused?.refund.status).toBe('pending');
    expect(refused?.refund.amountPaise).toBeGreaterThan(0);
    await t.db
      .update(itemRequests)
      .set({ pickupDate: indiaDate(new Date()) })
      .where(eq(itemRequests.refNo, refNo));
    expect((await call(`/api/seller/item-requests/${refNo}/pickup`, seller, 'POST')).status).toBe(200);
    const pickedUp = (await details(item.id, 'replace')).requests[0];
    expect(pickedUp?.refund).toMatchObject({ status: 'initiated', amountPaise: refused?.refund.amountPaise });

    // every unit is now replaced or refunded
    const last = await post(await requestBody(item.id, 'replace'));
    expect(last.status).toBe(409);
    expect(((await last.json()) as ErrorBody).error.message).toBe(
      namedRefusal(item.productName, 'All items processed!'),
    );
  });

  it.each([
    [
      'the window has passed',
      { deliveredAt: new Date(Date.now() - 8 * 86_400_000) },
      'Your Replacement window for the product is closed',
    ],
    [
      'no replacement option',
      { replaceWindowDays: 0 },
      "You don't have a Replacement option for the product",
    ],
  ])('refuses when %s', async (_name, change, message) => {
    const { item } = await deliveredItem(1);
    const body = await requestBody(item.id, 'replace');
    await t.db.update(orderItems).set(change).where(eq(orderItems.id, item.id));
    const res = await post(body);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(namedRefusal(item.productName, message));
  });

  it('uses the replacement texts for missing fields', async () => {
    const { item } = await deliveredItem(1);
    const res = await post({ ...(await requestBody(item.id, 'replace', { reasonIds: [] })), images: [] });
    expect(res.status).toBe(400);
    const { fields } = ((await res.json()) as ErrorBody).error;
    expect(fields).toMatchObject({
      'items.0.reasonIds': REPLACEMENT_MESSAGES.reasons,
      images: REPLACEMENT_MESSAGES.images,
    });
    const none = await post({ ...(await requestBody(item.id, 'replace')), items: [] });
    expect(((await none.json()) as ErrorBody).error.message).toBe(REPLACEMENT_MESSAGES.noProduct);
  });

  it('takes one product at a time (requirements#return-form)', async () => {
    const { items } = await deliveredOrderOfOneSeller();
    const [a, b] = items;
    if (!a || !b) throw new Error('two items');
    const before = await rowsOf();
    const res = await post({
      ...(await requestBody(a.id, 'replace')),
      items: [line(a.id, 'replace'), line(b.id, 'replace')],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe(AFTER_SALES_MESSAGES.oneReplacement);
    expect(await rowsOf()).toEqual(before);
  });
});

describe('contact seller and privilege claim conversations', () => {
  it('keeps each conversation on the server, the seller answers one topic, others cannot read it', async () => {
    const { item, seller } = await deliveredItem(1);
    const send = (topic: string, body: string, cookie: string | null = kit.shopper) =>
      call('/api/item-requests/messages', cookie, 'POST', { orderItemId: item.id, topic, body });
    const sent = await send('seller', '  Where is my pickup?  ');
    expect(sent.status).toBe(201);
    expect(((await sent.json()) as { messages: { body: string }[] }).messages.map((m) => m.body)).toEqual([
      'Where is my pickup?',
    ]);
    expect((await send('privilege_claim', 'I would like to claim my privilege.')).status).toBe(201);

    const reply = await call(`/api/seller/order-items/${item.id}/messages`, seller, 'POST', {
      body: 'Pickup is on its way.',
    });
    expect(reply.status).toBe(201);
    const claimReply = await call(`/api/seller/order-items/${item.id}/messages`, seller, 'POST', {
      body: 'Your claim is approved.',
      topic: 'privilege_claim',
    });
    expect(claimReply.status).toBe(201);

    const list = async (topic: string, cookie = kit.shopper) =>
      call(`/api/item-requests/messages?item=${item.id}&topic=${topic}`, cookie);
    const chat = (await (await list('seller')).json()) as { messages: { author: string; body: string }[] };
    expect(chat.messages.map((m) => [m.author, m.body])).toEqual([
      ['shopper', 'Where is my pickup?'],
      ['seller', 'Pickup is on its way.'],
    ]);
    const claim = (await (await list('privilege_claim')).json()) as { messages: { body: string }[] };
    expect(claim.messages.map((m) => m.body)).toEqual([
      'I would like to claim my privilege.',
      'Your claim is approved.',
    ]);

    expect((await list('seller', rahul)).status).toBe(404);
    expect((await send('seller', 'hello', rahul)).status).toBe(404);
    expect((await send('seller', 'hello', null)).status).toBe(401);
    expect((await send('seller', '   ')).status).toBe(400);
    expect((await send('seller', 'x'.repeat(2001))).status).toBe(400);
    expect((await send('billing', 'hello')).status).toBe(400);
    expect((await list('nonsense')).status).toBe(400);
  });
});
