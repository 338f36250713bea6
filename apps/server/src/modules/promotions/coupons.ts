import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  brands,
  categories,
  coupons,
  type Executor,
  offers,
  products,
  queryRows,
  sellers,
} from '@marketplace/db';
import {
  type Coupon,
  type CouponInput,
  type CouponPage,
  type CouponQuery,
  PROMOTION_MESSAGES,
  PROMOTIONS_PAGE_SIZE,
} from '@marketplace/domain/admin/promotions-api';
import {
  couponStatus,
  indianDayToMoment,
  indianWeekday,
  momentToIndianDay,
} from '@marketplace/domain/marketing/promotions';
import { indianDayStart } from '@marketplace/domain/sellers/dashboard-api';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import { isUniqueViolation } from '../profile/index.ts';

// requirements#operator-promotions: coupons as staff see and change them.

/**
 * requirements#coupons as a WHERE condition over `coupons`: the coupon is active, within its dates,
 * has redemptions left, runs on today's Indian weekday and is under its per-day limit (its uses since
 * Indian midnight). Domain `isCouponUsable` in SQL: the checkout, the product page and /coupons use it.
 */
export function couponIsUsable(now: Date): SQL {
  const weekday = JSON.stringify([indianWeekday(now)]);
  return sql`(${coupons.isActive}
    AND (${coupons.startsAt} IS NULL OR ${coupons.startsAt} <= ${now})
    AND (${coupons.endsAt} IS NULL OR ${coupons.endsAt} > ${now})
    AND (${coupons.totalLimit} IS NULL OR ${coupons.redeemedCount} < ${coupons.totalLimit})
    AND (${coupons.selectedDays} IS NULL OR ${coupons.selectedDays} @> ${weekday}::jsonb)
    AND (${coupons.perDayLimit} IS NULL OR ${usedSince(sql`${coupons.id}`, indianDayStart(now))} < ${coupons.perDayLimit}))`;
}

/** How many order lines used a coupon since a moment (by the order_items_coupon_idx index). */
const usedSince = (couponId: SQL, since: Date) =>
  sql`(SELECT count(*)::int FROM order_items used WHERE used.coupon_id = ${couponId} AND used.created_at >= ${since})`;

type Row = {
  id: number;
  code: string;
  scope: Coupon['scope'];
  product_id: number | null;
  product_name: string | null;
  category_id: number | null;
  category_name: string | null;
  brand_id: number | null;
  brand_name: string | null;
  seller_id: number | null;
  seller_name: string | null;
  offer_type: 'cash' | 'percentage';
  value: number;
  selected_days: number[] | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  per_day_limit: number | null;
  total_limit: number | null;
  redeemed_count: number;
  redeemed_today: number;
  is_active: boolean;
  total?: number;
};

const momentOf = (value: Date | string | null) => (value === null ? null : new Date(value));

function toCoupon(row: Row, now: Date): Coupon {
  const startsAt = momentOf(row.starts_at);
  const endsAt = momentOf(row.ends_at);
  const times = {
    isActive: row.is_active,
    startsAt,
    endsAt,
    totalLimit: row.total_limit === null ? null : Number(row.total_limit),
    redeemedCount: Number(row.redeemed_count),
  };
  return {
    id: Number(row.id),
    code: row.code,
    scope: row.scope,
    productId: row.product_id === null ? null : Number(row.product_id),
    productName: row.product_name,
    categoryId: row.category_id === null ? null : Number(row.category_id),
    categoryName: row.category_name,
    brandId: row.brand_id === null ? null : Number(row.brand_id),
    brandName: row.brand_name,
    sellerId: row.seller_id === null ? null : Number(row.seller_id),
    sellerName: row.seller_name,
    offerType: row.offer_type,
    value: Number(row.value),
    days: row.selected_days ?? [],
    fromDate: startsAt ? momentToIndianDay(startsAt) : null,
    // endsAt is the start of the day after the last one
    toDate: endsAt ? momentToIndianDay(new Date(endsAt.getTime() - 1)) : null,
    perDayLimit: row.per_day_limit === null ? null : Number(row.per_day_limit),
    totalLimit: times.totalLimit,
    redeemedCount: times.redeemedCount,
    redeemedToday: Number(row.redeemed_today),
    isActive: row.is_active,
    status: couponStatus(times, now),
  };
}

