// The Seller Central inventory section of the bench (requirements#seller-bulk-inventory): one seller
// with 50,000 offers (bulk-inserted: products and offers made by INSERT ... SELECT in the database),
// the offers table's pages, sorts and filters one request at a time (p50/p99 of the API's answer),
// the CSV download, then a 50,000-row CSV upload timed from sending the file to the report.
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '@marketplace/db';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';

type Line = (name: string, value: string | number, note?: string) => void;
const OFFERS = 50_000;

/** Gives the first approved seller 50,000 open offers in two statements; returns it with a session cookie. */
async function seedSellerOffers(db: Database) {
  const [seller] = await queryRows<{ id: number; user_id: number; pincode: string }>(
    db,
    sql`SELECT s.id, s.user_id, o.seller_pincode AS pincode FROM sellers s JOIN offers o ON o.seller_id = s.id
        WHERE s.status = 'approved' ORDER BY s.id LIMIT 1`,
  );
  if (!seller) throw new Error('the seed has an approved seller with offers');
  const stamp = Date.now().toString(36);
  const started = performance.now();
  await db.execute(sql`
    INSERT INTO products (name, category_id, brand_id, main_image, description, hsn_code, gst_rate)
    SELECT 'Bench ' || ${stamp} || ' ' || p.name || ' ' || g.i, p.category_id, p.brand_id, p.main_image, '', p.hsn_code, p.gst_rate
    FROM generate_series(1, ${OFFERS}) AS g(i)
    JOIN (SELECT *, row_number() OVER (ORDER BY id) - 1 AS k FROM (SELECT * FROM products ORDER BY id LIMIT 500) AS first) AS p
      ON p.k = g.i % 500`);
  await db.execute(sql`
    INSERT INTO offers (product_id, seller_id, sku, sale_price_paise, mrp_paise, stock, seller_pincode,
      weight_grams, pack_weight_grams, length_cm, width_cm, height_cm, parcel_type, is_active)
    SELECT p.id, ${seller.id}, 'BN-' || ${stamp} || '-' || lpad(row_number() OVER (ORDER BY p.id)::text, 6, '0'),
      (10000 + (p.id % 5000) * 10), (20000 + (p.id % 5000) * 10), (p.id % 40), ${seller.pincode},
      500, 600, 20, 15, 10, 'unit', (p.id % 10) <> 0
    FROM products p WHERE p.name LIKE ${`Bench ${stamp} %`}`);
  await db.execute(sql`ANALYZE offers`);
  await db.execute(sql`ANALYZE products`);
  const seconds = (performance.now() - started) / 1000;
  const { token } = await createSession(db, seller.user_id);
  return { cookie: `${SESSION_COOKIE}=${token}`, seconds, stamp };
}

function percentile(values: readonly number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(p * (sorted.length - 1))] ?? 0) * 10) / 10;
}

export async function benchInventory(db: Database, base: string, line: Line) {
  const { cookie, seconds, stamp } = await seedSellerOffers(db);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM offers o JOIN sellers s ON s.id = o.seller_id
        WHERE o.sku LIKE ${`BN-${stamp}-%`}`,
  );
  console.log(
    `# seller inventory: one seller with ${count?.n ?? 0} more offers (bulk insert ${seconds.toFixed(1)} s)`,
  );
  line('inventory.seed_s', seconds.toFixed(1), `${OFFERS.toLocaleString('en-IN')} products and offers`);
  const headers = { cookie };
  const get = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return performance.now() - started;
  };
  const queries = [
    '',
    '?page=2',
    '?page=500',
    '?page=1001',
    '?sort=sku',
    '?sort=sku&page=700',
    '?sort=name',
    '?sort=price',
    '?sort=price&page=300',
    '?sort=stock',
    '?status=paused',
    '?status=active&sort=price',
    '?lowStock=1',
    '?lowStock=1&sort=stock&page=20',
    `?q=${stamp}-01234`,
    '?q=rice',
    '?q=bench&status=active&page=40',
    '?q=zzzz-nothing',
  ];
  for (const query of queries) await get(`/api/seller/offers${query}`); // warm
  const times: number[] = [];
  const slowest: { query: string; ms: number }[] = [];
  for (let round = 0; round < 12; round++) {
    for (const query of queries) {
      const ms = await get(`/api/seller/offers${query}`);
      times.push(ms);
      slowest.push({ query, ms });
    }
  }
  console.log(`# GET /api/seller/offers: ${queries.length} pages, sorts and filters x 12, one at a time`);
  line('inventory.table_p50_ms', percentile(times, 0.5));
  line('inventory.table_p99_ms', percentile(times, 0.99), 'target p99 < 100 ms');
  const byQuery = queries.map((query) => ({
    query: query || '(first page)',
    ms: percentile(
      slowest.filter((s) => s.query === query).map((s) => s.ms),
      0.5,
    ),
  }));
  console.log(`# median by query: ${byQuery.map((q) => `${q.query} ${Math.round(q.ms)}`).join(', ')}`);
  const worst = slowest.sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(
    `# slowest: ${worst.map((w) => `${w.query || '(first page)'} ${Math.round(w.ms)} ms`).join(', ')}`,
  );

  // the whole download, then every row changed (price up a rupee, stock to 7) and uploaded back
  const downloadStarted = performance.now();
  const download = await fetch(`${base}/api/seller/offers.csv`, { headers });
  const csv = await download.text();
  line(
    'inventory.download_s',
    ((performance.now() - downloadStarted) / 1000).toFixed(2),
    `${csv.length.toLocaleString('en-IN')} bytes`,
  );
  const rows = csv
    .split('\r\n')
    .filter((row) => row.startsWith(`BN-${stamp}-`))
    .slice(0, OFFERS)
    .map((row) => {
      // read from both ends: a product name between them may hold quoted commas
      const cells = row.split(',');
      const [sku] = cells;
      const [price, mrp] = cells.slice(-6, -4);
      return `${sku},${(Number(price) + 1).toFixed(2)},${mrp},7`;
    });
  const file = `sku,price,mrp,stock\r\n${rows.join('\r\n')}\r\n`;
  const form = new FormData();
  form.set('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
  const uploadStarted = performance.now();
  const sent = await fetch(`${base}/api/seller/offer-imports`, { method: 'POST', headers, body: form });
  if (sent.status !== 202) throw new Error(`upload: ${sent.status} ${await sent.text()}`);
  const received = (performance.now() - uploadStarted) / 1000;
  const { importId } = (await sent.json()) as { importId: number };
  const polls: number[] = [];
  type Progress = { status: string; appliedRows: number; errorRows: number };
  let state: Progress | null = null;
  for (;;) {
    const started = performance.now();
    const response = await fetch(`${base}/api/seller/offer-imports/${importId}`, { headers });
    state = (await response.json()) as Progress;
    polls.push(performance.now() - started);
    if (state.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const total = (performance.now() - uploadStarted) / 1000;
  console.log(`# 50,000-row CSV upload (${(file.length / 1024 / 1024).toFixed(1)} MB), end to end`);
  line('inventory.upload_received_s', received.toFixed(2), 'file sent, read and checked, run started');
  line(
    'inventory.upload_total_s',
    total.toFixed(1),
    `target < 60 s; ${state?.status}: ${state?.appliedRows} applied, ${state?.errorRows} refused`,
  );
  line(
    'inventory.progress_poll_p99_ms',
    percentile(polls, 0.99),
    `${polls.length} progress reads while it ran`,
  );
}
