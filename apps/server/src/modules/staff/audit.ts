import { and, count, desc, eq, gte, inArray, lt, notInArray, type SQL } from 'drizzle-orm';
import { auditLog, type Executor } from '@marketplace/db';
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  AuditEntry,
  type AuditPage,
  type AuditQuery,
  SECURITY_EVENT_ACTIONS,
} from '@marketplace/domain/admin/staff-api';
import { currentOrigin } from '../../http/request-origin.ts';
import { indianDayStart } from '@marketplace/domain/sellers/dashboard-api';

/** Who made a change: a staff member (id and email), the command line, or a background job by name. */
export type AuditActor = { staffId: number; email: string } | { cli: true } | { job: string };

export type AuditChange = {
  action: AuditAction;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
};

/**
 * requirements#operator-console: records a change. Pass the transaction that makes the change, so
 * the change and its record are written together or not at all. Written while a request is served,
 * the row carries its client's address and browser (requirements#staff-security-events).
 */
export async function writeAudit(tx: Executor, actor: AuditActor, change: AuditChange, now = new Date()) {
  const origin = currentOrigin();
  await tx.insert(auditLog).values({
    ipAddress: origin?.ip ?? null,
    userAgent: origin?.userAgent ?? null,
    at: now,
    actorStaffId: 'staffId' in actor ? actor.staffId : null,
    actor: 'cli' in actor ? 'cli' : 'job' in actor ? `job:${actor.job}` : actor.email.toLowerCase(),
    action: change.action,
    targetType: change.targetType,
    targetId: String(change.targetId),
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** The sensitive data a staff member may read, each read written to the log (requirements#staff-security-events). */
export type SensitiveRead =
  | { action: 'read.finance-export'; export: string; month: string }
  | { action: 'read.kyc-document'; sellerId: number; documentId: number; kind: string }
  | { action: 'read.shopper-order'; orderNo: string };

/**
 * requirements#staff-security-events: records that a staff member read sensitive data (a finance
 * export holding PANs, a seller's KYC document, a shopper's order opened from support): who, when,
 * from where and what, never the data itself. PCI DSS 4.0 10.2.1.1.
 */
export async function recordRead(
  db: Executor,
  actor: { staffId: number; email: string },
  read: SensitiveRead,
  now = new Date(),
) {
  const { action, ...what } = read;
  const target =
    read.action === 'read.finance-export'
      ? { type: 'export', id: `${read.export}:${read.month}` }
      : read.action === 'read.kyc-document'
        ? { type: 'seller-document', id: read.documentId }
        : { type: 'order', id: read.orderNo };
  await writeAudit(
    db,
    actor,
    {
      action,
      targetType: target.type,
      targetId: target.id,
      before: null,
      after: what,
    },
    now,
  );
}

// an Indian calendar day, YYYY-MM-DD, as the moment it starts
const dayStart = (day: string, days = 0) => indianDayStart(new Date(`${day}T12:00:00+05:30`), days);

/** The owner's search: newest first, a page at a time, by staff member, action and Indian days. */
export async function searchAudit(db: Executor, query: AuditQuery): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(eq(auditLog.actor, query.actor));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.kind === 'security') conditions.push(inArray(auditLog.action, [...SECURITY_EVENT_ACTIONS]));
  if (query.kind === 'changes') conditions.push(notInArray(auditLog.action, [...SECURITY_EVENT_ACTIONS]));
  if (query.from) conditions.push(gte(auditLog.at, dayStart(query.from)));
  if (query.to) conditions.push(lt(auditLog.at, dayStart(query.to, 1)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  // the action column holds only the domain's names; parsing says so to the type
  const entries = rows.map((row) => AuditEntry.parse({ ...row, at: row.at.toISOString() }));
  return { entries, page: query.page, pageCount, total };
}

/** A staff member's own latest changes, newest first (the overview shows them). */
export async function recentActionsOf(db: Executor, staffId: number, limit = 5) {
  const rows = await db
    .select({ at: auditLog.at, action: auditLog.action, target: auditLog.targetId })
    .from(auditLog)
    .where(eq(auditLog.actorStaffId, staffId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/** Every recorded change of one target, oldest first (a seller's page shows its status history). */
export async function auditTrailOf(db: Executor, targetType: string, targetId: string | number) {
  const rows = await db
    .select({
      at: auditLog.at,
      actor: auditLog.actor,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(auditLog.at, auditLog.id);
  return rows;
}
