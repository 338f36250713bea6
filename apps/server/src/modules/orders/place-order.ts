import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { addresses, type Executor, orderItems, orders, pincodes, queryRows } from '@marketplace/db';
import { orderSummary, type RateCardEntry } from '@marketplace/domain';
import type { PlaceOrderInput } from '@marketplace/domain/orders/place-order';
import { type BuyerPlace, priceLines, type PriceLinesResult } from './price-lines.ts';

export type PlacedOrder = {
  orderId: number;
  orderNo: string;
  totalPaise: number;
  paymentMode: 'cod' | 'prepaid';
};

export type PlaceOrderResult =
  | ({ code: 'PLACED' } & PlacedOrder)
  | ({ code: 'ALREADY_PLACED' } & PlacedOrder)
  | { code: 'ADDRESS_NOT_FOUND' }
  | { code: 'COD_NOT_ALLOWED' }
  | Exclude<PriceLinesResult, { code: 'PRICED' }>;

/** Order numbers as the seed writes them: OD, the date, then random digits. */
export function newOrderNo(now: Date): string {
  return `OD${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomInt(1e9, 1e10 - 1)}`;
}

/** The shopper's address with its pincode's place; another shopper's reads as missing. */
export async function loadAddress(db: Executor, userId: number, addressId: number) {
  const [row] = await db
    .select({ address: addresses, place: pincodes })
    .from(addresses)
    .innerJoin(pincodes, eq(pincodes.pincode, addresses.pincode))
    .where(and(eq(addresses.userId, userId), eq(addresses.id, addressId)));
  return row ?? null;
}

/**
 * Locks the shopper (one shopper's orders run one at a time, so the idempotency check cannot race
 * itself) and reads the order an earlier try with the same key placed, in one round trip.
 */
