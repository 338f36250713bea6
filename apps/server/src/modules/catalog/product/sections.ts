import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { categories, type Executor, productAttributes, products, queryRows, sellers } from '@marketplace/db';
import { uniqueById } from '@marketplace/domain/catalog/listing';
import type { CompareColumn, ProductCardData, ProductDetail } from '@marketplace/web';
import { loadProductCards } from '../cards.ts';

const SECTION_SIZE = 12;
const COMPARE_SIZE = 4;
/** Add-on items: cheaper everyday things from the same top category. */
const ADD_ON_MAX_PAISE = 100_000;

type Me = {
  id: number;
  categoryId: number;
  brandId: number;
  groupId: number | null;
  isComparable: boolean;
  pricePaise: number | null;
};

async function categoryIdsUnder(db: Executor, rootId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH RECURSIVE up AS (
          SELECT id, parent_id FROM categories WHERE id = ${rootId}
          UNION ALL SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id
        ), down AS (
          SELECT id FROM up WHERE parent_id IS NULL
          UNION ALL SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id
        ) SELECT id FROM down`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * The product page's lists (related, brand, you may also like, add-on, other brands, compare),
 * each best sellers first, without the product itself or its own variants, de-duplicated.
 */
export async function loadSections(db: Executor, me: Me): Promise<ProductDetail['sections']> {
  const base = and(
    eq(products.isActive, true),
    isNotNull(products.lowestPricePaise),
    ne(products.id, me.id),
    me.groupId === null ? undefined : or(isNull(products.groupId), ne(products.groupId, me.groupId)),
  );
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
  const ranked = (where: ReturnType<typeof and>, limit = SECTION_SIZE) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(and(base, where))
      .orderBy(desc(products.unitsSold), products.id)
      .limit(limit)
      .then(ids);

  const [[leaf], topTree] = await Promise.all([
    db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, me.categoryId)),
    categoryIdsUnder(db, me.categoryId),
  ]);
  const siblings = leaf?.parentId
    ? ids(
        await db
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.parentId, leaf.parentId), ne(categories.id, me.categoryId))),
      )
    : [];

  const [related, brand, alsoLike, addOn] = await Promise.all([
    ranked(eq(products.categoryId, me.categoryId)),
    ranked(eq(products.brandId, me.brandId)),
    siblings.length > 0 ? ranked(inArray(products.categoryId, siblings)) : Promise.resolve([]),
    ranked(
      and(
        inArray(products.categoryId, topTree),
        lt(products.lowestPricePaise, Math.min(ADD_ON_MAX_PAISE, me.pricePaise ?? ADD_ON_MAX_PAISE)),
      ),
    ),
  ]);
  const otherBrand = await ranked(
    and(
      inArray(products.categoryId, [me.categoryId, ...siblings]),
      ne(products.brandId, me.brandId),
      related.length > 0 ? notInArray(products.id, related) : undefined,
    ),
  );
  const compareIds = me.isComparable ? [me.id, ...related.slice(0, COMPARE_SIZE - 1)] : [];
  const cards = await loadProductCards(db, [
    ...new Set([...related, ...brand, ...alsoLike, ...addOn, ...otherBrand, ...compareIds]),
  ]);
  const byId = new Map(cards.map((card) => [card.id, card]));
  const pick = (list: number[]) => uniqueById(list.flatMap((id) => byId.get(id) ?? []));
  return {
    related: pick(related),
    brand: pick(brand),
    alsoLike: pick(alsoLike),
    addOn: pick(addOn),
    otherBrand: pick(otherBrand),
    compare: compareIds.length > 1 ? await compareColumns(db, pick(compareIds)) : [],
  };
}

async function compareColumns(db: Executor, cards: ProductCardData[]): Promise<CompareColumn[]> {
  const sellerIds = cards.flatMap((card) => (card.sellerId === null ? [] : [card.sellerId]));
  const [attributes, sellerRows] = await Promise.all([
    db
      .select()
      .from(productAttributes)
      .where(
        inArray(
          productAttributes.productId,
          cards.map((card) => card.id),
        ),
      ),
    sellerIds.length > 0
      ? db.select({ id: sellers.id, name: sellers.name }).from(sellers).where(inArray(sellers.id, sellerIds))
      : Promise.resolve([]),
  ]);
  return cards.map((card) => {
    const values: Record<string, string> = {};
    for (const row of attributes) {
      if (row.productId !== card.id) continue;
      values[row.name] = values[row.name] ? `${values[row.name]}, ${row.value}` : row.value;
    }
    return {
      card,
      sellerName: sellerRows.find((seller) => seller.id === card.sellerId)?.name ?? null,
      attributes: values,
    };
  });
}
