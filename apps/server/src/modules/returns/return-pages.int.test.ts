import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  itemRequestMedia,
  itemRequests,
  orderItems,
  rateLimitCounters,
  reasonQuestions,
  refunds,
  sellerMessages,
  taxDocuments,
} from '@marketplace/db';
import { FEEDBACK_MESSAGES, Upload } from '@marketplace/domain/orders/feedback';
import { ITEM_STATUS_TITLES } from '@marketplace/domain/orders/item-status';
import { formatInr } from '@marketplace/domain/money/money';
import {
  AFTER_SALES_MESSAGES,
  AfterSalesForm,
  CONVERSATION_GREETINGS,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
  indiaDate,
  RETURN_FORM_TEXTS,
  refundPreviewText,
} from '@marketplace/domain/orders/returns';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { FILES, fileForm } from '../../../test-support/feedback.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { shownHtml, shownText } from '../../../test-support/page-html.ts';

// The return and replacement pages without scripts (ADR-0013): rendered on the server, the
// request form posted to the page's action as the browser sends it (multipart, the photos inside,
// ADR-0014) or with the keys of photos the page's scripts uploaded; the details, refund and
// conversation pages likewise.
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let rahul: string;
let reasons: { return: number[]; replace: number[] };
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  rahul = await t.loginCookie('rahul@example.com');
  const rows = await t.db.select().from(reasonQuestions);
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.id);
  reasons = { return: of('return'), replace: of('replace') };
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'upload:%'));
});

/** An order item of `quantity` units delivered by its seller, with return and replace windows. */
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
  for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered'])
    await call(`/api/seller/shipments/${invoiceNo}/tracking`, placed.seller, 'POST', { status });
  const path = (kind: 'returnitem' | 'replacementitem') =>
    `/${kind}?order=${placed.orderNo}&seller=${placed.item.sellerId}&item=${placed.item.id}`;
  const form = AfterSalesForm.parse(
    await (
      await call(
        `/api/item-requests/options?kind=return&order=${placed.orderNo}&seller=${placed.item.sellerId}`,
        kit.shopper,
      )
    ).json(),
  );
  const eligibility = form.items[0]?.eligibility;
  const days = eligibility?.isEligible ? eligibility.pickupDates : [];
  return { ...placed, path, form, days };
}

type Fields = [string, string | Blob][];
const photo = () => new Blob([new Uint8Array(FILES.png)], { type: 'image/png' });
const post = (path: string, cookie: string | null, fields: Fields) => {
  const body = new FormData();
  for (const [name, value] of fields)
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, value, name === 'photos' ? 'damaged.png' : 'file');
  return t.request(path, { method: 'POST', headers: cookie ? { cookie } : {}, body });
};
/** The page's HTML with React's text separators taken out. */
const html = async (response: Response) => shownHtml(await response.text());
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');
const requestsOf = (itemId: number, kind: 'return' | 'replace' = 'return') =>
  t.db
    .select()
    .from(itemRequests)
    .where(and(eq(itemRequests.orderItemId, itemId), eq(itemRequests.kind, kind)));
/** A whole return of one product without scripts: quantity, a reason, a photo and a pickup day. */
const returnFields = (itemId: number, day: string): Fields => [
  ['item', String(itemId)],
  [`quantity-${itemId}`, '1'],
  [`reason-${itemId}`, String(reasons.return[0])],
  ['pickupDate', day],
  ['additionalInfo', 'The box was crushed.'],
  ['photos', photo()],
];

