import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { brands, categories, type Executor, products, siteTexts } from '@marketplace/db';
import type { BrandStore, PrivilegeClaim } from '@marketplace/web';
import { loadProductCards } from '../../product-cards/index.ts';

/** The most products a brand store lists (its best sellers first). */
export const BRAND_STORE_LIMIT = 240;

/**
 * A brand's store (requirements#brand-page): its best-selling products grouped by their sub-sub-category
 * (level 3; a product filed on level 4 goes under its parent), sections in order of their best seller.
 */
export async function getBrandStore(db: Executor, name: string): Promise<BrandStore | null> {
  const wanted = name.trim();
  if (wanted.length === 0 || wanted.length > 200) return null;
  const [brand] = await db
    .select({
      id: brands.id,
      name: brands.name,
      isRegistry: brands.isRegistry,
      logo: brands.logoPath,
      tagline: brands.tagline,
      country: brands.country,
    })
    .from(brands)
    .where(eq(sql`lower(${brands.name})`, wanted.toLowerCase()))
    .limit(1);
  if (!brand) return null;
  const parent = alias(categories, 'parent');
  const rows = await db
    .select({
      id: products.id,
      categoryId: categories.id,
      categoryName: categories.name,
      level: categories.level,
      parentId: parent.id,
      parentName: parent.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(and(eq(products.brandId, brand.id), eq(products.isActive, true)))
    .orderBy(sql`${products.unitsSold} DESC`, products.id)
    .limit(BRAND_STORE_LIMIT);
  const cards = await loadProductCards(
    db,
    rows.map((r) => r.id),
  );
  const cardById = new Map(cards.map((card) => [card.id, card]));
  const sections = new Map<number, BrandStore['sections'][number]>();
  for (const row of rows) {
    const card = cardById.get(row.id);
    if (!card) continue;
    const onLeaf = row.level === 4 && row.parentId !== null;
    const id = onLeaf ? (row.parentId ?? row.categoryId) : row.categoryId;
    const title = onLeaf ? (row.parentName ?? row.categoryName) : row.categoryName;
    const section = sections.get(id) ?? { id, title, products: [] };
    section.products.push(card);
    sections.set(id, section);
  }
  return { brand, sections: [...sections.values()], productCount: cards.length };
}

export const PRIVILEGE_CLAIM_KEYS = { text: 'privilege_claim', video: 'privilege_claim_video' } as const;

/** requirements#privilege-claim (pclaim.php): the privilege-claim text and its optional video, edited by operators. */
export async function getPrivilegeClaim(db: Executor): Promise<PrivilegeClaim | null> {
  const rows = await db
    .select({ key: siteTexts.key, value: siteTexts.value })
    .from(siteTexts)
    .where(inArray(siteTexts.key, [PRIVILEGE_CLAIM_KEYS.text, PRIVILEGE_CLAIM_KEYS.video]));
  const text = rows.find((r) => r.key === PRIVILEGE_CLAIM_KEYS.text)?.value.trim();
  if (!text) return null;
  const video = rows.find((r) => r.key === PRIVILEGE_CLAIM_KEYS.video)?.value.trim();
  return { text, video: video || null };
}
