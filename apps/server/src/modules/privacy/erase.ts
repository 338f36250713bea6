// requirements#account-deletion: erasure on request (DPDP Act s. 12(3)) and for inactivity (rule 8):
// every registered table is deleted, anonymised or kept by law; the users row stays, emptied, so
// the orders and the invoices the law keeps still point at it.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  type Executor,
  itemRequests,
  orderItems,
  orders,
  outbox,
  refunds,
  staff,
  sellers,
  taxDocuments,
  users,
} from '@marketplace/db';
import { LOCKED_PASSWORD_HASH } from '@marketplace/db/password';
import {
  PRIVACY_MESSAGES as M,
  type DeletionBlocker,
  type DeletionPreview,
} from '@marketplace/domain/privacy/rights';
import { ERASED_USER_NAME, PERSONAL_TABLES, TAX_RETENTION_REASON } from './registry.ts';

/** The address an erased account keeps: unique, never deliverable (.invalid is reserved, RFC 2606). */
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;

/** Orders not yet delivered or cancelled, requests not decided and refunds not completed. */
export async function deletionBlockers(db: Executor, userId: number): Promise<DeletionBlocker[]> {
  const openOrders = await db
    .selectDistinct({ orderNo: orders.orderNo })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        or(
          eq(orders.status, 'awaiting_payment'),
          and(eq(orders.status, 'placed'), inArray(orderItems.status, ['pending', 'shipped'])),
        ),
      ),
    )
    .orderBy(orders.orderNo);
  const openRequests = await db
    .select({ refNo: itemRequests.refNo, kind: itemRequests.kind })
    .from(itemRequests)
    .where(and(eq(itemRequests.userId, userId), eq(itemRequests.status, 'pending')))
    .orderBy(itemRequests.refNo);
  const openRefunds = await db
    .select({ orderNo: orders.orderNo, id: refunds.id })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(orders.userId, userId), inArray(refunds.status, ['initiated', 'processed', 'failed'])))
    .orderBy(refunds.id);
  return [
    ...openOrders.map((o) => ({
      kind: 'order' as const,
      reference: o.orderNo,
      text: `Order ${o.orderNo} is not yet delivered or cancelled.`,
    })),
    ...openRequests.map((r) => ({
      kind: 'request' as const,
      reference: r.refNo,
      text: `Your ${r.kind} request ${r.refNo} is waiting for the seller’s decision.`,
    })),
    ...openRefunds.map((r) => ({
      kind: 'refund' as const,
      reference: r.orderNo,
      text: `A refund for order ${r.orderNo} is not yet complete.`,
    })),
  ];
}

async function isSellerOrStaff(db: Executor, userId: number): Promise<boolean> {
  const [seller] = await db
    .select({ id: sellers.id })
    .from(sellers)
    .where(eq(sellers.userId, userId))
    .limit(1);
  const [member] = await db.select({ id: staff.id }).from(staff).where(eq(staff.userId, userId)).limit(1);
  return Boolean(seller ?? member);
}

/** What the shopper sees before confirming: what stops the deletion and what the law keeps. */
export async function deletionPreview(db: Executor, userId: number): Promise<DeletionPreview> {
  const refusal = (await isSellerOrStaff(db, userId)) ? M.deleteSellerOrStaff : null;
  const blockers = await deletionBlockers(db, userId);
  const [kept] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(orders.userId, userId));
  return {
    canDelete: refusal === null && blockers.length === 0,
    refusal,
    blockers,
    retained: [
      { what: 'Tax invoices and credit notes', count: kept?.count ?? 0, reason: TAX_RETENTION_REASON },
    ],
  };
}

export type ErasureResult =
  | { ok: true }
  | { ok: false; code: 'BLOCKED'; preview: DeletionPreview }
  | { ok: false; code: 'ALREADY_ERASED' };

/**
 * Erases the account in one transaction, under a lock on its row: two confirmations at once
 * erase it once, and an order placed meanwhile waits and is then seen as a blocker.
 */
export async function eraseAccount(db: Executor, userId: number, now = new Date()): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, mobile: users.mobile, erasedAt: users.erasedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || user.erasedAt) return { ok: false, code: 'ALREADY_ERASED' };
    const preview = await deletionPreview(tx, userId);
    if (!preview.canDelete) return { ok: false, code: 'BLOCKED', preview };
    await erasePersonalData(tx, userId, user, now);
    return { ok: true };
  });
}

/** The erasure itself, for a locked account that may be erased (also the inactivity job's). */
export async function erasePersonalData(
  tx: Executor,
  userId: number,
  contacts: { email: string; mobile: string | null },
  now: Date,
): Promise<void> {
  for (const entry of PERSONAL_TABLES) {
    const { erasure } = entry;
    if (erasure.kind === 'delete') await tx.delete(entry.table).where(eq(entry.owner, userId));
    else if (erasure.kind === 'anonymise')
      await tx.update(entry.table).set(erasure.set).where(eq(entry.owner, userId));
  }
  // messages queued or sent to the account's email or mobile
  const recipients = [contacts.email, ...(contacts.mobile ? [contacts.mobile] : [])];
  await tx.delete(outbox).where(inArray(outbox.recipient, recipients));
  await tx
    .update(users)
    .set({
      email: erasedEmail(userId),
      mobile: null,
      passwordHash: LOCKED_PASSWORD_HASH,
      passwordIsTemporary: false,
      firstName: ERASED_USER_NAME,
      lastName: '',
      gender: null,
      dateOfBirth: null,
      anniversary: null,
      emailVerifiedAt: null,
      mobileVerifiedAt: null,
      inactivityWarnedAt: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
