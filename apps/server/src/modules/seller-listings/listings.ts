// requirements#seller-listings: a seller's listings: the table, one listing, pause, resume, close,
// edit, and "sell this product" on a catalog product. Every query filters by the session's seller.
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { type Database, type Executor, offers, productRevisions, products } from '@marketplace/db';
import {
  LISTING_LIMITS,
  LISTING_MESSAGES,
  listingStatus,
  type CreateListingInput,
  type ListingStatus,
  type ProductContentInput,
  type SellerListingDetail,
  type SellerListingsPage,
  type UpdateListingInput,
} from '@marketplace/domain/sellers/listing-api';
import { PRODUCT_REVISION_STATUSES, type ProductRevisionStatus } from '@marketplace/domain/sellers/statuses';
import { indiaDate, scheduleRowFor } from '@marketplace/domain/tax/schedule';
import { hsnProblem, loadGstSchedule } from '../gst-rates/index.ts';
import { refreshLowestPrices } from '../inventory/index.ts';
import {
  brandNames,
  findOwnListing,
  listingColumns,
  offerColumns,
  offerValues,
  partyText,
  productContent,
  toListing,
} from './listing-rows.ts';
import { checkAttributes, sameContent } from './product-content.ts';
import { isUniqueViolation, loadSellerScope } from './seller-scope.ts';

export type ListingResult =
  | {
      code: 'OK';
      offerId: number;
      status: ListingStatus;
      message: string;
    }
  | {
      code:
        | 'NOT_FOUND'
        | 'CLOSED'
        | 'DUPLICATE_SKU'
        | 'ALREADY_SELLING'
        | 'DUPLICATE_TITLE'
        | 'NOT_ALLOWED'
        | 'NOT_SELLABLE';
    }
  | { code: 'INVALID'; fields: Record<string, string>; message: string };

/** The seller's open listings (closed ones leave the table), newest change first, by name or SKU. */
export async function listSellerListings(
  db: Executor,
  sellerId: number,
  query: { q: string; page: number },
): Promise<SellerListingsPage> {
  const q = query.q.trim();
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const where = and(
    eq(offers.sellerId, sellerId),
    isNull(offers.closedAt),
    q === '' ? undefined : or(ilike(products.name, pattern), ilike(offers.sku, pattern)),
  );
  const [totalRow] = await db
    .select({ total: count() })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(where);
  const total = totalRow?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LISTING_LIMITS.pageSize));
  const page = Math.min(query.page, pages);
  const rows = await db
    .select(listingColumns)
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(where)
    .orderBy(desc(offers.updatedAt), desc(offers.id))
    .limit(LISTING_LIMITS.pageSize)
    .offset((page - 1) * LISTING_LIMITS.pageSize);
  return { listings: rows.map(toListing), total, page, pages, q };
}

/** One listing with its offer's fields and, for the seller's own product, the product's content. */
export async function getSellerListing(
  db: Executor,
  sellerId: number,
  offerId: number,
  now: Date,
): Promise<SellerListingDetail | null> {
  const row = await findOwnListing(db, sellerId, offerId);
  if (!row) return null;
  const [offer, scope, brands] = await Promise.all([
    offerValues(db, offerId),
    loadSellerScope(db, sellerId),
    brandNames(db, [row.productId]),
  ]);
  if (!offer) return null;
  const isOwn = row.createdBySellerId === sellerId;
  const [latest] = isOwn
    ? await db
        .select()
        .from(productRevisions)
        .where(eq(productRevisions.productId, row.productId))
        .orderBy(desc(productRevisions.submittedAt), desc(productRevisions.id))
        .limit(1)
    : [];
  // an edit waiting for moderation is what the seller goes on editing
  const content = !isOwn
    ? null
    : latest?.status === 'pending'
      ? latest.content
      : await productContent(db, row.productId, offerId);
  // requirements#gst-tax: the rate is derived from the HSN code the form shows, by today's schedule
  const hsnCode = content?.hsnCode ?? row.hsnCode ?? '';
  const rule = hsnCode === '' ? null : scheduleRowFor(await loadGstSchedule(db), hsnCode, indiaDate(now));
  return {
    listing: toListing(row),
    offer,
    product: {
      categoryPath: scope.pathOf(row.categoryId).join(' › '),
      brandName: brands.get(row.productId) ?? '',
      images: row.images.length > 0 ? row.images : [row.productImage],
      moderationStatus: row.moderationStatus,
      gstToday: rule
        ? { rateBp: rule.rateBp, thresholdPaise: rule.thresholdPaise, rateAboveBp: rule.rateAboveBp }
        : null,
      content,
      revision: latest
        ? {
            status: revisionStatus(latest.status),
            reason: latest.reason,
            submittedAt: latest.submittedAt.toISOString(),
            decidedAt: latest.decidedAt?.toISOString() ?? null,
          }
        : null,
    },
  };
}

