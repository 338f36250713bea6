// requirements#grievances: the console's side of complaints (roles owner and support): the list by
// age with both deadlines, a ticket's page, and acknowledging, replying and resolving, each written
// to the audit log in its own transaction and told to the shopper through the outbox.
import { and, asc, count, desc, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, grievanceMessages, grievances, orders, staff, users } from '@marketplace/db';
import type {
  GrievanceList,
  GrievanceQuery,
  StaffGrievanceDetail,
} from '@marketplace/domain/admin/grievances-api';
import {
  ageInWords,
  GRIEVANCE_PAGE_SIZE,
  type GrievanceFilter,
  grievanceDeadlines,
  grievanceStep,
  type GrievanceStatus,
} from '@marketplace/domain/grievances/grievances';
import { enqueueMessages } from '../messages/index.ts';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import { stepNotice } from './notices.ts';
import { detailOf, findGrievance, messagesOf, summaryOf } from './shopper.ts';

const deadlinesOf = (row: typeof grievances.$inferSelect, now: Date) => {
  const d = grievanceDeadlines(row, now);
  return { ...d, acknowledgeBy: d.acknowledgeBy.toISOString(), resolveBy: d.resolveBy.toISOString() };
};

const notResolved = ne(grievances.status, 'resolved');
/** Not resolved and past a limit: unacknowledged after 48 hours, or unresolved after the month. */
const pastALimit = (now: Date) =>
  and(
    notResolved,
    or(and(eq(grievances.status, 'open'), lt(grievances.acknowledgeBy, now)), lt(grievances.resolveBy, now)),
  );

function filterOf(filter: GrievanceFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'unresolved':
      return notResolved;
    case 'overdue':
      return pastALimit(now);
    case 'open':
    case 'acknowledged':
    case 'resolved':
      return eq(grievances.status, filter);
    case 'all':
      return undefined;
  }
}