// domain `couponStatus` in SQL, for the list's status filter (a test compares the two)
const statusCase = (now: Date) => sql`CASE
    WHEN c.ends_at IS NOT NULL AND c.ends_at <= ${now} THEN 'expired'
    WHEN c.total_limit IS NOT NULL AND c.redeemed_count >= c.total_limit THEN 'exhausted'
    WHEN NOT c.is_active THEN 'paused'
    WHEN c.starts_at IS NOT NULL AND c.starts_at > ${now} THEN 'scheduled'
    ELSE 'active' END`;

// a category by its path of names, top first (the tree has four levels)
const categoryPath = sql.raw(
  `CASE WHEN c1.id IS NULL THEN NULL ELSE concat_ws(' › ', c4.name, c3.name, c2.name, c1.name) END`,
);

const selectCoupons = (now: Date, where: SQL, tail: SQL = sql``) => sql`
  SELECT * FROM (
    SELECT c.id, c.name AS code, c.scope, c.product_id, p.name AS product_name,
           c.category_id, ${categoryPath} AS category_name, c.brand_id, b.name AS brand_name,
           c.seller_id, s.name AS seller_name, c.offer_type, c.value, c.selected_days, c.starts_at, c.ends_at, c.per_day_limit, c.total_limit,
           c.redeemed_count, c.is_active, ${statusCase(now)} AS status,
           ${usedSince(sql`c.id`, indianDayStart(now))} AS redeemed_today
      FROM coupons c
      LEFT JOIN products p ON p.id = c.product_id
      LEFT JOIN categories c1 ON c1.id = c.category_id
      LEFT JOIN categories c2 ON c2.id = c1.parent_id
      LEFT JOIN categories c3 ON c3.id = c2.parent_id
      LEFT JOIN categories c4 ON c4.id = c3.parent_id
      LEFT JOIN brands b ON b.id = c.brand_id
      LEFT JOIN sellers s ON s.id = c.seller_id) listed
   WHERE ${where} ${tail}`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Coupons newest first, a page at a time; searched by code, what it is for by name, or a coupon's or product's id. */
