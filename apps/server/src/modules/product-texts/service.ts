// requirements#product-languages (ADR-0064): a product's text in Hindi, Tamil and Telugu. The seller
// who added a product writes it (as it writes the English content); staff approve or reject it as
// they moderate content; shoppers read the live text, English field by field where none is written.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Database, type Executor, offers, products, productTexts, queryRows } from '@marketplace/db';
import {
  localisedText,
  type LocalisedText,
  PRODUCT_LANGUAGES,
  type ProductLanguage,
  type SellerTranslations,
  type ShopLanguage,
  type TranslationInput,
} from '@marketplace/domain/catalog/product-languages';
import { type AuditActor, writeAudit } from '../staff/index.ts';

/** The live titles of products in a language (products without one are absent). */
export async function localisedTitles(
  db: Executor,
  productIds: readonly number[],
  language: ShopLanguage,
): Promise<Map<number, string>> {
  if (language === 'en' || productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productTexts.productId, title: productTexts.title })
    .from(productTexts)
    .where(
      and(
        eq(productTexts.language, language),
        inArray(productTexts.productId, [...productIds]),
        isNotNull(productTexts.title),
      ),
    );
  return new Map(rows.flatMap((row) => (row.title ? [[row.productId, row.title] as const] : [])));
}

/** A product's text in a language: the live translation's fields, English for the rest. */
export async function localisedProductText(
  db: Executor,
  productId: number,
  english: LocalisedText,
  language: ShopLanguage,
): Promise<LocalisedText & { language: ShopLanguage }> {
  if (language === 'en') return { ...english, language };
  const [row] = await db
    .select({
      title: productTexts.title,
      bulletPoints: productTexts.bulletPoints,
      description: productTexts.description,
    })
    .from(productTexts)
    .where(and(eq(productTexts.productId, productId), eq(productTexts.language, language)));
  const text = localisedText(english, row && row.title !== null ? { ...row, title: row.title } : null);
  return { ...text, language: row?.title ? language : 'en' };
}

/** The product a seller's listing (offer) sells, and whether the seller added it. */
async function listedProduct(db: Executor, sellerId: number, offerId: number) {
  const [row] = await db
    .select({ productId: offers.productId, name: products.name, createdBy: products.createdBySellerId })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    // requirements#seller-listings: a seller reaches only its own listings; another's is not found
    .where(and(eq(offers.id, offerId), eq(offers.sellerId, sellerId)));
  return row ? { ...row, canEdit: row.createdBy === sellerId } : null;
}

/** The seller's view of a listed product's translations, or null when the listing is not its own. */
export async function sellerTranslations(
  db: Executor,
  sellerId: number,
  offerId: number,
): Promise<SellerTranslations | null> {
  const listed = await listedProduct(db, sellerId, offerId);
  if (!listed) return null;
  const rows = await db.select().from(productTexts).where(eq(productTexts.productId, listed.productId));
  return {
    productId: listed.productId,
    productName: listed.name,
    canEdit: listed.canEdit,
    translations: PRODUCT_LANGUAGES.map((language) => {
      const row = rows.find((r) => r.language === language);
      return {
        language,
        live: row?.title
          ? { title: row.title, bulletPoints: row.bulletPoints, description: row.description }
          : null,
        // another seller's waiting text is never shown (only the creator may write; see canEdit)
        pending:
          row?.pendingTitle && row.pendingSellerId === sellerId
            ? {
                title: row.pendingTitle,
                bulletPoints: row.pendingBulletPoints ?? [],
                description: row.pendingDescription ?? '',
              }
            : null,
        rejectionReason: row?.pendingTitle ? null : (row?.rejectionReason ?? null),
      };
    }),
  };
}

export type SubmitResult = { code: 'OK' | 'UNCHANGED' | 'NOT_FOUND' | 'NOT_CREATOR' };

