import { and, asc, eq } from 'drizzle-orm';
import { bankAccounts, type Executor, orders, refunds, users } from '@marketplace/db';
import type { PayoutProvider } from '../payments/index.ts';
import { recordRefundEvent } from './record-refund-event.ts';
import { refundIdempotencyKey } from './send-refunds.ts';

const BATCH = 50;

type BankAccountRow = typeof bankAccounts.$inferSelect;

/**
 * The account an attempt pays into: the one fixed when the attempt was first sent (so a retry
 * sends the very same payout), else the shopper's default now, which is then fixed on the refund
 * with its last 4 digits. Null while the shopper has no bank account: the refund waits.
 */
async function accountFor(
  db: Executor,
  refund: { id: number; attempt: number; userId: number },
): Promise<BankAccountRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ bankAccountId: refunds.bankAccountId, status: refunds.status, attempt: refunds.attempt })
      .from(refunds)
      .where(eq(refunds.id, refund.id))
      .for('update');
    if (!row || row.status !== 'initiated' || row.attempt !== refund.attempt) return null;
    if (row.bankAccountId !== null) {
      const [pinned] = await tx
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.id, row.bankAccountId), eq(bankAccounts.userId, refund.userId)));
      if (pinned) return pinned;
    }
    const [account] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, refund.userId), eq(bankAccounts.isDefault, true)));
    if (!account) return null;
    await tx
      .update(refunds)
      .set({
        bankAccountId: account.id,
        bankAccountLast4: account.accountNumber.slice(-4),
        updatedAt: new Date(),
      })
      .where(eq(refunds.id, refund.id));
    return account;
  });
}

/**
 * Pays initiated cash refunds (cash paid at delivery) into the shopper's bank account through the
 * payout provider; the idempotency key is the refund's id (and attempt), so a retry never pays
 * twice. A shopper without a bank account is skipped until they add one (`waiting`). One the
 * provider takes is marked processed with its payout id.
 */
export async function sendPayouts(
  db: Executor,
  provider: PayoutProvider,
  options: { now?: Date; onError?: (error: unknown, refundId: number) => void } = {},
): Promise<{ sent: number[]; waiting: number[] }> {
  const due = await db
    .select({
      id: refunds.id,
      amountPaise: refunds.amountPaise,
      attempt: refunds.attempt,
      userId: orders.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobile: users.mobile,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(refunds.status, 'initiated'), eq(refunds.method, 'bank_account')))
    .orderBy(asc(refunds.id))
    .limit(BATCH);
  const sent: number[] = [];
  const waiting: number[] = [];
  for (const refund of due) {
    try {
      const account = await accountFor(db, refund);
      if (!account) {
        waiting.push(refund.id);
        continue;
      }
      const made = await provider.payout({
        kind: 'refund',
        amountPaise: refund.amountPaise,
        idempotencyKey: refundIdempotencyKey(refund.id, refund.attempt),
        reference: `refund-${refund.id}`,
        to: {
          accountName: account.accountName,
          accountNumber: account.accountNumber,
          ifsc: account.ifsc,
          contact: {
            name: `${refund.firstName} ${refund.lastName}`.trim(),
            email: refund.email,
            mobile: refund.mobile ?? '',
            referenceId: `shopper-${refund.userId}`,
          },
        },
      });
      await recordRefundEvent(
        db,
        { refundId: refund.id, attempt: refund.attempt },
        { type: 'accepted', providerRefundId: made.providerPayoutId },
        { provider: provider.name, now: options.now },
      );
      sent.push(refund.id);
    } catch (error) {
      options.onError?.(error, refund.id);
    }
  }
  return { sent, waiting };
}
