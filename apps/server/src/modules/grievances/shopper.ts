// requirements#grievances: the shopper's complaints: filing one (a ticket number at once), the list,
// a ticket's page and replies. Every query filters by the session's account (STYLE habit 7).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Executor,
  grievanceCounters,
  grievanceMessages,
  grievances,
  orderItems,
  orders,
  users,
} from '@marketplace/db';
import type {
  FileGrievanceInput,
  GrievanceDetail,
  GrievanceMessage,
  GrievanceOrders,
  GrievanceSummary,
} from '@marketplace/domain/grievances/grievance-api';
import {
  acknowledgeBy,
  grievanceStep,
  indianYear,
  resolveBy,
  ticketNumber,
  type GrievanceCategory,
  type GrievanceStatus,
} from '@marketplace/domain/grievances/grievances';
import { formatInr } from '@marketplace/domain/money/money';
import { formatIndianDate } from '@marketplace/domain/text/dates';
import { enqueueMessages } from '../messages/index.ts';
import { filedNotice } from './notices.ts';

/** How many of the shopper's latest orders the form offers. */
export const GRIEVANCE_ORDER_CHOICES = 50;

type GrievanceRow = typeof grievances.$inferSelect;

export function summaryOf(row: GrievanceRow, orderNo: string | null): GrievanceSummary {
  return {
    ticketNo: row.ticketNo,
    // the table's checks hold these to the domain's lists
    category: row.category as GrievanceCategory,
    subject: row.subject,
    orderNo,
    status: row.status as GrievanceStatus,
    filedAt: row.filedAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    acknowledgeBy: row.acknowledgeBy.toISOString(),
    resolveBy: row.resolveBy.toISOString(),
  };
}

export type FileResult = { code: 'OK'; ticketNo: string } | { code: 'ORDER_NOT_FOUND' };

/**
 * Files a complaint. The ticket's number comes from its Indian year's counter, bumped under the
 * counter row's lock: filings at the same moment wait for each other and get distinct numbers
 * (ADR-0033).
 */
