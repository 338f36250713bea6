import { asc, eq } from 'drizzle-orm';
import { type Executor, gstRateSchedule, sellers, staff, users } from '@marketplace/db';
import { momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import { hsnDigitsRequired, type TurnoverBand, TURNOVER_BANDS } from '@marketplace/domain/tax/rates';
import {
  GST_RATE_MESSAGES as M,
  type GstRateRowInput,
  type GstRateRowView,
  type HsnOption,
} from '@marketplace/domain/tax/rates-api';
import { scheduleRowFor } from '@marketplace/domain/tax/schedule';
import { writeAudit } from '../staff/index.ts';
import { loadGstSchedule } from './schedule.ts';

type Row = typeof gstRateSchedule.$inferSelect & { addedBy: string | null };

async function allRows(db: Executor): Promise<Row[]> {
  const rows = await db
    .select({ row: gstRateSchedule, addedBy: users.email })
    .from(gstRateSchedule)
    .leftJoin(users, eq(users.id, gstRateSchedule.createdBy))
    .orderBy(asc(gstRateSchedule.hsnPrefix), asc(gstRateSchedule.effectiveFrom));
  return rows.map(({ row, addedBy }) => ({ ...row, addedBy }));
}

/** The row of each prefix in force today: the latest that has started. */
function inForceIds(rows: readonly Row[], today: string): Set<number> {
  const latest = new Map<string, Row>();
  for (const row of rows)
    if (row.effectiveFrom <= today) {
      const seen = latest.get(row.hsnPrefix);
      if (!seen || row.effectiveFrom > seen.effectiveFrom) latest.set(row.hsnPrefix, row);
    }
  return new Set([...latest.values()].map((row) => row.id));
}

const viewOf = (row: Row, today: string, current: Set<number>): GstRateRowView => ({
  id: row.id,
  hsnPrefix: row.hsnPrefix,
  description: row.description,
  effectiveFrom: row.effectiveFrom,
  rateBp: row.rateBp,
  thresholdPaise: row.thresholdPaise,
  rateAboveBp: row.rateAboveBp,
  notification: row.notification,
  addedBy: row.addedBy,
  createdAt: row.createdAt.toISOString(),
  status: row.effectiveFrom > today ? 'scheduled' : current.has(row.id) ? 'in_force' : 'past',
});

/** requirements#gst-tax: the whole schedule, by prefix then date, each row marked past, in force or scheduled. */
export async function listSchedule(db: Executor, now: Date) {
  const today = momentToIndianDay(now);
  const rows = await allRows(db);
  const current = inForceIds(rows, today);
  return { today, rows: rows.map((row) => viewOf(row, today, current)) };
}

export type AddRowResult =
  | { code: 'ADDED'; row: GstRateRowView }
  | { code: 'INVALID'; message: string; fields: Record<string, string> };

/**
 * requirements#gst-tax: finance staff add a row taking effect on a later day; it is never edited.
 * The same prefix and day twice (two staff at once included) is refused, the first one kept.
 */
export function addScheduleRow(
  db: Executor,
  actor: { staffId: number; email: string },
  input: GstRateRowInput,
  now: Date,
) {
  return db.transaction(async (tx): Promise<AddRowResult> => {
    const today = momentToIndianDay(now);
    if (input.effectiveFrom <= today)
      return {
        code: 'INVALID',
        message: M.effectiveFromPast,
        fields: { effectiveFrom: M.effectiveFromPast },
      };
    const [member] = await tx.select({ userId: staff.userId }).from(staff).where(eq(staff.id, actor.staffId));
    const [inserted] = await tx
      .insert(gstRateSchedule)
      .values({ ...input, createdBy: member?.userId ?? null, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return { code: 'INVALID', message: M.duplicate, fields: { effectiveFrom: M.duplicate } };
    await writeAudit(
      tx,
      actor,
      {
        action: 'settlement.gst-rate-add',
        targetType: 'gst_rate_schedule',
        targetId: inserted.id,
        before: null,
        after: { ...input },
      },
      now,
    );
    return {
      code: 'ADDED',
      row: viewOf({ ...inserted, addedBy: actor.email.toLowerCase() }, today, new Set()),
    };
  });
}

const bandOf = (value: string | undefined): TurnoverBand =>
  (TURNOVER_BANDS as readonly string[]).includes(value ?? '') ? (value as TurnoverBand) : 'up_to_5cr';

/** A seller's declared turnover band. */
export async function sellerBand(db: Executor, sellerId: number): Promise<TurnoverBand> {
  const [seller] = await db
    .select({ band: sellers.turnoverBand })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  return bandOf(seller?.band);
}

/**
 * requirements#gst-tax: the HSN codes a seller picks from, the schedule's prefixes in force today
 * with their rates: digits match a prefix either way (62 finds 6211's chapter, 621109 finds 62),
 * words the description; at most 20, the longest prefixes of a match first.
 */
export async function hsnOptions(db: Executor, sellerId: number, q: string, now: Date) {
  const today = momentToIndianDay(now);
  const rows = await allRows(db);
  const current = inForceIds(rows, today);
  const digits = q.replace(/\s+/g, '');
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = rows
    .filter((row) => current.has(row.id))
    .filter((row) =>
      q === ''
        ? true
        : /^\d+$/.test(digits)
          ? row.hsnPrefix.startsWith(digits) || digits.startsWith(row.hsnPrefix)
          : words.every((word) => row.description.toLowerCase().includes(word)),
    )
    .sort((a, b) => a.hsnPrefix.localeCompare(b.hsnPrefix))
    .slice(0, 20);
  const options: HsnOption[] = matches.map((row) => ({
    hsnCode: row.hsnPrefix,
    description: row.description,
    rateBp: row.rateBp,
    thresholdPaise: row.thresholdPaise,
    rateAboveBp: row.rateAboveBp,
    notification: row.notification,
  }));
  return { options, digitsRequired: hsnDigitsRequired(await sellerBand(db, sellerId)) };
}

/**
 * requirements#gst-tax: what is wrong with the HSN code a seller gives a listing, or null: 6 digits
 * are required of a seller declaring turnover above ₹5 crore (Notification 78/2020-Central Tax),
 * and the code must have a rate in the schedule today (the rate is derived, never typed).
 */
export async function hsnProblem(db: Executor, sellerId: number, hsnCode: string, now: Date) {
  if (hsnCode.length < hsnDigitsRequired(await sellerBand(db, sellerId))) return M.hsnSixDigits;
  const today = momentToIndianDay(now);
  const rows = await loadGstSchedule(db);
  return scheduleRowFor(rows, hsnCode, today) ? null : M.hsnUnknown;
}
