import { and, asc, count, desc, eq } from 'drizzle-orm';
import { bankAccounts, type Executor } from '@marketplace/db';
import { type DefaultRows, deleteUnlessDefault, lockShopper, setOnlyDefault } from '../accounts/index.ts';
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

const rows: DefaultRows = {
  isDefault: async (tx, userId, id) =>
    (await tx.select({ isDefault: bankAccounts.isDefault }).from(bankAccounts).where(owned(userId, id)))[0]
      ?.isDefault,
  clearDefault: (tx, userId) =>
    tx
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isDefault, true))),
  makeDefault: (tx, userId, id) => tx.update(bankAccounts).set({ isDefault: true }).where(owned(userId, id)),
  remove: (tx, userId, id) => tx.delete(bankAccounts).where(owned(userId, id)),
};

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

/** requirements#one-default: setting a default makes it the only one, in one transaction. */
export function setDefaultBankAccount(db: Executor, userId: number, id: number) {
  return setOnlyDefault(db, rows, userId, id);
}

/** requirements#one-default: the default account cannot be deleted. */
export function deleteBankAccount(db: Executor, userId: number, id: number) {
  return deleteUnlessDefault(db, rows, userId, id);
}
