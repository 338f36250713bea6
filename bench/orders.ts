// The order placement section of the bench (PostgreSQL only): 200 buyers racing for the last 10
// units of one offer, the most orders a second the server takes, then latency under a steady load
// of 200 mixed carts a second.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { addresses, type Database, offers, pincodes, products, sellers, users } from '@marketplace/db';
import { deliveryOptions, deliveryZone } from '@marketplace/domain';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { loadRateCard } from '../apps/server/src/modules/catalog/index.ts';

type Line = (name: string, value: string | number, note?: string) => void;
const BUYERS = 200;
const LAST_UNITS = 10;

async function makeBuyers(db: Database, count: number, template: typeof addresses.$inferSelect) {
  const stamp = Date.now().toString(36);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench-${stamp}-${i}@example.com`,
        passwordHash: 'locked',
        firstName: 'Bench',
        lastName: `Buyer ${i}`,
      })),
    )
    .returning({ id: users.id });
  const { id: _id, userId: _userId, createdAt: _c, updatedAt: _u, ...fields } = template;
  const saved = await db
    .insert(addresses)
    .values(rows.map((row) => ({ ...fields, userId: row.id, isDefault: true })))
    .returning({ id: addresses.id, userId: addresses.userId });
  return Promise.all(
    saved.map(async (address) => {
      const { token } = await createSession(db, address.userId);
      return { cookie: `${SESSION_COOKIE}=${token}`, addressId: address.id };
    }),
  );
}

/** Offers that reach the pincode with standard delivery and allow COD, cheap enough for COD carts. */
async function deliverable(db: Database, pincode: string) {
  const [buyer] = await db.select().from(pincodes).where(eq(pincodes.pincode, pincode));
  if (!buyer) throw new Error(`pincode ${pincode} missing`);
  const rateCard = await loadRateCard(db);
  const rows = await db
    .select({
      offer: offers,
      place: pincodes,
      handling: products.handling,
      sellerZones: sellers.shippingZones,
    })
    .from(offers)
    .innerJoin(pincodes, eq(pincodes.pincode, offers.sellerPincode))
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(and(eq(offers.isActive, true), gte(offers.maxPerOrder, 2), lte(offers.salePricePaise, 300_000)))
    .limit(2000);
  return rows
    .filter(({ offer, place, handling, sellerZones }) =>
      deliveryOptions({
        zone: deliveryZone(place, buyer),
        rateCard,
        parcelType: offer.parcelType,
        weightGrams: offer.weightGrams,
        quantity: 2,
        sellerZones,
        handling,
      }).some((o) => o.deliveryType === 'standard' && o.hasCod),
    )
    .map(({ offer }) => offer);
}

const percentile = (sorted: number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 10) / 10;

/** The steady load of the order bench: the target rate, for this many seconds. */
const STEADY_RATE = 200;
const STEADY_SECONDS = 10;

/**
 * Buyers with sessions and a default address, the offers they can order with COD and standard
 * delivery (the first, `contested`, kept apart for the race), and carts planned over the others:
 * mixed carts of 1 to 3 lines, COD and online, with plenty of stock.
 */
export async function orderPlanner(db: Database) {
  const [template] = await db.select().from(addresses).where(eq(addresses.isDefault, true)).limit(1);
  if (!template) throw new Error('the seed has shoppers with addresses');
  const candidates = await deliverable(db, template.pincode);
  const [contested, ...rest] = candidates;
  if (!contested || rest.length < 5) throw new Error('too few deliverable offers for the order bench');
  const buyers = await makeBuyers(db, BUYERS, template);
  const pool = rest.slice(0, 200);
  await db
    .update(offers)
    .set({ stock: 1_000_000 })
    .where(
      inArray(
        offers.id,
        pool.map((o) => o.id),
      ),
    );
  const cart = (i: number) => {
    const size = 1 + (i % 3);
    const lines = Array.from({ length: size }, (_, j) => {
      const offer = pool[(i * 7 + j * 13) % pool.length] ?? contested;
      return {
        productId: offer.productId,
        sellerId: offer.sellerId,
        quantity: 1 + ((i + j) % 2),
        deliveryType: 'standard',
      };
    });
    const unique = lines.filter(
      (l, j) => lines.findIndex((m) => m.productId === l.productId && m.sellerId === l.sellerId) === j,
    );
    const buyer = buyers[i % buyers.length] ?? buyers[0];
    return { buyer, unique, mode: i % 2 === 0 ? 'cod' : 'online' };
  };
  const stamp = Date.now().toString(36);
  return {
    buyers,
    contested,
    /** `count` orders from the `from`th planned cart on, as bench/order-load.ts sends them. */
    planOrders: (from: number, count: number) =>
      Array.from({ length: count }, (_, k) => {
        const { buyer, unique, mode } = cart(from + k);
        return {
          cookie: buyer?.cookie ?? '',
          body: {
            idempotencyKey: `bench-${stamp}-${from + k}`,
            addressId: buyer?.addressId ?? 0,
            paymentMode: mode,
            lines: unique,
          },
        };
      }),
  };
}

/** As many orders as the server at `base` takes, `clients` shoppers ordering back to back. */
export async function orderCapacity(
  base: string,
  orders: ReturnType<Awaited<ReturnType<typeof orderPlanner>>['planOrders']>,
  clients: number,
) {
  const capacity = await orderLoad({ base, mode: 'capacity', clients, rate: 0, orders });
  return {
    ...capacity,
    perSecond: Math.round(capacity.placed / capacity.seconds),
    p50: percentile(capacity.latenciesMs, 0.5),
    p99: percentile(capacity.latenciesMs, 0.99),
  };
}

export async function benchOrders(db: Database, base: string, line: Line, requests = 3000, clients = 32) {
  const { buyers, contested, planOrders } = await orderPlanner(db);
  let key = 0;
  const place = async (
    buyer: { cookie: string; addressId: number },
    lines: object[],
    paymentMode: string,
  ) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: buyer.cookie },
      body: JSON.stringify({
        idempotencyKey: `bench-${Date.now()}-${++key}`,
        addressId: buyer.addressId,
        paymentMode,
        lines,
      }),
    }).catch(() => null);
    await res?.text();
    return { status: res?.status ?? 0, ms: performance.now() - started };
  };

  // the race: 200 buyers at once for the last 10 units
  await db.update(offers).set({ stock: LAST_UNITS, maxPerOrder: 10 }).where(eq(offers.id, contested.id));
  const line1 = {
    productId: contested.productId,
    sellerId: contested.sellerId,
    quantity: 1,
    deliveryType: 'standard',
  };
  const race = await Promise.all(buyers.map((buyer) => place(buyer, [line1], 'cod')));
  const [after] = await db.select({ stock: offers.stock }).from(offers).where(eq(offers.id, contested.id));
  console.log(
    `# POST /api/orders race: ${BUYERS} concurrent buyers for the last ${LAST_UNITS} units of one offer`,
  );
  line('orders.race_succeeded', race.filter((r) => r.status === 201).length, `must be exactly ${LAST_UNITS}`);
  line('orders.race_sold_out', race.filter((r) => r.status === 409).length, `must be ${BUYERS - LAST_UNITS}`);
  line('orders.race_final_stock', after?.stock ?? -1, 'must be 0, never below');
  line(
    'orders.race_answered',
    `${race.filter((r) => r.status !== 0).length}/${BUYERS}`,
    'every request answered',
  );

  // capacity: as many orders as the server takes (both loads run in their own process,
  // bench/order-load.ts, so they do not compete with the server for its event loop)
  const capacity = await orderCapacity(base, planOrders(0, requests), clients);
  console.log(
    `# POST /api/orders capacity: ${capacity.placed} mixed carts (1-3 lines, COD and online), ${clients} shoppers ordering back to back`,
  );
  line('orders.max_per_s', capacity.perSecond);
  line('orders.c32.p50_ms', capacity.p50, 'latency is queueing: 32 / orders per second');
  line('orders.c32.p99_ms', capacity.p99);

  // a steady load: orders arriving at STEADY_RATE a second whatever the answers, each timed from
  // the moment it was due (a late start counts against the server)
  const steadyCount = STEADY_RATE * STEADY_SECONDS;
  const steady = await orderLoad({
    base,
    mode: 'steady',
    clients: 0,
    rate: STEADY_RATE,
    orders: planOrders(requests, steadyCount),
  });
  console.log(
    `# POST /api/orders steady load: ${steadyCount} mixed carts arriving at ${STEADY_RATE} a second for ${STEADY_SECONDS} s`,
  );
  line('orders.per_s', Math.round(steady.placed / steady.seconds), `target ${STEADY_RATE} orders/s`);
  line('orders.p50_ms', percentile(steady.latenciesMs, 0.5));
  line('orders.p99_ms', percentile(steady.latenciesMs, 0.99), 'target < 150 ms');
  line('orders.errors', capacity.errors + steady.errors);
}

type OrderLoadResult = { placed: number; seconds: number; errors: number; latenciesMs: number[] };

/** Runs bench/order-load.ts with the plan and reads its result. */
async function orderLoad(plan: object): Promise<OrderLoadResult> {
  const dir = await mkdtemp(join(tmpdir(), 'marketplace-orders-'));
  const file = join(dir, 'plan.json');
  await writeFile(file, JSON.stringify(plan));
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'bench/order-load.ts', file],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, out) => (error ? reject(new Error(`order load failed: ${error.message}`)) : resolve(out)),
      );
    });
    return JSON.parse(stdout) as OrderLoadResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
