import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRequests, refunds } from '@marketplace/db';
import { ITEM_STATUS_TITLES } from '@marketplace/domain/orders/item-status';
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import { CANCEL_MESSAGES, CANCELLED_BY_LABELS, CancelForm } from '@marketplace/domain/orders/cancel';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { latestCode } from '../../../test-support/accounts.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { shownHtml, shownText } from '../../../test-support/page-html.ts';

// /cancelitem without scripts (ADR-0013): the rows rendered on the server, the selection and
// then the OTP posted to the page's action, which calls the cancellation API for the shopper.
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let rahul: string;
let reasons: number[];
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  rahul = await t.loginCookie('rahul@example.com');
  const { orderNo } = await kit.singleItemOrder();
  const form = CancelForm.parse(
    await (await jsonRequest(t)(`/api/cancellations/form?order=${orderNo}`, kit.shopper)).json(),
  );
  reasons = form.reasons.map((reason) => reason.id);
});
afterAll(() => t.close());

const PRIYA = 'priya@example.com';
type Fields = [string, string][];
const post = (path: string, cookie: string | null, fields: Fields | string) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  });
const pathOf = (orderNo: string, sellerId: number, itemId: number) =>
  `/cancelitem?order=${orderNo}&seller=${sellerId}&item=${itemId}`;
const requestsOf = (itemId: number) =>
  t.db
    .select()
    .from(itemRequests)
    .where(and(eq(itemRequests.orderItemId, itemId), eq(itemRequests.kind, 'cancel')));
/** The page's HTML with React's text separators taken out. */
const html = async (response: Response) => shownHtml(await response.text());
/** The tag of the input of a name and value (its attributes come in React's order). */
const inputTag = (page: string, name: string, value: string | number) =>
  page.match(new RegExp(`<input[^>]*name="${name}"[^>]*value="${value}"[^>]*>`))?.[0] ?? '';
/** The selection of one ticked product: its quantity and reasons. */
const ticked = (itemId: number, quantity: string | null, reasonIds: number[]): Fields => [
  ['intent', 'request'],
  ['item', String(itemId)],
  ...(quantity === null ? [] : ([[`quantity-${itemId}`, quantity]] as Fields)),
  ...reasonIds.map((id): [string, string] => [`reason-${itemId}`, String(id)]),
];

describe('/cancelitem renders on the server', () => {
  it('shows the order’s rows, the link’s item ticked and the reasons in the first HTML, with no spinner', async () => {
    const { orderNo, item } = await kit.singleItemOrder(2);
    const response = await t.request(pathOf(orderNo, item.sellerId, item.id), {
      headers: { cookie: kit.shopper },
    });
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(shownText(page)).toContain(`Order # ${orderNo}`);
    expect(inputTag(page, 'item', item.id)).toContain('checked');
    expect(page).toContain('Ordered by mistake');
    expect(page).toContain(`name="quantity-${item.id}"`);
    expect(page).not.toContain('class="spinner"');
  });

  it('answers 404 with the spec’s text for another shopper’s order, and sends a visitor to log in', async () => {
    const { orderNo, item } = await kit.singleItemOrder();
    const theirs = await t.request(pathOf(orderNo, item.sellerId, item.id), { headers: { cookie: rahul } });
    expect(theirs.status).toBe(404);
    const page = await html(theirs);
    expect(page).toContain(CANCEL_MESSAGES.orderNotFound);
    expect(page).not.toContain(`Order # ${orderNo}`);
    const visitor = await t.request(pathOf(orderNo, item.sellerId, item.id));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirectTo=%2Fcancelitem%3Forder%3D/);
  });
});

