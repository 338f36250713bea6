// requirements#operator-catalog: a leaf category's filter attributes and their allowed values. Seller
// Central's new-product form offers exactly these, and the listing filters show them in this order.
// A rename carries the products that hold the old word along; a value in use is never removed.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  categoryAttributes,
  categoryAttributeValues,
  type Executor,
  queryRows,
  type Transaction,
} from '@marketplace/db';
import {
  type AttributeChangeInput,
  CATALOG_TREE_MESSAGES,
  type CategoryAttribute,
} from '@marketplace/domain/admin/catalog-tree-api';
import { isLeaf, swapPositions, TREE_MESSAGES } from '@marketplace/domain/catalog/tree';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import { loadCategoryRows, type TreeResult } from './categories.ts';
import { isUniqueViolation } from './unique.ts';

/** A leaf's filters in their order, each value with how many of the category's products carry it. */
export async function loadAttributes(db: Executor, categoryId: number): Promise<CategoryAttribute[]> {
  const [rows, uses] = await Promise.all([
    db
      .select({
        id: categoryAttributes.id,
        name: categoryAttributes.name,
        position: categoryAttributes.position,
        valueId: categoryAttributeValues.id,
        value: categoryAttributeValues.value,
        valuePosition: categoryAttributeValues.position,
      })
      .from(categoryAttributes)
      .leftJoin(categoryAttributeValues, eq(categoryAttributeValues.attributeId, categoryAttributes.id))
      .where(eq(categoryAttributes.categoryId, categoryId))
      .orderBy(
        asc(categoryAttributes.position),
        asc(categoryAttributes.id),
        asc(categoryAttributeValues.position),
        asc(categoryAttributeValues.id),
      ),
    queryRows<{ name: string; value: string; uses: number }>(
      db,
      sql`SELECT a.name, a.value, count(*)::int AS uses FROM product_attributes a
            JOIN products p ON p.id = a.product_id
           WHERE p.category_id = ${categoryId} GROUP BY a.name, a.value`,
    ),
  ]);
  const useOf = new Map(uses.map((row) => [`${row.name}\u0000${row.value}`, Number(row.uses)]));
  const attributes = new Map<number, CategoryAttribute>();
  for (const row of rows) {
    const attribute = attributes.get(row.id) ?? {
      id: row.id,
      name: row.name,
      position: row.position,
      values: [],
    };
    if (row.valueId !== null && row.value !== null)
      attribute.values.push({
        id: row.valueId,
        value: row.value,
        position: row.valuePosition ?? 0,
        useCount: useOf.get(`${row.name}\u0000${row.value}`) ?? 0,
      });
    attributes.set(row.id, attribute);
  }
  return [...attributes.values()];
}

/** What the audit log keeps of a leaf's filters: names and values in order. */
const summary = (attributes: readonly CategoryAttribute[]) =>
  attributes.map((attribute) => ({
    name: attribute.name,
    values: attribute.values.map((value) => value.value),
  }));

type Refusal = { code: 'NOT_FOUND' | 'CONFLICT'; message: string };
const notFound: Refusal = { code: 'NOT_FOUND', message: CATALOG_TREE_MESSAGES.attributeNotFound };

// products filed under the category (what its filters describe)
const inCategory = (categoryId: number) =>
  sql`product_id IN (SELECT id FROM products WHERE category_id = ${categoryId})`;

