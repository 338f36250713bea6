import { and, asc, count, desc, eq } from 'drizzle-orm';
import { bankAccounts, type Executor, users } from '@marketplace/db';
import {
  ACCOUNT_TYPES,
  type AccountType,
  BANK_ACCOUNT_LIMIT,
  type BankAccount,
  type BankAccountFields,
  type BankAccountForEdit,
  maskAccountNumber,
} from '@marketplace/domain/accounts/bank-accounts';

// Every query here filters by the session shopper's id: another shopper's account reads as missing.

type Row = typeof bankAccounts.$inferSelect;
const accountType = (value: string): AccountType => ACCOUNT_TYPES.find((type) => type === value) ?? 'savings';

/** Lists show the number masked: only its owner's edit form ever receives it whole. */
const masked = (row: Row): BankAccount => ({
  id: row.id,
  accountName: row.accountName,
  maskedNumber: maskAccountNumber(row.accountNumber),
  ifsc: row.ifsc,
  bankName: row.bankName,
  accountType: accountType(row.accountType),
  isDefault: row.isDefault,
});

const owned = (userId: number, id: number) => and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, id));

export async function listBankAccounts(db: Executor, userId: number): Promise<BankAccount[]> {
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId))
    .orderBy(desc(bankAccounts.isDefault), asc(bankAccounts.id));
  return rows.map(masked);
}

/** One account with its full number, for its owner's edit form. */
export async function getBankAccountForEdit(
  db: Executor,
  userId: number,
  id: number,
): Promise<BankAccountForEdit | null> {
  const [row] = await db.select().from(bankAccounts).where(owned(userId, id));
  return row ? { ...masked(row), accountNumber: row.accountNumber } : null;
}

// one shopper's account writes run one at a time, so "the first account is the default" holds
const lockShopper = (tx: Executor, userId: number) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

/** Adds an account; the shopper's first account becomes the default. */
export async function createBankAccount(
  db: Executor,
  userId: number,
  fields: BankAccountFields,
): Promise<{ code: 'SAVED'; account: BankAccount } | { code: 'LIMIT_REACHED' }> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [existing] = await tx
      .select({ n: count() })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, userId));
    const n = existing?.n ?? 0;
    if (n >= BANK_ACCOUNT_LIMIT) return { code: 'LIMIT_REACHED' as const };
    const [row] = await tx
      .insert(bankAccounts)
      .values({ ...fields, userId, isDefault: n === 0 })
      .returning();
    if (!row) throw new Error('the bank account was not inserted');
    return { code: 'SAVED' as const, account: masked(row) };
  });
}

export async function updateBankAccount(
  db: Executor,
  userId: number,
  id: number,
  fields: BankAccountFields,
): Promise<{ code: 'SAVED'; account: BankAccount } | { code: 'NOT_FOUND' }> {
  const [row] = await db
    .update(bankAccounts)
    .set({ ...fields, updatedAt: new Date() })
    .where(owned(userId, id))
    .returning();
  return row ? { code: 'SAVED', account: masked(row) } : { code: 'NOT_FOUND' };
}

/** spec §4: setting a default makes it the only one, in one transaction. */
export async function setDefaultBankAccount(
  db: Executor,
  userId: number,
  id: number,
): Promise<{ code: 'UPDATED' } | { code: 'NOT_FOUND' }> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [target] = await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(owned(userId, id));
    if (!target) return { code: 'NOT_FOUND' as const };
    await tx
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isDefault, true)));
    await tx.update(bankAccounts).set({ isDefault: true }).where(owned(userId, id));
    return { code: 'UPDATED' as const };
  });
}

/** spec §4: the default account cannot be deleted. */
export async function deleteBankAccount(
  db: Executor,
  userId: number,
  id: number,
): Promise<{ code: 'DELETED' } | { code: 'NOT_FOUND' } | { code: 'IS_DEFAULT' }> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [target] = await tx
      .select({ isDefault: bankAccounts.isDefault })
      .from(bankAccounts)
      .where(owned(userId, id));
    if (!target) return { code: 'NOT_FOUND' as const };
    if (target.isDefault) return { code: 'IS_DEFAULT' as const };
    await tx.delete(bankAccounts).where(owned(userId, id));
    return { code: 'DELETED' as const };
  });
}
