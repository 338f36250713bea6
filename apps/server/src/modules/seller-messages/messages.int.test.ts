import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerMessages } from '@marketplace/db';
import { SellerMeAnswer } from '@marketplace/domain/sellers/seller-account-api';
import { SellerConversation, SellerConversationList } from '@marketplace/domain/sellers/messages-api';
import { jsonRequest } from '../../../test-support/fulfilment.ts';
import {
  plantMessage,
  plantOffer,
  plantOrder,
  plantSeller,
  someProducts,
  userIdOf,
} from '../../../test-support/seller-console.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
let call: ReturnType<typeof jsonRequest>;
let seller: Awaited<ReturnType<typeof plantSeller>>;
let itemA: { id: number; sellerId: number };
let itemB: { id: number; sellerId: number };
let shopperCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  call = jsonRequest(t);
  seller = await plantSeller(t);
  const shopper = await userIdOf(t.db, 'priya@example.com');
  shopperCookie = await t.loginCookie('priya@example.com');
  const [p1, p2] = await someProducts(t.db, 2, 60);
  if (!p1 || !p2) throw new Error('seeded');
  const o1 = await plantOffer(t.db, seller.sellerId, p1.id);
  const o2 = await plantOffer(t.db, seller.sellerId, p2.id);
  const { items } = await plantOrder(t.db, shopper, new Date('2026-03-10T05:00:00Z'), [
    { offer: o1, unitPricePaise: 10_000 },
    { offer: o2, unitPricePaise: 20_000 },
  ]);
  const [a, b] = items;
  if (!a || !b) throw new Error('planted');
  itemA = a;
  itemB = b;
  // item A, contact seller: two unread shopper messages, one earlier message read, the seller's answer between
  await plantMessage(t.db, a, shopper, {
    author: 'shopper',
    body: 'Is it original?',
    at: new Date('2026-03-10T06:00:00Z'),
    readAt: new Date('2026-03-10T07:00:00Z'),
  });
  await plantMessage(t.db, a, shopper, {
    author: 'seller',
    body: 'Yes, sealed.',
    at: new Date('2026-03-10T07:00:00Z'),
  });
  await plantMessage(t.db, a, shopper, {
    author: 'shopper',
    body: 'When will it ship?',
    at: new Date('2026-03-11T06:00:00Z'),
  });
  await plantMessage(t.db, a, shopper, {
    author: 'shopper',
    body: 'Please reply <b>soon</b>',
    at: new Date('2026-03-11T07:00:00Z'),
  });
  // item A, privilege claim: one unread
  await plantMessage(t.db, a, shopper, {
    author: 'shopper',
    topic: 'privilege_claim',
    body: 'Claiming my privilege.',
    at: new Date('2026-03-12T06:00:00Z'),
  });
  // item B: answered, nothing unread
  await plantMessage(t.db, b, shopper, {
    author: 'shopper',
    body: 'Gift wrap?',
    at: new Date('2026-03-09T06:00:00Z'),
    readAt: new Date('2026-03-09T08:00:00Z'),
  });
  await plantMessage(t.db, b, shopper, {
    author: 'seller',
    body: 'Done.',
    at: new Date('2026-03-09T08:00:00Z'),
  });
});
afterAll(() => t.close());

const list = async (cookie: string, query = '') => {
  const res = await call(`/api/seller/conversations${query}`, cookie);
  expect(res.status).toBe(200);
  return SellerConversationList.parse(await res.json());
};
const me = async (cookie: string) =>
  SellerMeAnswer.parse(await (await call('/api/seller/me', cookie)).json());

