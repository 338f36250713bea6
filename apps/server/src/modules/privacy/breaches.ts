// requirements#privacy-breach: a personal data breach an owner records in the console (DPDP Act
// s. 8(6); DPDP Rules 2025, rule 7). Recording it chooses the people affected by a rule, keeps them,
// and queues one email to each through the outbox in the same transaction; the record then gives
// the Board's detailed report. Every step writes the staff audit log.
import { and, count, desc, eq, gte, inArray, isNull, like, lt, max, or, sql, type SQL } from 'drizzle-orm';
import {
  type Database,
  type Executor,
  orderItems,
  orders,
  outbox,
  privacyBreachSubjects,
  privacyBreaches,
  sellers,
  staff,
  users,
} from '@marketplace/db';
import {
  BREACH_DATA_CATEGORIES,
  BREACH_LIMITS,
  BREACH_MESSAGES,
  type BreachAudience,
  type BreachDataCategory,
  type BreachDetail,
  type BreachPreview,
  type BreachReportDetails,
  type BreachSummary,
  boardReportDueAt,
  boardReportText,
  breachNoticeText,
  contactEntries,
  contactOf,
  type RecordBreachInput,
  timeLeft,
} from '@marketplace/domain/admin/breaches-api';
import { indianDayStart } from '@marketplace/domain/sellers/dashboard-api';
import { formatCalendarDay } from '@marketplace/domain/text/dates';
import { enqueueMessages, type NewMessage } from '../messages/index.ts';
import { writeAudit } from '../staff/index.ts';

/** The message kind of a breach notice in the outbox (requirements#privacy-breach). */
export const BREACH_NOTICE_TEMPLATE = 'breach-notice';
const noticeKey = (breachId: number, userId: number) => `${BREACH_NOTICE_TEMPLATE}:${breachId}:${userId}`;
const noticeKeysOf = (breachId: number) => like(outbox.dedupeKey, `${BREACH_NOTICE_TEMPLATE}:${breachId}:%`);

type Actor = { id: number; email: string };
type Person = { id: number; email: string; firstName: string };
type Chosen = { people: Person[]; unmatched: number; audienceText: string } | { error: string };

const dayStart = (day: string, days = 0) => indianDayStart(new Date(`${day}T12:00:00+05:30`), days);

/** The people an audience rule names: accounts not erased, at most one past the limit. */
async function choose(db: Executor, audience: BreachAudience): Promise<Chosen> {
  const person = { id: users.id, email: users.email, firstName: users.firstName };
  const limit = BREACH_LIMITS.affectedMax + 1;
  switch (audience.kind) {
    case 'signed-up': {
      const people = await db
        .select(person)
        .from(users)
        .where(
          and(
            eq(users.role, 'shopper'),
            isNull(users.erasedAt),
            gte(users.createdAt, dayStart(audience.from)),
            lt(users.createdAt, dayStart(audience.to, 1)),
          ),
        )
        .orderBy(users.id)
        .limit(limit);
      const audienceText = `shoppers who signed up from ${formatCalendarDay(audience.from)} to ${formatCalendarDay(audience.to)}`;
      return { people, unmatched: 0, audienceText };
    }
    case 'seller-buyers': {
      const [seller] = await db
        .select({ name: sellers.name })
        .from(sellers)
        .where(eq(sellers.id, audience.sellerId));
      if (!seller) return { error: BREACH_MESSAGES.sellerNotFound };
      const buyers = db
        .selectDistinct({ userId: orders.userId })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(eq(orderItems.sellerId, audience.sellerId));
      const people = await db
        .select(person)
        .from(users)
        .where(and(isNull(users.erasedAt), inArray(users.id, buyers)))
        .orderBy(users.id)
        .limit(limit);
      return {
        people,
        unmatched: 0,
        audienceText: `buyers of ${seller.name}’s orders (seller ${audience.sellerId})`,
      };
    }
    case 'contacts': {
      const entries = contactEntries(audience.list).map(contactOf);
      const emails = entries.flatMap((entry) => (entry && 'email' in entry ? [entry.email] : []));
      const mobiles = entries.flatMap((entry) => (entry && 'mobile' in entry ? [entry.mobile] : []));
      const matches: SQL[] = [];
      if (emails.length > 0) matches.push(inArray(sql`lower(${users.email})`, emails));
      if (mobiles.length > 0) matches.push(inArray(users.mobile, mobiles));
      const found = await db
        .select({ ...person, mobile: users.mobile })
        .from(users)
        .where(and(isNull(users.erasedAt), or(...matches)))
        .orderBy(users.id)
        .limit(limit);
      const known = new Set(found.flatMap((row) => [row.email.toLowerCase(), row.mobile ?? '']));
      const unmatched = [...emails, ...mobiles].filter((entry) => !known.has(entry)).length;
      const people = found.map(({ id, email, firstName }) => ({ id, email, firstName }));
      return {
        people,
        unmatched,
        audienceText: `a list of ${entries.length.toLocaleString('en-IN')} email addresses and mobile numbers`,
      };
    }
  }
}

