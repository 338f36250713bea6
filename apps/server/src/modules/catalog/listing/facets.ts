import { and, asc, count, countDistinct, eq, inArray, isNull, max, min, type SQL, sql } from 'drizzle-orm';
import {
  categories,
  categoryAttributes,
  categoryAttributeValues,
  type Executor,
  offers,
  productAttributes,
  products,
} from '@marketplace/db';
import { ORIGIN_FILTER } from '@marketplace/domain/catalog/listing-filters';
import { categoryListingType } from '@marketplace/domain/catalog/categories';
import type { AttributeFacet, CategoryListing } from '@marketplace/web';
import { categorySubtreeIds } from '../categories.ts';
import { idArray } from './products.ts';

/** What a category's filters offer, whatever the shopper chose: kept for a while per category. */
export type CategoryFacets = {
  subtreeIds: number[];
  children: CategoryListing['children'];
  total: number;
  minPricePaise: number | null;
  maxPricePaise: number | null;
  attributes: AttributeFacet[];
};

/** What filters offer over some products: their count, lowest and highest price and attribute values. */
export type ProductFacets = Omit<CategoryFacets, 'subtreeIds' | 'children'>;

export async function loadCategoryFacets(db: Executor, categoryId: number): Promise<CategoryFacets> {
  const subtreeIds = await categorySubtreeIds(db, categoryId);
  const inCategory = and(inArray(products.categoryId, subtreeIds), eq(products.isActive, true));
  const [children, facets, defined] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, level: categories.level })
      .from(categories)
      .where(and(eq(categories.parentId, categoryId), isNull(categories.retiredAt)))
      .orderBy(asc(categories.position), asc(categories.id)),
    facetsWhere(db, inCategory),
    db
      .select({
        name: categoryAttributes.name,
        value: categoryAttributeValues.value,
        position: categoryAttributeValues.position,
      })
      .from(categoryAttributes)
      .innerJoin(categoryAttributeValues, eq(categoryAttributeValues.attributeId, categoryAttributes.id))
      .where(inArray(categoryAttributes.categoryId, subtreeIds)),
  ]);
  return {
    subtreeIds,
    children: children.map((child) => ({
      id: child.id,
      name: child.name,
      type: categoryListingType(child.level),
    })),
    ...facets,
    attributes: definedFacets(facets.attributes, defined),
  };
}

/**
 * requirements#operator-catalog: a category's filters offer the values staff allow on its leaves,
 * in their order (a value no product carries is not offered: it would find nothing).
 */
function definedFacets(
  found: readonly AttributeFacet[],
  defined: readonly { name: string; value: string; position: number }[],
): AttributeFacet[] {
  const positions = new Map<string, number>();
  for (const row of defined) {
    const key = `${row.name}\u0000${row.value}`;
    positions.set(key, Math.min(positions.get(key) ?? row.position, row.position));
  }
  return found.flatMap((facet) => {
    // the countries of origin come from the offers, not from staff's list of values
    if (facet.name === ORIGIN_FILTER) return [facet];
    const values = facet.values
      .filter((entry) => positions.has(`${facet.name}\u0000${entry.value}`))
      .sort(
        (a, b) =>
          (positions.get(`${facet.name}\u0000${a.value}`) ?? 0) -
            (positions.get(`${facet.name}\u0000${b.value}`) ?? 0) || a.value.localeCompare(b.value),
      );
    return values.length > 0 ? [{ ...facet, values }] : [];
  });
}

/** requirements#search-refine: the filters' values over a keyword's matches. */
export function loadProductFacets(db: Executor, ids: readonly number[]): Promise<ProductFacets> {
  return facetsWhere(db, and(sql`${products.id} = ANY(${idArray(ids)})`, eq(products.isActive, true)));
}

async function facetsWhere(db: Executor, where: SQL | undefined): Promise<ProductFacets> {
  const [[totals], attributeRows, originRows] = await Promise.all([
    db
      .select({
        total: count(),
        minPricePaise: min(products.lowestPricePaise),
        maxPricePaise: max(products.lowestPricePaise),
      })
      .from(products)
      .where(where),
    db
      .select({ name: productAttributes.name, value: productAttributes.value, count: count() })
      .from(productAttributes)
      .innerJoin(products, eq(products.id, productAttributes.productId))
      .where(where)
      .groupBy(productAttributes.name, productAttributes.value)
      .orderBy(asc(productAttributes.name), asc(productAttributes.value)),
    // requirements#origin-filter: the countries the products' live offers are made in
    db
      .select({ value: offers.origin, count: countDistinct(products.id) })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(and(where, eq(offers.isActive, true)))
      .groupBy(offers.origin)
      .orderBy(asc(offers.origin)),
  ]);
  const attributes = new Map<string, AttributeFacet>();
  for (const row of attributeRows) {
    const facet = attributes.get(row.name) ?? { name: row.name, values: [] };
    facet.values.push({ value: row.value, count: Number(row.count) });
    attributes.set(row.name, facet);
  }
  const origins = originRows.map((row) => ({ value: row.value, count: Number(row.count) }));
  if (origins.length > 0) attributes.set(ORIGIN_FILTER, { name: ORIGIN_FILTER, values: origins });
  return {
    total: Number(totals?.total ?? 0),
    minPricePaise: totals?.minPricePaise ?? null,
    maxPricePaise: totals?.maxPricePaise ?? null,
    // Colour first: it is the filter with swatches and the one most shoppers reach for
    attributes: [...attributes.values()].sort(
      (a, b) => Number(b.name === 'Colour') - Number(a.name === 'Colour') || a.name.localeCompare(b.name),
    ),
  };
}
