import { inArray } from 'drizzle-orm';
import { type Executor, productAttributes, sellers } from '@marketplace/db';
import { uniqueById } from '@marketplace/domain/catalog/listing';
import type { CompareColumn, ProductCardData, ProductDetail } from '@marketplace/web';
import { loadProductCards } from '../../product-cards/index.ts';
import { ADD_ON_MAX_PAISE, type ProductLookups, type RankedProduct, topTreeIds } from './lookups.ts';

const SECTION_SIZE = 12;
const COMPARE_SIZE = 4;

type Me = {
  id: number;
  categoryId: number;
  brandId: number;
  groupId: number | null;
  isComparable: boolean;
  pricePaise: number | null;
};

/**
 * The product page's lists (related, brand, you may also like, add-on, other brands, compare),
 * each best sellers first, without the product itself or its own variants, de-duplicated. The
 * rankings come from the kept best-seller pools; only the cards (prices, ratings) are read fresh.
 */
export async function loadSections(
  db: Executor,
  lookups: ProductLookups,
  me: Me,
): Promise<ProductDetail['sections']> {
  const tree = await lookups.categoryTree();
  const parentId = tree.get(me.categoryId)?.parentId ?? null;
  const hasSiblings = parentId !== null && (tree.get(parentId)?.childIds.length ?? 0) > 1;
  const [own, ofBrand, ofParent, addOns] = await Promise.all([
    lookups.ranked({ kind: 'category', id: me.categoryId }),
    lookups.ranked({ kind: 'brand', id: me.brandId }),
    parentId === null ? Promise.resolve([]) : lookups.ranked({ kind: 'children', id: parentId }),
    lookups.ranked({ kind: 'addOn', categoryIds: topTreeIds(tree, me.categoryId) }),
  ]);
  const isOther = (row: RankedProduct) =>
    row.id !== me.id && (me.groupId === null || row.groupId !== me.groupId);
  const pick = (rows: RankedProduct[], keep: (row: RankedProduct) => boolean = () => true) =>
    rows
      .filter((row) => isOther(row) && keep(row))
      .slice(0, SECTION_SIZE)
      .map((row) => row.id);

  const related = pick(own);
  const brand = pick(ofBrand);
  const alsoLike = hasSiblings ? pick(ofParent, (row) => row.categoryId !== me.categoryId) : [];
  const addOnBelow = Math.min(ADD_ON_MAX_PAISE, me.pricePaise ?? ADD_ON_MAX_PAISE);
  const addOn = pick(addOns, (row) => row.lowestPricePaise < addOnBelow);
  // other brands' products of the same kind first (the shopper's alternatives), then of the
  // parent category; never what "You may also like" already shows, so the two lists differ
  const inAlsoLike = new Set(alsoLike);
  const otherBrandOf = (rows: RankedProduct[]) =>
    pick(rows, (row) => row.brandId !== me.brandId && !inAlsoLike.has(row.id));
  const sameKind = otherBrandOf(own);
  const otherBrand =
    sameKind.length > 0 || parentId === null
      ? sameKind
      : otherBrandOf(ofParent.filter((row) => row.categoryId === me.categoryId || !hasSiblings));
  const compareIds = me.isComparable ? [me.id, ...related.slice(0, COMPARE_SIZE - 1)] : [];

  const cards = await loadProductCards(db, [
    ...new Set([...related, ...brand, ...alsoLike, ...addOn, ...otherBrand, ...compareIds]),
  ]);
  const byId = new Map(cards.map((card) => [card.id, card]));
  const cardsOf = (list: number[]) => uniqueById(list.flatMap((id) => byId.get(id) ?? []));
  return {
    related: cardsOf(related),
    brand: cardsOf(brand),
    alsoLike: cardsOf(alsoLike),
    addOn: cardsOf(addOn),
    otherBrand: cardsOf(otherBrand),
    compare: compareIds.length > 1 ? await compareColumns(db, cardsOf(compareIds)) : [],
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
