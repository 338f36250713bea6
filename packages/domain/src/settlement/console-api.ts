// requirements#settlement: the console's settlement screens for finance staff and owners (ADR-0036):
// commission rules, payouts and balances, and the month's exports. One contract for the server's
// routes, the console's pages and their tests; the rule form's text becomes the API's input here.
import { z } from 'zod';
import { indianDayToMoment, momentToIndianDay } from '../marketing/promotions.ts';
import { formatInr } from '../money/money.ts';
import { rupeesToPaise } from '../sellers/offer-rules.ts';
import { MAX_RECORD_ID, RECORD_ID_PATTERN } from '../validation/record-id.ts';
import {
  COMMISSION_RULE_MESSAGES as F,
  COMMISSION_SCOPES,
  type CommissionScope,
  MAX_CLOSING_FEE_BANDS,
  validateCommissionRule,
} from './fees.ts';

// India has one time zone and no daylight saving: UTC+05:30
const IST_OFFSET_MS = 330 * 60_000;

export const SETTLEMENT_CONSOLE_LIMITS = {
  /** ₹1,00,000: no minimum commission, closing fee or shipping fee per slab is above it */
  feeMaxPaise: 10_000_000,
  /** ₹1 crore: the highest unit price a closing-fee band may start at */
  bandFromMaxPaise: 1_000_000_000,
  pageSize: 25,
  /** the earliest month the exports cover */
  firstMonth: '2020-01',
} as const;
const L = SETTLEMENT_CONSOLE_LIMITS;

export const SETTLEMENT_CONSOLE_MESSAGES = {
  target: 'Choose the category, or enter the id of the seller or product the rule is for.',
  categoryUnknown: 'No category has this id.',
  sellerUnknown: 'No seller has this id.',
  productUnknown: 'No product has this id.',
  minimumTooLarge: 'Enter a minimum commission of at most ₹1,00,000.',
  bandFromTooLarge: 'Start a closing fee band at a price of at most ₹1,00,00,000.',
  bandFeeTooLarge: 'Enter each closing fee as at most ₹1,00,000.',
  shippingTooLarge: 'Enter a shipping fee per 500 g of at most ₹1,00,000.',
  bandIncomplete: 'Fill in both the price and the fee of each closing fee band, or leave both blank.',
  effectiveFrom: 'Enter the rule’s first day as a date (YYYY-MM-DD).',
  effectiveFromPast:
    'Choose a day after today: a rule starts at midnight, Indian time, and never changes sales already made.',
  ruleAdded: 'The commission rule has been added.',
  targetNotFound: 'Nothing of this kind has this id.',
  month: 'Choose a month (YYYY-MM).',
  monthAhead: 'Choose a month that has begun.',
  monthOpen: 'A month’s fee invoices are issued once the month has ended.',
  feeInvoicesFirst: 'Issue the month’s fee invoices first.',
  nothingToInvoice: 'No seller has fees to invoice for this month.',
  status: 'Choose a status from the list.',
  payoutNotFound: 'No payout has this id.',
  payoutNotReturned: 'Only a payout that was refused, failed or reversed can be retried.',
  payoutReleased: 'This payout was retried already.',
  payoutNoBankAccount: 'The seller has no bank account: ask them to add one, then retry.',
  payoutAccountHeld:
    'The seller’s bank account changed: it is paid once its bank has confirmed it and the 48-hour hold has lifted.',
  page: 'page must be a whole number from 1.',
} as const;
const M = SETTLEMENT_CONSOLE_MESSAGES;

// Months, as India counts them

/** A calendar month, `YYYY-MM`. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The moment a month starts in India (00:00 IST on its first day), `monthsAfter` months on; null when not a month. */
export function monthStart(month: string, monthsAfter = 0): Date | null {
  const match = MONTH_PATTERN.exec(month);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1 + monthsAfter, 1) - IST_OFFSET_MS);
}

/** The Indian calendar month holding a moment, `YYYY-MM`. */
export const monthOf = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);

/** The month `by` months after (or before) another. */
export function shiftMonth(month: string, by: number): string {
  const start = monthStart(month, by);
  if (!start) throw new RangeError(`Not a month: ${month}`);
  return monthOf(start);
}