describe('the return form renders on the server', () => {
  it('shows the order, its seller, the link’s product ticked with its choices, the photo box and pickup days, with no spinner', async () => {
    const { path, item, form, days } = await deliveredItem();
    const response = await t.request(path('returnitem'), { headers: { cookie: kit.shopper } });
    expect(response.status).toBe(200);
    const page = await html(response);
    // the seller's name as the shared AfterSalesForm schema names it (a renamed field fails both sides)
    expect(shownText(page)).toContain(`Sold by ${form.sellerName}`);
    expect(page).toContain(escaped(item.productName));
    expect(page).toMatch(new RegExp(`<input[^>]*name="item"[^>]*value="${item.id}"[^>]*>`));
    expect(page).toContain(`name="reason-${item.id}"`);
    expect(page).toContain('name="photos"');
    expect(page).toContain(`value="${days[0]}"`);
    // a video goes up only by script: the control says so and waits
    expect(page).toContain('Adding a video needs JavaScript');
    expect(page).not.toContain('class="spinner"');
  });

  it('says the photo is required beside its box, and the refund and where it goes before the shopper confirms', async () => {
    const { path, item, order, form } = await deliveredItem(2);
    const page = await html(await t.request(path('returnitem'), { headers: { cookie: kit.shopper } }));
    // before any submit: the box says a photo is needed
    expect(page).toMatch(/Photos <small>\(required[^<]*\)<\/small>/);
    expect(page).toContain(RETURN_FORM_TEXTS.photoHint);
    expect(page).not.toContain(RETURN_MESSAGES.images);
    // the refund of the default quantity (1 of 2), by the same computation the refund itself uses:
    // half of what was paid for this single-item COD order, to the default bank account
    const listed = form.items.find((i) => i.id === item.id);
    expect(listed?.refund?.amounts).toEqual([Math.floor(order.totalPaise / 2), order.totalPaise]);
    expect(listed?.refund?.method).toBe('bank_account');
    const preview = refundPreviewText(
      listed?.refund?.amounts[0] ?? 0,
      'bank_account',
      listed?.refund?.bankAccountLast4 ?? null,
    );
    expect(preview).toMatch(/^₹[\d,]+\.\d{2} to your bank account ending \d{4}$/);
    expect(page).toContain(escaped(preview));
    // a replacement refunds nothing, so its form promises none
    const replacement = AfterSalesForm.parse(
      await (
        await call(
          `/api/item-requests/options?kind=replace&order=${order.orderNo}&seller=${item.sellerId}`,
          kit.shopper,
        )
      ).json(),
    );
    expect(replacement.items[0]?.refund).toBeNull();
  });

  it('reads the seller from the answer as the schema names it: a renamed field fails the schema', async () => {
    const { form } = await deliveredItem(1);
    const { sellerName, ...rest } = form;
    expect(AfterSalesForm.safeParse({ ...rest, seller: sellerName }).success).toBe(false);
  });

  it('answers 404 with the spec’s text for another shopper’s order, and sends a visitor to log in', async () => {
    const { path, item } = await deliveredItem(1);
    const theirs = await t.request(path('returnitem'), { headers: { cookie: rahul } });
    expect(theirs.status).toBe(404);
    const page = await html(theirs);
    expect(page).toContain(RETURN_MESSAGES.noReturns);
    expect(page).not.toContain(escaped(item.productName));
    const visitor = await t.request(path('returnitem'));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirectTo=%2Freturnitem%3Forder%3D/);
  });
});