async function applyChange(
  tx: Transaction,
  categoryId: number,
  attributes: readonly CategoryAttribute[],
  change: AttributeChangeInput,
): Promise<Refusal | null> {
  const attributeOf = (id: number) => attributes.find((attribute) => attribute.id === id);
  const valueOf = (id: number) => {
    for (const attribute of attributes) {
      const value = attribute.values.find((candidate) => candidate.id === id);
      if (value) return { attribute, value };
    }
    return null;
  };
  switch (change.op) {
    case 'addAttribute': {
      const position = Math.max(-1, ...attributes.map((attribute) => attribute.position)) + 1;
      await tx.insert(categoryAttributes).values({ categoryId, name: change.name, position });
      return null;
    }
    case 'renameAttribute': {
      const attribute = attributeOf(change.attributeId);
      if (!attribute) return notFound;
      await tx
        .update(categoryAttributes)
        .set({ name: change.name })
        .where(eq(categoryAttributes.id, attribute.id));
      await tx.execute(
        sql`UPDATE product_attributes SET name = ${change.name} WHERE name = ${attribute.name} AND ${inCategory(categoryId)}`,
      );
      return null;
    }
    case 'removeAttribute': {
      const attribute = attributeOf(change.attributeId);
      if (!attribute) return notFound;
      const uses = attribute.values.reduce((sum, value) => sum + value.useCount, 0);
      const [other] = await queryRows<{ uses: number }>(
        tx,
        sql`SELECT count(*)::int AS uses FROM product_attributes WHERE name = ${attribute.name} AND ${inCategory(categoryId)}`,
      );
      const total = Math.max(uses, Number(other?.uses ?? 0));
      if (total > 0) return { code: 'CONFLICT', message: CATALOG_TREE_MESSAGES.attributeInUse(total) };
      await tx.delete(categoryAttributes).where(eq(categoryAttributes.id, attribute.id));
      return null;
    }
    case 'addValue': {
      const attribute = attributeOf(change.attributeId);
      if (!attribute) return notFound;
      const position = Math.max(-1, ...attribute.values.map((value) => value.position)) + 1;
      await tx
        .insert(categoryAttributeValues)
        .values({ attributeId: attribute.id, value: change.value, position });
      return null;
    }
    case 'renameValue': {
      const found = valueOf(change.valueId);
      if (!found) return notFound;
      await tx
        .update(categoryAttributeValues)
        .set({ value: change.value })
        .where(eq(categoryAttributeValues.id, found.value.id));
      await tx.execute(
        sql`UPDATE product_attributes SET value = ${change.value}
             WHERE name = ${found.attribute.name} AND value = ${found.value.value} AND ${inCategory(categoryId)}`,
      );
      return null;
    }
    case 'moveValue': {
      const found = valueOf(change.valueId);
      if (!found) return notFound;
      const order = swapPositions(found.attribute.values, found.value.id, change.direction);
      if (!order) return { code: 'CONFLICT', message: CATALOG_TREE_MESSAGES.cannotMoveValue };
      for (const [position, value] of order.entries())
        await tx
          .update(categoryAttributeValues)
          .set({ position })
          .where(
            and(
              eq(categoryAttributeValues.id, value.id),
              eq(categoryAttributeValues.attributeId, found.attribute.id),
            ),
          );
      return null;
    }
    case 'removeValue': {
      const found = valueOf(change.valueId);
      if (!found) return notFound;
      if (found.value.useCount > 0)
        return { code: 'CONFLICT', message: CATALOG_TREE_MESSAGES.valueInUse(found.value.useCount) };
      await tx.delete(categoryAttributeValues).where(eq(categoryAttributeValues.id, found.value.id));
      return null;
    }
  }
}

function duplicate(error: unknown, change: AttributeChangeInput): Refusal {
  if (isUniqueViolation(error, 'category_attributes_category_name_key') && 'name' in change)
    return { code: 'CONFLICT', message: CATALOG_TREE_MESSAGES.duplicateAttribute(change.name) };
  if (isUniqueViolation(error, 'category_attribute_values_attribute_value_key') && 'value' in change)
    return { code: 'CONFLICT', message: CATALOG_TREE_MESSAGES.duplicateValue(change.value) };
  // a rename onto a word a product already carries beside the old one
  if (isUniqueViolation(error, 'product_attributes_product_id_name_value_pk'))
    return {
      code: 'CONFLICT',
      message:
        'value' in change
          ? CATALOG_TREE_MESSAGES.duplicateValue(change.value)
          : CATALOG_TREE_MESSAGES.duplicateAttribute('name' in change ? change.name : ''),
    };
  throw error;
}

/** One change to a leaf's filters, with its audit entry (before and after: the leaf's filters). */
export async function changeAttributes(
  db: Executor,
  actor: AuditActor,
  categoryId: number,
  change: AttributeChangeInput,
): Promise<TreeResult<CategoryAttribute[]>> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('categories'))`);
      const rows = await loadCategoryRows(tx);
      if (!rows.some((row) => row.id === categoryId))
        return { code: 'NOT_FOUND', message: TREE_MESSAGES.notFound };
      if (!isLeaf(rows, categoryId)) return { code: 'CONFLICT', message: CATALOG_TREE_MESSAGES.notLeaf };
      const before = await loadAttributes(tx, categoryId);
      const refusal = await applyChange(tx, categoryId, before, change);
      if (refusal) return refusal;
      const after = await loadAttributes(tx, categoryId);
      await writeAudit(tx, actor, {
        action: 'category.attributes',
        targetType: 'category',
        targetId: categoryId,
        before: { change: change.op, filters: summary(before) },
        after: { change: change.op, filters: summary(after) },
      });
      return { code: 'OK', value: after };
    });
  } catch (error) {
    const refusal = duplicate(error, change);
    return refusal;
  }
}