/** Whether the month is over in India: its last day has ended. */
export function isMonthEnded(month: string, now: Date): boolean {
  const end = monthStart(month, 1);
  return end !== null && now.getTime() >= end.getTime();
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** '2026-11' → 'November 2026'. */
export function monthLabel(month: string): string {
  const match = MONTH_PATTERN.exec(month);
  return match ? `${MONTH_NAMES[Number(match[2]) - 1] ?? ''} ${match[1]}` : month;
}

/** A month that has begun, from the first month the exports cover: `YYYY-MM`. */
export const monthParam = z
  .string({ error: M.month })
  .regex(MONTH_PATTERN, M.month)
  .refine((month) => month >= L.firstMonth, M.month);

/** The day after the Indian day holding `now`: the earliest a new rule may start. */
export const firstRuleDay = (now: Date): string =>
  momentToIndianDay(new Date(now.getTime() + 24 * 60 * 60 * 1000));

/** Why a rule may not start on `day` (an Indian calendar day), or null: it starts after today. */
export function ruleStartProblem(day: string, now: Date): string | null {
  const start = indianDayToMoment(day);
  if (!start) return M.effectiveFrom;
  return start.getTime() <= now.getTime() ? M.effectiveFromPast : null;
}

// Commission rules

export const COMMISSION_SCOPE_LABELS: Record<CommissionScope, string> = {
  default: 'Default (every sale)',
  category: 'A category',
  seller: 'A seller',
  product: 'A product',
};

/** validateCommissionRule's problems by field; a narrower rule without its target asks for the target. */
function ruleProblems(rule: CommissionRuleInput) {
  return validateCommissionRule(rule).map((problem) => {
    const missingTarget = problem.field === 'scope' && rule.scope !== 'default';
    return {
      path: [missingTarget ? 'scopeId' : problem.field],
      message: missingTarget ? M.target : problem.message,
    };
  });
}

// a whole number of paise (or basis points) as typed; the rule's own checks judge its range and
// speak validateCommissionRule's words
const whole = (message: string) => z.number({ error: message }).int(message);

/**
 * A commission rule as staff add it: what it applies to (`scopeId` the category, seller or product;
 * null for the default), the commission in basis points (1250 is 12.5 %), the minimum per unit, the
 * closing fee bands by unit price (ascending, from ₹0), the shipping fee per 500 g slab, all in
 * paise, and the Indian day it starts (at 00:00 IST, after today).
 */
export const CommissionRuleInput = z
  .object({
    scope: z.enum(COMMISSION_SCOPES, { error: F.scope }),
    scopeId: z
      .number({ error: M.target })
      .int(M.target)
      .min(1, M.target)
      .max(MAX_RECORD_ID, M.target)
      .nullable(),
    percentBasisPoints: whole(F.percent),
    minimumPaise: whole(F.minimum).max(L.feeMaxPaise, M.minimumTooLarge),
    closingFees: z
      .array(
        z.object(
          {
            fromPaise: whole(F.bandsAscending).max(L.bandFromMaxPaise, M.bandFromTooLarge),
            feePaise: whole(F.bandFee).max(L.feeMaxPaise, M.bandFeeTooLarge),
          },
          { error: F.bandsStart },
        ),
        { error: F.bandsStart },
      )
      .max(MAX_CLOSING_FEE_BANDS, F.bandsTooMany),
    shippingFeePerSlabPaise: whole(F.shipping).max(L.feeMaxPaise, M.shippingTooLarge),
    effectiveFrom: z
      .string({ error: M.effectiveFrom })
      .refine((day) => indianDayToMoment(day) !== null, M.effectiveFrom),
  })
  .superRefine((rule, ctx) => {
    for (const problem of ruleProblems(rule)) ctx.addIssue({ code: 'custom', ...problem });
  });
export type CommissionRuleInput = z.infer<typeof CommissionRuleInput>;

export const BAND_ROWS = MAX_CLOSING_FEE_BANDS;
const bandFields = Array.from(
  { length: BAND_ROWS },
  (_, i) => [`bandFrom${i}`, `bandFee${i}`] as const,
).flat();

export const COMMISSION_RULE_FORM_FIELDS = [
  'scope',
  'categoryId',
  'targetId',
  'percent',
  'minimum',
  'shipping',
  'effectiveFrom',
  ...bandFields,
] as const;
export type CommissionRuleFormValues = Record<(typeof COMMISSION_RULE_FORM_FIELDS)[number], string>;

type Parsed<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/** The first message per field of a failed parse, keyed by the field's name ('_' for the form). */
export function ruleIssuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
  return fields;
}

