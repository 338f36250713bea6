// requirements#seller-product-moderation, requirements#operator-catalog: moderation of the products
// sellers add and of their edits to live products. The console decides them (staff), as does
// `npm run products -- approve-product ID` (the command line, audited as `cli`).
import { and, eq } from 'drizzle-orm';
import {
  type Database,
  type Executor,
  offers,
  productRevisions,
  products,
  refreshProductSuggestions,
} from '@marketplace/db';
import { contentChanges } from '@marketplace/domain/admin/moderation-api';
import { contentProblems, type ProductContentInput } from '@marketplace/domain/sellers/listing-api';
import { momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import { scheduleRowFor } from '@marketplace/domain/tax/schedule';
import { loadGstSchedule } from '../gst-rates/index.ts';
import { refreshLowestPrices } from '../inventory/index.ts';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import { productContent } from './listing-rows.ts';
import { applyProductContent, isTitleTaken } from './listings.ts';
import { checkAttributes } from './product-content.ts';

export type ModerationResult =
  | { code: 'OK' }
  | {
      code:
        | 'NOT_FOUND'
        | 'NOT_SELLER_PRODUCT'
        | 'NO_REASON'
        | 'NOT_PENDING'
        | 'DUPLICATE_TITLE'
        | 'NO_TAX_DETAILS';
    }
  | { code: 'INVALID'; message: string }
  /** stored content that today's form rules refuse: the fields to correct, by the form's names */
  | { code: 'CONTENT_PROBLEMS'; fields: Record<string, string> };

export const REJECTION_REASON_MAX = 500;

const CLI: AuditActor = { cli: true };

type Options = { actor?: AuditActor; content?: ProductContentInput };

/** The creator's offer of a product (its Legal Metrology declarations are kept there). */
async function creatorOfferId(tx: Executor, productId: number, sellerId: number): Promise<number | null> {
  const [offer] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.productId, productId), eq(offers.sellerId, sellerId)));
  return offer?.id ?? null;
}

/** The content a product's moderation shows and edits: its creator's declarations with it. */
export async function moderatedContent(db: Executor, productId: number): Promise<ProductContentInput | null> {
  const [product] = await db
    .select({ sellerId: products.createdBySellerId })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const offerId = product.sellerId === null ? null : await creatorOfferId(db, productId, product.sellerId);
  if (offerId !== null) return productContent(db, productId, offerId);
  // a product of the seeded catalog: no creator's offer, no declarations
  const [anyOffer] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(eq(offers.productId, productId))
    .limit(1);
  const content = anyOffer ? await productContent(db, productId, anyOffer.id) : null;
  return (
    content && {
      ...content,
      manufacturer: { name: '', address: '' },
      packer: { name: '', address: '' },
      importer: { name: '', address: '' },
    }
  );
}

/** Staff edits of content, checked as a seller's are: its category's attribute values, a free title. */
async function checkedEdit(
  tx: Executor,
  productId: number,
  categoryId: number,
  content: ProductContentInput,
): Promise<Exclude<ModerationResult, { code: 'OK' }> | null> {
  const problem = await checkAttributes(tx, categoryId, content.attributes, productId);
  if (problem) return { code: 'INVALID', message: problem };
  if (await isTitleTaken(tx, content.title, productId)) return { code: 'DUPLICATE_TITLE' };
  return null;
}

/**
 * Approves a product a seller added, with the staff member's edits of its content first when
 * given: active, so the shop shows it (search, listings and its page read products live), and the
 * search box's suggestions are rebuilt to know it.
 */
export async function approveProduct(
  db: Database,
  productId: number,
  now: Date,
  { actor = CLI, content }: Options = {},
): Promise<ModerationResult> {
  const result = await db.transaction(async (tx): Promise<ModerationResult> => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
    if (!product) return { code: 'NOT_FOUND' };
    if (product.createdBySellerId === null) return { code: 'NOT_SELLER_PRODUCT' };
    if (product.moderationStatus !== 'pending') return { code: 'NOT_PENDING' };
    // requirements#gst-invoices: nothing goes live that its seller could not invoice: its HSN code
    // has a rate in the GST rate schedule today (requirements#gst-tax; a typed rate does not count)
    const hsnCode = content ? content.hsnCode : product.hsnCode;
    if (!hsnCode || !scheduleRowFor(await loadGstSchedule(tx), hsnCode, momentToIndianDay(now)))
      return { code: 'NO_TAX_DETAILS' };
    if (!content) {
      // requirements#operator-catalog: stored content a rule now refuses goes live only corrected
      const stored = await moderatedContent(tx, productId);
      const problems = stored ? contentProblems(stored) : {};
      if (Object.keys(problems).length > 0) return { code: 'CONTENT_PROBLEMS', fields: problems };
    }
    if (content) {
      const before = await moderatedContent(tx, productId);
      const changes = before ? contentChanges(before, content) : [];
      if (changes.length > 0) {
        const refused = await checkedEdit(tx, productId, product.categoryId, content);
        if (refused) return refused;
        const offerId = await creatorOfferId(tx, productId, product.createdBySellerId);
        await applyProductContent(tx, productId, offerId, content, now);
        await writeAudit(
          tx,
          actor,
          {
            action: 'product.edit',
            targetType: 'product',
            targetId: productId,
            before: Object.fromEntries(changes.map((change) => [change.field, change.before])),
            after: Object.fromEntries(changes.map((change) => [change.field, change.after])),
          },
          now,
        );
      }
    }
    await tx
      .update(products)
      .set({ moderationStatus: 'approved', moderationReason: null, isActive: true, updatedAt: now })
      .where(eq(products.id, productId));
    await refreshLowestPrices(tx, [productId]);
    await writeAudit(
      tx,
      actor,
      {
        action: 'product.approve',
        targetType: 'product',
        targetId: productId,
        before: { moderationStatus: product.moderationStatus, isActive: product.isActive },
        after: { moderationStatus: 'approved', isActive: true },
      },
      now,
    );
    return { code: 'OK' };
  });
  if (result.code === 'OK') await refreshProductSuggestions(db);
  return result;
}