export async function listCoupons(db: Executor, query: CouponQuery, now: Date): Promise<CouponPage> {
  const conditions: SQL[] = [sql`TRUE`];
  if (query.q) {
    const pattern = likePattern(query.q);
    const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    conditions.push(
      sql`(listed.code ILIKE ${pattern} OR listed.product_name ILIKE ${pattern}
           OR listed.category_name ILIKE ${pattern} OR listed.brand_name ILIKE ${pattern}
           OR listed.seller_name ILIKE ${pattern}${
             id === null ? sql`` : sql` OR listed.id = ${id} OR listed.product_id = ${id}`
           })`,
    );
  }
  if (query.status) conditions.push(sql`listed.status = ${query.status}`);
  const where = sql.join(conditions, sql` AND `);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT *, count(*) OVER ()::int AS total FROM (${selectCoupons(now, where)}) found
         ORDER BY found.id DESC
         LIMIT ${PROMOTIONS_PAGE_SIZE} OFFSET ${(query.page - 1) * PROMOTIONS_PAGE_SIZE}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM (${selectCoupons(now, where)}) found`,
    );
    total = Number(counted?.n ?? 0);
  }
  return {
    coupons: rows.map((row) => toCoupon(row, now)),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PROMOTIONS_PAGE_SIZE)),
    total,
  };
}

export async function findCoupon(db: Executor, id: number, now: Date): Promise<Coupon | null> {
  const [row] = await queryRows<Row>(db, selectCoupons(now, sql`listed.id = ${id}`));
  return row ? toCoupon(row, now) : null;
}

export type CouponWriteResult =
  | { code: 'SAVED'; coupon: Coupon }
  | { code: 'NOT_FOUND' }
  | { code: 'INVALID'; fields: Record<string, string>; message: string }
  | { code: 'CODE_TAKEN' };

const invalid = (field: string, message: string): CouponWriteResult => ({
  code: 'INVALID',
  fields: { [field]: message },
  message,
});

/** The stored columns of a coupon's input: the Indian days as moments (the last day included). */
function columnsOf(input: CouponInput) {
  return {
    name: input.code,
    scope: input.scope,
    productId: input.productId,
    categoryId: input.categoryId,
    brandId: input.brandId,
    sellerId: input.sellerId,
    offerType: input.offerType,
    value: input.value,
    selectedDays: input.days.length === 0 || input.days.length === 7 ? null : input.days,
    startsAt: input.fromDate ? indianDayToMoment(input.fromDate) : null,
    endsAt: input.toDate ? indianDayToMoment(input.toDate, 1) : null,
    perDayLimit: input.perDayLimit,
    totalLimit: input.totalLimit,
  };
}

/**
 * requirements#coupon-scopes: the coupon's target exists (a category not retired), and a seller
 * named for one product sells it. The target's row is locked, so two coupons of one code for it
 * cannot both pass the code check.
 */
async function checkTarget(tx: Executor, input: CouponInput, exceptId: number | null) {
  if (input.productId !== null) {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, input.productId))
      .for('update');
    if (!product) return invalid('productId', PROMOTION_MESSAGES.productNotFound);
  }
  if (input.categoryId !== null) {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, input.categoryId), isNull(categories.retiredAt)))
      .for('update');
    if (!category) return invalid('categoryId', PROMOTION_MESSAGES.categoryNotFound);
  }
  if (input.brandId !== null) {
    const [brand] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.id, input.brandId))
      .for('update');
    if (!brand) return invalid('brandId', PROMOTION_MESSAGES.brandNotFound);
  }
  if (input.sellerId !== null) {
    const [seller] = await tx
      .select({ id: sellers.id })
      .from(sellers)
      .where(eq(sellers.id, input.sellerId))
      .for(input.scope === 'seller' ? 'update' : 'share');
    if (!seller) return invalid('sellerId', PROMOTION_MESSAGES.sellerNotFound);
  }
  if (input.productId !== null && input.sellerId !== null) {
    const [offer] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.productId, input.productId), eq(offers.sellerId, input.sellerId)))
      .limit(1);
    if (!offer) return invalid('sellerId', PROMOTION_MESSAGES.sellerNotOffering);
  }
  // one of a kind among its target's coupons (the coupons_target_code_key index's terms)
  const targetId = input.productId ?? input.categoryId ?? input.brandId ?? input.sellerId ?? 0;
  const [taken] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM coupons WHERE scope = ${input.scope}
           AND coalesce(product_id, category_id, brand_id, seller_id, 0) = ${targetId}
           AND upper(name) = ${input.code}
        ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`,
  );
  return taken ? ({ code: 'CODE_TAKEN' } as const) : null;
}

/** Audit's view of a coupon: what staff set, not the counts shoppers move. */
const audited = (c: Coupon) => ({
  code: c.code,
  scope: c.scope,
  productId: c.productId,
  categoryId: c.categoryId,
  brandId: c.brandId,
  sellerId: c.sellerId,
  offerType: c.offerType,
  value: c.value,
  days: c.days,
  fromDate: c.fromDate,
  toDate: c.toDate,
  perDayLimit: c.perDayLimit,
  totalLimit: c.totalLimit,
  isActive: c.isActive,
});