/** A seller's new text for its product in one language: it waits for review; the live text stays. */
export async function submitTranslation(
  db: Database,
  sellerId: number,
  offerId: number,
  input: TranslationInput,
  now: Date,
): Promise<SubmitResult> {
  return db.transaction(async (tx) => {
    const listed = await listedProduct(tx, sellerId, offerId);
    if (!listed) return { code: 'NOT_FOUND' };
    if (!listed.canEdit) return { code: 'NOT_CREATOR' };
    const [row] = await tx
      .select()
      .from(productTexts)
      .where(and(eq(productTexts.productId, listed.productId), eq(productTexts.language, input.language)))
      .for('update');
    const same = (title: string | null, bullets: string[] | null, description: string | null) =>
      title === input.title &&
      JSON.stringify(bullets ?? []) === JSON.stringify(input.bulletPoints) &&
      (description ?? '') === input.description;
    if (
      row &&
      (row.pendingTitle
        ? same(row.pendingTitle, row.pendingBulletPoints, row.pendingDescription)
        : same(row.title, row.bulletPoints, row.description))
    )
      return { code: 'UNCHANGED' };
    const pending = {
      pendingTitle: input.title,
      pendingBulletPoints: input.bulletPoints,
      pendingDescription: input.description,
      pendingSellerId: sellerId,
      submittedAt: now,
      rejectionReason: null,
      updatedAt: now,
    };
    await tx
      .insert(productTexts)
      .values({ productId: listed.productId, language: input.language, ...pending })
      .onConflictDoUpdate({ target: [productTexts.productId, productTexts.language], set: pending });
    return { code: 'OK' };
  });
}

export type PendingTranslation = {
  productId: number;
  productName: string;
  language: ProductLanguage;
  title: string;
  bulletPoints: string[];
  description: string;
  liveTitle: string | null;
  submittedAt: string;
};

/** Texts waiting for review, oldest first. */
export async function pendingTranslations(db: Executor): Promise<PendingTranslation[]> {
  const rows = await queryRows<{
    product_id: number;
    name: string;
    language: ProductLanguage;
    pending_title: string;
    pending_bullet_points: string[] | null;
    pending_description: string | null;
    title: string | null;
    submitted_at: Date | string;
  }>(
    db,
    sql`SELECT t.product_id, p.name, t.language, t.pending_title, t.pending_bullet_points,
               t.pending_description, t.title, t.submitted_at
          FROM product_texts t JOIN products p ON p.id = t.product_id
         WHERE t.pending_title IS NOT NULL
         ORDER BY t.submitted_at, t.product_id, t.language
         LIMIT 200`,
  );
  return rows.map((row) => ({
    productId: Number(row.product_id),
    productName: row.name,
    language: row.language,
    title: row.pending_title,
    bulletPoints: row.pending_bullet_points ?? [],
    description: row.pending_description ?? '',
    liveTitle: row.title,
    submittedAt: new Date(row.submitted_at).toISOString(),
  }));
}

export type DecisionResult = { code: 'OK' | 'NOT_PENDING' };

/** Staff decide a waiting text: approved, it goes live; rejected, the seller reads the reason. */
export async function decideTranslation(
  db: Database,
  productId: number,
  language: ProductLanguage,
  decision: { approve: true } | { approve: false; reason: string },
  actor: AuditActor,
  now: Date,
): Promise<DecisionResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(productTexts)
      .where(and(eq(productTexts.productId, productId), eq(productTexts.language, language)))
      .for('update');
    if (!row?.pendingTitle) return { code: 'NOT_PENDING' };
    const cleared = {
      pendingTitle: null,
      pendingBulletPoints: null,
      pendingDescription: null,
      pendingSellerId: null,
      decidedAt: now,
      updatedAt: now,
    };
    await tx
      .update(productTexts)
      .set(
        decision.approve
          ? {
              ...cleared,
              title: row.pendingTitle,
              bulletPoints: row.pendingBulletPoints ?? [],
              description: row.pendingDescription ?? '',
              rejectionReason: null,
            }
          : { ...cleared, rejectionReason: decision.reason },
      )
      .where(and(eq(productTexts.productId, productId), eq(productTexts.language, language)));
    await writeAudit(
      tx,
      actor,
      {
        action: decision.approve ? 'product.text_approve' : 'product.text_reject',
        targetType: 'product',
        targetId: productId,
        before: { language, title: row.title },
        after: decision.approve
          ? { language, title: row.pendingTitle }
          : { language, reason: decision.reason },
      },
      now,
    );
    return { code: 'OK' };
  });
}
