// requirements#seller-listings: what a seller may list in. A seller that registered categories
// sells in those (any level: a top category allows everything under it); none registered, all.
import { eq, isNull } from 'drizzle-orm';
import { categories, type Executor, sellers } from '@marketplace/db';

export type CategoryNode = { id: number; parentId: number | null; level: number; name: string };

export type SellerScope = {
  sellerId: number;
  pincode: string;
  /** the category tree, by id */
  tree: Map<number, CategoryNode>;
  isAllowed: (categoryId: number) => boolean;
  /** the names from the top category down to this one */
  pathOf: (categoryId: number) => string[];
};

export async function loadSellerScope(db: Executor, sellerId: number): Promise<SellerScope> {
  const [[seller], rows] = await Promise.all([
    db
      .select({ pincode: sellers.pincode, categoryIds: sellers.categoryIds })
      .from(sellers)
      .where(eq(sellers.id, sellerId)),
    db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        level: categories.level,
        name: categories.name,
      })
      .from(categories)
      // requirements#operator-catalog: sellers never list in a retired category
      .where(isNull(categories.retiredAt)),
  ]);
  if (!seller) throw new Error('the guard found this seller');
  const tree = new Map(rows.map((row) => [row.id, row]));
  const registered = new Set(seller.categoryIds);
  const chain = (categoryId: number): CategoryNode[] => {
    const out: CategoryNode[] = [];
    for (
      let node = tree.get(categoryId);
      node && out.length < 4;
      node = node.parentId ? tree.get(node.parentId) : undefined
    )
      out.unshift(node);
    return out;
  };
  return {
    sellerId,
    pincode: seller.pincode,
    tree,
    isAllowed: (categoryId) =>
      tree.has(categoryId) &&
      (registered.size === 0 || chain(categoryId).some((node) => registered.has(node.id))),
    pathOf: (categoryId) => chain(categoryId).map((node) => node.name),
  };
}

/** True when a database error (or its cause) is a unique-index violation of the named index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = 'code' in e ? e.code : undefined;
    if (code === '23505') {
      const name = 'constraint' in e ? e.constraint : undefined;
      return name === undefined || name === constraint;
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}