/** Rejects a waiting product with the reason its seller reads; it stays out of the shop. */
export async function rejectProduct(
  db: Database,
  productId: number,
  reason: string,
  now: Date,
  { actor = CLI }: Options = {},
): Promise<ModerationResult> {
  const text = reason.trim().slice(0, REJECTION_REASON_MAX);
  if (text === '') return { code: 'NO_REASON' };
  return db.transaction(async (tx): Promise<ModerationResult> => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
    if (!product) return { code: 'NOT_FOUND' };
    if (product.createdBySellerId === null) return { code: 'NOT_SELLER_PRODUCT' };
    if (product.moderationStatus !== 'pending') return { code: 'NOT_PENDING' };
    await tx
      .update(products)
      .set({ moderationStatus: 'rejected', moderationReason: text, isActive: false, updatedAt: now })
      .where(eq(products.id, productId));
    await refreshLowestPrices(tx, [productId]);
    await writeAudit(
      tx,
      actor,
      {
        action: 'product.reject',
        targetType: 'product',
        targetId: productId,
        before: { moderationStatus: product.moderationStatus, moderationReason: product.moderationReason },
        after: { moderationStatus: 'rejected', moderationReason: text },
      },
      now,
    );
    return { code: 'OK' };
  });
}

/**
 * requirements#operator-catalog: approves a seller's edit of its live product (as the staff member
 * edited it, when given): the content applies to the live product at once.
 */
export async function approveRevision(
  db: Database,
  revisionId: number,
  now: Date,
  { actor = CLI, content }: Options = {},
): Promise<ModerationResult & { productId?: number }> {
  const result = await db.transaction(async (tx) => {
    const [revision] = await tx
      .select()
      .from(productRevisions)
      .where(eq(productRevisions.id, revisionId))
      .for('update');
    if (!revision) return { code: 'NOT_FOUND' as const };
    if (revision.status !== 'pending') return { code: 'NOT_PENDING' as const };
    const [product] = await tx
      .select()
      .from(products)
      .where(eq(products.id, revision.productId))
      .for('update');
    if (!product) return { code: 'NOT_FOUND' as const };
    const final = content ?? revision.content;
    const problems = content ? {} : contentProblems(final);
    if (Object.keys(problems).length > 0) return { code: 'CONTENT_PROBLEMS' as const, fields: problems };
    const before = await moderatedContent(tx, product.id);
    const refused = await checkedEdit(tx, product.id, product.categoryId, final);
    if (refused) return refused;
    await applyProductContent(tx, product.id, revision.offerId, final, now);
    await tx
      .update(productRevisions)
      .set({ status: 'approved', content: final, decidedAt: now, decidedByStaffId: staffIdOf(actor) })
      .where(eq(productRevisions.id, revisionId));
    const changes = before ? contentChanges(before, final) : [];
    await writeAudit(
      tx,
      actor,
      {
        action: 'product.revision_approve',
        targetType: 'product',
        targetId: product.id,
        before: { revisionId, ...Object.fromEntries(changes.map((change) => [change.field, change.before])) },
        after: {
          revisionId,
          ...Object.fromEntries(changes.map((change) => [change.field, change.after])),
          ...(content
            ? { editedByStaff: contentChanges(revision.content, content).map((c) => c.field) }
            : {}),
        },
      },
      now,
    );
    return { code: 'OK' as const, productId: product.id };
  });
  if (result.code === 'OK') await refreshProductSuggestions(db);
  return result;
}

/** Rejects a seller's edit with the reason its seller reads; the live product keeps its content. */
export async function rejectRevision(
  db: Database,
  revisionId: number,
  reason: string,
  now: Date,
  { actor = CLI }: Options = {},
): Promise<ModerationResult & { productId?: number }> {
  const text = reason.trim().slice(0, REJECTION_REASON_MAX);
  if (text === '') return { code: 'NO_REASON' };
  return db.transaction(async (tx) => {
    const [revision] = await tx
      .select()
      .from(productRevisions)
      .where(eq(productRevisions.id, revisionId))
      .for('update');
    if (!revision) return { code: 'NOT_FOUND' as const };
    if (revision.status !== 'pending') return { code: 'NOT_PENDING' as const };
    await tx
      .update(productRevisions)
      .set({ status: 'rejected', reason: text, decidedAt: now, decidedByStaffId: staffIdOf(actor) })
      .where(eq(productRevisions.id, revisionId));
    await writeAudit(
      tx,
      actor,
      {
        action: 'product.revision_reject',
        targetType: 'product',
        targetId: revision.productId,
        before: { revisionId, status: 'pending' },
        after: { revisionId, status: 'rejected', reason: text },
      },
      now,
    );
    return { code: 'OK' as const, productId: revision.productId };
  });
}

const staffIdOf = (actor: AuditActor) => ('staffId' in actor ? actor.staffId : null);

/** Products waiting for moderation, oldest first (for the command line's list). */
export async function pendingProducts(db: Executor) {
  return db
    .select({
      id: products.id,
      name: products.name,
      sellerId: products.createdBySellerId,
      submittedAt: products.submittedAt,
    })
    .from(products)
    .where(eq(products.moderationStatus, 'pending'))
    .orderBy(products.submittedAt, products.id);
}
