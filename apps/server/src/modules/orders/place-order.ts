import { createHash, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { addresses, type Executor, orders, pincodes, queryRows, users } from '@marketplace/db';
import { orderSummary, type RateCardEntry } from '@marketplace/domain';
import { orderNumber } from '@marketplace/domain/orders/order-number';
import type { PlaceOrderInput } from '@marketplace/domain/orders/place-order';
import { codLimitOf } from '../delivery-settings/index.ts';
import { takeStockStatement } from '../inventory/index.ts';
import { queueOrderNotices } from '../messages/index.ts';
import { platformPromoSetting } from '../promotions/index.ts';
import { type CourierReach, courierRefusals, NO_REFUSALS } from './courier-reach.ts';
import { priceLines, type PriceLinesResult } from './price-lines.ts';

export type PlacedOrder = {
  orderId: number;
  orderNo: string;
  totalPaise: number;
  paymentMode: 'cod' | 'prepaid';
};

export type PlaceOrderResult =
  | ({ code: 'PLACED' } & PlacedOrder)
  | ({ code: 'ALREADY_PLACED' } & PlacedOrder)
  | { code: 'IDEMPOTENCY_KEY_REUSED' }
  | { code: 'ADDRESS_NOT_FOUND' }
  | { code: 'COD_NOT_ALLOWED'; reason?: string }
  /** requirements#courier-opt-in: the seller's courier does not reach the address */
  | { code: 'COURIER_NOT_SERVICEABLE'; name: string; reason: string }
  | Exclude<PriceLinesResult, { code: 'PRICED' }>;

/** Order numbers as the seed writes them: OD, the day in India, then random digits. */
export function newOrderNo(now: Date): string {
  return orderNumber(now, randomInt(1e9, 1e10 - 1));
}

/**
 * What an order asks for, as a hash: the address, the payment mode and the lines (in any order).
 * A retry with the same key must ask for the same order to get it back.
 */
export function orderFingerprint(input: PlaceOrderInput): string {
  const lines = input.lines
    .map((l) => JSON.stringify([l.productId, l.sellerId, l.quantity, l.deliveryType, l.couponId ?? null]))
    .sort();
  const business = input.business ? [input.business.gstin, input.business.name] : [];
  const asked = JSON.stringify([input.addressId, input.paymentMode, lines, ...business]);
  return createHash('sha256').update(asked).digest('hex');
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
 * itself), then reads the order an earlier try with the same key placed, and the shopper's address
 * with its pincode's place (another shopper's address reads as missing). Two statements: a
 * statement that waited for the lock still sees the database as it was when it began, so a
 * locking read would miss the order the try it waited for has just placed (PostgreSQL, read
 * committed), and a second try of the same key would place it again.
 */
const lockShopper = async (tx: Executor, userId: number, key: string, addressId: number) => {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      totalPaise: orders.totalPaise,
      paymentMode: orders.paymentMode,
      fingerprint: orders.idempotencyFingerprint,
      address: addresses,
      place: pincodes,
    })
    .from(users)
    .leftJoin(orders, and(eq(orders.userId, users.id), eq(orders.idempotencyKey, key)))
    .leftJoin(addresses, and(eq(addresses.userId, users.id), eq(addresses.id, addressId)))
    .leftJoin(pincodes, eq(pincodes.pincode, addresses.pincode))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`shopper ${userId} not found`);
  const earlier =
    row.orderId !== null && row.orderNo !== null && row.totalPaise !== null
      ? {
          orderId: row.orderId,
          orderNo: row.orderNo,
          totalPaise: row.totalPaise,
          paymentMode: row.paymentMode === 'cod' ? ('cod' as const) : ('prepaid' as const),
          fingerprint: row.fingerprint,
        }
      : null;
  const found = row.address && row.place ? { address: row.address, place: row.place } : null;
  return { earlier, found };
};

/**
 * requirements#server-prices and requirements#safe-writes: places an order in one transaction. The server prices every line
 * from the database (amounts sent by the browser are never read), locks the offers, checks stock
 * and delivery to the address's pincode, takes the stock, and writes the order and its items with
 * the address as it is now (each seller creates its invoice and shipment later). A retry with the
 * same idempotency key returns the first order. COD orders are placed at once; online ones wait for
 * their payment. Three statements between BEGIN and COMMIT: shopper and address, offers with their
 * sellers' places, and the write.
 */
