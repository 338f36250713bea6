import { eq } from 'drizzle-orm';
import { type Executor, users } from '@marketplace/db';

// A shopper's addresses and bank accounts follow the same rules (requirements#one-default): exactly one default, set
// in one transaction, and the default cannot be deleted. The table-specific parts are passed in.

/** One shopper's writes run one at a time, so "the first one is the default" holds under retries. */
export const lockShopper = (tx: Executor, userId: number) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

/** How one table reads and writes a shopper's rows; every call is scoped to that shopper. */
export type DefaultRows = {
  /** The row's default flag, or undefined when the shopper has no such row. */
  isDefault(tx: Executor, userId: number, id: number): Promise<boolean | undefined>;
  clearDefault(tx: Executor, userId: number): Promise<unknown>;
  makeDefault(tx: Executor, userId: number, id: number): Promise<unknown>;
  remove(tx: Executor, userId: number, id: number): Promise<unknown>;
};

/** Makes the row the shopper's only default: the old default is cleared and the new one set together. */
export function setOnlyDefault(
  db: Executor,
  rows: DefaultRows,
  userId: number,
  id: number,
): Promise<{ code: 'UPDATED' } | { code: 'NOT_FOUND' }> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    if ((await rows.isDefault(tx, userId, id)) === undefined) return { code: 'NOT_FOUND' as const };
    await rows.clearDefault(tx, userId);
    await rows.makeDefault(tx, userId, id);
    return { code: 'UPDATED' as const };
  });
}

/** Deletes the row unless it is the default. */
export function deleteUnlessDefault(
  db: Executor,
  rows: DefaultRows,
  userId: number,
  id: number,
): Promise<{ code: 'DELETED' } | { code: 'NOT_FOUND' } | { code: 'IS_DEFAULT' }> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const isDefault = await rows.isDefault(tx, userId, id);
    if (isDefault === undefined) return { code: 'NOT_FOUND' as const };
    if (isDefault) return { code: 'IS_DEFAULT' as const };
    await rows.remove(tx, userId, id);
    return { code: 'DELETED' as const };
  });
}
