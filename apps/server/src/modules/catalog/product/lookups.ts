import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { categories, type Executor, products, siteTexts } from '@marketplace/db';
import type { RateCardEntry } from '@marketplace/domain/delivery/options';
import { keptByKey } from '../../../kept-by-key.ts';
import { keptFor } from '../../../kept-for.ts';
import { PRIVILEGE_CLAIM_KEYS } from '../home/brand.ts';
import { loadRateCard } from '../rate-card.ts';

/** How long the product page reuses what every product page shares (rate card, best-seller ranks). */
export const PRODUCT_LOOKUPS_TTL_MS = 5 * 60 * 1000;
/** Best sellers kept per scope: enough to fill a section after leaving out the product, its variants or its brand. */
export const RANKED_POOL = 60;
/** Add-on items: cheaper everyday things from the same top category. */
export const ADD_ON_MAX_PAISE = 100_000;

export type RankedProduct = {
  id: number;
  categoryId: number;
  brandId: number;
  groupId: number | null;
  lowestPricePaise: number;
};

/**
 * Best sellers of one scope: a category's own products, a brand's, the products of a category's
 * children (siblings of a product's category), or a top category's add-on items.
 */
export type RankScope =
  | { kind: 'category'; id: number }
  | { kind: 'brand'; id: number }
  | { kind: 'children'; id: number }
  | { kind: 'addOn'; categoryIds: number[] };

export type CategoryTree = Map<number, { parentId: number | null; childIds: number[] }>;

/** What every product page reads besides the product itself, loaded through one place so it can be kept. */
export type ProductLookups = {
  rateCard(): Promise<RateCardEntry[]>;
  privilegeClaim(): Promise<string>;
  categoryTree(): Promise<CategoryTree>;
  ranked(scope: RankScope): Promise<RankedProduct[]>;
};

async function loadCategoryTree(db: Executor): Promise<CategoryTree> {
  const rows = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const tree: CategoryTree = new Map(rows.map((row) => [row.id, { parentId: row.parentId, childIds: [] }]));
  for (const row of rows) if (row.parentId !== null) tree.get(row.parentId)?.childIds.push(row.id);
  return tree;
}

async function loadRanked(db: Executor, scope: RankScope): Promise<RankedProduct[]> {
  const where =
    scope.kind === 'category'
      ? eq(products.categoryId, scope.id)
      : scope.kind === 'brand'
        ? eq(products.brandId, scope.id)
        : scope.kind === 'children'
          ? sql`${products.categoryId} IN (SELECT ${categories.id} FROM ${categories} WHERE ${categories.parentId} = ${scope.id})`
          : and(
              inArray(products.categoryId, scope.categoryIds),
              lt(products.lowestPricePaise, ADD_ON_MAX_PAISE),
            );
  const rows = await db
    .select({
      id: products.id,
      categoryId: products.categoryId,
      brandId: products.brandId,
      groupId: products.groupId,
      lowestPricePaise: products.lowestPricePaise,
    })
    .from(products)
    .where(and(eq(products.isActive, true), isNotNull(products.lowestPricePaise), where))
    .orderBy(desc(products.unitsSold), products.id)
    .limit(RANKED_POOL);
  return rows.flatMap((row) =>
    row.lowestPricePaise === null ? [] : [{ ...row, lowestPricePaise: row.lowestPricePaise }],
  );
}

/**
 * The product page's shared lookups. With `keepMs` above 0 each is kept in this process for that
 * long: best-seller ranks move only as orders come in, and the rate card and texts as operators edit them.
 */
export function productLookups(
  db: Executor,
  keepMs = 0,
  clock = () => Date.now(),
  contentGeneration?: () => number,
  catalogGeneration?: () => number,
): ProductLookups {
  const ranked = keptByKey(
    (key: string) => loadRanked(db, JSON.parse(key) as RankScope),
    keepMs,
    5000,
    clock,
    catalogGeneration,
  );
  return {
    rateCard: keptFor(keepMs, () => loadRateCard(db), clock),
    privilegeClaim: keptFor(
      keepMs,
      async () => {
        const [row] = await db
          .select({ value: siteTexts.value })
          .from(siteTexts)
          .where(eq(siteTexts.key, PRIVILEGE_CLAIM_KEYS.text));
        return row?.value ?? '';
      },
      clock,
      contentGeneration,
    ),
    categoryTree: keptFor(keepMs, () => loadCategoryTree(db), clock, catalogGeneration),
    ranked: (scope) => ranked(JSON.stringify(scope)),
  };
}

/** The ids of a category's whole top-level tree (the product's top category and everything under it). */
export function topTreeIds(tree: CategoryTree, categoryId: number): number[] {
  let top = categoryId;
  // four levels at most; the bound only guards against a loop in bad data
  for (let depth = 0; depth < 8; depth++) {
    const parent = tree.get(top)?.parentId ?? null;
    if (parent === null) break;
    top = parent;
  }
  const ids: number[] = [];
  const stack = [top];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (!tree.has(id)) continue;
    ids.push(id);
    stack.push(...(tree.get(id)?.childIds ?? []));
  }
  return ids.sort((a, b) => a - b);
}
