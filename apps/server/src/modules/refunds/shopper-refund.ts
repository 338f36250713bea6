import { and, eq } from 'drizzle-orm';
import { bankAccounts, type Executor, type refunds } from '@marketplace/db';
import { needsBankAccount } from '@marketplace/domain/orders/refund-life';
import type { RefundBreakdown } from '@marketplace/domain/orders/refund';

type RefundRow = typeof refunds.$inferSelect;

/** Whether the shopper has a default bank account a cash refund can be paid into. */
export async function hasDefaultBankAccount(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isDefault, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * A refund as its shopper sees it on the item detail pages: amount, status, where it goes (the
 * original payment, or the bank account by its last 4 digits), when it completed, and whether it
 * waits for them to add a bank account. Never the provider's ids or failure details.
 */
export function shopperRefund(
  refund: RefundRow,
  hasBankAccount: boolean,
  breakdown: RefundBreakdown | null = null,
) {
  return {
    amountPaise: refund.amountPaise,
    status: refund.status,
    method: refund.method,
    bankAccountLast4: refund.bankAccountLast4,
    completedAt: refund.completedAt?.toISOString() ?? null,
    needsBankAccount: needsBankAccount(refund, hasBankAccount),
    breakdown,
  };
}