/** A percentage typed with at most two decimals as basis points: '12.5' → 1250; NaN when not one. */
export function percentToBasisPoints(text: string): number {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Basis points as a percentage: 1250 → '12.5', 1000 → '10'. */
export const basisPointsText = (bps: number): string =>
  bps % 100 === 0 ? String(bps / 100) : (bps / 100).toFixed(2).replace(/0$/, '');

const paiseOf = (text: string) => rupeesToPaise(text) ?? Number.NaN;
const idOf = (text: string) => (RECORD_ID_PATTERN.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The rule form's text as the API's input: rupees to paise, a percentage to basis points, blank bands left out. */
export function commissionRuleFromForm(form: CommissionRuleFormValues): Parsed<CommissionRuleInput> {
  const scope = form.scope;
  const target = scope === 'category' ? form.categoryId : scope === 'default' ? '' : form.targetId;
  const bands: { fromPaise: number; feePaise: number }[] = [];
  let incomplete = false;
  for (let i = 0; i < BAND_ROWS; i++) {
    const from = (form[`bandFrom${i}` as keyof CommissionRuleFormValues] ?? '').trim();
    const fee = (form[`bandFee${i}` as keyof CommissionRuleFormValues] ?? '').trim();
    if (from === '' && fee === '') continue;
    if (from === '' || fee === '') incomplete = true;
    bands.push({ fromPaise: paiseOf(from), feePaise: paiseOf(fee) });
  }
  const typed = {
    scope: scope as CommissionScope,
    scopeId: scope === 'default' ? null : target.trim() === '' ? null : idOf(target),
    percentBasisPoints: percentToBasisPoints(form.percent),
    minimumPaise: paiseOf(form.minimum),
    closingFees: bands,
    shippingFeePerSlabPaise: paiseOf(form.shipping),
    effectiveFrom: form.effectiveFrom.trim(),
  };
  const parsed = CommissionRuleInput.safeParse(typed);
  if (parsed.success && !incomplete) return { ok: true, value: parsed.data };
  // every field's problem at once: the rule's own checks too, which the schema runs only on a well-typed rule
  const fields = parsed.success ? {} : ruleIssuesByField([...parsed.error.issues, ...ruleProblems(typed)]);
  if (incomplete) fields.closingFees = M.bandIncomplete;
  return { ok: false, fields };
}

export const RULE_STATUSES = ['in_force', 'scheduled'] as const;
export const RULE_STATUS_LABELS: Record<(typeof RULE_STATUSES)[number], string> = {
  in_force: 'In force',
  scheduled: 'Scheduled',
};

const paise = z.number().int();
const ClosingFeeBandView = z.object({ fromPaise: paise, feePaise: paise });

export const CommissionRuleView = z
  .object({
    id: z.number().int(),
    scope: z.enum(COMMISSION_SCOPES),
    scopeId: z.number().int().nullable(),
    targetName: z
      .string()
      .nullable()
      .describe('The category, seller or product’s name; null for the default'),
    percentBasisPoints: z.number().int(),
    minimumPaise: paise,
    closingFees: z.array(ClosingFeeBandView),
    shippingFeePerSlabPaise: paise,
    effectiveFrom: z.string(),
    status: z.enum(RULE_STATUSES),
    createdAt: z.string(),
    createdBy: z.string().nullable().describe('The staff member who added it; null for the standing terms'),
  })
  .meta({ id: 'CommissionRuleView' });
export type CommissionRuleView = z.infer<typeof CommissionRuleView>;

export const CategoryChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  parentName: z.string().nullable(),
});
export type CategoryChoice = z.infer<typeof CategoryChoice>;