/** How many people an audience rule reaches, before anything is recorded or sent. */
export async function previewBreachAudience(
  db: Executor,
  audience: BreachAudience,
): Promise<BreachPreview | { error: string }> {
  const chosen = await choose(db, audience);
  if ('error' in chosen) return chosen;
  if (chosen.people.length > BREACH_LIMITS.affectedMax) return { error: BREACH_MESSAGES.tooMany };
  return { count: chosen.people.length, unmatched: chosen.unmatched, audienceText: chosen.audienceText };
}

export type RecordResult =
  | { code: 'RECORDED' | 'ALREADY_RECORDED'; id: number; affectedCount: number }
  | { code: 'REFUSED'; message: string; field?: string };

const NOTICE_BATCH = 500;

/**
 * Records the breach, keeps its people and queues one notice each, all in one transaction. The
 * form's key makes a second submit of it (a double click, a retried request) record nothing more;
 * each notice's outbox key names the breach and the person, so nobody is emailed twice for one breach.
 */
export async function recordBreach(
  db: Database,
  actor: Actor,
  input: RecordBreachInput,
  now: Date,
): Promise<RecordResult> {
  const discoveredAt = new Date(input.discoveredAt);
  // a discovery is in the past: a few minutes of clock difference with the owner's device allowed
  if (discoveredAt.getTime() > now.getTime() + 5 * 60_000 || discoveredAt.getFullYear() < 2023)
    return { code: 'REFUSED', message: BREACH_MESSAGES.discoveredAt, field: 'discoveredAt' };
  const existing = await findBySubmission(db, input.submissionKey);
  if (existing) return { code: 'ALREADY_RECORDED', ...existing };
  const chosen = await choose(db, input.audience);
  if ('error' in chosen) return { code: 'REFUSED', message: chosen.error, field: 'audience' };
  if (chosen.people.length === 0)
    return { code: 'REFUSED', message: BREACH_MESSAGES.nobody, field: 'audience' };
  if (chosen.people.length > BREACH_LIMITS.affectedMax)
    return { code: 'REFUSED', message: BREACH_MESSAGES.tooMany, field: 'audience' };
  return db.transaction(async (tx) => {
    const { submissionKey, audience, ...facts } = input;
    const [row] = await tx
      .insert(privacyBreaches)
      .values({
        ...facts,
        discoveredAt,
        recordedAt: now,
        recordedByStaffId: actor.id,
        audience: { ...audience, text: chosen.audienceText },
        affectedCount: chosen.people.length,
        submissionKey,
      })
      .onConflictDoNothing({ target: privacyBreaches.submissionKey })
      .returning({ id: privacyBreaches.id });
    if (!row) {
      // the same form's other submit won the race and sent the notices
      const other = await findBySubmission(tx, submissionKey);
      if (!other) throw new Error('a breach with this submission key vanished');
      return { code: 'ALREADY_RECORDED' as const, ...other };
    }
    for (let start = 0; start < chosen.people.length; start += NOTICE_BATCH) {
      const batch = chosen.people.slice(start, start + NOTICE_BATCH);
      await tx
        .insert(privacyBreachSubjects)
        .values(batch.map((person) => ({ breachId: row.id, userId: person.id })))
        .onConflictDoNothing();
      await enqueueMessages(
        tx,
        batch.map((person): NewMessage => {
          const notice = breachNoticeText({ ...facts, discoveredAt }, person.firstName);
          return {
            channel: 'email',
            recipient: person.email,
            subject: notice.subject,
            body: notice.body,
            template: BREACH_NOTICE_TEMPLATE,
            variables: { breach: String(row.id) },
            dedupeKey: noticeKey(row.id, person.id),
          };
        }),
      );
    }
    await writeAudit(
      tx,
      { staffId: actor.id, email: actor.email },
      {
        action: 'breach.record',
        targetType: 'privacy-breach',
        targetId: row.id,
        before: null,
        after: {
          summary: facts.summary,
          discoveredAt: discoveredAt.toISOString(),
          categories: facts.categories,
          audience: chosen.audienceText,
          affectedCount: chosen.people.length,
        },
      },
      now,
    );
    return { code: 'RECORDED' as const, id: row.id, affectedCount: chosen.people.length };
  });
}

async function findBySubmission(db: Executor, submissionKey: string) {
  const [row] = await db
    .select({ id: privacyBreaches.id, affectedCount: privacyBreaches.affectedCount })
    .from(privacyBreaches)
    .where(eq(privacyBreaches.submissionKey, submissionKey));
  return row ?? null;
}

type BreachRow = typeof privacyBreaches.$inferSelect;

/** What the outbox did with a breach's notices: how many went, failed for good, and the last sent. */
async function deliveryOf(db: Executor, breachId: number) {
  const rows = await db
    .select({ status: outbox.status, count: count(), lastSentAt: max(outbox.sentAt) })
    .from(outbox)
    .where(noticeKeysOf(breachId))
    .groupBy(outbox.status);
  const of = (status: string) => rows.find((row) => row.status === status);
  return {
    sentCount: of('sent')?.count ?? 0,
    failedCount: of('failed')?.count ?? 0,
    lastSentAt: of('sent')?.lastSentAt ?? null,
  };
}

