import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  categories,
  codCollections,
  commissionRules,
  type Executor,
  orderItems,
  products,
  sellerPayouts,
  sellers,
  settlementEntries,
  staff,
  users,
} from '@marketplace/db';
import { indianDayToMoment, momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import {
  type CategoryChoice,
  CONSOLE_PAYOUT_STATUS_LABELS,
  CONSOLE_PAYOUT_STATUSES,
  type CommissionRuleInput,
  type CommissionRuleList,
  type CommissionRuleView,
  type ConsolePayoutPage,
  firstRuleDay,
  type PayoutQuery,
  ruleStartProblem,
  SETTLEMENT_CONSOLE_LIMITS,
  SETTLEMENT_CONSOLE_MESSAGES as M,
  type SellerBalancePage,
} from '@marketplace/domain/settlement/console-api';
import { COMMISSION_SCOPES, type CommissionScope } from '@marketplace/domain/settlement/fees';
import { writeAudit } from '../staff/index.ts';
import { payableMoment, retryReturnedPayout } from './payouts.ts';

// requirements#settlement (ADR-0036): the console's commission rules, payouts and balances.

type RuleRow = typeof commissionRules.$inferSelect;
const PAGE = SETTLEMENT_CONSOLE_LIMITS.pageSize;
const scopeOf = (scope: string): CommissionScope => COMMISSION_SCOPES.find((s) => s === scope) ?? 'default';

/** The names of the rules' targets, by scope and id. */
async function targetNames(db: Executor, rows: readonly Pick<RuleRow, 'scope' | 'scopeId'>[]) {
  const ids = (scope: CommissionScope) => [
    ...new Set(rows.filter((r) => r.scope === scope && r.scopeId !== null).map((r) => r.scopeId ?? 0)),
  ];
  const names = new Map<string, string>();
  const put = (scope: CommissionScope, found: { id: number; name: string }[]) => {
    for (const row of found) names.set(`${scope}:${row.id}`, row.name);
  };
  const categoryIds = ids('category');
  const sellerIds = ids('seller');
  const productIds = ids('product');
  if (categoryIds.length > 0)
    put(
      'category',
      await db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, categoryIds)),
    );
  if (sellerIds.length > 0)
    put(
      'seller',
      await db
        .select({ id: sellers.id, name: sellers.name })
        .from(sellers)
        .where(inArray(sellers.id, sellerIds)),
    );
  if (productIds.length > 0)
    put(
      'product',
      await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, productIds)),
    );
  return (row: Pick<RuleRow, 'scope' | 'scopeId'>) =>
    row.scopeId === null ? null : (names.get(`${row.scope}:${row.scopeId}`) ?? `#${row.scopeId}`);
}

function ruleView(
  row: RuleRow,
  createdBy: string | null,
  targetName: string | null,
  now: Date,
): CommissionRuleView {
  return {
    id: row.id,
    scope: scopeOf(row.scope),
    scopeId: row.scopeId,
    targetName,
    percentBasisPoints: row.percentBasisPoints,
    minimumPaise: row.minimumPaise,
    closingFees: row.closingFees.map((band) => ({ fromPaise: band.fromPaise, feePaise: band.feePaise })),
    shippingFeePerSlabPaise: row.shippingFeePerSlabPaise,
    effectiveFrom: row.effectiveFrom.toISOString(),
    status: row.effectiveFrom.getTime() > now.getTime() ? 'scheduled' : 'in_force',
    createdAt: row.createdAt.toISOString(),
    createdBy,
  };
}

// ruleFor's order within one target: the latest start, ties to the higher id
const isLater = (a: RuleRow, b: RuleRow) =>
  (a.effectiveFrom.getTime() - b.effectiveFrom.getTime() || a.id - b.id) > 0;

/** The top-level and second-level categories still in use, each root followed by its children, in menu order. */
async function categoryChoices(db: Executor): Promise<CategoryChoice[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      level: categories.level,
      parentId: categories.parentId,
      position: categories.position,
    })
    .from(categories)
    .where(and(isNull(categories.retiredAt), sql`${categories.level} <= 2`))
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
  const roots = rows.filter((row) => row.level === 1);
  return roots.flatMap((root) => [
    { id: root.id, name: root.name, level: 1, parentName: null },
    ...rows
      .filter((row) => row.parentId === root.id)
      .map((child) => ({ id: child.id, name: child.name, level: 2, parentName: root.name })),
  ]);
}

/**
 * The rules finance reads: for each target the rule in force now (the one ruleFor picks) and every
 * rule scheduled after it; earlier rules they replaced are only counted. The default first, then
 * categories, sellers and products by name.
 */