export async function fileGrievance(
  db: Executor,
  userId: number,
  input: FileGrievanceInput,
  now: Date,
): Promise<FileResult> {
  return db.transaction(async (tx) => {
    let orderId: number | null = null;
    if (input.orderNo) {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.orderNo, input.orderNo), eq(orders.userId, userId)));
      if (!order) return { code: 'ORDER_NOT_FOUND' };
      orderId = order.id;
    }
    const year = indianYear(now);
    const [counter] = await tx
      .insert(grievanceCounters)
      .values({ year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: grievanceCounters.year,
        set: { lastNumber: sql`${grievanceCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: grievanceCounters.lastNumber });
    if (!counter) throw new Error('the grievance counter returned no row');
    const ticketNo = ticketNumber(year, counter.lastNumber);
    const due = resolveBy(now);
    await tx.insert(grievances).values({
      ticketNo,
      userId,
      orderId,
      category: input.category,
      subject: input.subject,
      description: input.description,
      status: 'open',
      filedAt: now,
      acknowledgeBy: acknowledgeBy(now),
      resolveBy: due,
      updatedAt: now,
    });
    const [shopper] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    if (shopper)
      await enqueueMessages(tx, [filedNotice(shopper, ticketNo, input.subject, formatIndianDate(due))]);
    return { code: 'OK', ticketNo };
  });
}

/** The shopper's complaints, newest first. */
export async function myGrievances(db: Executor, userId: number): Promise<GrievanceSummary[]> {
  const rows = await db
    .select({ grievance: grievances, orderNo: orders.orderNo })
    .from(grievances)
    .leftJoin(orders, eq(orders.id, grievances.orderId))
    .where(eq(grievances.userId, userId))
    .orderBy(desc(grievances.filedAt), desc(grievances.id));
  return rows.map((row) => summaryOf(row.grievance, row.orderNo));
}

/** A ticket and its shopper, or null when there is no such ticket (or, with `userId`, not theirs). */
export async function findGrievance(db: Executor, ticketNo: string, userId?: number) {
  const [row] = await db
    .select({ grievance: grievances, orderNo: orders.orderNo })
    .from(grievances)
    .leftJoin(orders, eq(orders.id, grievances.orderId))
    .where(
      userId === undefined
        ? eq(grievances.ticketNo, ticketNo)
        : and(eq(grievances.ticketNo, ticketNo), eq(grievances.userId, userId)),
    );
  return row ?? null;
}

export async function messagesOf(db: Executor, grievanceId: number) {
  return db
    .select()
    .from(grievanceMessages)
    .where(eq(grievanceMessages.grievanceId, grievanceId))
    .orderBy(asc(grievanceMessages.createdAt), asc(grievanceMessages.id));
}

export function messageOf(row: typeof grievanceMessages.$inferSelect): GrievanceMessage {
  return {
    id: row.id,
    kind: row.kind as GrievanceMessage['kind'],
    author: row.author === 'shopper' ? 'shopper' : 'staff',
    body: row.body,
    at: row.createdAt.toISOString(),
  };
}

export function detailOf(
  row: { grievance: GrievanceRow; orderNo: string | null },
  messages: (typeof grievanceMessages.$inferSelect)[],
): GrievanceDetail {
  return {
    ...summaryOf(row.grievance, row.orderNo),
    description: row.grievance.description,
    resolution: row.grievance.resolution,
    messages: messages.map(messageOf),
  };
}

/** A ticket's page for its shopper; null for a ticket that is not theirs. */
export async function myGrievance(
  db: Executor,
  userId: number,
  ticketNo: string,
): Promise<GrievanceDetail | null> {
  const found = await findGrievance(db, ticketNo, userId);
  if (!found) return null;
  return detailOf(found, await messagesOf(db, found.grievance.id));
}

export type ShopperReplyResult =
  { code: 'OK' } | { code: 'NOT_FOUND' } | { code: 'RESOLVED'; message: string };

/** The shopper's reply on their own ticket while it is not resolved. */
export async function replyAsShopper(
  db: Executor,
  userId: number,
  ticketNo: string,
  body: string,
  now: Date,
): Promise<ShopperReplyResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: grievances.id, status: grievances.status })
      .from(grievances)
      .where(and(eq(grievances.ticketNo, ticketNo), eq(grievances.userId, userId)))
      .for('update');
    if (!row) return { code: 'NOT_FOUND' };
    const step = grievanceStep(row.status as GrievanceStatus, 'shopper-reply');
    if (!step.ok) return { code: 'RESOLVED', message: step.message };
    await tx
      .insert(grievanceMessages)
      .values({ grievanceId: row.id, kind: 'reply', author: 'shopper', body, createdAt: now });
    await tx.update(grievances).set({ updatedAt: now }).where(eq(grievances.id, row.id));
    return { code: 'OK' };
  });
}

/** The shopper's latest orders, for the form's order choice. */
export async function grievanceOrders(db: Executor, userId: number): Promise<GrievanceOrders> {
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      placedAt: orders.createdAt,
      totalPaise: orders.totalPaise,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(GRIEVANCE_ORDER_CHOICES);
  const items =
    rows.length === 0
      ? []
      : await db
          .select({ orderId: orderItems.orderId, productName: orderItems.productName })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(orderItems.id));
  return {
    orders: rows.map((row) => {
      const names = items.filter((item) => item.orderId === row.id).map((item) => item.productName);
      const first = names[0] ?? 'Order';
      const more = names.length > 1 ? ` and ${names.length - 1} more` : '';
      return {
        orderNo: row.orderNo,
        placedAt: row.placedAt.toISOString(),
        summary: `${first}${more} · ${formatInr(row.totalPaise)}`,
      };
    }),
  };
}
