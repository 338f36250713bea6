import { asc, eq } from 'drizzle-orm';
import { itemRequests, offers, orderItems, orders, sellerMessages, sellers, users } from '@marketplace/db';
import type { TestApp } from './testing.ts';
import { defaultAddress, deliverableOffers } from './orders.ts';

type Candidate = Awaited<ReturnType<typeof deliverableOffers>>[number];

/** What the kit needs of an app: its database, its HTTP answers and logins (a TestApp, or a served app's). */
export type KitApp = Pick<TestApp, 'db' | 'request' | 'loginCookie'>;

/** Test helpers: orders placed through the API, the sessions of their sellers, and requests as shoppers make them. */
export async function fulfilmentKit(t: KitApp, shopperEmail = 'priya@example.com') {
  const shopper = await t.loginCookie(shopperEmail);
  const address = await defaultAddress(t.db, shopperEmail);
  const candidates = await deliverableOffers(t.db, address.pincode);
  let next = 0;
  let keys = 0;

  /** Distinct products (and, when asked, distinct sellers), not used by an earlier order of this file. */
  const takeOffers = (count: number, distinctSellers = false): Candidate[] => {
    const picked: Candidate[] = [];
    while (picked.length < count) {
      const candidate = candidates[next++];
      if (!candidate) throw new Error('the seed has enough deliverable offers');
      if (distinctSellers && picked.some((p) => p.offer.sellerId === candidate.offer.sellerId)) continue;
      if (picked.some((p) => p.offer.productId === candidate.offer.productId)) continue;
      picked.push(candidate);
    }
    return picked;
  };

  /** Distinct products of one seller, not used by an earlier order of this file. */
  const takeOffersOfOneSeller = (count: number): Candidate[] => {
    const rest = candidates.slice(next);
    const bySeller = new Map<number, Candidate[]>();
    for (const candidate of rest) {
      const same = bySeller.get(candidate.offer.sellerId) ?? [];
      if (same.some((p) => p.offer.productId === candidate.offer.productId)) continue;
      same.push(candidate);
      bySeller.set(candidate.offer.sellerId, same);
      if (same.length === count) {
        // never offered again by takeOffers
        for (const picked of same) candidates.splice(candidates.indexOf(picked), 1);
        return same;
      }
    }
    throw new Error(`the seed has ${count} deliverable offers of one seller`);
  };

  async function placeOrder(
    lines: { candidate: Candidate; quantity?: number }[],
    paymentMode: 'cod' | 'prepaid' = 'cod',
  ) {
    const res = await t.request('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: shopper },
      body: JSON.stringify({
        idempotencyKey: `fulfilment-${Date.now()}-${++keys}`,
        addressId: address.id,
        paymentMode: paymentMode === 'cod' ? 'cod' : 'online',
        lines: lines.map(({ candidate, quantity = 1 }) => ({
          productId: candidate.offer.productId,
          sellerId: candidate.offer.sellerId,
          quantity,
          deliveryType: 'standard',
        })),
      }),
    });
    if (res.status !== 201) throw new Error(await res.text());
    const { orderNo } = (await res.json()) as { orderNo: string };
    if (paymentMode === 'prepaid') {
      // as a verified payment leaves it (see the payments module)
      await t.db
        .update(orders)
        .set({ status: 'placed', paymentStatus: 'paid' })
        .where(eq(orders.orderNo, orderNo));
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!order) throw new Error('the order was saved');
    const items = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    return { orderNo, order, items };
  }

  /** One COD (or prepaid) order of one unit (or more) of a fresh offer. */
  async function singleItemOrder(quantity = 1, paymentMode: 'cod' | 'prepaid' = 'cod') {
    const [candidate] = takeOffers(1);
    if (!candidate) throw new Error('an offer');
    const placed = await placeOrder([{ candidate, quantity }], paymentMode);
    const [item] = placed.items;
    if (!item) throw new Error('the item was saved');
    return { ...placed, item, seller: await sellerCookie(item.sellerId) };
  }

  async function sellerCookie(sellerId: number) {
    const [row] = await t.db
      .select({ email: users.email })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(sellers.id, sellerId));
    if (!row) throw new Error(`seller ${sellerId} has a login`);
    return t.loginCookie(row.email);
  }

  /** Another seller than the given one, logged in. */
  async function otherSellerCookie(sellerId: number) {
    const rows = await t.db
      .select({ id: sellers.id })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .orderBy(asc(sellers.id));
    const other = rows.find((s) => s.id !== sellerId);
    if (!other) throw new Error('two sellers with logins');
    return sellerCookie(other.id);
  }

  /** A shopper's request as the cancel, return and replacement pages will make it. */
  async function insertRequest(itemId: number, kind: 'cancel' | 'return' | 'replace', quantity = 1) {
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    const [order] = item ? await t.db.select().from(orders).where(eq(orders.id, item.orderId)) : [];
    if (!item || !order) throw new Error('the item exists');
    const refNo = `${{ cancel: 'CN', return: 'RT', replace: 'RP' }[kind]}T${itemId}-${++keys}`;
    await t.db.insert(itemRequests).values({
      refNo,
      kind,
      orderItemId: itemId,
      userId: order.userId,
      quantity,
      status: 'pending',
      requestedBy: 'customer',
      pickupDate: kind === 'cancel' ? null : '2030-01-01',
    });
    return refNo;
  }

  async function shopperMessage(itemId: number, body: string) {
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    const [order] = item ? await t.db.select().from(orders).where(eq(orders.id, item.orderId)) : [];
    if (!item || !order) throw new Error('the item exists');
    await t.db.insert(sellerMessages).values({
      orderItemId: itemId,
      sellerId: item.sellerId,
      userId: order.userId,
      author: 'shopper',
      body,
    });
  }

  const stockOf = async (offerId: number) =>
    (await t.db.select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId)))[0]?.stock ?? -1;
  const itemRow = async (itemId: number) => {
    const [row] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    if (!row) throw new Error('the item exists');
    return row;
  };

  /** An order item of `quantity` units taken through delivery by its seller, through the seller API. */
  async function deliveredItem(quantity = 2, paymentMode: 'cod' | 'prepaid' = 'cod') {
    const call = jsonRequest(t);
    const placed = await singleItemOrder(quantity, paymentMode);
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
    return placed;
  }

  return {
    shopper,
    address,
    takeOffers,
    takeOffersOfOneSeller,
    placeOrder,
    singleItemOrder,
    deliveredItem,
    sellerCookie,
    otherSellerCookie,
    insertRequest,
    shopperMessage,
    stockOf,
    itemRow,
  };
}

/** A JSON request with a session cookie. */
export const jsonRequest =
  (t: Pick<TestApp, 'request'>) =>
  async (path: string, cookie: string | null, method = 'GET', body?: unknown): Promise<Response> =>
    t.request(path, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
