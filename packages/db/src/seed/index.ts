import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { isCodFreeState } from '@marketplace/domain';
import type { Executor } from '../client.ts';
import { hashPassword } from '../password.ts';
import { importPincodes, type PincodeRow, readPincodeFile } from '../pincodes.ts';
import * as schema from '../schema/index.ts';
import { pincodes, siteTexts } from '../schema/index.ts';
import { refreshProductSuggestions } from '../suggestions.ts';
import { deriveCategoryAttributes } from '../category-attributes.ts';
import { seedDemoShoppers } from './accounts.ts';
import {
  seedBrands,
  seedCategories,
  seedProducts,
  seedReviewers,
  seedSellers,
  updateSellerRatings,
} from './catalog.ts';
import type { SeedContext } from './context.ts';
import {
  seedBanners,
  seedCampaigns,
  seedProductVideos,
  seedContentBlocks,
  seedDeals,
  seedDeliveryRates,
  seedMenusAndPages,
  seedReasons,
} from './marketing.ts';
import { withIndexesBuiltAfter } from './bulk.ts';
import { MediaWriter } from './media.ts';
import { Random } from './random.ts';
import { seedSellerCentral } from './seller-central.ts';
import { seedFailedRefunds } from './support.ts';
import { seedModerationQueue } from './moderation.ts';
import { seedProductTexts } from './product-texts.ts';
import { seedCommissionRules } from './settlement.ts';
import { seedGrievances } from './grievances.ts';

export { DEMO_SHOPPERS } from './accounts.ts';
export { DEFAULT_RATE_CARD } from './rate-card.ts';
export { SEED_GRIEVANCE_OFFICER } from './grievances.ts';
export { seedModerationQueue } from './moderation.ts';
export { SELLER_APPLICANTS } from './seller-central.ts';

export const DEMO_PASSWORDS = { shopper: 'Shopper@123', seller: 'Seller@123' } as const;
export const DEFAULT_SEED = 20_261_122;
/** Above this many products the seed shares product images between products of a kind and colour. */
export const IMAGE_POOL_THRESHOLD = 20_000;
const SEED_MARKER = 'seed_completed';

export type SeedOptions = {
  products: number;
  mediaDir: string;
  seed?: number;
  /** requirements#operator-catalog: products and an edit waiting for moderation (default: yes) */
  moderationQueue?: boolean;
  /** The seed's "today"; defaults to the start of the current day (UTC). */
  now?: Date;
  onProgress?: (message: string) => void;
  /**
   * The pincode list (readPincodeFile), when the caller started reading it already: a first start
   * reads it while its new embedded database is created. The seed changes the rows it is given.
   */
  pincodeRows?: Promise<PincodeRow[]>;
  /**
   * requirements#gst-invoices: issues the seeded shipments' invoices, credit notes, COD cash and
   * ledger entries before the seed counts as complete; the server passes its own invoicing (the seed
   * knows no tax rules). Answers how many invoices it issued.
   */
  issueDocuments?: (db: Executor) => Promise<number>;
  /**
   * ADR-0049: the demo catalog, sellers, shoppers, orders and balances (default: yes). Without it only
   * reference data: pincodes, the delivery rate card, reasons, categories and their commission terms
   * (the GST rate schedule comes with the migrations). Production seeds without it unless SEED_DEMO=true.
   */
  demo?: boolean;
};

export type SeedSummary = {
  products: number;
  offers: number;
  reviews: number;
  mediaFiles: number;
  seconds: number;
};

