import { asc, eq } from 'drizzle-orm';
import {
  type Executor,
  itemRequests,
  offers,
  orderItems,
  orders,
  products,
  reviews,
  sellerMessages,
  sellers,
  users,
} from '@marketplace/db';
import type { TestApp } from './testing.ts';

// Test helpers for Seller Central's dashboard, messages and ads: a fresh approved seller with no
// rows of its own, and its offers, orders, requests, reviews and messages planted exactly.

let planted = 0;
const unique = () => `${process.pid}-${Date.now()}-${++planted}`;

/** A new approved seller (its own login) with nothing sold yet. */
export async function plantSeller(t: TestApp) {
  const tag = unique();
  const [template] = await t.db.select().from(sellers).orderBy(asc(sellers.id)).limit(1);
  if (!template) throw new Error('the seed has sellers');
  const [user] = await t.db
    .insert(users)
    .values({
      email: `console-${tag}@sellers.example.com`,
      passwordHash: 'not-a-login',
      firstName: 'Console',
      lastName: 'Seller',
      role: 'seller',
    })
    .returning({ id: users.id, email: users.email });
  if (!user) throw new Error('inserted');
  const [seller] = await t.db
    .insert(sellers)
    .values({
      userId: user.id,
      name: `Console Seller ${tag}`,
      legalName: `Console Seller ${tag} Pvt Ltd`,
      pincode: template.pincode,
      status: 'approved',
    })
    .returning({ id: sellers.id });
  if (!seller) throw new Error('inserted');
  return { sellerId: seller.id, userId: user.id, email: user.email, cookie: await t.loginCookie(user.email) };
}

/** Seeded products (distinct), skipping the first `skip`, to give planted offers. */
export async function someProducts(db: Executor, count: number, skip = 0) {
  return db
    .select({ id: products.id, name: products.name, brandId: products.brandId, image: products.mainImage })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id))
    .limit(count)
    .offset(skip);
}

/** An offer of the seller for a product, copied from a seeded offer of it with the given stock and state. */
export async function plantOffer(
  db: Executor,
  sellerId: number,
  productId: number,
  values: { stock?: number; isActive?: boolean; closed?: boolean; sku?: string; dispatchDays?: number } = {},
) {
  const [template] = await db.select().from(offers).orderBy(asc(offers.id)).limit(1);
  if (!template) throw new Error('the seed has offers');
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = template;
  const [offer] = await db
    .insert(offers)
    .values({
      ...copy,
      productId,
      sellerId,
      sku: values.sku ?? `SKU-${unique()}`,
      stock: values.stock ?? 50,
      isActive: values.closed ? false : (values.isActive ?? true),
      closedAt: values.closed ? new Date() : null,
      dispatchDays: values.dispatchDays ?? 2,
    })
    .returning();
  if (!offer) throw new Error('inserted');
  return offer;
}

export type PlantedLine = {
  offer: typeof offers.$inferSelect;
  quantity?: number;
  cancelledQuantity?: number;
  unitPricePaise: number;
  status?: 'pending' | 'shipped' | 'delivered' | 'cancelled';
  dispatchDays?: number;
};

/** An order of a shopper placed at `placedAt` with lines of planted offers (money adds up; the order's status as given). */
export async function plantOrder(
  db: Executor,
  shopperId: number,
  placedAt: Date,
  lines: PlantedLine[],
  status: 'placed' | 'awaiting_payment' = 'placed',
) {
  const itemsTotal = lines.reduce((sum, l) => sum + l.unitPricePaise * (l.quantity ?? 1), 0);
  const [order] = await db
    .insert(orders)
    .values({
      orderNo: `OD${unique().replace(/-/g, '')}`,
      userId: shopperId,
      status,
      paymentMode: 'cod',
      paymentStatus: 'pending',
      itemsTotalPaise: itemsTotal,
      totalPaise: itemsTotal,
      deliveryName: 'Priya Sharma',
      deliveryPhone: '9876543210',
      deliveryEmail: 'priya@example.com',
      deliveryAddress: '12 MG Road',
      deliveryPincode: '560001',
      deliveryCity: 'Bengaluru',
      deliveryState: 'Karnataka',
      createdAt: placedAt,
    })
    .returning();
  if (!order) throw new Error('inserted');
  const items = [];
  for (const line of lines) {
    const [product] = await db.select().from(products).where(eq(products.id, line.offer.productId));
    const [item] = await db
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: line.offer.productId,
        offerId: line.offer.id,
        sellerId: line.offer.sellerId,
        productName: product?.name ?? 'Product',
        productImage: product?.mainImage ?? '/media/x.svg',
        sku: line.offer.sku,
        quantity: line.quantity ?? 1,
        cancelledQuantity: line.cancelledQuantity ?? 0,
        unitPricePaise: line.unitPricePaise,
        mrpPaise: line.unitPricePaise,
        deliveryType: 'standard',
        deliveryDays: 4,
        dispatchDays: line.dispatchDays ?? 2,
        deliveryChargePaise: 0,
        parcelType: line.offer.parcelType,
        weightGrams: line.offer.weightGrams,
        zone: 'local',
        status: line.status ?? 'pending',
        returnWindowDays: 7,
        replaceWindowDays: 7,
        createdAt: placedAt,
      })
      .returning();
    if (!item) throw new Error('inserted');
    items.push(item);
  }
  return { order, items };
}

export async function plantRequest(
  db: Executor,
  item: { id: number },
  userId: number,
  kind: 'cancel' | 'return' | 'replace',
  status = 'pending',
) {
  await db.insert(itemRequests).values({
    refNo: `RQ${unique().replace(/-/g, '')}`,
    kind,
    orderItemId: item.id,
    userId,
    quantity: 1,
    status,
    decidedAt: status === 'pending' ? null : new Date(),
  });
}

export async function plantReview(
  db: Executor,
  sellerId: number,
  productId: number,
  userId: number,
  stars: number,
  body: string,
  createdAt: Date,
) {
  const [review] = await db
    .insert(reviews)
    .values({ productId, sellerId, userId, stars, body, createdAt })
    .returning({ id: reviews.id });
  return review;
}

export async function plantMessage(
  db: Executor,
  item: { id: number; sellerId: number },
  userId: number,
  values: {
    author: 'shopper' | 'seller';
    body: string;
    topic?: 'seller' | 'privilege_claim';
    at: Date;
    readAt?: Date;
  },
) {
  const [message] = await db
    .insert(sellerMessages)
    .values({
      orderItemId: item.id,
      sellerId: item.sellerId,
      userId,
      author: values.author,
      topic: values.topic ?? 'seller',
      body: values.body,
      createdAt: values.at,
      readAt: values.readAt ?? null,
    })
    .returning({ id: sellerMessages.id });
  return message;
}

export async function userIdOf(db: Executor, email: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`${email} is seeded`);
  return user.id;
}