/** GET /api/admin/settlements/rules: the rules in force and scheduled, and the categories a rule may name. */
export const CommissionRuleList = z
  .object({
    rules: z.array(CommissionRuleView),
    supersededCount: z.number().int().describe('Earlier rules a later one replaced (kept, never edited)'),
    categories: z.array(CategoryChoice).describe('Top-level and second-level categories, in menu order'),
    firstDay: z.string().describe('The earliest day a new rule may start (tomorrow, Indian time)'),
  })
  .meta({ id: 'CommissionRuleList' });
export type CommissionRuleList = z.infer<typeof CommissionRuleList>;

export const CommissionRuleSaved = z
  .object({ message: z.string(), rule: CommissionRuleView })
  .meta({ id: 'CommissionRuleSaved' });
export type CommissionRuleSaved = z.infer<typeof CommissionRuleSaved>;

export const RuleTargetQuery = z.object({
  scope: z.enum(['category', 'seller', 'product'], { error: F.scope }),
  id: z
    .string({ error: M.target })
    .regex(RECORD_ID_PATTERN, M.target)
    .transform(Number)
    .refine((id) => id <= MAX_RECORD_ID, M.target),
});
export const RuleTarget = z
  .object({ scope: z.enum(COMMISSION_SCOPES), id: z.number().int(), name: z.string() })
  .meta({ id: 'RuleTarget' });
export type RuleTarget = z.infer<typeof RuleTarget>;

// Payouts and balances

export const CONSOLE_PAYOUT_STATUSES = [
  'initiated',
  'processed',
  'completed',
  'refused',
  'failed',
  'reversed',
] as const;
export type ConsolePayoutStatus = (typeof CONSOLE_PAYOUT_STATUSES)[number];
export const CONSOLE_PAYOUT_STATUS_LABELS: Record<ConsolePayoutStatus, string> = {
  initiated: 'Initiated',
  processed: 'With the bank',
  completed: 'Paid',
  refused: 'Refused by the bank rail',
  failed: 'Failed',
  reversed: 'Reversed by the bank',
};

/** ADR-0048: the retry of a payout the rail refused or the bank returned, and what it made. */
export const payoutRetriedMessage = (amountPaise: number) =>
  amountPaise > 0
    ? `A new payout of ${formatInr(amountPaise)} has been made: it is sent in the next few minutes.`
    : 'The hold is lifted. Nothing is payable now: the seller is paid in the next cycle.';
export const payoutCutoffAheadMessage = (day: string) =>
  `The seller’s latest payout has a later cut-off (${day}). Retry after it.`;
export const PayoutRetried = z
  .object({
    message: z.string(),
    /** the new payout, or null when nothing was payable */
    payoutId: z.number().int().nullable(),
    amountPaise: paise,
  })
  .meta({ id: 'PayoutRetried' });
export type PayoutRetried = z.infer<typeof PayoutRetried>;

const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, M.page)
  .default('1')
  .transform(Number);

export const PayoutQuery = z.object({
  status: z
    .enum(CONSOLE_PAYOUT_STATUSES, { error: M.status })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: pageParam,
});
export type PayoutQuery = z.infer<typeof PayoutQuery>;

export const ConsolePayout = z
  .object({
    id: z.number().int(),
    sellerId: z.number().int(),
    sellerName: z.string(),
    periodEnd: z.string().describe('The cycle’s cut-off'),
    amountPaise: paise,
    status: z.enum(CONSOLE_PAYOUT_STATUSES),
    statusLabel: z.string(),
    utr: z.string().nullable(),
    failureReason: z.string().nullable(),
    bankAccountLast4: z.string().nullable(),
    createdAt: z.string(),
    /** refused, failed or reversed and not yet retried: the seller is held until finance retries it or the seller changes its bank account */
    held: z.boolean(),
    /** the payout that paid it again, once retried */
    retriedById: z.number().int().nullable(),
  })
  .meta({ id: 'ConsolePayout' });
export type ConsolePayout = z.infer<typeof ConsolePayout>;

export const ConsolePayoutPage = z
  .object({
    payouts: z.array(ConsolePayout),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'ConsolePayoutPage' });