/** Fills an empty, migrated database with the demo catalog, marketing content and demo accounts. */
export async function seedDatabase(db: Executor, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? startOfDayUtc(new Date());
  const rng = new Random(seed);
  const media = new MediaWriter(options.mediaDir);
  const ctx: SeedContext = {
    db,
    rng,
    media,
    now,
    progress: options.onProgress ?? (() => undefined),
    scale: { products: options.products, heavy: options.products > IMAGE_POOL_THRESHOLD },
  };

  const pincodeRows = await (options.pincodeRows ?? readPincodeFile());
  // requirements#delivery-serviceability: the islands are served by prepaid delivery only
  for (const row of pincodeRows) row.hasCod = !isCodFreeState(row.state);
  await importPincodes(db, pincodeRows);
  ctx.progress(`pincodes: ${pincodeRows.length.toLocaleString('en-IN')} (GeoNames, CC BY 4.0)`);
  await seedDeliveryRates(ctx);
  await seedReasons(ctx);
  if (options.demo === false) {
    const { categoryIds } = await seedCategories(ctx);
    await seedCommissionRules(ctx, categoryIds);
    await media.flush();
    await db.execute(sql`VACUUM (ANALYZE)`);
    await db.insert(siteTexts).values({
      key: SEED_MARKER,
      value: JSON.stringify({ seed, products: 0, demo: false, at: now.toISOString() }),
    });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    ctx.progress(`reference data seeded in ${seconds} s: no demo sellers, shoppers or orders`);
    return { products: 0, offers: 0, reviews: 0, mediaFiles: media.count, seconds };
  }

  // the seed's accounts share salts drawn from the seeded stream, so reruns give identical rows
  const salt = (label: string) => createHash('sha256').update(`${seed}:${label}`).digest().subarray(0, 16);
  const [shopperHash, sellerHash] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.shopper, salt('shopper')),
    hashPassword(DEMO_PASSWORDS.seller, salt('seller')),
  ]);

  const { leaves, categoryIds } = await seedCategories(ctx);
  const brandIds = await seedBrands(ctx);
  const sellers = await seedSellers(ctx, sellerHash);
  const reviewerIds = await seedReviewers(
    ctx,
    Math.min(2_000, Math.max(200, Math.round(options.products / 10))),
  );
  const refs = { leaves, categoryIds, brandIds, sellers, reviewerIds };
  // the catalog's indexes are built once over its rows, in the transaction that writes them
  const totals = await withIndexesBuiltAfter(
    db,
    [
      schema.products,
      schema.offers,
      schema.reviews,
      schema.productAttributes,
      schema.productGroups,
      schema.coupons,
    ],
    (tx) => seedProducts({ ...ctx, db: tx }, refs, options.products),
  );
  await updateSellerRatings(ctx);
  await seedMenusAndPages(ctx, refs);
  await seedDeals(ctx);
  await seedCampaigns(ctx, refs);
  await seedProductVideos(ctx, refs);
  await seedBanners(ctx);
  await seedContentBlocks(ctx, refs);
  await seedDemoShoppers(ctx, refs, shopperHash);
  // requirements#seller-central: last, from its own random stream, so nothing above changes (ADR-0026)
  await seedSellerCentral(ctx, refs, { shopper: shopperHash, seller: sellerHash }, options.mediaDir);
  // requirements#operator-catalog: after it, from no random stream
  if (options.moderationQueue ?? true) await seedModerationQueue(ctx);
  // requirements#operator-catalog: each category's filters start as its products' attributes
  await deriveCategoryAttributes(db);
  // requirements#operator-support: after everything, drawing no random numbers
  await seedFailedRefunds(ctx);
  // requirements#grievances: the grievance officer and the demo shoppers' complaints
  await seedGrievances(ctx);
  // requirements#settlement: the categories' commission terms
  await seedCommissionRules(ctx, categoryIds);
  if (options.issueDocuments) {
    const invoices = await options.issueDocuments(db);
    ctx.progress(
      `invoices: ${invoices.toLocaleString('en-IN')} for the demo orders' shipments, with their credit notes and ledgers`,
    );
  }
  // ADR-0049: every seller made above is a demo seller, never paid through a real payout provider
  await db.update(schema.sellers).set({ isDemo: true });
  await media.flush();
  await seedProductTexts(ctx);
  await refreshProductSuggestions(db, { concurrently: false });
  // statistics for the new catalog, so the first searches and listings are planned well, and the
  // visibility map, so filters answer from their indexes alone instead of reading every row
  await db.execute(sql`VACUUM (ANALYZE)`);
  await db.insert(siteTexts).values({
    key: SEED_MARKER,
    value: JSON.stringify({ seed, products: options.products, at: now.toISOString() }),
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  ctx.progress(
    `seed complete in ${seconds} s: ${totals.products.toLocaleString('en-IN')} products, ${totals.offers.toLocaleString('en-IN')} offers, ${totals.reviews.toLocaleString('en-IN')} reviews, ${media.count.toLocaleString('en-IN')} images`,
  );
  return { ...totals, mediaFiles: media.count, seconds };
}

export type SeedState = 'empty' | 'complete' | 'partial';

/** 'partial' means an earlier first start was interrupted while seeding. */
export async function seedState(db: Executor): Promise<SeedState> {
  const [marker] = await db.select().from(siteTexts).where(eq(siteTexts.key, SEED_MARKER)).limit(1);
  if (marker) return 'complete';
  const [anyPincode] = await db.select({ pincode: pincodes.pincode }).from(pincodes).limit(1);
  return anyPincode ? 'partial' : 'empty';
}

/** Empties every table (keeping the migrations) and removes generated catalog media. */
export async function resetDatabase(db: Executor, mediaDir?: string): Promise<void> {
  const tables = Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  // ADR-0045: the books refuse TRUNCATE; emptying the whole database is the one exception, for a
  // superuser (PGlite's one user is), with the triggers off for this transaction only
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
  });
  await refreshProductSuggestions(db);
  if (mediaDir) await rm(join(mediaDir, 'catalog'), { recursive: true, force: true });
}

function startOfDayUtc(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}
