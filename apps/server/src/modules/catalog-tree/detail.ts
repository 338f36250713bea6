import type { Executor } from '@marketplace/db';
import type { CategoryDetail } from '@marketplace/domain/admin/catalog-tree-api';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { isLeaf, moveTargets } from '@marketplace/domain/catalog/tree';
import { loadAttributes } from './attributes.ts';
import { asNodes, loadCategoryRows, pathOf } from './categories.ts';

/** One category's page in the console: its place, children, where it may move and its filters. */
export async function categoryDetail(db: Executor, id: number): Promise<CategoryDetail | null> {
  const rows = await loadCategoryRows(db);
  const category = rows.find((row) => row.id === id);
  if (!category) return null;
  const nodes = asNodes(rows);
  const leaf = isLeaf(nodes, id);
  return {
    category,
    path: pathOf(rows, id),
    children: rows.filter((row) => row.parentId === id),
    isLeaf: leaf,
    moveTargets: moveTargets(nodes, id).map((target) => ({
      id: target,
      label:
        target === null
          ? 'The top (a new top category)'
          : pathOf(rows, target)
              .map((step) => step.name)
              .join(' › '),
    })),
    listingPath: categoryListingPath(category.level, category.name),
    attributes: leaf ? await loadAttributes(db, id) : [],
  };
}