export async function placeOrder(
  db: Executor,
  userId: number,
  input: PlaceOrderInput,
  rateCard: readonly RateCardEntry[],
  now: Date = new Date(),
  courier?: CourierReach,
): Promise<PlaceOrderResult> {
  // requirements#courier-opt-in: the courier is asked before the transaction (no lock waits on it)
  const destination = courier ? await loadAddress(db, userId, input.addressId) : null;
  const refusals = destination
    ? await courierRefusals(db, courier, input.lines, destination.address.pincode, {
        askCod: input.paymentMode === 'cod',
      })
    : NO_REFUSALS;
  return db.transaction(async (tx): Promise<PlaceOrderResult> => {
    const { earlier, found } = await lockShopper(tx, userId, input.idempotencyKey, input.addressId);
    const fingerprint = orderFingerprint(input);
    if (earlier) {
      const { fingerprint: asked, ...placed } = earlier;
      // orders placed before fingerprints were kept have none: the key alone answers for them
      if (asked !== null && asked !== fingerprint) return { code: 'IDEMPOTENCY_KEY_REUSED' };
      return { code: 'ALREADY_PLACED', ...placed };
    }
    if (!found) return { code: 'ADDRESS_NOT_FOUND' };
    const { address, place } = found;

    const priced = await priceLines(tx, input.lines, place, rateCard, now);
    if (priced.code !== 'PRICED') return priced;
    const refusedLine = priced.lines.find((line) => refusals.sellers.has(line.input.sellerId));
    if (refusedLine && address.pincode === destination?.address.pincode) {
      const reason = refusals.sellers.get(refusedLine.input.sellerId) ?? '';
      return { code: 'COURIER_NOT_SERVICEABLE', name: refusedLine.productName, reason };
    }
    // requirements#operator-promotions: the platform promo as staff set it (the standing (requirements#platform-promo) ₹50 untouched)
    const result = orderSummary(
      priced.lines.map((line) => line.input),
      { pincodeHasCod: place.hasCod, codLimitPaise: await codLimitOf(tx) },
      await platformPromoSetting(tx),
    );
    if (!result.ok) return { code: 'NOT_DELIVERABLE', name: priced.lines[0]?.productName ?? '' };
    const { summary } = result;
    const isCod = input.paymentMode === 'cod';
    // requirements#cod-eligibility
    if (isCod && !summary.isCodAllowed) return { code: 'COD_NOT_ALLOWED' };
    if (isCod && refusals.cod !== null) return { code: 'COD_NOT_ALLOWED', reason: refusals.cod };

    const orderNo = newOrderNo(now);
    const insertOrder = tx
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
        buyerGstin: input.business?.gstin ?? null,
        buyerBusinessName: input.business?.name ?? null,
        idempotencyKey: input.idempotencyKey,
        idempotencyFingerprint: fingerprint,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    // the seller creates each item's invoice and shipment when it dispatches
    const items = priced.lines.map((line, index) => ({
      product_id: line.request.productId,
      offer_id: line.offerId,
      seller_id: line.input.sellerId,
      product_name: line.productName,
      product_image: line.productImage,
      sku: line.sku,
      quantity: line.request.quantity,
      unit_price_paise: line.input.salePricePaise,
      mrp_paise: line.mrpPaise,
      coupon_id: line.request.couponId ?? null,
      coupon_discount_paise: summary.lines[index]?.couponDiscountPaise ?? 0,
      delivery_type: line.option.deliveryType,
      delivery_days: line.option.arrivingDays,
      dispatch_days: line.dispatchDays,
      delivery_charge_paise: summary.lines[index]?.deliveryChargePaise ?? 0,
      parcel_type: line.option.parcelType,
      weight_grams: line.input.delivery.weightGrams,
      zone: line.option.zone,
      return_window_days: line.returnDays,
      replace_window_days: line.replaceDays,
    }));
    // the same offer on several lines is taken once for all of them, as pricing counted it
    const quantities = new Map<number, number>();
    for (const line of priced.lines)
      quantities.set(line.offerId, (quantities.get(line.offerId) ?? 0) + line.request.quantity);
    const redeemed = new Map<number, number>();
    for (const line of priced.lines)
      if (line.request.couponId != null)
        redeemed.set(line.request.couponId, (redeemed.get(line.request.couponId) ?? 0) + 1);
    const counting =
      redeemed.size === 0
        ? sql``
        : sql`counted AS (
            UPDATE coupons SET redeemed_count = coupons.redeemed_count + c.n
              FROM (VALUES ${sql.join(
                [...redeemed].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
                sql`, `,
              )}) AS c(id, n)
             WHERE coupons.id = c.id
         RETURNING coupons.id),`;

    // one statement takes every line's stock (the offers are locked already; the guard repeats the
    // stock check, so stock can never go below 0), counts the coupons, and writes the order and its
    // items; statements in WITH all run to completion
    const [written] = await queryRows<{ orderId: number | null; taken: number }>(
      tx,
      sql`WITH taken AS (${takeStockStatement(quantities, now)}),
          ${counting}
          placed AS (${insertOrder.getSQL()}),
          lines AS (
            INSERT INTO order_items (order_id, product_id, offer_id, seller_id, product_name,
              product_image, sku, quantity, unit_price_paise, mrp_paise, coupon_id,
              coupon_discount_paise, delivery_type, delivery_days, dispatch_days, delivery_charge_paise,
              parcel_type, weight_grams, zone, return_window_days, replace_window_days, created_at, updated_at)
            SELECT placed.id, i.product_id, i.offer_id, i.seller_id, i.product_name, i.product_image,
                   i.sku, i.quantity, i.unit_price_paise, i.mrp_paise, i.coupon_id,
                   i.coupon_discount_paise, i.delivery_type, i.delivery_days, i.dispatch_days, i.delivery_charge_paise,
                   i.parcel_type, i.weight_grams, i.zone, i.return_window_days, i.replace_window_days,
                   ${now}, ${now}
              FROM placed, jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS i(product_id int,
                   offer_id int, seller_id int, product_name text, product_image text, sku text,
                   quantity int, unit_price_paise int, mrp_paise int, coupon_id int,
                   coupon_discount_paise int, delivery_type text, delivery_days int, dispatch_days int,
                   delivery_charge_paise int, parcel_type text, weight_grams int, zone text,
                   return_window_days int, replace_window_days int)
         RETURNING 1)
        SELECT (SELECT id FROM placed) AS "orderId", (SELECT count(*)::int FROM taken) AS taken`,
    );
    if (!written?.orderId) throw new Error('the order was not inserted');
    if (Number(written.taken) !== quantities.size)
      throw new Error('stock of an offer changed under its lock');
    // requirements#order-notices: a COD order is placed now; a prepaid one when its payment arrives
    if (isCod) await queueOrderNotices(tx, { kind: 'order-placed', orderId: Number(written.orderId) });
    return {
      code: 'PLACED',
      orderId: Number(written.orderId),
      orderNo,
      totalPaise: summary.totalPaise,
      paymentMode: isCod ? 'cod' : 'prepaid',
    };
  });
}
