// requirements#operator-catalog: staff add, rename, move and retire categories. Every change and its
// audit entry are written in one transaction; the tree's rules are the domain's (catalog/tree).
import { eq, inArray, sql } from 'drizzle-orm';
import { categories, type Executor, queryRows, type Transaction } from '@marketplace/db';
import type { AddCategoryInput, CategoryRow } from '@marketplace/domain/admin/catalog-tree-api';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import {
  checkAdd,
  checkMove,
  checkRetire,
  TREE_MESSAGES,
  type TreeNode,
} from '@marketplace/domain/catalog/tree';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import { isUniqueViolation } from './unique.ts';

export type TreeResult<T> = { code: 'OK'; value: T } | { code: 'NOT_FOUND' | 'CONFLICT'; message: string };

const CATEGORY_NAME_KEY = 'categories_level_name_key';

/** Every category (retired ones too) with how many products are filed under it, top levels first. */
export async function loadCategoryRows(db: Executor): Promise<CategoryRow[]> {
  const rows = await queryRows<{
    id: number;
    parent_id: number | null;
    level: number;
    name: string;
    position: number;
    is_retired: boolean;
    product_count: number;
    live_product_count: number;
  }>(
    db,
    sql`SELECT c.id, c.parent_id, c.level, c.name, c.position, c.retired_at IS NOT NULL AS is_retired,
               coalesce(p.total, 0)::int AS product_count, coalesce(p.live, 0)::int AS live_product_count
          FROM categories c
          LEFT JOIN (SELECT category_id, count(*) AS total, count(*) FILTER (WHERE is_active) AS live
                       FROM products GROUP BY category_id) p ON p.category_id = c.id
         ORDER BY c.level, c.position, lower(c.name), c.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    level: Number(row.level),
    name: row.name,
    position: Number(row.position),
    isRetired: row.is_retired,
    productCount: Number(row.product_count),
    liveProductCount: Number(row.live_product_count),
  }));
}

export const asNodes = (rows: readonly CategoryRow[]): TreeNode[] => rows.map((row) => ({ ...row }));

/** The names from the top category down to this one. */
export function pathOf(rows: readonly CategoryRow[], id: number): { id: number; name: string }[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path: { id: number; name: string }[] = [];
  for (let node = byId.get(id); node && path.length < 8; node = byId.get(node.parentId ?? 0))
    path.unshift({ id: node.id, name: node.name });
  return path;
}

/** Keeps a category's name at a level as a former one: its old listing address redirects. */
async function keepFormerName(tx: Transaction, categoryId: number, level: number, name: string) {
  await tx.execute(
    sql`INSERT INTO category_former_names (category_id, level, name) VALUES (${categoryId}, ${level}, ${name})
        ON CONFLICT (level, lower(name)) DO UPDATE SET category_id = EXCLUDED.category_id, created_at = now()`,
  );
}

async function nextPosition(tx: Transaction, parentId: number | null): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    tx,
    parentId === null
      ? sql`SELECT coalesce(max(position) + 1, 0)::int AS next FROM categories WHERE parent_id IS NULL`
      : sql`SELECT coalesce(max(position) + 1, 0)::int AS next FROM categories WHERE parent_id = ${parentId}`,
  );
  return Number(row?.next ?? 0);
}

// one change to the tree at a time: the rules read the whole tree (depth, cycles, products)
const lockTree = (tx: Transaction) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('categories'))`);

const snapshot = (row: CategoryRow) => ({
  name: row.name,
  parentId: row.parentId,
  level: row.level,
  isRetired: row.isRetired,
});

function duplicateName(error: unknown, name: string): TreeResult<never> {
  if (isUniqueViolation(error, CATEGORY_NAME_KEY))
    return { code: 'CONFLICT', message: TREE_MESSAGES.duplicateName(name) };
  throw error;
}

export async function addCategory(
  db: Executor,
  actor: AuditActor,
  input: AddCategoryInput,
): Promise<TreeResult<CategoryRow>> {
  try {
    return await db.transaction(async (tx) => {
      await lockTree(tx);
      const rows = await loadCategoryRows(tx);
      const check = checkAdd(asNodes(rows), input.parentId);
      if (!check.ok) return { code: check.code, message: check.message };
      const [created] = await tx
        .insert(categories)
        .values({
          parentId: input.parentId,
          level: check.level,
          name: input.name,
          position: await nextPosition(tx, input.parentId),
        })
        .returning();
      if (!created) throw new Error('the insert returned no row');
      const row: CategoryRow = {
        id: created.id,
        parentId: created.parentId,
        level: created.level,
        name: created.name,
        position: created.position,
        isRetired: false,
        productCount: 0,
        liveProductCount: 0,
      };
      await writeAudit(tx, actor, {
        action: 'category.add',
        targetType: 'category',
        targetId: row.id,
        before: null,
        after: {
          ...snapshot(row),
          path: [...pathOf(rows, input.parentId ?? 0).map((s) => s.name), row.name],
        },
      });
      return { code: 'OK', value: row };
    });
  } catch (error) {
    return duplicateName(error, input.name);
  }
}

/**
 * Renames a category. Listing addresses carry the name, so the address changes with it; the old
 * name is kept as a former name and its address redirects to the new one (requirements#operator-catalog).
 */
export async function renameCategory(
  db: Executor,
  actor: AuditActor,
  id: number,
  name: string,
): Promise<TreeResult<CategoryRow>> {
  try {
    return await db.transaction(async (tx) => {
      await lockTree(tx);
      const rows = await loadCategoryRows(tx);
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) return { code: 'NOT_FOUND', message: TREE_MESSAGES.notFound };
      if (row.isRetired) return { code: 'CONFLICT', message: TREE_MESSAGES.retired };
      if (row.name === name) return { code: 'OK', value: row };
      if (row.name.toLowerCase() !== name.toLowerCase()) await keepFormerName(tx, id, row.level, row.name);
      await tx.update(categories).set({ name }).where(eq(categories.id, id));
      // the new name is current again, not a former one
      await tx.execute(
        sql`DELETE FROM category_former_names WHERE level = ${row.level} AND lower(name) = lower(${name})`,
      );
      await writeAudit(tx, actor, {
        action: 'category.rename',
        targetType: 'category',
        targetId: id,
        before: { name: row.name, listingPath: categoryListingPath(row.level, row.name) },
        after: { name, listingPath: categoryListingPath(row.level, name) },
      });
      return { code: 'OK', value: { ...row, name } };
    });
  } catch (error) {
    return duplicateName(error, name);
  }
}

