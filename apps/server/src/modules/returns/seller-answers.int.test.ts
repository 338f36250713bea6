import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerMessages } from '@marketplace/db';
import { CancelledItem } from '@marketplace/domain/orders/cancel';
import { MyOrder } from '@marketplace/domain/orders/my-orders';
import { ItemConversation, ItemRequestDetails } from '@marketplace/domain/orders/returns';
import { newRepliesText, SELLER_ANSWER_TEXTS } from '@marketplace/domain/orders/seller-answers';
import { SellerConversation, SellerConversationList } from '@marketplace/domain/sellers/messages-api';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { shownHtml, shownText } from '../../../test-support/page-html.ts';

// What a seller says reaches the shopper where the shopper follows the request: the reason given
// with a decision (requirements#seller-returns) on the API answers and the pages rendered on the
// server, and the seller's replies, marked read when the shopper opens the conversation
// (requirements#return-in-process) without touching the seller's own unread count
// (requirements#seller-messages).
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let rahul: string;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  rahul = await t.loginCookie('rahul@example.com');
});
afterAll(() => t.close());

const get = async <T>(schema: { parse: (value: unknown) => T }, path: string, cookie = kit.shopper) => {
  const res = await call(path, cookie);
  expect(res.status, path).toBe(200);
  return schema.parse(await res.json());
};
const page = async (path: string, cookie = kit.shopper) => {
  const res = await t.request(path, { headers: { cookie } });
  return { status: res.status, html: shownHtml(await res.text()) };
};
/** React escapes text for HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');
/** The seller's note as the page shows it (the reason is what the seller wrote, marked as stored). */
const noteOf = (reason: string) => `${SELLER_ANSWER_TEXTS.note} ${reason}`;
const decide = async (seller: string, refNo: string, decision: string, reason?: string) => {
  const res = await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
    decision,
    ...(reason === undefined ? {} : { reason }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
};
const myItem = async (orderNo: string, itemId: number) => {
  const order = await get(MyOrder, `/api/my-orders/${orderNo}`);
  const item = order.groups.flatMap((g) => g.items).find((i) => i.id === itemId);
  if (!item) throw new Error('the item is on its order');
  return item;
};

describe('the seller’s reason for a decision, as the shopper sees it', () => {
  it('shows a rejected return’s reason on its details, the return in process, My Orders and the order’s details', async () => {
    const { item, seller, orderNo } = await kit.deliveredItem(2);
    const refNo = await kit.insertRequest(item.id, 'return', 1);
    const details = () => get(ItemRequestDetails, `/api/item-requests?kind=return&item=${item.id}`);
    expect((await details()).requests[0]?.decisionReason).toBeNull();
    expect((await myItem(orderNo, item.id)).sellerNote).toBeNull();

    // hostile-looking text is only text
    const reason = 'The seal is <b>broken</b> & the box was opened; opened products cannot be returned.';
    await decide(seller, refNo, 'rejected', reason);
    expect((await details()).requests[0]).toMatchObject({
      refNo,
      status: 'rejected',
      decisionReason: reason,
    });
    expect((await myItem(orderNo, item.id)).sellerNote).toEqual({ refNo, kind: 'return', text: reason });

    for (const path of [
      `/returnitemdetail?item=${item.id}`,
      `/returninprocess?item=${item.id}`,
      `/neworderdetail?order=${orderNo}`,
      '/myorder',
    ]) {
      const shown = await page(path);
      expect(shown.status, path).toBe(200);
      expect(shownText(shown.html), path).toContain(noteOf(reason));
      expect(shown.html, path).not.toContain('<b>broken</b>');
    }
    // another shopper reads nothing of it
    const theirs = await page(`/returnitemdetail?item=${item.id}`, rahul);
    expect(theirs.status).toBe(404);
    expect(theirs.html).not.toContain(escaped(reason));

    // asked again, the new request is what My Orders follows; the old reason stays on its details
    const again = await kit.insertRequest(item.id, 'return', 1);
    const open = await myItem(orderNo, item.id);
    expect(open.sellerNote).toBeNull();
    expect(open.openRequest?.refNo).toBe(again);
    expect((await details()).requests.map((r) => [r.refNo, r.decisionReason])).toEqual([
      [again, null],
      [refNo, reason],
    ]);
  });

  it('shows a refused replacement’s reason, and nothing for a decision without one', async () => {
    const { item, seller, orderNo } = await kit.deliveredItem(2);
    const refused = await kit.insertRequest(item.id, 'replace', 1);
    const reason = 'This model is out of stock; keep the product, your money is on its way.';
    await decide(seller, refused, 'reject-without-return', reason);
    const details = await get(ItemRequestDetails, `/api/item-requests?kind=replace&item=${item.id}`);
    expect(details.requests[0]).toMatchObject({ refNo: refused, decisionReason: reason });
    expect(shownText((await page(`/replaceitemdetail?item=${item.id}`)).html)).toContain(noteOf(reason));

    const accepted = await kit.insertRequest(item.id, 'return', 1);
    await decide(seller, accepted, 'refund-without-reverse');
    const returned = await get(ItemRequestDetails, `/api/item-requests?kind=return&item=${item.id}`);
    expect(returned.requests[0]?.decisionReason).toBeNull();
    expect((await myItem(orderNo, item.id)).sellerNote).toBeNull();
    expect((await page(`/returnitemdetail?item=${item.id}`)).html).not.toContain(SELLER_ANSWER_TEXTS.note);
  });

  it('shows a refused cancellation’s reason on the cancelled item’s details and My Orders', async () => {
    const { item, seller, orderNo } = await kit.singleItemOrder(1);
    const refNo = await kit.insertRequest(item.id, 'cancel', 1);
    const reason = 'Already packed and handed to the courier.';
    await decide(seller, refNo, 'rejected', reason);
    const cancelled = await get(CancelledItem, `/api/cancellations/items/${item.id}`);
    expect(cancelled.cancellations[0]).toMatchObject({ refNo, status: 'rejected', decisionReason: reason });
    expect((await myItem(orderNo, item.id)).sellerNote).toEqual({ refNo, kind: 'cancel', text: reason });
    expect(shownText((await page(`/cancelleditemdetail?item=${item.id}`)).html)).toContain(noteOf(reason));
  });
});

describe('the seller’s replies, read by the shopper', () => {
  it('marks them read when the shopper opens the conversation, for that conversation only, and shows which were new', async () => {
    const { item, seller, orderNo } = await kit.deliveredItem(1);
    await kit.insertRequest(item.id, 'return', 1);
    const send = async (topic: string, body: string) =>
      expect(
        (
          await call('/api/item-requests/messages', kit.shopper, 'POST', {
            orderItemId: item.id,
            topic,
            body,
          })
        ).status,
      ).toBe(201);
    const reply = async (topic: string, body: string) =>
      expect(
        (await call(`/api/seller/order-items/${item.id}/messages`, seller, 'POST', { topic, body })).status,
      ).toBe(201);
    await send('seller', 'When is the pickup?');
    await send('privilege_claim', 'I am a privilege member.');
    await reply('seller', 'Tomorrow before noon.');
    await reply('privilege_claim', 'Your claim is noted.');
    const sellerUnread = async () =>
      (await get(SellerConversationList, '/api/seller/conversations', seller)).unreadTotal;
    const sellerUnreadBefore = await sellerUnread();
    const repliesRead = async () =>
      (
        await t.db
          .select({ topic: sellerMessages.topic, readAt: sellerMessages.readAt })
          .from(sellerMessages)
          .where(and(eq(sellerMessages.orderItemId, item.id), eq(sellerMessages.author, 'seller')))
      ).map((m) => [m.topic, m.readAt !== null]);
    const newReplies = async () =>
      (await get(ItemRequestDetails, `/api/item-requests?kind=return&item=${item.id}`)).item.newReplies;

    expect(await newReplies()).toEqual({ seller: 1, privilege_claim: 1 });
    expect((await myItem(orderNo, item.id)).newReplies).toEqual({
      count: 2,
      href: `/returninprocess/contactseller?item=${item.id}`,
    });
    const myOrders = await page('/myorder');
    expect(myOrders.html).toContain(newRepliesText(2));
    expect((await page(`/returninprocess?item=${item.id}`)).html).toContain(
      `1 ${SELLER_ANSWER_TEXTS.newReply}`,
    );

    // another shopper is refused and marks nothing
    expect((await call(`/api/item-requests/messages?item=${item.id}&topic=seller`, rahul)).status).toBe(404);
    expect((await page(`/returninprocess/contactseller?item=${item.id}`, rahul)).status).toBe(404);
    expect(await repliesRead()).toEqual([
      ['seller', false],
      ['privilege_claim', false],
    ]);

    // the shopper opens the contact-seller conversation: its reply comes as new, once
    const opened = await get(ItemConversation, `/api/item-requests/messages?item=${item.id}&topic=seller`);
    expect(opened.messages.map((m) => [m.author, m.body, m.isNew])).toEqual([
      ['shopper', 'When is the pickup?', false],
      ['seller', 'Tomorrow before noon.', true],
    ]);
    expect(await repliesRead()).toEqual([
      ['seller', true],
      ['privilege_claim', false],
    ]);
    const reopened = await get(ItemConversation, `/api/item-requests/messages?item=${item.id}&topic=seller`);
    expect(reopened.messages.map((m) => m.isNew)).toEqual([false, false]);
    expect(await newReplies()).toEqual({ seller: 0, privilege_claim: 1 });
    expect((await myItem(orderNo, item.id)).newReplies).toEqual({
      count: 1,
      href: `/returninprocess/previlageclaim?item=${item.id}`,
    });

    // the seller's own count of unread shopper messages is the shopper's to change, not this
    expect(await sellerUnread()).toBe(sellerUnreadBefore);
    // the seller sees its reply read, and opening its side marks only the shopper's messages
    const sellerSide = await call(`/api/seller/conversations/${item.id}/seller/open`, seller, 'POST');
    expect(sellerSide.status).toBe(200);
    const thread = SellerConversation.parse(await sellerSide.json());
    expect(thread.messages.map((m) => [m.author, m.readAt !== null])).toEqual([
      ['shopper', true],
      ['seller', true],
    ]);
    expect(await sellerUnread()).toBe(sellerUnreadBefore - 1);
    expect(await newReplies()).toEqual({ seller: 0, privilege_claim: 1 });

    // the privilege-claim page marks its reply new in the HTML, then read
    const claimPath = `/returninprocess/previlageclaim?item=${item.id}`;
    const claim = await page(claimPath);
    expect(claim.status).toBe(200);
    expect(claim.html).toContain(
      `<span class="ui-badge ui-badge-info">${SELLER_ANSWER_TEXTS.newReply}</span>`,
    );
    expect(shownText(claim.html)).toContain(`${SELLER_ANSWER_TEXTS.newReply} Your claim is noted.`);
    expect(await newReplies()).toEqual({ seller: 0, privilege_claim: 0 });
    expect((await page(claimPath)).html).not.toContain(`ui-badge-info">${SELLER_ANSWER_TEXTS.newReply}<`);
    expect((await myItem(orderNo, item.id)).newReplies).toEqual({ count: 0, href: null });
    expect((await page('/myorder')).html).not.toContain('data-testid="new-replies"');
  });

  it('counts replies on My Orders without a link when the item has no return to reach them from', async () => {
    const { item, seller, orderNo } = await kit.deliveredItem(1);
    await kit.shopperMessage(item.id, 'Is the warranty card inside?');
    expect(
      (
        await call(`/api/seller/order-items/${item.id}/messages`, seller, 'POST', {
          body: 'Yes, in the box.',
        })
      ).status,
    ).toBe(201);
    expect((await myItem(orderNo, item.id)).newReplies).toEqual({ count: 1, href: null });
  });
});