describe('the return form posted without scripts', () => {
  it('sends the return with its photo in the form, and comes back with the spec’s message and the request listed', async () => {
    const { path, item, days } = await deliveredItem();
    const response = await post(path('returnitem'), kit.shopper, returnFields(item.id, days[0] ?? ''));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(path('returnitem'));
    const flash = response.headers.getSetCookie().find((cookie) => cookie.startsWith('flash='));
    expect(decodeURIComponent(flash ?? '')).toContain(RETURN_MESSAGES.submitted);
    const [request] = await requestsOf(item.id);
    expect(request).toMatchObject({ quantity: 1, status: 'pending', pickupDate: days[0] });
    const media = await t.db
      .select()
      .from(itemRequestMedia)
      .where(eq(itemRequestMedia.requestId, request?.id ?? 0));
    expect(media.map((m) => m.kind)).toEqual(['image']);

    const after = await t.request(path('returnitem'), {
      headers: { cookie: `${kit.shopper}; ${flash?.split(';')[0] ?? ''}` },
    });
    const page = await html(after);
    expect(page).toContain(RETURN_MESSAGES.submitted);
    expect(shownText(page)).toContain(`Ref ${request?.refNo ?? 'a ref'}`);
  });

  it('takes the keys of photos the page’s scripts uploaded, as the page sends them with scripts', async () => {
    const { path, item, days } = await deliveredItem();
    const uploaded = await t.request(`/api/uploads?orderItem=${item.id}&kind=image`, {
      method: 'POST',
      headers: { cookie: kit.shopper },
      body: fileForm(FILES.png, 'small.png', 'image/png'),
    });
    const { key } = Upload.parse(await uploaded.json());
    const fields = returnFields(item.id, days[0] ?? '').filter(([name]) => name !== 'photos');
    const response = await post(path('returnitem'), kit.shopper, [...fields, ['image', key]]);
    expect(response.status).toBe(302);
    expect(await requestsOf(item.id)).toHaveLength(1);
  });

  it('asks for what is missing with the spec’s messages, keeping the choices and the photo sent', async () => {
    const { path, item, days } = await deliveredItem();
    const nothing = await post(path('returnitem'), kit.shopper, [['pickupDate', '']]);
    expect(nothing.status).toBe(400);
    expect(await html(nothing)).toContain(RETURN_MESSAGES.noProducts);

    const missing = await post(path('returnitem'), kit.shopper, [
      ['item', String(item.id)],
      [`quantity-${item.id}`, '2'],
    ]);
    expect(missing.status).toBe(400);
    const page = await html(missing);
    for (const message of [RETURN_MESSAGES.reasons, RETURN_MESSAGES.images, RETURN_MESSAGES.pickupDate])
      expect(page).toContain(message);

    // the photo went up with the form: a second post needs only what was missing
    const withPhoto = await post(path('returnitem'), kit.shopper, [
      ['item', String(item.id)],
      [`reason-${item.id}`, String(reasons.return[0])],
      ['photos', photo()],
    ]);
    expect(withPhoto.status).toBe(400);
    const kept = await html(withPhoto);
    expect(kept).toContain(RETURN_MESSAGES.pickupDate);
    expect(kept).not.toContain(RETURN_MESSAGES.images);
    const key = /name="image" value="([0-9a-f]{32})"/.exec(kept)?.[1];
    expect(key).toBeDefined();
    const reasonTag = new RegExp(
      `<input[^>]*name="reason-${item.id}"[^>]*value="${reasons.return[0]}"[^>]*>`,
    );
    expect(reasonTag.exec(kept)?.[0]).toContain('checked');
    const done = await post(path('returnitem'), kit.shopper, [
      ['item', String(item.id)],
      [`reason-${item.id}`, String(reasons.return[0])],
      ['image', key ?? ''],
      ['pickupDate', days.at(-1) ?? ''],
    ]);
    expect(done.status).toBe(302);
    expect(await requestsOf(item.id)).toHaveLength(1);
  });

  it('answers malformed, oversized and hostile fields with a message and a 4xx, never a 500', async () => {
    const { path, item, days } = await deliveredItem();
    const whole = returnFields(item.id, days[0] ?? '');
    const replaced = (name: string, value: string | Blob): Fields =>
      whole.map(([field, old]) => [field, field === name ? value : old]);
    const cases: [Fields, string][] = [
      [replaced(`quantity-${item.id}`, 'abc'), AFTER_SALES_MESSAGES.quantity],
      [replaced(`quantity-${item.id}`, '99'), 'Please select'],
      [replaced('pickupDate', '2030-99-99'), AFTER_SALES_MESSAGES.pickupOutsideWindow],
      [replaced('pickupDate', 'tomorrow'), RETURN_MESSAGES.pickupDate],
      [replaced('pickupDate', '1999-01-01'), AFTER_SALES_MESSAGES.pickupOutsideWindow],
      [replaced('additionalInfo', 'x'.repeat(5000)), AFTER_SALES_MESSAGES.infoTooLong],
      [replaced('additionalInfo', 'bad\u0000byte'), AFTER_SALES_MESSAGES.infoInvalid],
      [replaced(`reason-${item.id}`, '2000000000'), 'Please select'],
      [replaced('item', `${item.id}\u0000`), RETURN_MESSAGES.noProducts],
      [
        replaced('photos', new Blob([new Uint8Array(FILES.text)], { type: 'image/png' })),
        FEEDBACK_MESSAGES.invalidImages,
      ],
      [[...whole, ['image', 'not-a-key']], ''],
    ];
    for (const [fields, message] of cases) {
      const response = await post(path('returnitem'), kit.shopper, fields);
      const label = fields
        .map(([name, value]) => `${name}=${typeof value === 'string' ? value.slice(0, 20) : 'file'}`)
        .join('&');
      // the last case drops the malformed key and goes through: the rest of the form is whole
      if (message === '') {
        expect(response.status, label).toBe(302);
        continue;
      }
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      expect(await html(response), label).toContain(escaped(message));
    }
    const notForm = await t.request(path('returnitem'), {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', cookie: kit.shopper },
      body: 'not a form',
    });
    expect(notForm.status).toBe(400);
  });

  it('places one return when the same form is posted twice at the same time', async () => {
    const { path, item, days } = await deliveredItem();
    const uploaded = await t.request(`/api/uploads?orderItem=${item.id}&kind=image`, {
      method: 'POST',
      headers: { cookie: kit.shopper },
      body: fileForm(FILES.png, 'twice.png', 'image/png'),
    });
    const { key } = Upload.parse(await uploaded.json());
    const fields: Fields = [
      ...returnFields(item.id, days[0] ?? '').filter(([name]) => name !== 'photos'),
      ['image', key],
    ];
    const answers = await Promise.all([
      post(path('returnitem'), kit.shopper, fields),
      post(path('returnitem'), kit.shopper, fields),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(await requestsOf(item.id)).toHaveLength(1);
  });

  it('asks for a replacement of one product', async () => {
    const { path, item, days } = await deliveredItem(1);
    const response = await post(path('replacementitem'), kit.shopper, [
      ['item', String(item.id)],
      [`reason-${item.id}`, String(reasons.replace[0])],
      ['pickupDate', days[0] ?? ''],
      ['photos', photo()],
    ]);
    expect(response.status, await html(response.clone())).toBe(302);
    const flash = response.headers.getSetCookie().find((cookie) => cookie.startsWith('flash='));
    expect(decodeURIComponent(flash ?? '')).toContain(REPLACEMENT_MESSAGES.submitted);
    expect(await requestsOf(item.id, 'replace')).toHaveLength(1);
  });

  it('lets no other shopper act on the order, and sends a visitor’s post to log in', async () => {
    const { path, item, days } = await deliveredItem(1);
    const theirs = await post(path('returnitem'), rahul, returnFields(item.id, days[0] ?? ''));
    expect(theirs.status).toBe(404);
    expect(await html(theirs)).toContain(RETURN_MESSAGES.noReturns);
    const visitor = await post(path('returnitem'), null, returnFields(item.id, days[0] ?? ''));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
    expect(await requestsOf(item.id)).toHaveLength(0);
  });
});

describe('a return’s pages agree with themselves', () => {
  it('a whole return picked up and refunded says so once, explains the promo’s share and is not called partial', async () => {
    // two products of one order, so the ₹50 promo is shared between them
    const [one, two] = kit.takeOffersOfOneSeller(2);
    if (!one || !two) throw new Error('two offers');
    const placed = await kit.placeOrder([{ candidate: one }, { candidate: two }], 'prepaid');
    const [item] = placed.items;
    if (!item) throw new Error('the item');
    const seller = await kit.sellerCookie(item.sellerId);
    await t.db
      .update(orderItems)
      .set({ returnWindowDays: 10 })
      .where(eq(orderItems.orderId, placed.order.id));
    const shippedRes = await call(`/api/seller/orders/${placed.orderNo}/shipments`, seller, 'POST', {
      items: placed.items.map((i) => ({ itemId: i.id })),
    });
    const { invoiceNo } = (await shippedRes.json()) as { invoiceNo: string };
    for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered'])
      await call(`/api/seller/shipments/${invoiceNo}/tracking`, seller, 'POST', { status });
    const form = AfterSalesForm.parse(
      await (
        await call(
          `/api/item-requests/options?kind=return&order=${placed.orderNo}&seller=${item.sellerId}`,
          kit.shopper,
        )
      ).json(),
    );
    const eligibility = form.items.find((i) => i.id === item.id)?.eligibility;
    const day = eligibility?.isEligible ? eligibility.pickupDates[0] : undefined;
    const path = `/returnitem?order=${placed.orderNo}&seller=${item.sellerId}&item=${item.id}`;
    expect((await post(path, kit.shopper, returnFields(item.id, day ?? ''))).status).toBe(302);
    const [request] = await requestsOf(item.id);
    const refNo = request?.refNo ?? '';
    await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
      decision: 'refund-with-reverse',
    });
    await t.db
      .update(itemRequests)
      .set({ pickupDate: indiaDate(new Date()) })
      .where(eq(itemRequests.refNo, refNo));
    expect((await call(`/api/seller/item-requests/${refNo}/pickup`, seller, 'POST')).status).toBe(200);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, placed.order.id));
    if (!refund) throw new Error('the pickup initiated the refund');
    await t.db
      .update(refunds)
      .set({
        status: 'completed',
        provider: 'razorpay',
        providerRefundId: 'rfnd_test_completed',
        processedAt: new Date(),
        completedAt: new Date(),
      })
      .where(eq(refunds.id, refund.id));
    // what the item shared of the promo: what it cost (price less coupon, plus delivery) less the refund
    const promoShare =
      item.unitPricePaise - item.couponDiscountPaise + item.deliveryChargePaise - refund.amountPaise;
    expect(promoShare).toBeGreaterThan(0);
    expect(promoShare).toBeLessThan(placed.order.promoDiscountPaise);

    for (const page of [`/returninprocess?item=${item.id}`, `/returnitemdetail?item=${item.id}`]) {
      const shown = await html(await t.request(page, { headers: { cookie: kit.shopper } }));
      expect(shown, page).toContain(`${ITEM_STATUS_TITLES.refunded}</strong>`);
      expect(shown, page).toMatch(/Picked up on [^<]*\. Refunded on /);
      for (const contradiction of [
        'starts once',
        'Waiting for pickup',
        'Partial refund',
        'Refund after pickup',
      ])
        expect(shown, `${page}: ${contradiction}`).not.toContain(contradiction);
      expect(shownText(shown), page).toContain(
        `${formatInr(promoShare)} of the ${formatInr(placed.order.promoDiscountPaise)} ${placed.order.promoName ?? ''} discount was shared by this item`,
      );
      expect(shown, page).toContain(formatInr(refund.amountPaise));
    }
    // the details name the parcel's GST invoice, never the shipment's own reference as one
    const [invoice] = await t.db
      .select({ number: taxDocuments.number })
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, placed.order.id), eq(taxDocuments.kind, 'invoice')));
    const details = await html(
      await t.request(`/returnitemdetail?item=${item.id}`, { headers: { cookie: kit.shopper } }),
    );
    expect(details).toMatch(/<dt>Invoice No<\/dt><dd[^>]*>/);
    expect(shownText(details)).toContain(`Invoice No${invoice?.number ?? 'an invoice'}`);
    expect(details).not.toContain(invoiceNo);
  });
});