/** Moves a category (and all below it) under another, or to the top; levels follow. */
export async function moveCategory(
  db: Executor,
  actor: AuditActor,
  id: number,
  parentId: number | null,
): Promise<TreeResult<CategoryRow>> {
  let movedName = '';
  try {
    return await db.transaction(async (tx) => {
      await lockTree(tx);
      const rows = await loadCategoryRows(tx);
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) return { code: 'NOT_FOUND', message: TREE_MESSAGES.notFound };
      movedName = row.name;
      const check = checkMove(asNodes(rows), id, parentId);
      if (!check.ok) return { code: check.code, message: check.message };
      const position = await nextPosition(tx, parentId);
      const newLevel = check.levels.get(id) ?? row.level;
      for (const [movedId, level] of check.levels) {
        const moved = rows.find((candidate) => candidate.id === movedId);
        if (!moved || moved.level === level) continue;
        movedName = moved.name;
        await keepFormerName(tx, movedId, moved.level, moved.name);
        await tx.execute(
          sql`DELETE FROM category_former_names WHERE level = ${level} AND lower(name) = lower(${moved.name})`,
        );
        if (movedId !== id) await tx.update(categories).set({ level }).where(eq(categories.id, movedId));
      }
      movedName = row.name;
      await tx.update(categories).set({ parentId, level: newLevel, position }).where(eq(categories.id, id));
      const after = rows.map((candidate) =>
        candidate.id === id
          ? { ...candidate, parentId, level: newLevel }
          : { ...candidate, level: check.levels.get(candidate.id) ?? candidate.level },
      );
      await writeAudit(tx, actor, {
        action: 'category.move',
        targetType: 'category',
        targetId: id,
        before: { parentId: row.parentId, level: row.level, path: pathOf(rows, id).map((s) => s.name) },
        after: { parentId, level: newLevel, path: pathOf(after, id).map((s) => s.name) },
      });
      return { code: 'OK', value: { ...row, parentId, level: newLevel, position } };
    });
  } catch (error) {
    return duplicateName(error, movedName);
  }
}

/**
 * Retires a category and every category below it: they leave the menu, listings, search and sellers'
 * forms. Refused while any of them has live products (they would vanish from the shop with it).
 */
export async function retireCategory(
  db: Executor,
  actor: AuditActor,
  id: number,
  now: Date,
): Promise<TreeResult<CategoryRow>> {
  return db.transaction(async (tx) => {
    await lockTree(tx);
    const rows = await loadCategoryRows(tx);
    const check = checkRetire(asNodes(rows), id);
    if (!check.ok) return { code: check.code, message: check.message };
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return { code: 'NOT_FOUND', message: TREE_MESSAGES.notFound };
    await tx.update(categories).set({ retiredAt: now }).where(inArray(categories.id, check.ids));
    await writeAudit(tx, actor, {
      action: 'category.retire',
      targetType: 'category',
      targetId: id,
      before: { isRetired: false, name: row.name },
      after: {
        isRetired: true,
        name: row.name,
        retired: check.ids.map((retiredId) => rows.find((r) => r.id === retiredId)?.name ?? retiredId),
      },
    });
    return { code: 'OK', value: { ...row, isRetired: true } };
  });
}
