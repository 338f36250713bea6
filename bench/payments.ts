// The seller payments section of the bench (requirements#settlement): 10,000 sellers and 1,000,000
// ledger entries made in the database (INSERT ... SELECT generate_series, each row cloned from one
// the seed made, so every check constraint holds; the ledger's insert trigger chains each entry by
// hash as any other insert, ADR-0045), then one weekly payout cycle over all of them, timed, then
// one seller with 100,000 of those entries reading its Payments page (API and server-rendered page)
// one request at a time.
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '@marketplace/db';
import { runPayoutCycle } from '../apps/server/src/modules/settlements/index.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';

type Line = (name: string, value: string | number, note?: string) => void;
const SELLERS = 10_000;
/** the kinds a delivered sale writes, with its amount as a share of the item's price (signed) */
const SALE_ENTRIES: readonly [string, string][] = [
  ['sale', 'p'],
  ['commission', '-(p * 12 / 100)'],
  ['commission_gst', '-(p * 12 / 100 * 18 / 100)'],
  ['closing_fee', '-2000'],
  ['closing_fee_gst', '-360'],
  ['shipping_fee', '-4500'],
  ['shipping_fee_gst', '-810'],
  ['tcs', '-(p / 200)'],
  ['tds', '-(p / 1000)'],
];
const PER_ITEM = SALE_ENTRIES.length;
const ENTRIES = 1_000_000;
const BUSY_SELLER_ENTRIES = 100_000;

/** A table's columns that an insert writes (no identity, no generated columns, no chain: the trigger sets it). */
async function insertableColumns(db: Database, table: string) {
  const rows = await queryRows<{ column_name: string }>(
    db,
    sql`SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ${table}
          AND is_identity = 'NO' AND is_generated = 'NEVER' AND column_name NOT IN ('chain_position', 'chain_hash')
        ORDER BY ordinal_position`,
  );
  return rows.map((row) => row.column_name);
}

/**
 * INSERT INTO table SELECT over `from`, which names the template row `t` (and whatever else the
 * overrides use): each column is the template's unless overridden.
 */
async function cloneInto(db: Database, table: string, from: string, overrides: Record<string, string>) {
  const columns = await insertableColumns(db, table);
  for (const name of Object.keys(overrides))
    if (!columns.includes(name)) throw new Error(`${table} has no column ${name}`);
  const values = columns.map((column) => overrides[column] ?? `t.${column}`);
  await db.execute(
    sql.raw(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values.join(', ')} ${from}`),
  );
}

const seconds = (started: number) => (performance.now() - started) / 1000;

export async function seedLedger(db: Database, cutoff: Date) {
  const [template] = await queryRows<{
    seller_id: number;
    user_id: number;
    item_id: number;
    order_id: number;
  }>(
    db,
    sql`SELECT s.id AS seller_id, s.user_id, oi.id AS item_id, oi.order_id
        FROM order_items oi JOIN sellers s ON s.id = oi.seller_id
        WHERE s.bank_account_number IS NOT NULL AND s.bank_ifsc IS NOT NULL AND s.user_id IS NOT NULL
        ORDER BY (oi.shipment_id IS NULL) DESC, oi.id LIMIT 1`,
  );
  if (!template) throw new Error('the seed has an order item of a seller with a bank account');
  const items = Math.ceil(ENTRIES / PER_ITEM);
  const busyItems = Math.ceil(BUSY_SELLER_ENTRIES / PER_ITEM);
  const stamp = Date.now().toString(36);
  const started = performance.now();
  await cloneInto(
    db,
    'users',
    `FROM users t CROSS JOIN generate_series(1, ${SELLERS}) AS g(i) WHERE t.id = ${template.user_id}`,
    {
      email: `'bench-pay-${stamp}-' || g.i || '@example.in'`,
      mobile: 'NULL',
    },
  );
  await cloneInto(
    db,
    'sellers',
    `FROM sellers t JOIN users u ON u.email LIKE 'bench-pay-${stamp}-%' WHERE t.id = ${template.seller_id}`,
    {
      user_id: 'u.id',
      name: `'Bench ${stamp} seller ' || u.id`,
      legal_name: `'Bench ${stamp} seller ' || u.id || ' Private Limited'`,
    },
  );
  const sellerList = `(SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM sellers WHERE name LIKE 'Bench ${stamp} seller %')`;
  const madeSellers = seconds(started);
  await cloneInto(
    db,
    'orders',
    `FROM orders t CROSS JOIN generate_series(1, ${items}) AS g(i) WHERE t.id = ${template.order_id}`,
    {
      order_no: `'BP${stamp.slice(-4).toUpperCase()}' || lpad(g.i::text, 8, '0')`,
      idempotency_key: `'bench-pay-${stamp}-' || g.i`,
      created_at: `${lit(cutoff)} - interval '30 days' + (g.i % 20000) * interval '1 minute'`,
    },
  );
  // the first 11,112 items are the busy seller's (100,000 entries), the rest spread over the others
  await cloneInto(
    db,
    'order_items',
    `FROM order_items t
     CROSS JOIN (SELECT id AS order_id, substr(order_no, 7)::int AS i FROM orders WHERE order_no LIKE 'BP${stamp.slice(-4).toUpperCase()}%') AS o
     JOIN ${sellerList} AS s ON s.k = CASE WHEN o.i <= ${busyItems} THEN 0 ELSE 1 + o.i % ${SELLERS - 1} END
     WHERE t.id = ${template.item_id}`,
    {
      order_id: 'o.order_id',
      seller_id: 's.id',
      shipment_id: 'NULL',
      unit_price_paise: '10000 + (o.i % 900) * 100',
      quantity: '1',
      payable_at: `${lit(cutoff)} - interval '8 days' + (o.i % 5000) * interval '1 minute'`,
      product_name: `t.product_name || ' ' || o.i`,
    },
  );
  const madeOrders = seconds(started) - madeSellers;
  const entriesStarted = performance.now();
  const kinds = SALE_ENTRIES.map(([kind], n) => `('${kind}', ${n})`).join(', ');
  const amounts = SALE_ENTRIES.map(
    ([kind, amount]) => `WHEN '${kind}' THEN ${amount.replaceAll('p', 'oi.unit_price_paise')}`,
  ).join(' ');
  await db.execute(
    sql.raw(`INSERT INTO settlement_entries (seller_id, kind, amount_paise, order_item_id, created_at)
      SELECT oi.seller_id, k.kind, (CASE k.kind ${amounts} END)::int, oi.id, o.created_at + interval '2 days'
      FROM order_items oi JOIN orders o ON o.id = oi.order_id
      CROSS JOIN (VALUES ${kinds}) AS k(kind, n)
      WHERE o.order_no LIKE 'BP${stamp.slice(-4).toUpperCase()}%'
      ORDER BY oi.id, k.n`),
  );
  const madeEntries = seconds(entriesStarted);
  for (const table of ['users', 'sellers', 'orders', 'order_items', 'settlement_entries'])
    await db.execute(sql.raw(`ANALYZE ${table}`));
  const [busy] = await queryRows<{ id: number; user_id: number; n: number }>(
    db,
    sql.raw(`SELECT s.id, s.user_id, (SELECT count(*)::int FROM settlement_entries e WHERE e.seller_id = s.id) AS n
             FROM ${sellerList} AS l JOIN sellers s ON s.id = l.id WHERE l.k = 0`),
  );
  if (!busy) throw new Error('the busy seller was made');
  const [total] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM settlement_entries`);
  return { busy, madeSellers, madeOrders, madeEntries, entries: total?.n ?? 0, items };
}

