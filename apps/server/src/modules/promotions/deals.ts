import { and, eq, type SQL, sql } from 'drizzle-orm';
import { deals, type Executor, offers, queryRows } from '@marketplace/db';
import {
  type Deal,
  type DealInput,
  type DealPage,
  type DealQuery,
  PROMOTION_MESSAGES,
  PROMOTIONS_PAGE_SIZE,
} from '@marketplace/domain/admin/promotions-api';
import { dealStatus } from '@marketplace/domain/marketing/promotions';
import { type AuditActor, writeAudit } from '../staff/index.ts';

// requirements#operator-promotions: lightning deals and percentage offers as staff see and change
// them; the storefront reads the same rows (requirements#deals) between their start and end.

type Row = {
  id: number;
  product_id: number;
  product_name: string;
  seller_id: number;
  seller_name: string;
  page: Deal['page'];
  offer_type: Deal['offerType'];
  discount_percent: number;
  billing_type: Deal['billingType'];
  starts_at: Date | string;
  ends_at: Date | string;
  clicks: number;
  total?: number;
};

function toDeal(row: Row, now: Date): Deal {
  const startsAt = new Date(row.starts_at);
  const endsAt = new Date(row.ends_at);
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    productName: row.product_name,
    sellerId: Number(row.seller_id),
    sellerName: row.seller_name,
    page: row.page,
    offerType: row.offer_type,
    discountPercent: Number(row.discount_percent),
    billingType: row.billing_type,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    clicks: Number(row.clicks),
    status: dealStatus({ startsAt, endsAt }, now),
  };
}

// domain `dealStatus` in SQL, for the list's filter
const statusCase = (now: Date) => sql`CASE
    WHEN d.ends_at <= ${now} THEN 'ended'
    WHEN d.starts_at > ${now} THEN 'upcoming'
    ELSE 'live' END`;

const selectDeals = (now: Date, where: SQL) => sql`
  SELECT * FROM (
    SELECT d.id, d.product_id, p.name AS product_name, d.seller_id, s.name AS seller_name, d.page,
           d.offer_type, d.discount_percent, d.billing_type, d.starts_at, d.ends_at, d.clicks,
           ${statusCase(now)} AS status
      FROM deals d
      JOIN products p ON p.id = d.product_id
      JOIN sellers s ON s.id = d.seller_id) listed
   WHERE ${where}`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Deals by status: live ones ending soonest first, upcoming starting soonest first, ended latest first. */