describe('the cancel form posted without scripts', () => {
  it('asks for what is missing with the spec’s messages, keeping the choices made', async () => {
    const { orderNo, item } = await kit.singleItemOrder(2);
    const path = pathOf(orderNo, item.sellerId, item.id);
    const nothing = await post(path, kit.shopper, [['intent', 'request']]);
    expect(nothing.status).toBe(400);
    expect(await html(nothing)).toContain(CANCEL_MESSAGES.selectProduct);

    const noQuantity = await post(path, kit.shopper, ticked(item.id, null, [reasons[0] ?? 0]));
    expect(noQuantity.status).toBe(400);
    const page = await html(noQuantity);
    expect(page).toContain(CANCEL_MESSAGES.selectQuantity);
    // the reason ticked is still ticked
    expect(inputTag(page, `reason-${item.id}`, reasons[0] ?? 0)).toContain('checked');

    expect(await requestsOf(item.id)).toHaveLength(0);
    // no reason is asked for: the code follows (requirements#cancel-form)
    const noReason = await post(path, kit.shopper, ticked(item.id, '2', []));
    expect(noReason.status).toBe(200);
    expect(await html(noReason)).toContain('name="code"');
  });

  it('answers malformed, oversized and hostile fields with a message and a 4xx, never a 500', async () => {
    const { orderNo, item } = await kit.singleItemOrder(2);
    const path = pathOf(orderNo, item.sellerId, item.id);
    const cases: (Fields | string)[] = [
      ticked(item.id, '2', [reasons[0] ?? 0]).concat([['additionalInfo', 'x'.repeat(5000)]]),
      ticked(item.id, '99999999999', [reasons[0] ?? 0]),
      ticked(item.id, '-1', [reasons[0] ?? 0]),
      [
        ['intent', 'request'],
        ['item', `${item.id}\u0000`],
        [`reason-${item.id}`, '1\u0000'],
      ],
      ticked(item.id, '1', [reasons[0] ?? 0]).concat([['additionalInfo', 'bad\u0000byte']]),
      ticked(item.id, '1', [2_000_000_000]),
      '%E0%A4%A',
      'intent=verify&code=%00%00%00%00%00%00',
    ];
    for (const fields of cases) {
      const response = await post(path, kit.shopper, fields);
      expect(response.status, String(fields)).toBeGreaterThanOrEqual(400);
      expect(response.status, String(fields)).toBeLessThan(500);
      expect(await html(response)).toMatch(/role="alert"/);
    }
    const notForm = await t.request(path, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', cookie: kit.shopper },
      body: 'not a form',
    });
    expect(notForm.status).toBe(400);
    expect(await requestsOf(item.id)).toHaveLength(0);
  });

  it('sends the code, refuses a wrong one, cancels with the right one and goes to My Orders with the message', async () => {
    const { orderNo, item } = await kit.singleItemOrder(2);
    const path = pathOf(orderNo, item.sellerId, item.id);
    const selection = ticked(item.id, '2', [reasons[0] ?? 0, reasons[1] ?? 0]).concat([
      ['additionalInfo', 'Ordered twice'],
    ]);
    const asked = await post(path, kit.shopper, selection);
    expect(asked.status).toBe(200);
    const page = await html(asked);
    expect(shownText(page)).toContain(CANCEL_MESSAGES.codeSent('pr***@example.com and ******3210'));
    expect(page).toContain('name="code"');
    // the code form carries the selection back, never a code in a URL
    expect(inputTag(page, `quantity-${item.id}`, 2)).toContain('type="hidden"');
    const code = await latestCode(t.db, PRIYA);

    // the code form posts the selection back without its Submit's intent
    const kept = selection.filter(([name]) => name !== 'intent');
    const missing = await post(path, kit.shopper, [...kept, ['intent', 'verify'], ['code', '']]);
    expect(missing.status).toBe(400);
    expect(await html(missing)).toContain(CANCEL_MESSAGES.otpRequired);
    const wrong = await post(path, kit.shopper, [
      ...kept,
      ['intent', 'verify'],
      ['sentTo', 'pr***@example.com'],
      ['code', code === '000000' ? '111111' : '000000'],
    ]);
    expect(wrong.status).toBe(422);
    expect(await html(wrong)).toContain(CODE_MESSAGES.invalid);
    expect((await kit.itemRow(item.id)).cancelledQuantity).toBe(0);

    const right = await post(path, kit.shopper, [...kept, ['intent', 'verify'], ['code', code]]);
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('/myorder');
    const flash = right.headers.getSetCookie().find((cookie) => cookie.startsWith('flash='));
    expect(decodeURIComponent(flash ?? '')).toContain(CANCEL_MESSAGES.cancelled);
    expect((await kit.itemRow(item.id)).cancelledQuantity).toBe(2);
    const [request] = await requestsOf(item.id);
    expect(request?.additionalInfo).toBe('Ordered twice');

    const detail = await t.request(`/cancelleditemdetail?item=${item.id}`, {
      headers: { cookie: kit.shopper },
    });
    expect(detail.status).toBe(200);
    const detailPage = await html(detail);
    expect(detailPage).toContain(CANCELLED_BY_LABELS.customer);
    expect(detailPage).toContain(request?.refNo ?? 'a ref no');
    expect(detailPage).not.toContain('class="spinner"');
    const theirs = await t.request(`/cancelleditemdetail?item=${item.id}`, { headers: { cookie: rahul } });
    expect(theirs.status).toBe(404);
    expect(await html(theirs)).not.toContain(request?.refNo ?? 'a ref no');
  });

  it('a cancelled prepaid item whose refund completed says so in one sentence, never “refund to follow”', async () => {
    const { item, seller, order } = await kit.singleItemOrder(1, 'prepaid');
    const refNo = await kit.insertRequest(item.id, 'cancel');
    const decided = await jsonRequest(t)(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
      decision: 'completed',
    });
    expect(decided.status).toBe(200);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    if (!refund) throw new Error('the cancellation initiated the refund');
    const shown = async () =>
      html(await t.request(`/cancelleditemdetail?item=${item.id}`, { headers: { cookie: kit.shopper } }));
    const initiated = await shown();
    expect(initiated).toContain(
      `<strong>${ITEM_STATUS_TITLES.cancelled}</strong> <span>Your refund has been initiated.</span>`,
    );
    await t.db
      .update(refunds)
      .set({
        status: 'completed',
        provider: 'razorpay',
        providerRefundId: `rfnd_cancel_${refund.id}`,
        processedAt: new Date(),
        completedAt: new Date(),
      })
      .where(eq(refunds.id, refund.id));
    const completed = await shown();
    expect(completed).toContain(
      `<strong>${ITEM_STATUS_TITLES.cancelled} and refunded</strong> <span>Refunded on `,
    );
    expect(completed).not.toContain('refund to follow');
    expect(shownText(completed)).toContain('PromoJun discount was shared by this item');
  });

  it('cancels once when the same code is posted twice at the same time', async () => {
    const { orderNo, item } = await kit.singleItemOrder(2);
    const path = pathOf(orderNo, item.sellerId, item.id);
    const selection = ticked(item.id, '1', [reasons[0] ?? 0]);
    expect((await post(path, kit.shopper, selection)).status).toBe(200);
    const code = await latestCode(t.db, PRIYA);
    const confirm: Fields = [
      ['intent', 'verify'],
      ['code', code],
    ];
    const answers = await Promise.all([post(path, kit.shopper, confirm), post(path, kit.shopper, confirm)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect((await kit.itemRow(item.id)).cancelledQuantity).toBe(1);
    expect(await requestsOf(item.id)).toHaveLength(1);
  });

  it('lets no other shopper act on the order, and sends a visitor’s post to log in', async () => {
    const { orderNo, item } = await kit.singleItemOrder();
    const path = pathOf(orderNo, item.sellerId, item.id);
    const theirs = await post(path, rahul, ticked(item.id, '1', [reasons[0] ?? 0]));
    expect(theirs.status).toBe(404);
    expect(await html(theirs)).toContain(CANCEL_MESSAGES.orderNotFound);
    const visitor = await post(path, null, ticked(item.id, '1', [reasons[0] ?? 0]));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
    expect(await requestsOf(item.id)).toHaveLength(0);
  });
});
