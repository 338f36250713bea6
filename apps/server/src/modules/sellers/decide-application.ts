import { asc, eq, sql } from 'drizzle-orm';
import { type Executor, sellers, users } from '@marketplace/db';
import { SellerRejectionReason } from '@marketplace/domain/sellers/seller-join';
import type { AuditActor } from '../staff/index.ts';
import { changeSellerStatus, type StatusChange } from './change-status.ts';

export type PendingApplication = {
  sellerId: number;
  email: string;
  displayName: string;
  legalName: string;
  gstin: string | null;
  enrolmentNo: string | null;
  pincode: string;
  submittedAt: Date | null;
};

/** requirements#seller-onboarding: the applications waiting for a decision, oldest first. */
export function listPendingApplications(db: Executor): Promise<PendingApplication[]> {
  return db
    .select({
      sellerId: sellers.id,
      email: users.email,
      displayName: sellers.name,
      legalName: sellers.legalName,
      gstin: sellers.gstin,
      enrolmentNo: sellers.enrolmentNo,
      pincode: sellers.pincode,
      submittedAt: sellers.submittedAt,
    })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.status, 'pending'))
    .orderBy(asc(sellers.submittedAt), asc(sellers.id));
}

export type DecisionResult =
  | { code: 'OK'; sellerId: number; displayName: string }
  | { code: 'NOT_FOUND' }
  | { code: 'NOT_PENDING'; status: string }
  | { code: 'INVALID_REASON'; message: string };

/**
 * Approves or rejects (with a reason the seller reads) the pending application of the account
 * with this email, from the command line (the audit log's actor is `cli`). Only a pending
 * application is decided: a decision is never overwritten by a second one, even when two
 * operators decide at once (requirements#operator-sellers).
 */
export async function decideApplication(
  db: Executor,
  args: { email: string; decision: 'approve' } | { email: string; decision: 'reject'; reason: string },
  now = new Date(),
  actor: AuditActor = { cli: true },
): Promise<DecisionResult> {
  let change: StatusChange = { action: 'approve' };
  if (args.decision === 'reject') {
    const parsed = SellerRejectionReason.safeParse(args.reason);
    if (!parsed.success) return { code: 'INVALID_REASON', message: parsed.error.issues[0]?.message ?? '' };
    change = { action: 'reject', reason: parsed.data };
  }
  const [seller] = await db
    .select({ id: sellers.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(sql`lower(${users.email}) = lower(${args.email.trim()})`);
  if (!seller) return { code: 'NOT_FOUND' };
  const result = await changeSellerStatus(db, seller.id, change, actor, now);
  switch (result.code) {
    case 'OK':
      return { code: 'OK', sellerId: result.sellerId, displayName: result.displayName };
    case 'NOT_FOUND':
      return result;
    case 'NOT_ALLOWED':
      return { code: 'NOT_PENDING', status: result.status };
  }
}