export async function listDeals(db: Executor, query: DealQuery, now: Date): Promise<DealPage> {
  const conditions: SQL[] = [sql`TRUE`];
  if (query.q) {
    const pattern = likePattern(query.q);
    const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    conditions.push(
      sql`(listed.product_name ILIKE ${pattern} OR listed.seller_name ILIKE ${pattern}${
        id === null ? sql`` : sql` OR listed.id = ${id} OR listed.product_id = ${id}`
      })`,
    );
  }
  if (query.status) conditions.push(sql`listed.status = ${query.status}`);
  const where = sql.join(conditions, sql` AND `);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT *, count(*) OVER ()::int AS total FROM (${selectDeals(now, where)}) found
         ORDER BY CASE found.status WHEN 'live' THEN 0 WHEN 'upcoming' THEN 1 ELSE 2 END,
                  CASE found.status WHEN 'live' THEN found.ends_at WHEN 'upcoming' THEN found.starts_at END,
                  found.ends_at DESC, found.id DESC
         LIMIT ${PROMOTIONS_PAGE_SIZE} OFFSET ${(query.page - 1) * PROMOTIONS_PAGE_SIZE}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM (${selectDeals(now, where)}) found`,
    );
    total = Number(counted?.n ?? 0);
  }
  return {
    deals: rows.map((row) => toDeal(row, now)),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PROMOTIONS_PAGE_SIZE)),
    total,
  };
}

export async function findDeal(db: Executor, id: number, now: Date): Promise<Deal | null> {
  const [row] = await queryRows<Row>(db, selectDeals(now, sql`listed.id = ${id}`));
  return row ? toDeal(row, now) : null;
}

export type DealWriteResult =
  | { code: 'SAVED'; deal: Deal }
  | { code: 'NOT_FOUND' }
  | { code: 'INVALID'; fields: Record<string, string>; message: string }
  | { code: 'OVER' };

const invalid = (field: string, message: string): DealWriteResult => ({
  code: 'INVALID',
  fields: { [field]: message },
  message,
});

const audited = (d: Deal) => ({
  productId: d.productId,
  sellerId: d.sellerId,
  page: d.page,
  offerType: d.offerType,
  discountPercent: d.discountPercent,
  billingType: d.billingType,
  startsAt: d.startsAt,
  endsAt: d.endsAt,
});

/** A deal advertises a seller's offer of the product, and ends in the future. */
async function checkDeal(tx: Executor, input: DealInput, now: Date): Promise<DealWriteResult | null> {
  const [offer] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.productId, input.productId), eq(offers.sellerId, input.sellerId)))
    .limit(1);
  if (!offer) return invalid('sellerId', PROMOTION_MESSAGES.sellerNotOffering);
  if (Date.parse(input.endsAt) <= now.getTime()) return invalid('endsAt', PROMOTION_MESSAGES.dealEndPast);
  return null;
}

const columnsOf = (input: DealInput) => ({
  productId: input.productId,
  sellerId: input.sellerId,
  page: input.page,
  offerType: input.offerType,
  discountPercent: input.discountPercent,
  billingType: input.billingType,
  startsAt: new Date(input.startsAt),
  endsAt: new Date(input.endsAt),
});

/** Creates a deal; the storefront shows it from its start. Audited as deal.create. */
export function createDeal(db: Executor, actor: AuditActor, input: DealInput, now: Date) {
  return db.transaction(async (tx): Promise<DealWriteResult> => {
    const problem = await checkDeal(tx, input, now);
    if (problem) return problem;
    const [created] = await tx
      .insert(deals)
      .values({ ...columnsOf(input), createdAt: now })
      .returning({ id: deals.id });
    if (!created) throw new Error('the deal was not inserted');
    const deal = await findDeal(tx, created.id, now);
    if (!deal) throw new Error('the new deal was not found');
    await writeAudit(
      tx,
      actor,
      { action: 'deal.create', targetType: 'deal', targetId: deal.id, before: null, after: audited(deal) },
      now,
    );
    return { code: 'SAVED', deal };
  });
}

/** Changes a live or upcoming deal (an ended one is history). Audited as deal.edit with before and after. */
export function editDeal(db: Executor, actor: AuditActor, id: number, input: DealInput, now: Date) {
  return db.transaction(async (tx): Promise<DealWriteResult> => {
    const [locked] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, id)).for('update');
    const before = locked ? await findDeal(tx, id, now) : null;
    if (!before) return { code: 'NOT_FOUND' };
    if (before.status === 'ended') return { code: 'OVER' };
    const problem = await checkDeal(tx, input, now);
    if (problem) return problem;
    await tx.update(deals).set(columnsOf(input)).where(eq(deals.id, id));
    const deal = await findDeal(tx, id, now);
    if (!deal) throw new Error('the edited deal was not found');
    await writeAudit(
      tx,
      actor,
      {
        action: 'deal.edit',
        targetType: 'deal',
        targetId: id,
        before: audited(before),
        after: audited(deal),
      },
      now,
    );
    return { code: 'SAVED', deal };
  });
}

export type DealEndResult = { code: 'ENDED'; deal: Deal } | { code: 'NOT_FOUND' } | { code: 'NOT_LIVE' };

/** Ends a live deal now: the storefront stops showing it at once. Audited as deal.end. */
export function endDeal(db: Executor, actor: AuditActor, id: number, now: Date) {
  return db.transaction(async (tx): Promise<DealEndResult> => {
    const [locked] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, id)).for('update');
    const before = locked ? await findDeal(tx, id, now) : null;
    if (!before) return { code: 'NOT_FOUND' };
    if (before.status !== 'live') return { code: 'NOT_LIVE' };
    // a deal that started this very moment still ends after its start (the table's rule)
    const endsAt = new Date(Math.max(now.getTime(), Date.parse(before.startsAt) + 1));
    await tx.update(deals).set({ endsAt }).where(eq(deals.id, id));
    const deal = await findDeal(tx, id, now);
    if (!deal) throw new Error('the ended deal was not found');
    await writeAudit(
      tx,
      actor,
      {
        action: 'deal.end',
        targetType: 'deal',
        targetId: id,
        before: { endsAt: before.endsAt },
        after: { endsAt: deal.endsAt },
      },
      now,
    );
    return { code: 'ENDED', deal };
  });
}
