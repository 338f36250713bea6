import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paidShares } from '@marketplace/domain/orders/refund';
import { type DatabaseHandle, queryRows } from '../client.ts';
import { openTestDatabase } from '@marketplace/db/testing';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase(inject('testDatabase'));
});
afterAll(() => handle.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(handle.db, query);

type ItemRow = {
  order_id: number;
  order_no: string;
  email: string;
  total: number;
  item_id: number;
  quantity: number;
  unit_price: number;
  coupon: number;
  delivery: number;
  refunded: number;
};

/** Every seeded order item with what its order's shopper paid and what was refunded for it. */
const seededItems = () =>
  rows<ItemRow>(sql`
    SELECT o.id AS order_id, o.order_no, u.email, o.total_paise AS total, oi.id AS item_id, oi.quantity,
           oi.unit_price_paise AS unit_price, oi.coupon_discount_paise AS coupon,
           oi.delivery_charge_paise AS delivery,
           coalesce((SELECT sum(f.amount_paise) FROM refunds f JOIN item_requests r ON r.id = f.request_id
                      WHERE r.order_item_id = oi.id), 0)::int AS refunded
      FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN users u ON u.id = o.user_id
     ORDER BY o.id, oi.id`);

// requirements#refund-life: a refund gives back what was paid, never more (packages/domain orders/refund)
describe('the seeded refunds', () => {
  it('never add up to more than their order’s paid total', async () => {
    const over = await rows<{ order_no: string; email: string; total: number; refunded: number }>(sql`
      SELECT o.order_no, u.email, o.total_paise AS total, sum(f.amount_paise)::int AS refunded
        FROM refunds f JOIN orders o ON o.id = f.order_id JOIN users u ON u.id = o.user_id
       GROUP BY o.id, u.email HAVING sum(f.amount_paise) > o.total_paise`);
    expect(over).toEqual([]);
    const [seeded] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM refunds`);
    expect(seeded?.n).toBeGreaterThan(10);
  });

  it('give back at most each item’s part of what was paid (its price and delivery, less its share of the promo)', async () => {
    const items = await seededItems();
    const byOrder = new Map<number, ItemRow[]>();
    for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
    const over: string[] = [];
    for (const lines of byOrder.values()) {
      const shares = paidShares(
        lines[0]?.total ?? 0,
        lines.map((l) => ({
          quantity: l.quantity,
          unitPricePaise: l.unit_price,
          couponDiscountPaise: l.coupon,
          deliveryChargePaise: l.delivery,
        })),
      );
      lines.forEach((l, i) => {
        if (l.refunded > (shares[i] ?? 0))
          over.push(`${l.email} ${l.order_no} item ${l.item_id}: ${l.refunded} > ${shares[i] ?? 0}`);
      });
    }
    expect(over).toEqual([]);
  });

  it('give the demo shoppers’ wholly returned or cancelled prepaid orders back exactly what they paid', async () => {
    const whole = await rows<{ order_no: string; email: string; total: number; refunded: number }>(sql`
      SELECT o.order_no, u.email, o.total_paise AS total, sum(f.amount_paise)::int AS refunded
        FROM orders o JOIN users u ON u.id = o.user_id JOIN refunds f ON f.order_id = o.id
       WHERE u.email LIKE '%@example.com' AND u.email NOT LIKE '%@buyers.example.com'
         AND o.payment_mode = 'prepaid'
         AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id
                          AND oi.cancelled_quantity + oi.returned_quantity < oi.quantity)
       GROUP BY o.id, u.email`);
    // priya@example.com's returned order is among them
    expect(whole.map((o) => o.email)).toContain('priya@example.com');
    for (const order of whole) expect(order.refunded, `${order.email} ${order.order_no}`).toBe(order.total);
  });
});