export async function listRules(db: Executor, now: Date): Promise<CommissionRuleList> {
  const rows = await db
    .select({ rule: commissionRules, createdBy: users.email })
    .from(commissionRules)
    .leftJoin(users, eq(users.id, commissionRules.createdBy));
  const byTarget = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.rule.scope}:${row.rule.scopeId ?? ''}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), row]);
  }
  const shown: typeof rows = [];
  for (const group of byTarget.values()) {
    const inForce = group
      .filter((row) => row.rule.effectiveFrom.getTime() <= now.getTime())
      .reduce<(typeof rows)[number] | null>(
        (best, row) => (best && !isLater(row.rule, best.rule) ? best : row),
        null,
      );
    if (inForce) shown.push(inForce);
    shown.push(...group.filter((row) => row.rule.effectiveFrom.getTime() > now.getTime()));
  }
  const nameOf = await targetNames(
    db,
    shown.map((row) => row.rule),
  );
  const views = shown.map((row) => ruleView(row.rule, row.createdBy, nameOf(row.rule), now));
  views.sort(
    (a, b) =>
      COMMISSION_SCOPES.indexOf(a.scope) - COMMISSION_SCOPES.indexOf(b.scope) ||
      (a.targetName ?? '').localeCompare(b.targetName ?? '') ||
      (a.scopeId ?? 0) - (b.scopeId ?? 0) ||
      a.effectiveFrom.localeCompare(b.effectiveFrom) ||
      a.id - b.id,
  );
  return {
    rules: views,
    supersededCount: rows.length - shown.length,
    categories: await categoryChoices(db),
    firstDay: firstRuleDay(now),
  };
}

/** The name of what a rule may apply to, or null when there is no such category (in use), seller or product. */
export async function findTarget(db: Executor, scope: CommissionScope, id: number): Promise<string | null> {
  if (scope === 'category') {
    const [row] = await db
      .select({ name: categories.name })
      .from(categories)
      .where(and(eq(categories.id, id), isNull(categories.retiredAt)));
    return row?.name ?? null;
  }
  if (scope === 'seller') {
    const [row] = await db.select({ name: sellers.name }).from(sellers).where(eq(sellers.id, id));
    return row?.name ?? null;
  }
  if (scope === 'product') {
    const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, id));
    return row?.name ?? null;
  }
  return null;
}

const UNKNOWN_TARGET: Record<Exclude<CommissionScope, 'default'>, string> = {
  category: M.categoryUnknown,
  seller: M.sellerUnknown,
  product: M.productUnknown,
};

export type RuleAddResult =
  | { code: 'ADDED'; rule: CommissionRuleView }
  | { code: 'INVALID'; message: string; fields: Record<string, string> };

const invalid = (field: string, message: string): RuleAddResult => ({
  code: 'INVALID',
  message,
  fields: { [field]: message },
});

/**
 * requirements#settlement: adds a commission rule starting at 00:00 IST on a day after today, for a
 * target that exists. Rules are never edited: a later rule for the same target replaces it from its
 * day. Audited as settlement.rule-add in the same transaction.
 */
export function addRule(
  db: Executor,
  actor: { staffId: number; email: string },
  input: CommissionRuleInput,
  now: Date,
) {
  return db.transaction(async (tx): Promise<RuleAddResult> => {
    const startProblem = ruleStartProblem(input.effectiveFrom, now);
    if (startProblem) return invalid('effectiveFrom', startProblem);
    const effectiveFrom = indianDayToMoment(input.effectiveFrom);
    if (!effectiveFrom) return invalid('effectiveFrom', M.effectiveFrom);
    let targetName: string | null = null;
    if (input.scope !== 'default') {
      if (input.scopeId === null) return invalid('scopeId', M.target);
      targetName = await findTarget(tx, input.scope, input.scopeId);
      if (targetName === null) return invalid('scopeId', UNKNOWN_TARGET[input.scope]);
    }
    const [member] = await tx.select({ userId: staff.userId }).from(staff).where(eq(staff.id, actor.staffId));
    const [row] = await tx
      .insert(commissionRules)
      .values({
        scope: input.scope,
        scopeId: input.scope === 'default' ? null : input.scopeId,
        percentBasisPoints: input.percentBasisPoints,
        minimumPaise: input.minimumPaise,
        closingFees: input.closingFees.map((band) => ({
          fromPaise: band.fromPaise,
          feePaise: band.feePaise,
        })),
        shippingFeePerSlabPaise: input.shippingFeePerSlabPaise,
        effectiveFrom,
        createdBy: member?.userId ?? null,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('the commission rule was not inserted');
    const rule = ruleView(row, actor.email.toLowerCase(), targetName, now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'settlement.rule-add',
        targetType: 'commission_rule',
        targetId: row.id,
        before: null,
        after: {
          scope: rule.scope,
          scopeId: rule.scopeId,
          targetName,
          percentBasisPoints: rule.percentBasisPoints,
          minimumPaise: rule.minimumPaise,
          closingFees: rule.closingFees,
          shippingFeePerSlabPaise: rule.shippingFeePerSlabPaise,
          effectiveFrom: rule.effectiveFrom,
          effectiveFromDay: momentToIndianDay(effectiveFrom),
        },
      },
      now,
    );
    return { code: 'ADDED', rule };
  });
}

const payoutStatusOf = (status: string) => CONSOLE_PAYOUT_STATUSES.find((s) => s === status) ?? 'initiated';

/** requirements#settlement: the latest payouts of every seller, newest first, by status, a page at a time. */
export async function listPayouts(db: Executor, query: PayoutQuery): Promise<ConsolePayoutPage> {
  const where = query.status ? eq(sellerPayouts.status, query.status) : undefined;
  const [counted] = await db.select({ total: count() }).from(sellerPayouts).where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select({ payout: sellerPayouts, sellerName: sellers.name })
    .from(sellerPayouts)
    .innerJoin(sellers, eq(sellers.id, sellerPayouts.sellerId))
    .where(where)
    .orderBy(desc(sellerPayouts.createdAt), desc(sellerPayouts.id))
    .limit(PAGE)
    .offset((query.page - 1) * PAGE);
  return {
    payouts: rows.map(({ payout, sellerName }) => {
      const status = payoutStatusOf(payout.status);
      return {
        id: payout.id,
        sellerId: payout.sellerId,
        sellerName,
        periodEnd: payout.periodEnd.toISOString(),
        amountPaise: payout.amountPaise,
        status,
        statusLabel: CONSOLE_PAYOUT_STATUS_LABELS[status],
        utr: payout.utr,
        failureReason: payout.failureReason,
        bankAccountLast4: payout.bankAccountLast4,
        createdAt: payout.createdAt.toISOString(),
        held: payout.returnedAt !== null && payout.releasedAt === null,
        retriedById: payout.retriedById,
      };
    }),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE)),
    total,
  };
}

