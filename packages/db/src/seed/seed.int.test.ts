import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, migrateDatabase, openDatabase, queryRows } from '../client.ts';
import { verifyPassword } from '../password.ts';
import { addresses, orderItems, orders, users } from '../schema/index.ts';
import { openTestDatabase, TEST_SEED } from '@marketplace/db/testing';
import { DEMO_PASSWORDS, DEMO_SHOPPERS, seedDatabase, seedState } from './index.ts';
import { CATEGORY_TREE, SELLERS } from './data/catalog.ts';
import { KIND_DRAWS, PRODUCT_KINDS, type ProductKind } from './kinds.ts';
import { brandHomeLeaf } from './marketing.ts';
import { VIDEO_CAMPAIGNS } from './data/videos.ts';

const SEED_LEAVES = CATEGORY_TREE.flatMap((c1) =>
  c1.children.flatMap((c2) => c2.children.flatMap((c3) => c3.children.map((leaf) => ({ leaf })))),
);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase(inject('testDatabase'));
});
afterAll(() => handle.close());

const one = async <T>(query: string) => (await queryRows<T>(handle.db, sql.raw(query)))[0] as T;

describe('the seeded catalog', () => {
  it('has the whole India pincode list and a full rate card', async () => {
    expect(await one<{ n: number }>('SELECT count(*)::int AS n FROM pincodes')).toEqual({ n: 19_238 });
    expect(await one<{ n: number }>('SELECT count(*)::int AS n FROM delivery_rates')).toEqual({ n: 20 });
  });

  it('has at least 4 top categories, each with a full four-level tree', async () => {
    const rows = await queryRows<{ name: string; depth: number }>(
      handle.db,
      sql`WITH RECURSIVE tree AS (
            SELECT id, id AS root, level FROM categories WHERE level = 1
            UNION ALL SELECT c.id, t.root, c.level FROM categories c JOIN tree t ON c.parent_id = t.id)
          SELECT r.name, max(t.level)::int AS depth FROM tree t JOIN categories r ON r.id = t.root GROUP BY r.name`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(row.depth, row.name).toBe(4);
    const luxury = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM categories WHERE name = 'Luxury Beauty'",
    );
    expect(luxury.n).toBe(1);
  });

  it('has 60+ brands, some in the brand registry, and 40+ sellers at real pincodes', async () => {
    const brands = await one<{ n: number; registry: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE is_registry)::int AS registry FROM brands',
    );
    expect(brands.n).toBeGreaterThanOrEqual(60);
    expect(brands.registry).toBeGreaterThan(5);
    const sellers = await one<{ n: number; states: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT p.state)::int AS states FROM sellers s JOIN pincodes p USING (pincode)',
    );
    expect(sellers.n).toBeGreaterThanOrEqual(40);
    expect(sellers.states).toBeGreaterThanOrEqual(10);
  });

  it('has the requested number of products, each with 1 to 5 offers and a consistent lowest price', async () => {
    expect(await one<{ n: number }>('SELECT count(*)::int AS n FROM products')).toEqual({
      n: TEST_SEED.products,
    });
    const offers = await one<{ min: number; max: number }>(
      'SELECT min(n)::int AS min, max(n)::int AS max FROM (SELECT count(o.id) AS n FROM products p LEFT JOIN offers o ON o.product_id = p.id GROUP BY p.id) c',
    );
    expect(offers.min).toBeGreaterThanOrEqual(1);
    expect(offers.max).toBeLessThanOrEqual(5);
    const wrongLowest = await one<{ n: number }>(`
      SELECT count(*)::int AS n FROM products p
      WHERE p.lowest_price_paise IS DISTINCT FROM coalesce(
        (SELECT min(sale_price_paise) FROM offers o WHERE o.product_id = p.id AND o.stock > 0),
        (SELECT min(sale_price_paise) FROM offers o WHERE o.product_id = p.id))`);
    expect(wrongLowest.n).toBe(0);
    const badPrices = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM offers WHERE sale_price_paise > mrp_paise OR sale_price_paise % 100 <> 0',
    );
    expect(badPrices.n).toBe(0);
  });

  it('keeps product star counts in step with the reviews', async () => {
    const mismatched = await one<{ n: number }>(`
      SELECT count(*)::int AS n FROM products p LEFT JOIN (
        SELECT product_id, count(*) FILTER (WHERE stars = 1) s1, count(*) FILTER (WHERE stars = 5) s5, count(*) total
        FROM reviews GROUP BY product_id) r ON r.product_id = p.id
      WHERE p.star1 <> coalesce(r.s1, 0) OR p.star5 <> coalesce(r.s5, 0) OR p.rating_count <> coalesce(r.total, 0)`);
    expect(mismatched.n).toBe(0);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM reviews')).n).toBeGreaterThan(
      TEST_SEED.products,
    );
  });

  it('gives each product its own generated images and variants their groups', async () => {
    const images = await one<{ n: number; distinct: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT main_image)::int AS distinct FROM products',
    );
    expect(images.distinct).toBe(images.n);
    const groups = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_groups g WHERE (SELECT count(*) FROM products p WHERE p.group_id = g.id) >= 2',
    );
    expect(groups.n).toBeGreaterThan(10);
    const colours = await one<{ n: number }>(
      "SELECT count(DISTINCT value)::int AS n FROM product_attributes WHERE name = 'Colour'",
    );
    expect(colours.n).toBeGreaterThanOrEqual(8);
  });

  it('draws every product as what its name says, in 3 to 5 different views', async () => {
    const rows = await queryRows<{ name: string; main_image: string; images: string[] }>(
      handle.db,
      sql`SELECT name, main_image, images FROM products ORDER BY id`,
    );
    const wrong: string[] = [];
    for (const row of rows) {
      const kind = /\/catalog\/products\/([a-z]+)\//.exec(row.main_image)?.[1] ?? '';
      if (
        !(PRODUCT_KINDS as readonly string[]).includes(kind) ||
        !KIND_DRAWS[kind as ProductKind].test(row.name)
      )
        wrong.push(`${row.name} drawn as ${kind || row.main_image}`);
      expect(row.images[0]).toBe(row.main_image);
      expect(new Set(row.images).size, row.name).toBe(row.images.length);
      expect(row.images.length, row.name).toBeGreaterThanOrEqual(3);
      expect(row.images.length, row.name).toBeLessThanOrEqual(5);
    }
    expect(wrong).toEqual([]);
    // the products of one category are drawn as more than one picture: models differ in proportion and label
    const kitchen = await one<{ kinds: number }>(`
      SELECT count(DISTINCT substring(p.main_image from '/products/([a-z]+)/'))::int AS kinds
      FROM products p JOIN categories c4 ON c4.id = p.category_id JOIN categories c3 ON c3.id = c4.parent_id
      JOIN categories c2 ON c2.id = c3.parent_id WHERE c2.name = 'Kitchen Appliances'`);
    expect(kitchen.kinds).toBeGreaterThanOrEqual(4);
  });

  it("advertises each brand with a product from the brand's own line", async () => {
    const campaigns = await queryRows<{ brand: string; category: string }>(
      handle.db,
      sql`SELECT b.name AS brand, c.name AS category FROM brand_campaigns bc
          JOIN brands b ON b.id = bc.brand_id JOIN products p ON p.id = bc.product_id
          JOIN categories c ON c.id = p.category_id`,
    );
    expect(campaigns.length).toBeGreaterThan(10);
    for (const c of campaigns)
      expect(`${c.brand}: ${c.category}`).toBe(
        `${c.brand}: ${brandHomeLeaf(SEED_LEAVES, c.brand)?.leaf.name}`,
      );
  });

  it('lets sellers offer only what fits their shop', async () => {
    const offers = await queryRows<{ seller: string; path: string[]; brand: string }>(
      handle.db,
      sql`SELECT s.name AS seller, b.name AS brand,
            ARRAY[c1.name, c2.name, c3.name, c4.name] AS path
          FROM offers o JOIN sellers s ON s.id = o.seller_id JOIN products p ON p.id = o.product_id
          JOIN brands b ON b.id = p.brand_id JOIN categories c4 ON c4.id = p.category_id
          JOIN categories c3 ON c3.id = c4.parent_id JOIN categories c2 ON c2.id = c3.parent_id
          JOIN categories c1 ON c1.id = c2.parent_id`,
    );
    expect(offers.length).toBeGreaterThan(TEST_SEED.products);
    const misfits = offers.filter((o) => {
      const seller = SELLERS.find((s) => s.name === o.seller);
      return (
        !seller || (seller.brand ? seller.brand !== o.brand : !seller.sells.some((c) => o.path.includes(c)))
      );
    });
    expect(misfits.map((o) => `${o.seller} sells ${o.path[3]} by ${o.brand}`)).toEqual([]);
  });

  it('gives products the specifications their names promise', async () => {
    const rows = await queryRows<{
      name: string;
      category: string;
      variant: Record<string, string>;
      technical: { name: string; value: string }[];
      attributes: Record<string, string>;
    }>(
      handle.db,
      sql`SELECT p.name, c.name AS category, p.variant, p.technical_details AS technical,
            (SELECT jsonb_object_agg(a.name, a.value) FROM product_attributes a WHERE a.product_id = p.id) AS attributes
          FROM products p JOIN categories c ON c.id = p.category_id`,
    );
    const wrong: string[] = [];
    let checked = 0;
    for (const row of rows) {
      const leaf = SEED_LEAVES.find((l) => l.leaf.name === row.category)?.leaf;
      const specs = [
        ...Object.entries(leaf?.modelSpecs ?? {}),
        ...Object.entries(leaf?.nounSpecs ?? {}),
      ].filter(
        ([words]) =>
          row.name.includes(` ${words} `) ||
          row.name.endsWith(` ${words}`) ||
          row.name.includes(` ${words} (`),
      );
      for (const [, spec] of specs)
        for (const [key, value] of Object.entries(spec)) {
          checked++;
          const seen = [
            row.variant[key],
            row.attributes[key],
            row.technical.find((t) => t.name === key)?.value,
          ].filter((v) => v !== undefined);
          if (seen.length === 0 || seen.some((v) => v !== value))
            wrong.push(`${row.name}: ${key} ${seen.join('/')} not ${value}`);
        }
      const k = / (\d+)K /.exec(row.name);
      if (row.category === 'Power Banks' && k)
        expect(row.attributes.Capacity, row.name).toBe(`${k[1]}000 mAh`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(5);
  });

  it('weighs a dumbbell or kettlebell what its variant says', async () => {
    const rows = await queryRows<{ name: string; weight: string; grams: number }>(
      handle.db,
      sql`SELECT p.name, p.variant->>'Weight' AS weight, o.weight_grams AS grams
          FROM products p JOIN offers o ON o.product_id = p.id WHERE p.variant ? 'Weight'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const [, times = '1', kg = '0'] = /^(?:(\d+) x )?([\d.]+) kg$/.exec(row.weight) ?? [];
      expect(row.grams, row.name).toBe(Number(times) * Number(kg) * 1000);
    }
  });

  it('never repeats a review text on one product, nor shows a 0% discount', async () => {
    const repeated = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM (SELECT product_id, body FROM reviews GROUP BY 1, 2 HAVING count(*) > 1) r',
    );
    expect(repeated.n).toBe(0);
    const zero = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM offers WHERE mrp_paise > sale_price_paise AND round((mrp_paise - sale_price_paise) * 100.0 / mrp_paise) = 0',
    );
    expect(zero.n).toBe(0);
    const deals = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM deals d JOIN offers o ON o.product_id = d.product_id AND o.seller_id = d.seller_id
       WHERE d.discount_percent <> round((o.mrp_paise - o.sale_price_paise) * 100.0 / o.mrp_paise)`,
    );
    expect(deals.n).toBe(0);
  });

  it('runs lightning deals for hours, a few at every hour of the coming weeks', async () => {
    const longest = await one<{ hours: number }>(
      "SELECT max(extract(epoch FROM ends_at - starts_at) / 3600)::int AS hours FROM deals WHERE offer_type = 'deals'",
    );
    expect(longest.hours).toBeGreaterThan(0);
    expect(longest.hours).toBeLessThanOrEqual(12);
    for (const hoursLater of [1, 30, 24 * 20 + 13]) {
      const at = new Date(TEST_SEED.now.getTime() + hoursLater * 3_600_000).toISOString();
      const running = await one<{ n: number }>(
        `SELECT count(*)::int AS n FROM deals WHERE page = 'home' AND offer_type = 'deals' AND starts_at <= '${at}' AND ends_at > '${at}'`,
      );
      expect(running.n, at).toBeGreaterThanOrEqual(5);
    }
  });

  it('runs brand video ads on home and gives some products a film, each a WebM file in the media folder', async () => {
    const mediaDir = inject('testDatabase').mediaDir;
    const fileOf = (path: string) => join(mediaDir, path.replace(/^\/media\//, ''));
    const campaigns = await queryRows<{
      brand: string;
      adVideo: string;
      adImage: string | null;
      page: string;
    }>(
      handle.db,
      sql`SELECT b.name AS brand, bc.ad_video AS "adVideo", bc.ad_image AS "adImage", bc.page
          FROM brand_campaigns bc JOIN brands b ON b.id = bc.brand_id WHERE bc.ad_type = 'video' ORDER BY bc.id`,
    );
    expect(campaigns.length).toBeGreaterThanOrEqual(2);
    // each film shows the brand's own line, the kind of its home category
    for (const film of VIDEO_CAMPAIGNS)
      expect(`${film.brand}: ${film.kind}`).toBe(
        `${film.brand}: ${brandHomeLeaf(SEED_LEAVES, film.brand)?.leaf.kind}`,
      );
    for (const campaign of campaigns) {
      expect(campaign.page).toBe('home');
      expect(campaign.adVideo).toMatch(/^\/media\/catalog\/videos\/.+-[0-9a-f]{10}\.webm$/);
      expect(campaign.adImage, 'a poster').toMatch(/^\/media\/catalog\/campaigns\/.+\.svg$/);
      const bytes = await readFile(fileOf(campaign.adVideo));
      expect(bytes.subarray(0, 4).toString('hex'), `${campaign.brand}: an EBML (WebM) file`).toBe('1a45dfa3');
      expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
      await stat(fileOf(campaign.adImage ?? ''));
    }
    const films = await queryRows<{ path: string; n: number; colours: string[] }>(
      handle.db,
      sql`SELECT p.video_path AS path, count(*)::int AS n, array_agg(DISTINCT a.value) AS colours
          FROM products p LEFT JOIN product_attributes a ON a.product_id = p.id AND a.name = 'Colour'
          WHERE p.video_path IS NOT NULL GROUP BY p.video_path`,
    );
    expect(films.length).toBeGreaterThanOrEqual(1);
    for (const film of films) {
      expect(film.path).toMatch(/^\/media\/catalog\/videos\/.+\.webm$/);
      // a film shows the product in its own colour
      expect(film.colours).toEqual(['Blue']);
      expect((await readFile(fileOf(film.path))).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    }
    const withoutFilm = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE video_path IS NULL',
    );
    expect(withoutFilm.n, 'most products have no film').toBeGreaterThan(
      films.reduce((sum, f) => sum + f.n, 0),
    );
  });

  it('has deals, percentage offers, campaigns, content blocks, menus and policy pages', async () => {
    const counts = await one<Record<string, number>>(`SELECT
      (SELECT count(*) FROM deals WHERE offer_type = 'deals')::int AS deals,
      (SELECT count(*) FROM deals WHERE offer_type = 'percentage_offer')::int AS percentage,
      (SELECT count(*) FROM brand_campaigns WHERE ad_type = 'image')::int AS campaigns,
      (SELECT count(*) FROM content_rows WHERE page_type = 'home' AND content_type = 'PromoBlock')::int AS promo,
      (SELECT count(*) FROM content_rows WHERE page_type <> 'home')::int AS category_rows,
      (SELECT count(*) FROM top_menu_items)::int AS top_menu,
      (SELECT count(*) FROM content_pages WHERE section = 'policy')::int AS policies,
      (SELECT count(*) FROM reason_questions)::int AS reasons`);
    expect(counts.deals).toBeGreaterThan(48);
    expect(counts.percentage).toBeGreaterThan(48);
    expect(counts.campaigns).toBeGreaterThan(10);
    expect(counts.promo).toBe(1);
    expect(counts.category_rows).toBeGreaterThan(5);
    expect(counts.top_menu).toBeGreaterThanOrEqual(6);
    expect(counts.policies).toBe(5);
    expect(counts.reasons).toBeGreaterThanOrEqual(18);
  });

  it('has the demo shoppers with a default address, working passwords and orders in varied states', async () => {
    for (const demo of DEMO_SHOPPERS) {
      const [user] = await handle.db.select().from(users).where(eq(users.email, demo.email));
      expect(user, demo.email).toBeDefined();
      expect(await verifyPassword(DEMO_PASSWORDS.shopper, user?.passwordHash ?? '')).toBe(true);
      expect(await verifyPassword('wrong-password', user?.passwordHash ?? '')).toBe(false);
      const defaults = await handle.db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, user?.id ?? 0));
      expect(defaults.filter((a) => a.isDefault)).toHaveLength(1);
    }
    const statuses = await queryRows<{ status: string }>(
      handle.db,
      sql`SELECT DISTINCT status FROM ${orderItems}`,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual(['cancelled', 'delivered', 'pending', 'shipped']);
    const modes = await queryRows<{ payment_mode: string }>(
      handle.db,
      sql`SELECT DISTINCT payment_mode FROM ${orders}`,
    );
    expect(modes.map((m) => m.payment_mode).sort()).toEqual(['cod', 'prepaid']);
    const tracked = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM tracking_events WHERE status = 'delivered'",
    );
    expect(tracked.n).toBeGreaterThan(0);
  });

  it('shows demo data a shopper would believe: banks that match their IFSC, real places, one order-number format', async () => {
    const banks = await queryRows<{ ifsc: string; bank_name: string }>(
      handle.db,
      sql`SELECT ifsc, bank_name FROM bank_accounts`,
    );
    expect(banks.length).toBeGreaterThan(0);
    const codes: Record<string, string> = {
      SBIN: 'State Bank of India',
      HDFC: 'HDFC Bank',
      ICIC: 'ICICI Bank',
      UTIB: 'Axis Bank',
    };
    for (const b of banks) expect(`${b.ifsc} ${b.bank_name}`).toBe(`${b.ifsc} ${codes[b.ifsc.slice(0, 4)]}`);
    const na = await one<{ places: number; events: number; addresses: number }>(`SELECT
      (SELECT count(*) FROM pincodes WHERE 'NA' IN (city, district, locality))::int AS places,
      (SELECT count(*) FROM tracking_events WHERE location = 'NA')::int AS events,
      (SELECT count(*) FROM addresses WHERE city = 'NA')::int AS addresses`);
    expect(na).toEqual({ places: 0, events: 0, addresses: 0 });
    // new orders are numbered OD + yyyymmdd + ten digits (20 characters); seeded ones look the same
    const numbers = await queryRows<{ order_no: string }>(
      handle.db,
      sql`SELECT order_no FROM orders UNION ALL SELECT order_no FROM reviews`,
    );
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.filter((n) => !/^OD\d{18}$/.test(n.order_no))).toEqual([]);
  });

  it('gives every seller a login', async () => {
    const [seller] = await queryRows<{ password_hash: string; role: string }>(
      handle.db,
      sql`SELECT u.password_hash, u.role FROM sellers s JOIN users u ON u.id = s.user_id ORDER BY s.id LIMIT 1`,
    );
    expect(seller?.role).toBe('seller');
    expect(await verifyPassword(DEMO_PASSWORDS.seller, seller?.password_hash ?? '')).toBe(true);
  });

  it('is marked complete', async () => {
    expect(await seedState(handle.db)).toBe('complete');
  });
});