describe('the request details, the return in process and its conversations render on the server', () => {
  it('shows the return, its refund and the chat; a message is posted without scripts; another shopper gets 404', async () => {
    const { path, item, days } = await deliveredItem(1);
    expect((await post(path('returnitem'), kit.shopper, returnFields(item.id, days[0] ?? ''))).status).toBe(
      302,
    );
    const [request] = await requestsOf(item.id);

    const detail = await t.request(`/returnitemdetail?item=${item.id}`, { headers: { cookie: kit.shopper } });
    expect(detail.status).toBe(200);
    const detailPage = await html(detail);
    expect(detailPage).toContain(request?.refNo ?? 'a ref');
    expect(detailPage).toContain('The box was crushed.');
    expect(detailPage).not.toContain('class="spinner"');

    const chatPath = `/returninprocess/contactseller?item=${item.id}`;
    const chat = await t.request(chatPath, { headers: { cookie: kit.shopper } });
    expect(chat.status).toBe(200);
    const chatPage = await html(chat);
    expect(chatPage).toContain(request?.refNo ?? 'a ref');
    expect(chatPage).toContain(escaped(CONVERSATION_GREETINGS.seller));

    const message = (body: string, cookie: string | null = kit.shopper) =>
      t.request(chatPath, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams({ body }).toString(),
      });
    const sent = await message('When is the pickup?');
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toBe(chatPath);
    expect(await html(await t.request(chatPath, { headers: { cookie: kit.shopper } }))).toContain(
      'When is the pickup?',
    );
    const blank = await message('   ');
    expect(blank.status).toBe(400);
    expect(await html(blank)).toContain(AFTER_SALES_MESSAGES.messageBlank);
    const hostile = await message('a\u0000b');
    expect(hostile.status).toBe(400);
    expect(await html(hostile)).toContain(AFTER_SALES_MESSAGES.messageInvalid);
    const tooLong = await message('x'.repeat(3000));
    expect(tooLong.status).toBe(400);

    for (const other of [`/returnitemdetail?item=${item.id}`, chatPath]) {
      const theirs = await t.request(other, { headers: { cookie: rahul } });
      expect(theirs.status).toBe(404);
      expect(await html(theirs)).not.toContain(request?.refNo ?? 'a ref');
    }
    expect((await message('Not mine', rahul)).status).toBe(404);
    const written = await t.db.select().from(sellerMessages).where(eq(sellerMessages.orderItemId, item.id));
    expect(written.map((row) => row.body)).toEqual(['When is the pickup?']);
  });
});