const revisionStatus = (status: string): ProductRevisionStatus =>
  PRODUCT_REVISION_STATUSES.find((known) => known === status) ?? 'pending';

const STATE_MESSAGES = {
  pause: LISTING_MESSAGES.paused,
  resume: LISTING_MESSAGES.resumed,
  close: LISTING_MESSAGES.closedDone,
} as const;

/** Pause, resume or close (final: it never sells again) one of the seller's listings. */
export function changeListingState(
  db: Database,
  sellerId: number,
  offerId: number,
  change: 'pause' | 'resume' | 'close',
  now: Date,
): Promise<ListingResult> {
  return db.transaction(async (tx): Promise<ListingResult> => {
    const [locked] = await tx
      .select({ closedAt: offers.closedAt })
      .from(offers)
      .where(and(eq(offers.id, offerId), eq(offers.sellerId, sellerId)))
      .for('update');
    if (!locked) return { code: 'NOT_FOUND' };
    if (locked.closedAt) return { code: 'CLOSED' };
    await tx
      .update(offers)
      .set(
        change === 'close'
          ? { isActive: false, closedAt: now, updatedAt: now }
          : { isActive: change === 'resume', updatedAt: now },
      )
      .where(eq(offers.id, offerId));
    const row = await findOwnListing(tx, sellerId, offerId);
    if (!row) throw new Error('the offer was locked above');
    await refreshLowestPrices(tx, [row.productId]);
    return { code: 'OK', offerId, status: listingStatus(row), message: STATE_MESSAGES[change] };
  });
}

/**
 * Saves a listing's offer (live at once) and, for the seller's own product, its content: an
 * approved product's changed content waits as a revision while the shop keeps the approved one; a
 * product not yet approved waits again with it (requirements#seller-product-moderation, ADR-0031).
 */
export function updateSellerListing(
  db: Database,
  sellerId: number,
  offerId: number,
  input: UpdateListingInput,
  now: Date,
): Promise<ListingResult> {
  return db
    .transaction(async (tx): Promise<ListingResult> => {
      const row = await findOwnListing(tx, sellerId, offerId);
      if (!row) return { code: 'NOT_FOUND' };
      if (row.closedAt) return { code: 'CLOSED' };
      let editMessage: string | null = null;
      const content = input.content;
      if (content && row.createdBySellerId === sellerId) {
        // requirements#gst-tax: the rate follows from the HSN code, so the schedule must know the
        // code today, in the digits the seller's turnover asks (as when the product was added)
        const hsn = await hsnProblem(tx, sellerId, content.hsnCode, now);
        if (hsn) return { code: 'INVALID', message: hsn, fields: { 'content.hsnCode': hsn } };
        const live = await productContent(tx, row.productId, offerId);
        const pending = await pendingRevisionOf(tx, row.productId);
        const problem =
          live && sameContent(live, content)
            ? null
            : await checkAttributes(tx, row.categoryId, content.attributes, row.productId);
        if (problem) return { code: 'INVALID', message: problem, fields: { 'content.attributes': problem } };
        if (row.moderationStatus === 'approved') {
          // requirements#operator-catalog: the live product keeps its approved content; the edit waits
          if (live && sameContent(live, content)) {
            if (pending) {
              await tx.delete(productRevisions).where(eq(productRevisions.id, pending.id));
              editMessage = LISTING_MESSAGES.editWithdrawn;
            }
          } else if (!pending || !sameContent(pending.content, content)) {
            if (await isTitleTaken(tx, content.title, row.productId)) return { code: 'DUPLICATE_TITLE' };
            if (pending)
              await tx
                .update(productRevisions)
                .set({ content, offerId, sellerId, submittedAt: now })
                .where(eq(productRevisions.id, pending.id));
            else
              await tx
                .insert(productRevisions)
                .values({ productId: row.productId, sellerId, offerId, content, submittedAt: now });
            editMessage = LISTING_MESSAGES.editSentToModeration;
          }
        } else if (!live || !sameContent(live, content)) {
          // not yet live: the product itself waits for moderation again with the new content
          await applyProductContent(tx, row.productId, offerId, content, now);
          await tx
            .update(products)
            .set({ moderationStatus: 'pending', moderationReason: null, isActive: false, submittedAt: now })
            .where(eq(products.id, row.productId));
        }
      } else if (content) {
        return {
          code: 'INVALID',
          message: LISTING_MESSAGES.notOwnProduct,
          fields: { content: LISTING_MESSAGES.notOwnProduct },
        };
      }
      await tx
        .update(offers)
        .set({ ...offerColumns(input.offer), updatedAt: now })
        .where(eq(offers.id, offerId));
      await refreshLowestPrices(tx, [row.productId]);
      const after = await findOwnListing(tx, sellerId, offerId);
      if (!after) throw new Error('the offer was found above');
      const status = listingStatus(after);
      return {
        code: 'OK',
        offerId,
        status,
        message:
          editMessage ??
          (status === 'pending' && row.moderationStatus !== 'pending'
            ? LISTING_MESSAGES.sentToModeration
            : LISTING_MESSAGES.saved),
      };
    })
    .catch((error: unknown): ListingResult => {
      if (isUniqueViolation(error, 'offers_seller_sku_key')) return { code: 'DUPLICATE_SKU' };
      if (isUniqueViolation(error, 'products_name_key')) return { code: 'DUPLICATE_TITLE' };
      throw error;
    });
}