export type ConsolePayoutPage = z.infer<typeof ConsolePayoutPage>;

export const BalanceQuery = z.object({ page: pageParam });

export const SellerBalanceRow = z.object({
  sellerId: z.number().int(),
  sellerName: z.string(),
  payablePaise: paise.describe('Payable now: the next payout pays it'),
  waitingPaise: paise.describe('Waiting for items’ return windows to close'),
});
export type SellerBalanceRow = z.infer<typeof SellerBalanceRow>;

export const SellerBalancePage = z
  .object({
    balances: z.array(SellerBalanceRow),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
    totals: z.object({ payablePaise: paise, waitingPaise: paise }),
  })
  .meta({ id: 'SellerBalancePage' });
export type SellerBalancePage = z.infer<typeof SellerBalancePage>;

// The month's exports

export const EXPORT_KINDS = ['tcs', 'tds', 'sales-register', 'fee-invoices'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_LABELS: Record<ExportKind, string> = {
  tcs: 'GSTR-8: TCS collected (Tables 3 and 4)',
  tds: 'TDS summary',
  'sales-register': 'Sales register',
  'fee-invoices': 'Fee invoices',
};

/** The file a month's export downloads as: `tcs-2026-11.csv`. */
export const exportFileName = (kind: ExportKind, month: string) => `${kind}-${month}.csv`;
/** Where it downloads from. */
export const exportUrl = (kind: ExportKind, month: string) =>
  `/api/admin/settlements/exports/${kind}.csv?month=${month}`;
/** requirements#gstr-8: the month's GSTR-8 as the GST portal's offline tool takes it. */
export const gstr8JsonUrl = (month: string) => `/api/admin/settlements/exports/gstr8.json?month=${month}`;
/** The portal's own naming of a return file: the operator's GSTIN, the return and its period. */
export const gstr8JsonFileName = (gstin: string, month: string) =>
  `GSTR8_${gstin}_${month.slice(5, 7)}${month.slice(0, 4)}.json`;

export const ExportQuery = z.object({ month: monthParam.optional() });
export const MonthInput = z.object({ month: monthParam });

export const ExportsSummary = z
  .object({
    month: z.string(),
    label: z.string(),
    ended: z.boolean().describe('The month is over in India; its figures no longer change'),
    invoices: z.number().int(),
    creditNotes: z.number().int(),
    totals: z.object({
      invoiceValuePaise: paise,
      creditNoteValuePaise: paise,
      netTaxablePaise: paise,
      tcsPaise: paise,
      tdsPaise: paise,
      feesPaise: paise,
      feesGstPaise: paise,
    }),
    feeInvoices: z.object({
      issued: z.number().int(),
      toIssue: z.number().int().describe('Sellers with fees to invoice and no fee invoice yet'),
      canIssue: z.boolean(),
    }),
    files: z.array(
      z.object({
        kind: z.enum(EXPORT_KINDS),
        label: z.string(),
        url: z.string(),
        jsonUrl: z.string().nullable().describe('The same return as the GST portal’s offline tool takes it'),
        available: z.boolean(),
      }),
    ),
    tdsLaw: z
      .string()
      .describe(
        'The income-tax provision TDS is deducted under on credits made in the month (requirements#tds-law)',
      ),
  })
  .meta({ id: 'SettlementExportsSummary' });
export type ExportsSummary = z.infer<typeof ExportsSummary>;

export const FeeInvoicesIssued = z
  .object({
    message: z.string(),
    month: z.string(),
    issued: z.number().int().describe('Fee invoices issued by this request'),
    invoices: z.array(z.object({ number: z.string(), sellerId: z.number().int(), valuePaise: paise })),
  })
  .meta({ id: 'FeeInvoicesIssued' });
export type FeeInvoicesIssued = z.infer<typeof FeeInvoicesIssued>;

export const feeInvoicesIssuedMessage = (issued: number, month: string) =>
  issued === 0
    ? `The fee invoices of ${monthLabel(month)} were issued already.`
    : `${issued === 1 ? '1 fee invoice' : `${issued} fee invoices`} issued for ${monthLabel(month)}.`;