async function guardedWrite(work: () => Promise<CouponWriteResult>): Promise<CouponWriteResult> {
  try {
    return await work();
  } catch (error) {
    // two saves of one code at once: the unique index lets one through (requirements#operator-promotions)
    if (isUniqueViolation(error, 'coupons_target_code_key')) return { code: 'CODE_TAKEN' };
    throw error;
  }
}

/** Creates a coupon, usable at checkout at once when its days allow; audited as coupon.create. */
export function createCoupon(db: Executor, actor: AuditActor, input: CouponInput, now: Date) {
  return guardedWrite(() =>
    db.transaction(async (tx): Promise<CouponWriteResult> => {
      const problem = await checkTarget(tx, input, null);
      if (problem) return problem;
      const [created] = await tx
        .insert(coupons)
        .values({ ...columnsOf(input), sellerType: 'seller', createdAt: now })
        .returning({ id: coupons.id });
      if (!created) throw new Error('the coupon was not inserted');
      const coupon = await findCoupon(tx, created.id, now);
      if (!coupon) throw new Error('the new coupon was not found');
      await writeAudit(
        tx,
        actor,
        {
          action: 'coupon.create',
          targetType: 'coupon',
          targetId: coupon.id,
          before: null,
          after: audited(coupon),
        },
        now,
      );
      return { code: 'SAVED', coupon };
    }),
  );
}

/** Replaces what staff set of a coupon (its redemptions stay); audited as coupon.edit with before and after. */
export function editCoupon(db: Executor, actor: AuditActor, id: number, input: CouponInput, now: Date) {
  return guardedWrite(() =>
    db.transaction(async (tx): Promise<CouponWriteResult> => {
      const [locked] = await tx
        .select({ id: coupons.id })
        .from(coupons)
        .where(eq(coupons.id, id))
        .for('update');
      const before = locked ? await findCoupon(tx, id, now) : null;
      if (!before) return { code: 'NOT_FOUND' };
      const problem = await checkTarget(tx, input, id);
      if (problem) return problem;
      await tx.update(coupons).set(columnsOf(input)).where(eq(coupons.id, id));
      const coupon = await findCoupon(tx, id, now);
      if (!coupon) throw new Error('the edited coupon was not found');
      await writeAudit(
        tx,
        actor,
        {
          action: 'coupon.edit',
          targetType: 'coupon',
          targetId: id,
          before: audited(before),
          after: audited(coupon),
        },
        now,
      );
      return { code: 'SAVED', coupon };
    }),
  );
}

export type CouponSwitchResult =
  { code: 'SAVED'; coupon: Coupon } | { code: 'NOT_FOUND' } | { code: 'UNCHANGED' };

/** Pauses (or resumes) a coupon: a paused coupon is offered nowhere; audited as coupon.pause / coupon.resume. */
export function setCouponActive(
  db: Executor,
  actor: AuditActor,
  id: number,
  isActive: boolean,
  now: Date,
): Promise<CouponSwitchResult> {
  return db.transaction(async (tx): Promise<CouponSwitchResult> => {
    const [locked] = await tx
      .select({ isActive: coupons.isActive })
      .from(coupons)
      .where(eq(coupons.id, id))
      .for('update');
    if (!locked) return { code: 'NOT_FOUND' };
    if (locked.isActive === isActive) return { code: 'UNCHANGED' };
    await tx.update(coupons).set({ isActive }).where(eq(coupons.id, id));
    const coupon = await findCoupon(tx, id, now);
    if (!coupon) throw new Error('the coupon was not found');
    await writeAudit(
      tx,
      actor,
      {
        action: isActive ? 'coupon.resume' : 'coupon.pause',
        targetType: 'coupon',
        targetId: id,
        before: { isActive: !isActive },
        after: { isActive },
      },
      now,
    );
    return { code: 'SAVED', coupon };
  });
}