describe('seed determinism', () => {
  // payable_at is written with the seeded shipments' invoices, by the server's invoicing (not passed
  // here); last_active_at starts at the account's creation time (requirements#inactive-erasure)
  const digestQuery = (table: string, order: string) =>
    sql.raw(
      `SELECT md5(string_agg((to_jsonb(t) - 'created_at' - 'updated_at' - 'search_vector' - 'payable_at' - 'last_active_at')::text, '|' ORDER BY ${order})) AS digest FROM ${table} t`,
    );
  const digests = async (db: DatabaseHandle['db']) => {
    const out: Record<string, string> = {};
    for (const [table, order] of [
      ['categories', 'id'],
      ['brands', 'id'],
      ['sellers', 'id'],
      ['users', 'id'],
      ['products', 'id'],
      ['offers', 'id'],
      ['reviews', 'id'],
      ['deals', 'id'],
      ['orders', 'id'],
      ['order_items', 'id'],
    ] as const) {
      out[table] = (await queryRows<{ digest: string }>(db, digestQuery(table, order)))[0]?.digest ?? '';
    }
    return out;
  };

  it('makes the same rows from the same seed, and different rows from another', async () => {
    const mediaDir = await mkdtemp(join(tmpdir(), 'seed-determinism-'));
    try {
      const reference = await digests(handle.db);
      const again = await openDatabase({ kind: 'pglite' });
      await migrateDatabase({ kind: 'pglite' }, again);
      await seedDatabase(again.db, { ...TEST_SEED, mediaDir });
      expect(await digests(again.db)).toEqual(reference);
      await again.close();

      const other = await openDatabase({ kind: 'pglite' });
      await migrateDatabase({ kind: 'pglite' }, other);
      await seedDatabase(other.db, {
        ...TEST_SEED,
        seed: TEST_SEED.seed + 1,
        mediaDir: join(mediaDir, 'other'),
      });
      const changed = await digests(other.db);
      expect(changed.products).not.toBe(reference.products);
      expect(changed.offers).not.toBe(reference.offers);
      await other.close();
      expect((await readdir(join(mediaDir, 'catalog', 'products'))).length).toBeGreaterThan(10);
    } finally {
      await rm(mediaDir, { recursive: true, force: true });
    }
  }, 180_000); // seeds two more databases from scratch
});

describe('the pincode list handed to the seed', () => {
  it('is the one imported, when a first start read it while its database was created', async () => {
    const mediaDir = await mkdtemp(join(tmpdir(), 'seed-pincodes-'));
    const fresh = await openDatabase({ kind: 'pglite' });
    try {
      await migrateDatabase({ kind: 'pglite' }, fresh);
      const row = {
        pincode: '799999',
        city: 'Testpur',
        locality: 'Testpur H.O',
        district: 'Test',
        state: 'Andaman and Nicobar Islands',
        latitude: 11.6,
        longitude: 92.7,
      };
      await seedDatabase(fresh.db, {
        products: 0,
        demo: false,
        mediaDir,
        pincodeRows: Promise.resolve([row]),
      });
      const stored = await queryRows<{ pincode: string; city: string; has_cod: boolean }>(
        fresh.db,
        sql`SELECT pincode, city, has_cod FROM pincodes`,
      );
      // the islands are served by prepaid delivery only, as for the file's own rows
      expect(stored).toEqual([{ pincode: '799999', city: 'Testpur', has_cod: false }]);
    } finally {
      await fresh.close();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});