const lit = (at: Date) => `'${at.toISOString()}'::timestamptz`;

function percentile(values: readonly number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(p * (sorted.length - 1))] ?? 0) * 10) / 10;
}

export async function benchPayments(db: Database, base: string, line: Line, options: { pages: boolean }) {
  // a Monday 00:00 IST cut-off after every generated item became payable
  const cutoff = new Date('2026-11-29T18:30:00.000Z');
  const seeded = await seedLedger(db, cutoff);
  console.log(
    `# seller payments: ${SELLERS.toLocaleString('en-IN')} more sellers, ${seeded.items.toLocaleString('en-IN')} sold items, ${seeded.entries.toLocaleString('en-IN')} ledger entries in all`,
  );
  line('payments.seed_sellers_s', seeded.madeSellers.toFixed(1));
  line('payments.seed_orders_s', seeded.madeOrders.toFixed(1));
  line('payments.seed_entries_s', seeded.madeEntries.toFixed(1), 'each entry chained by the insert trigger');

  const cycleStarted = performance.now();
  const cycle = await runPayoutCycle(db, cutoff, { now: cutoff });
  line(
    'payments.cycle_s',
    seconds(cycleStarted).toFixed(1),
    `target < 60 s; ${cycle.created.length.toLocaleString('en-IN')} payouts, ${cycle.skipped} skipped, ${cycle.behind.length} behind, ${cycle.held.length} held`,
  );

  const { token } = await createSession(db, seeded.busy.user_id);
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  const get = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return performance.now() - started;
  };
  const paths: [string, string][] = [
    ['api', '/api/seller/settlement'],
    ['api_page2', '/api/seller/settlement?page=2'],
    ['api_page444', '/api/seller/settlement?page=444'],
  ];
  if (options.pages)
    paths.push(['page', '/sellercentral/payments'], ['page300', '/sellercentral/payments?page=300']);
  console.log(
    `# one seller with ${seeded.busy.n.toLocaleString('en-IN')} entries (445 pages of sales), one request at a time: the API, then the server-rendered page`,
  );
  for (const [name, path] of paths) {
    for (let i = 0; i < 5; i++) await get(path); // warm
    const times: number[] = [];
    for (let i = 0; i < 100; i++) times.push(await get(path));
    line(`payments.${name}_p50_ms`, percentile(times, 0.5), path);
    line(`payments.${name}_p99_ms`, percentile(times, 0.99), 'target p99 < 100 ms');
  }
}