const lockShopperAndFindEarlier = async (tx: Executor, userId: number, key: string) => {
  const rows = await queryRows<{
    orderId: number | null;
    orderNo: string | null;
    totalPaise: number | null;
    paymentMode: string | null;
  }>(
    tx,
    sql`WITH shopper AS (SELECT id FROM users WHERE id = ${userId} FOR UPDATE)
        SELECT o.id AS "orderId", o.order_no AS "orderNo", o.total_paise AS "totalPaise",
               o.payment_mode AS "paymentMode"
          FROM shopper LEFT JOIN orders o ON o.user_id = shopper.id AND o.idempotency_key = ${key}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`shopper ${userId} not found`);
  return row.orderId !== null && row.orderNo !== null && row.totalPaise !== null
    ? {
        orderId: Number(row.orderId),
        orderNo: row.orderNo,
        totalPaise: Number(row.totalPaise),
        paymentMode: row.paymentMode === 'cod' ? ('cod' as const) : ('prepaid' as const),
      }
    : null;
};

/**
 * decision 5 and DESIGN.md §5: places an order in one transaction. The server prices every line
 * from the database (amounts sent by the browser are never read), locks the offers, checks stock
 * and delivery to the address's pincode, takes the stock, and writes the order and its items with
 * the address as it is now (each seller creates its invoice and shipment later). A retry with the same idempotency key returns the
 * first order. COD orders are placed at once; online ones wait for their payment.
 */
export async function placeOrder(
  db: Executor,
  userId: number,
  input: PlaceOrderInput,
  rateCard: readonly RateCardEntry[],
  now: Date = new Date(),
): Promise<PlaceOrderResult> {
  const found = await loadAddress(db, userId, input.addressId);
  if (!found) return { code: 'ADDRESS_NOT_FOUND' };
  const { address, place } = found;
  const buyer: BuyerPlace = place;

  return db.transaction(async (tx): Promise<PlaceOrderResult> => {
    const earlier = await lockShopperAndFindEarlier(tx, userId, input.idempotencyKey);
    if (earlier) return { code: 'ALREADY_PLACED', ...earlier };

    const priced = await priceLines(tx, input.lines, buyer, rateCard, now);
    if (priced.code !== 'PRICED') return priced;
    const result = orderSummary(priced.lines.map((line) => line.input));
    if (!result.ok) return { code: 'NOT_DELIVERABLE', name: priced.lines[0]?.productName ?? '' };
    const { summary } = result;
    const isCod = input.paymentMode === 'cod';
    // spec §5: COD only when no chosen option forbids it, the total is at most ₹15,000 and COD reaches the pincode
    if (isCod && !(summary.isCodAllowed && place.hasCod)) return { code: 'COD_NOT_ALLOWED' };

    // every line's stock in one statement (the offers are locked already); the guard repeats the
    // stock check in SQL, so stock can never go below 0
    const taking = sql.join(
      priced.lines.map((line) => sql`(${line.offerId}::int, ${line.request.quantity}::int)`),
      sql`, `,
    );
    const taken = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE offers SET stock = offers.stock - t.quantity, updated_at = ${now}
            FROM (VALUES ${taking}) AS t(offer_id, quantity)
           WHERE offers.id = t.offer_id AND offers.stock >= t.quantity
       RETURNING offers.id`,
    );
    if (taken.length !== priced.lines.length) throw new Error('stock of an offer changed under its lock');
    const redeemed = new Map<number, number>();
    for (const line of priced.lines)
      if (line.request.couponId != null)
        redeemed.set(line.request.couponId, (redeemed.get(line.request.couponId) ?? 0) + 1);
    if (redeemed.size > 0) {
      const counts = sql.join(
        [...redeemed].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      );
      await tx.execute(
        sql`UPDATE coupons SET redeemed_count = coupons.redeemed_count + c.n
              FROM (VALUES ${counts}) AS c(id, n) WHERE coupons.id = c.id`,
      );
    }

    const orderNo = newOrderNo(now);
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo,
        userId,
        status: isCod ? 'placed' : 'awaiting_payment',
        paymentMode: isCod ? 'cod' : 'prepaid',
        paymentStatus: isCod ? 'pending' : 'awaiting_payment',
        itemsTotalPaise: summary.itemsTotalPaise,
        couponDiscountPaise: summary.couponDiscountPaise,
        deliveryChargePaise: summary.deliveryChargePaise,
        promoName: summary.promoName,
        promoDiscountPaise: summary.promoDiscountPaise,
        totalPaise: summary.totalPaise,
        deliveryName: `${address.firstName} ${address.lastName}`,
        deliveryPhone: address.mobile,
        deliveryEmail: address.email,
        deliveryAddress: [address.doorNo, address.street, address.landmark].filter(Boolean).join(', '),
        deliveryPincode: address.pincode,
        deliveryCity: address.city,
        deliveryState: address.state,
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('the order was not inserted');

    await tx.insert(orderItems).values(
      priced.lines.map((line, index) => ({
        orderId: order.id,
        productId: line.request.productId,
        offerId: line.offerId,
        sellerId: line.input.sellerId,
        shipmentId: null, // the seller creates the invoice and shipment when it dispatches
        productName: line.productName,
        productImage: line.productImage,
        sku: line.sku,
        quantity: line.request.quantity,
        unitPricePaise: line.input.salePricePaise,
        mrpPaise: line.mrpPaise,
        couponId: line.request.couponId ?? null,
        couponDiscountPaise: summary.lines[index]?.couponDiscountPaise ?? 0,
        deliveryType: line.option.deliveryType,
        deliveryDays: line.option.arrivingDays,
        deliveryChargePaise: summary.lines[index]?.deliveryChargePaise ?? 0,
        parcelType: line.option.parcelType,
        weightGrams: line.input.delivery.weightGrams,
        zone: line.option.zone,
        returnWindowDays: line.returnDays,
        replaceWindowDays: line.replaceDays,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return {
      code: 'PLACED',
      orderId: order.id,
      orderNo,
      totalPaise: summary.totalPaise,
      paymentMode: isCod ? 'cod' : 'prepaid',
    };
  });
}