/** The tickets of a filter, oldest open first (resolved ones last, the latest resolved first). */
export async function listGrievances(db: Executor, query: GrievanceQuery, now: Date): Promise<GrievanceList> {
  const where = filterOf(query.status, now);
  const [[totals], [unresolved], [overdue]] = await Promise.all([
    db.select({ total: count() }).from(grievances).where(where),
    db.select({ total: count() }).from(grievances).where(notResolved),
    db.select({ total: count() }).from(grievances).where(pastALimit(now)),
  ]);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / GRIEVANCE_PAGE_SIZE));
  const order =
    query.status === 'resolved'
      ? [desc(grievances.resolvedAt), desc(grievances.id)]
      : [sql`${grievances.status} = 'resolved'`, asc(grievances.filedAt), asc(grievances.id)];
  const rows = await db
    .select({
      grievance: grievances,
      orderNo: orders.orderNo,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(grievances)
    .innerJoin(users, eq(users.id, grievances.userId))
    .leftJoin(orders, eq(orders.id, grievances.orderId))
    .where(where)
    .orderBy(...order)
    .limit(GRIEVANCE_PAGE_SIZE)
    .offset((query.page - 1) * GRIEVANCE_PAGE_SIZE);
  return {
    rows: rows.map((row) => {
      const summary = summaryOf(row.grievance, row.orderNo);
      return {
        ticketNo: summary.ticketNo,
        category: summary.category,
        subject: summary.subject,
        orderNo: summary.orderNo,
        status: summary.status,
        filedAt: summary.filedAt,
        shopper: { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
        age: ageInWords(row.grievance.filedAt, now),
        deadlines: deadlinesOf(row.grievance, now),
      };
    }),
    page: query.page,
    pageCount,
    total,
    counts: { unresolved: unresolved?.total ?? 0, overdue: overdue?.total ?? 0 },
    now: now.toISOString(),
  };
}

/** A ticket's page in the console: the shopper, the order, the deadlines, who wrote each answer. */
export async function staffGrievance(
  db: Executor,
  ticketNo: string,
  now: Date,
): Promise<StaffGrievanceDetail | null> {
  const found = await findGrievance(db, ticketNo);
  if (!found) return null;
  const messages = await messagesOf(db, found.grievance.id);
  const [shopper] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobile: users.mobile,
    })
    .from(users)
    .where(eq(users.id, found.grievance.userId));
  const staffIds = [...new Set(messages.map((m) => m.staffId).filter((id): id is number => id !== null))];
  const writers =
    staffIds.length === 0
      ? []
      : await db
          .select({ id: staff.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(staff)
          .innerJoin(users, eq(users.id, staff.userId))
          .where(inArray(staff.id, staffIds));
  const messageAuthors: Record<string, string> = {};
  for (const message of messages) {
    if (message.author === 'shopper') continue;
    const writer = writers.find((w) => w.id === message.staffId);
    messageAuthors[String(message.id)] = writer
      ? `${writer.firstName} ${writer.lastName} (${writer.email})`
      : 'Support';
  }
  return {
    ...detailOf(found, messages),
    shopper: {
      name: shopper ? `${shopper.firstName} ${shopper.lastName}`.trim() : '',
      email: shopper?.email ?? '',
      mobile: shopper?.mobile ?? null,
    },
    age: ageInWords(found.grievance.filedAt, now),
    deadlines: deadlinesOf(found.grievance, now),
    messageAuthors,
  };
}

export type StaffStep = 'acknowledge' | 'staff-reply' | 'resolve';
export type StaffStepResult =
  | { code: 'OK'; status: GrievanceStatus }
  | { code: 'NOT_FOUND' }
  | { code: 'ALREADY_ACKNOWLEDGED' | 'NOT_ACKNOWLEDGED' | 'RESOLVED'; message: string };

const AUDIT_OF = {
  acknowledge: 'grievance.acknowledge',
  'staff-reply': 'grievance.reply',
  resolve: 'grievance.resolve',
} as const;
const KIND_OF = { acknowledge: 'acknowledgement', 'staff-reply': 'reply', resolve: 'resolution' } as const;

/**
 * A staff member's step on a ticket, under the ticket's row lock: the new status, the message the
 * shopper reads, the email telling them, and the audit entry (before → after), all or nothing.
 */
export async function takeStaffStep(
  db: Executor,
  member: { id: number; email: string },
  ticketNo: string,
  step: StaffStep,
  text: string,
  now: Date,
): Promise<StaffStepResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ grievance: grievances, email: users.email, firstName: users.firstName })
      .from(grievances)
      .innerJoin(users, eq(users.id, grievances.userId))
      .where(eq(grievances.ticketNo, ticketNo))
      .for('update', { of: grievances });
    if (!row) return { code: 'NOT_FOUND' };
    const { grievance } = row;
    const result = grievanceStep(grievance.status as GrievanceStatus, step);
    if (!result.ok) return { code: result.code, message: result.message };
    const before = {
      status: grievance.status,
      acknowledgedAt: grievance.acknowledgedAt?.toISOString() ?? null,
      resolvedAt: grievance.resolvedAt?.toISOString() ?? null,
    };
    const acknowledgedAt = grievance.acknowledgedAt ?? (step === 'staff-reply' ? null : now);
    const resolvedAt = step === 'resolve' ? now : null;
    await tx
      .update(grievances)
      .set({
        status: result.status,
        acknowledgedAt,
        ...(step === 'resolve' ? { resolvedAt: now, resolution: text } : {}),
        updatedAt: now,
      })
      .where(eq(grievances.id, grievance.id));
    await tx.insert(grievanceMessages).values({
      grievanceId: grievance.id,
      kind: KIND_OF[step],
      author: 'staff',
      staffId: member.id,
      body: text,
      createdAt: now,
    });
    await enqueueMessages(tx, [
      stepNotice({ email: row.email, firstName: row.firstName }, ticketNo, KIND_OF[step], text),
    ]);
    const actor: AuditActor = { staffId: member.id, email: member.email };
    await writeAudit(
      tx,
      actor,
      {
        action: AUDIT_OF[step],
        targetType: 'grievance',
        targetId: ticketNo,
        before,
        after: {
          status: result.status,
          acknowledgedAt: acknowledgedAt?.toISOString() ?? null,
          resolvedAt: (resolvedAt ?? grievance.resolvedAt)?.toISOString() ?? null,
          [KIND_OF[step]]: text,
        },
      },
      now,
    );
    return { code: 'OK', status: result.status };
  });
}