/** A product's content written over its live content (Legal Metrology declarations on the offer). */
export async function applyProductContent(
  tx: Executor,
  productId: number,
  offerId: number | null,
  content: ProductContentInput,
  now: Date,
): Promise<void> {
  await tx
    .update(products)
    .set({
      name: content.title,
      bulletPoints: content.bulletPoints,
      technicalDetails: content.technicalDetails,
      description: content.additionalInfo,
      hsnCode: content.hsnCode,
      countryOfOrigin: content.countryOfOrigin,
      netQuantity: content.netQuantity,
      hasReturn: content.returnDays > 0,
      returnDays: content.returnDays,
      hasReplacement: content.replaceDays > 0,
      replaceDays: content.replaceDays,
      updatedAt: now,
    })
    .where(eq(products.id, productId));
  await tx.execute(sql`DELETE FROM product_attributes WHERE product_id = ${productId}`);
  await insertAttributes(tx, productId, content.attributes);
  if (offerId !== null)
    await tx
      .update(offers)
      .set({
        manufacturerName: partyText(content.manufacturer),
        packerName: partyText(content.packer),
        importerName: partyText(content.importer),
        origin: content.countryOfOrigin,
      })
      .where(eq(offers.id, offerId));
}

/** Whether another product already has this title (titles are unique: product addresses carry them). */
export async function isTitleTaken(db: Executor, title: string, productId: number | null): Promise<boolean> {
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        sql`lower(${products.name}) = lower(${title})`,
        productId === null ? undefined : sql`${products.id} <> ${productId}`,
      ),
    )
    .limit(1);
  return taken !== undefined;
}

/** The edit of a product waiting for moderation, if any. */
export async function pendingRevisionOf(db: Executor, productId: number) {
  const [row] = await db
    .select()
    .from(productRevisions)
    .where(and(eq(productRevisions.productId, productId), eq(productRevisions.status, 'pending')));
  return row ?? null;
}

export async function insertAttributes(
  tx: Executor,
  productId: number,
  attributes: readonly { name: string; value: string }[],
): Promise<void> {
  const unique = new Map(
    attributes.map((attribute) => [`${attribute.name}\u0000${attribute.value}`, attribute]),
  );
  if (unique.size === 0) return;
  await tx.execute(
    sql`INSERT INTO product_attributes (product_id, name, value) VALUES ${sql.join(
      [...unique.values()].map((attribute) => sql`(${productId}, ${attribute.name}, ${attribute.value})`),
      sql`, `,
    )}`,
  );
}

/** "Sell this product": the seller's own offer on an active catalog product it does not sell yet. */
export async function createSellerListing(
  db: Database,
  sellerId: number,
  input: CreateListingInput,
  now: Date,
): Promise<ListingResult> {
  const scope = await loadSellerScope(db, sellerId);
  return db
    .transaction(async (tx): Promise<ListingResult> => {
      const [product] = await tx
        .select({ id: products.id, categoryId: products.categoryId, isActive: products.isActive })
        .from(products)
        .where(eq(products.id, input.productId));
      if (!product) return { code: 'NOT_FOUND' };
      if (!product.isActive) return { code: 'NOT_SELLABLE' };
      if (!scope.isAllowed(product.categoryId)) return { code: 'NOT_ALLOWED' };
      const [existing] = await tx
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.productId, product.id), eq(offers.sellerId, sellerId)));
      if (existing) return { code: 'ALREADY_SELLING' };
      const [created] = await tx
        .insert(offers)
        .values({
          ...offerColumns(input.offer),
          productId: product.id,
          sellerId,
          sellerPincode: scope.pincode,
          isActive: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: offers.id });
      if (!created) throw new Error('the insert returns its row');
      await refreshLowestPrices(tx, [product.id]);
      return { code: 'OK', offerId: created.id, status: 'live', message: LISTING_MESSAGES.created };
    })
    .catch((error: unknown): ListingResult => {
      if (isUniqueViolation(error, 'offers_product_seller_key')) return { code: 'ALREADY_SELLING' };
      if (isUniqueViolation(error, 'offers_seller_sku_key')) return { code: 'DUPLICATE_SKU' };
      throw error;
    });
}