const categoriesOf = (row: BreachRow) =>
  row.categories.filter((category): category is BreachDataCategory =>
    (BREACH_DATA_CATEGORIES as readonly string[]).includes(category),
  );
const audienceTextOf = (row: BreachRow) =>
  typeof row.audience.text === 'string' ? row.audience.text : 'the people recorded';

async function summaryOf(db: Executor, row: BreachRow, now: Date): Promise<BreachSummary> {
  const due = boardReportDueAt(row.discoveredAt);
  const { sentCount } = await deliveryOf(db, row.id);
  return {
    id: row.id,
    summary: row.summary,
    discoveredAt: row.discoveredAt.toISOString(),
    recordedAt: row.recordedAt.toISOString(),
    reportDueAt: due.toISOString(),
    isOverdue: row.boardReportedAt === null && due.getTime() < now.getTime(),
    timeLeft: row.boardReportedAt ? 'Reported' : timeLeft(due, now),
    affectedCount: row.affectedCount,
    sentCount,
    boardIntimatedAt: row.boardIntimatedAt?.toISOString() ?? null,
    boardReportedAt: row.boardReportedAt?.toISOString() ?? null,
  };
}

/** The recorded breaches, newest discovery first. */
export async function listBreaches(db: Executor, now: Date): Promise<BreachSummary[]> {
  const rows = await db
    .select()
    .from(privacyBreaches)
    .orderBy(desc(privacyBreaches.discoveredAt), desc(privacyBreaches.id))
    .limit(200);
  return Promise.all(rows.map((row) => summaryOf(db, row, now)));
}

/** One breach with everything it told and the Board's report from it; null when there is none. */
export async function breachDetail(db: Executor, id: number, now: Date): Promise<BreachDetail | null> {
  const [found] = await db
    .select({ row: privacyBreaches, recordedBy: users.email })
    .from(privacyBreaches)
    .innerJoin(staff, eq(staff.id, privacyBreaches.recordedByStaffId))
    .innerJoin(users, eq(users.id, staff.userId))
    .where(eq(privacyBreaches.id, id));
  if (!found) return null;
  const { row } = found;
  const delivery = await deliveryOf(db, row.id);
  const categories = categoriesOf(row);
  const audienceText = audienceTextOf(row);
  return {
    ...(await summaryOf(db, row, now)),
    nature: row.nature,
    location: row.location,
    consequences: row.consequences,
    measures: row.measures,
    safetySteps: row.safetySteps,
    contact: row.contact,
    categories,
    audienceText,
    recordedBy: found.recordedBy,
    circumstances: row.circumstances,
    causeFindings: row.causeFindings,
    remedialMeasures: row.remedialMeasures,
    failedCount: delivery.failedCount,
    boardReport: boardReportText({
      ...row,
      categories,
      audienceText,
      notifiedAt: row.recordedAt,
      ...delivery,
    }),
  };
}

/** The rule 7(2)(b) details learnt after the breach was recorded (audited with before and after). */
export async function saveReportDetails(
  db: Database,
  actor: Actor,
  id: number,
  details: BreachReportDetails,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        circumstances: privacyBreaches.circumstances,
        causeFindings: privacyBreaches.causeFindings,
        remedialMeasures: privacyBreaches.remedialMeasures,
      })
      .from(privacyBreaches)
      .where(eq(privacyBreaches.id, id))
      .for('update');
    if (!before) return false;
    await tx.update(privacyBreaches).set(details).where(eq(privacyBreaches.id, id));
    await writeAudit(
      tx,
      { staffId: actor.id, email: actor.email },
      { action: 'breach.report-details', targetType: 'privacy-breach', targetId: id, before, after: details },
      now,
    );
    return true;
  });
}

/** Marks the Board's first intimation or detailed report sent, once; audited. */
export async function markBoardStep(
  db: Database,
  actor: Actor,
  id: number,
  step: 'intimation' | 'report',
  now: Date,
): Promise<'OK' | 'NOT_FOUND' | 'ALREADY'> {
  const column = step === 'intimation' ? privacyBreaches.boardIntimatedAt : privacyBreaches.boardReportedAt;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ at: column })
      .from(privacyBreaches)
      .where(eq(privacyBreaches.id, id))
      .for('update');
    if (!found) return 'NOT_FOUND';
    if (found.at) return 'ALREADY';
    await tx
      .update(privacyBreaches)
      .set(step === 'intimation' ? { boardIntimatedAt: now } : { boardReportedAt: now })
      .where(eq(privacyBreaches.id, id));
    await writeAudit(
      tx,
      { staffId: actor.id, email: actor.email },
      {
        action: step === 'intimation' ? 'breach.board-intimation' : 'breach.board-report',
        targetType: 'privacy-breach',
        targetId: id,
        before: null,
        after: { at: now.toISOString() },
      },
      now,
    );
    return 'OK';
  });
}