/**
 * requirements#seller-payouts-rail (ADR-0048): finance retries a payout the rail refused or the bank
 * returned, after fixing what the reason says: the seller's payable balance is paid now as a new
 * payout, the hold lifted. Audited as settlement.payout-retry in the same transaction.
 */
export function retryPayout(
  db: Executor,
  actor: { staffId: number; email: string },
  payoutId: number,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const result = await retryReturnedPayout(tx, payoutId, now);
    if (result.code === 'RETRIED')
      await writeAudit(
        tx,
        actor,
        {
          action: 'settlement.payout-retry',
          targetType: 'seller_payout',
          targetId: payoutId,
          before: null,
          after: { newPayoutId: result.payoutId, amountPaise: result.amountPaise },
        },
        now,
      );
    return result;
  });
}

/**
 * requirements#settlement: each seller with ledger entries, what is payable now and what waits for
 * items' return windows (as sellerBalance counts them), the largest payable first.
 */
export async function listBalances(db: Executor, page: number, now: Date): Promise<SellerBalancePage> {
  const payableNow = sql`(${payableMoment} <= ${now.toISOString()}::timestamptz)`;
  const payable =
    sql<number>`coalesce(sum(${settlementEntries.amountPaise}) FILTER (WHERE ${payableNow}), 0)`.mapWith(
      Number,
    );
  const waiting =
    sql<number>`coalesce(sum(${settlementEntries.amountPaise}) FILTER (WHERE NOT coalesce(${payableNow}, false)), 0)`.mapWith(
      Number,
    );
  const perSeller = db
    .select({
      sellerId: settlementEntries.sellerId,
      payable: payable.as('payable'),
      waiting: waiting.as('waiting'),
    })
    .from(settlementEntries)
    .leftJoin(orderItems, eq(orderItems.id, settlementEntries.orderItemId))
    .leftJoin(codCollections, eq(codCollections.shipmentId, orderItems.shipmentId))
    .groupBy(settlementEntries.sellerId)
    .as('per_seller');
  const [summed] = await db
    .select({
      total: count(),
      payable: sql<number>`coalesce(sum(${perSeller.payable}), 0)`.mapWith(Number),
      waiting: sql<number>`coalesce(sum(${perSeller.waiting}), 0)`.mapWith(Number),
    })
    .from(perSeller);
  const rows = await db
    .select({
      sellerId: perSeller.sellerId,
      sellerName: sellers.name,
      payable: perSeller.payable,
      waiting: perSeller.waiting,
    })
    .from(perSeller)
    .innerJoin(sellers, eq(sellers.id, perSeller.sellerId))
    .orderBy(desc(perSeller.payable), desc(perSeller.waiting), asc(sellers.name))
    .limit(PAGE)
    .offset((page - 1) * PAGE);
  const total = summed?.total ?? 0;
  return {
    balances: rows.map((row) => ({
      sellerId: row.sellerId,
      sellerName: row.sellerName,
      payablePaise: Number(row.payable),
      waitingPaise: Number(row.waiting),
    })),
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE)),
    total,
    totals: { payablePaise: summed?.payable ?? 0, waitingPaise: summed?.waiting ?? 0 },
  };
}