describe('the seller’s conversations', () => {
  it('lists one row per item and topic, latest first, with the unread shopper messages counted', async () => {
    const answer = await list(seller.cookie);
    expect(answer.total).toBe(3);
    expect(answer.unreadTotal).toBe(3);
    expect(answer.conversations.map((c) => [c.itemId, c.topic, c.unread, c.lastMessage.body])).toEqual([
      [itemA.id, 'privilege_claim', 1, 'Claiming my privilege.'],
      [itemA.id, 'seller', 2, 'Please reply <b>soon</b>'],
      [itemB.id, 'seller', 0, 'Done.'],
    ]);
    expect(answer.conversations[2]?.lastMessage.author).toBe('seller');
    expect((await list(seller.cookie, '?unread=1')).conversations).toHaveLength(2);
    expect((await me(seller.cookie)).unreadMessages).toBe(3);
  });

  it('marks the shopper’s messages read when the seller opens the conversation, and only those', async () => {
    const res = await call(`/api/seller/conversations/${itemA.id}/seller/open`, seller.cookie, 'POST');
    expect(res.status).toBe(200);
    const thread = SellerConversation.parse(await res.json());
    expect(thread.markedRead).toBe(2);
    expect(thread.messages.map((m) => m.body)).toEqual([
      'Is it original?',
      'Yes, sealed.',
      'When will it ship?',
      'Please reply <b>soon</b>',
    ]);
    expect(thread.messages.every((m) => m.author === 'seller' || m.readAt !== null)).toBe(true);
    // the seller's own message is the shopper's to read
    expect(thread.messages[1]?.readAt).toBeNull();
    expect((await me(seller.cookie)).unreadMessages).toBe(1);
    const again = SellerConversation.parse(
      await (await call(`/api/seller/conversations/${itemA.id}/seller/open`, seller.cookie, 'POST')).json(),
    );
    expect(again.markedRead).toBe(0);
    const after = await list(seller.cookie);
    expect(after.unreadTotal).toBe(1);
    expect(after.conversations.find((c) => c.topic === 'seller' && c.itemId === itemA.id)?.unread).toBe(0);
  });

  it('replies through the reply endpoint; the shopper reads the reply on their conversation', async () => {
    const res = await call(`/api/seller/order-items/${itemA.id}/messages`, seller.cookie, 'POST', {
      body: 'Ships tomorrow.',
      topic: 'privilege_claim',
    });
    expect(res.status).toBe(201);
    const shopperSide = await call(
      `/api/item-requests/messages?item=${itemA.id}&topic=privilege_claim`,
      shopperCookie,
    );
    expect(shopperSide.status).toBe(200);
    expect(JSON.stringify(await shopperSide.json())).toContain('Ships tomorrow.');
    const rows = await t.db.select().from(sellerMessages).where(eq(sellerMessages.orderItemId, itemA.id));
    expect(
      rows.filter((r) => r.author === 'seller' && r.topic === 'privilege_claim').map((r) => r.body),
    ).toEqual(['Ships tomorrow.']);
  });

  it('refuses bad replies: empty, too long, NUL bytes; keeps HTML as text', async () => {
    const reply = (body: unknown) =>
      call(`/api/seller/order-items/${itemA.id}/messages`, seller.cookie, 'POST', body);
    expect((await reply({ body: '   ' })).status).toBe(400);
    expect((await reply({ body: 'x'.repeat(2001) })).status).toBe(400);
    expect((await reply({ body: 'a\u0000b' })).status).toBe(400);
    expect((await reply('{"body":')).status).toBe(400);
    expect((await reply({ body: '<script>alert(1)</script>' })).status).toBe(201);
    const thread = SellerConversation.parse(
      await (await call(`/api/seller/conversations/${itemA.id}/seller/open`, seller.cookie, 'POST')).json(),
    );
    expect(thread.messages.at(-1)?.body).toBe('<script>alert(1)</script>');
  });

  it('answers 404 for another seller’s conversation, 403 a shopper, 401 a visitor, 400 a bad address', async () => {
    const other = await t.loginCookie('ganga-mercantile@sellers.example.com');
    expect((await call(`/api/seller/conversations/${itemA.id}/seller/open`, other, 'POST')).status).toBe(404);
    expect(
      (await call(`/api/seller/order-items/${itemA.id}/messages`, other, 'POST', { body: 'Hi' })).status,
    ).toBe(404);
    expect((await list(other)).conversations.some((c) => c.itemId === itemA.id)).toBe(false);
    expect(
      (await call(`/api/seller/conversations/${itemB.id}/privilege_claim/open`, seller.cookie, 'POST'))
        .status,
    ).toBe(404);
    expect((await call('/api/seller/conversations', shopperCookie)).status).toBe(403);
    expect((await call('/api/seller/conversations', null)).status).toBe(401);
    expect((await call(`/api/seller/conversations/${itemA.id}/seller/open`, null, 'POST')).status).toBe(401);
    expect(
      (await call(`/api/seller/conversations/${itemA.id}/other/open`, seller.cookie, 'POST')).status,
    ).toBe(400);
    expect(
      (await call('/api/seller/conversations/99999999999/seller/open', seller.cookie, 'POST')).status,
    ).toBe(400);
    expect((await call('/api/seller/conversations?page=0', seller.cookie)).status).toBe(400);
    expect((await call('/api/seller/conversations?page=abc', seller.cookie)).status).toBe(400);
  });

  it('shows the page of conversations and the unread badge, and the reply form posts without scripts', async () => {
    const page = await t.request('/sellercentral/messages', { headers: { cookie: seller.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Ships tomorrow.'); // the privilege claim's latest message
    expect(html).toContain('sc-nav-badge');
    const form = new URLSearchParams({ body: 'Thank you for waiting.' });
    const posted = await t.request(`/sellercentral/messages/${itemA.id}/seller`, {
      method: 'POST',
      headers: { cookie: seller.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Thank you for waiting.');
    const notMine = await t.request(`/sellercentral/messages/${itemA.id}/seller`, {
      headers: { cookie: await t.loginCookie('ganga-mercantile@sellers.example.com') },
    });
    expect(notMine.status).toBe(404);
  });
});
