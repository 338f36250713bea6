// requirements#operator-promotions: the console's coupons, lightning deals and percentage offers,
// the PromoJun platform promo and brand campaigns; one contract for the server's routes and the
// console's pages, and the forms' text turned into the API's input by the same schemas.
import { z } from 'zod';
import {
  COUPON_STATUSES,
  DEAL_STATUSES,
  indianDayToMoment,
  indianLocalToIso,
} from '../marketing/promotions.ts';
import { COUPON_SCOPES } from '../pricing/coupon-scope.ts';
import { rupeesToPaise } from '../sellers/offer-rules.ts';
import { MAX_RECORD_ID } from '../validation/record-id.ts';

export const PROMOTION_LIMITS = {
  codeMin: 3,
  codeMax: 20,
  /** ₹1,00,000: no cash coupon takes more off one unit */
  cashMaxPaise: 10_000_000,
  limitMax: 1_000_000,
  /** ₹10,000: the most the platform promo may take off an order */
  promoMaxPaise: 1_000_000,
  searchMax: 100,
  reasonMax: 500,
  /** ₹1 crore: a campaign's total budget at most */
  budgetMaxPaise: 1_000_000_000,
} as const;
export const PROMOTIONS_PAGE_SIZE = 25;

export const PROMOTION_MESSAGES = {
  code: 'A coupon code is 3 to 20 letters or digits (A–Z, 0–9), nothing else.',
  codeTaken: 'Another coupon for the same products already has this code.',
  scope: 'Choose what the coupon is for.',
  product: 'Choose a product.',
  productNotFound: 'No product has this id.',
  category: 'Choose a category.',
  categoryNotFound: 'No category has this id.',
  brand: 'Choose a brand.',
  brandNotFound: 'No brand has this id.',
  seller: 'Choose a seller.',
  sellerNotFound: 'No seller has this id.',
  sellerNotOffering: 'This seller does not sell this product.',
  offerType: 'Choose cash or percentage.',
  cash: 'Enter the cash discount in rupees, from ₹1 to ₹1,00,000, with at most two decimals.',
  percentage: 'Enter the percentage as a whole number from 1 to 100.',
  days: 'Choose days of the week from Sunday to Saturday.',
  date: 'Enter a real date (YYYY-MM-DD).',
  dateOrder: 'The last day must not be before the first day.',
  limit: 'Enter a whole number from 1 to 10,00,000, or leave it blank for no limit.',
  perDayOverTotal: 'The per-day limit cannot be more than the total limit.',
  couponNotFound: 'This coupon was not found.',
  couponCreated: 'The coupon has been created.',
  couponSaved: 'The coupon has been saved.',
  couponPaused: 'The coupon has been paused.',
  couponResumed: 'The coupon has been resumed.',
  couponAlreadyPaused: 'This coupon is already paused.',
  couponAlreadyActive: 'This coupon is not paused.',
  search: 'Search with at most 100 characters, without control characters.',
  status: 'Choose a status from the list.',
  page: 'page must be a whole number from 1.',
  dealPage: 'Choose the page the deal shows on.',
  dealOfferType: 'Choose a lightning deal or a percentage offer.',
  dealTime: 'Enter a date and time in Indian time.',
  dealOrder: 'The end must be after the start.',
  dealEndPast: 'The end must be in the future.',
  billingType: 'Choose whether the deal is paid per click or per impression.',
  dealNotFound: 'This deal was not found.',
  dealCreated: 'The deal has been created.',
  dealSaved: 'The deal has been saved.',
  dealEnded: 'The deal has been ended.',
  dealNotLive: 'Only a live deal can be ended early.',
  dealOver: 'An ended deal can no longer be changed.',
  promoAmount: 'Enter the promo amount in rupees, from ₹0 to ₹10,000, with at most two decimals.',
  promoSaved: 'The platform promo has been saved.',
  campaignNotFound: 'This campaign was not found.',
  campaignNotPending: 'This campaign has already been reviewed.',
  campaignApproved: 'The campaign has been approved.',
  campaignRefused: 'The campaign has been refused.',
  reason: 'Give the seller a reason of up to 500 characters.',
  budget: 'Enter the budget in rupees, from ₹1 to ₹1,00,00,000, with at most two decimals.',
  dailyBudget: 'Enter the daily budget in rupees (at most the total budget), or leave it blank.',
  budgetBelowSpend: 'The total budget cannot be less than what the campaign has spent.',
  budgetSaved: 'The budget has been saved.',
} as const;

const M = PROMOTION_MESSAGES;
// a NUL byte can never be stored (PostgreSQL text), nor any control character typed
const NO_CONTROL = /^\P{Cc}*$/u;
const recordIdNumber = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_RECORD_ID, message);
const limit = z
  .number({ error: M.limit })
  .int(M.limit)
  .min(1, M.limit)
  .max(PROMOTION_LIMITS.limitMax, M.limit)
  .nullable();
const day = z
  .string({ error: M.date })
  .refine((value) => indianDayToMoment(value) !== null, M.date)
  .nullable();

export const COUPON_STATUS_LABELS: Record<(typeof COUPON_STATUSES)[number], string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  paused: 'Paused',
  expired: 'Expired',
  exhausted: 'Exhausted',
};
export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * A coupon as staff write it (requirements#coupons): its code, the product (and optionally one
 * seller of it) it applies to, cash (`value` in paise) or percentage (`value` a whole percent),
 * the Indian weekdays (none: every day) and days (`fromDate`..`toDate`, both included) it runs,
 * and its per-day and total limits (null: none).
 */
export const CouponInput = z
  .object({
    code: z
      .string({ error: M.code })
      .transform((code) => code.trim().toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{3,20}$/, M.code)),
    // requirements#coupon-scopes: earlier clients sent a product's coupon without a scope
    scope: z.enum(COUPON_SCOPES, { error: M.scope }).default('product'),
    productId: recordIdNumber(M.product).nullable().default(null),
    categoryId: recordIdNumber(M.category).nullable().default(null),
    brandId: recordIdNumber(M.brand).nullable().default(null),
    sellerId: recordIdNumber(M.seller).nullable(),
    offerType: z.enum(['cash', 'percentage'], { error: M.offerType }),
    value: z.number({ error: M.cash }).int(M.cash),
    days: z
      .array(z.number({ error: M.days }).int(M.days).min(0, M.days).max(6, M.days), { error: M.days })
      .max(7, M.days)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    fromDate: day,
    toDate: day,
    perDayLimit: limit,
    totalLimit: limit,
  })
  .superRefine((input, ctx) => {
    // a scope names its target: the seller is one for a seller coupon, a narrowing for the others
    const target = {
      product: 'productId',
      category: 'categoryId',
      brand: 'brandId',
      seller: 'sellerId',
    } as const;
    const message = { product: M.product, category: M.category, brand: M.brand, seller: M.seller } as const;
    if (input.scope !== 'all' && input[target[input.scope]] === null)
      ctx.addIssue({ code: 'custom', path: [target[input.scope]], message: message[input.scope] });
    if (input.offerType === 'cash' && (input.value < 100 || input.value > PROMOTION_LIMITS.cashMaxPaise))
      ctx.addIssue({ code: 'custom', path: ['value'], message: M.cash });
    if (input.offerType === 'percentage' && (input.value < 1 || input.value > 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: M.percentage });
    if (input.fromDate && input.toDate && input.toDate < input.fromDate)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.dateOrder });
    if (input.perDayLimit !== null && input.totalLimit !== null && input.perDayLimit > input.totalLimit)
      ctx.addIssue({ code: 'custom', path: ['perDayLimit'], message: M.perDayOverTotal });
  })
  // another scope's target is not kept (the database allows only the scope's own)
  .transform((input) => ({
    ...input,
    productId: input.scope === 'product' ? input.productId : null,
    categoryId: input.scope === 'category' ? input.categoryId : null,
    brandId: input.scope === 'brand' ? input.brandId : null,
  }));
export type CouponInput = z.infer<typeof CouponInput>;

export const COUPON_FORM_FIELDS = [
  'code',
  'scope',
  'productId',
  'categoryId',
  'brandId',
  'sellerId',
  'offerType',
  'value',
  'fromDate',
  'toDate',
  'perDayLimit',
  'totalLimit',
] as const;
export type CouponFormValues = Record<(typeof COUPON_FORM_FIELDS)[number], string> & { days: string[] };

type Parsed<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/** The first message per field of a failed parse, keyed by the field's name ('_' for the form). */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
  return fields;
}

// a form's number: digits (optionally signed, with decimals) become a number the schema judges,
// anything else NaN (refused with the field's message); blank is null where a blank means "none"
const numberOf = (text: string) => (/^\s*-?\d{1,12}(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);
const optionalNumber = (text: string) => (text.trim() === '' ? null : numberOf(text));
const optionalText = (text: string) => (text.trim() === '' ? null : text.trim());

/** The coupon form's text to the API's input: rupees to paise for cash, with staff's words for what is wrong. */
export function couponFromForm(form: CouponFormValues): Parsed<CouponInput> {
  const isCash = form.offerType === 'cash';
  const cashPaise = isCash ? rupeesToPaise(form.value) : null;
  const scope = form.scope || 'product';
  // only the chosen scope's target is read; a blank one is missing (the schema names it)
  const target = (field: string, of: string) => (scope === of ? optionalNumber(field) : null);
  const parsed = CouponInput.safeParse({
    code: form.code,
    scope,
    productId: target(form.productId, 'product'),
    categoryId: target(form.categoryId, 'category'),
    brandId: target(form.brandId, 'brand'),
    sellerId: optionalNumber(form.sellerId),
    offerType: form.offerType,
    value: isCash ? (cashPaise ?? Number.NaN) : numberOf(form.value),
    days: form.days.map(numberOf),
    fromDate: optionalText(form.fromDate),
    toDate: optionalText(form.toDate),
    perDayLimit: optionalNumber(form.perDayLimit),
    totalLimit: optionalNumber(form.totalLimit),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields = issuesByField(parsed.error.issues);
  // a percentage typed where the schema asked for a cash amount, or the other way: the chosen kind's words
  if (fields.value) fields.value = isCash ? M.cash : M.percentage;
  return { ok: false, fields };
}

const rupeesText = (paise: number) =>
  paise % 100 === 0
    ? String(paise / 100)
    : `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** A coupon back to its form's text. */
export function couponToForm(coupon: CouponInput): CouponFormValues {
  return {
    code: coupon.code,
    scope: coupon.scope,
    productId: coupon.productId === null ? '' : String(coupon.productId),
    categoryId: coupon.categoryId === null ? '' : String(coupon.categoryId),
    brandId: coupon.brandId === null ? '' : String(coupon.brandId),
    sellerId: coupon.sellerId === null ? '' : String(coupon.sellerId),
    offerType: coupon.offerType,
    value: coupon.offerType === 'cash' ? rupeesText(coupon.value) : String(coupon.value),
    days: coupon.days.map(String),
    fromDate: coupon.fromDate ?? '',
    toDate: coupon.toDate ?? '',
    perDayLimit: coupon.perDayLimit === null ? '' : String(coupon.perDayLimit),
    totalLimit: coupon.totalLimit === null ? '' : String(coupon.totalLimit),
  };
}

export const Coupon = z.object({
  id: z.number().int(),
  code: z.string(),
  scope: z.enum(COUPON_SCOPES),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  /** the category's path of names, 'Electronics › Mobiles › Smartphones' */
  categoryName: z.string().nullable(),
  brandId: z.number().int().nullable(),
  brandName: z.string().nullable(),
  sellerId: z.number().int().nullable(),
  sellerName: z.string().nullable(),
  offerType: z.enum(['cash', 'percentage']),
  value: z.number().int(),
  days: z.array(z.number().int()),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  perDayLimit: z.number().int().nullable(),
  totalLimit: z.number().int().nullable(),
  redeemedCount: z.number().int(),
  redeemedToday: z.number().int(),
  isActive: z.boolean(),
  status: z.enum(COUPON_STATUSES),
});
export type Coupon = z.infer<typeof Coupon>;

const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, M.page)
  .default('1')
  .transform(Number);
const searchParam = z
  .string()
  .max(PROMOTION_LIMITS.searchMax, M.search)
  .regex(NO_CONTROL, M.search)
  .optional()
  .transform((q) => q?.trim() || undefined);

export const CouponQuery = z.object({
  q: searchParam,
  status: z
    .enum(COUPON_STATUSES, { error: M.status })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: pageParam,
});
export type CouponQuery = z.infer<typeof CouponQuery>;

export const CouponPage = z.object({
  coupons: z.array(Coupon),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type CouponPage = z.infer<typeof CouponPage>;

export const CouponChanged = z.object({ message: z.string(), coupon: Coupon });
export type CouponChanged = z.infer<typeof CouponChanged>;

// Lightning deals and percentage offers (requirements#deals)

/** The pages a deal is read on: the home page's and category pages' deal blocks, and /todaydeals. */
export const DEAL_PAGES = ['home', 'category', 'deals'] as const;
export const DEAL_PAGE_LABELS: Record<(typeof DEAL_PAGES)[number], string> = {
  home: 'Home page',
  category: 'Category pages',
  deals: 'Today’s Deals page',
};
export const DEAL_OFFER_LABELS = { deals: 'Lightning deal', percentage_offer: 'Percentage offer' } as const;
export const DEAL_STATUS_LABELS: Record<(typeof DEAL_STATUSES)[number], string> = {
  live: 'Live',
  upcoming: 'Upcoming',
  ended: 'Ended',
};

const moment = (message: string) =>
  z.iso
    .datetime({ offset: true, error: message })
    .refine((value) => !Number.isNaN(Date.parse(value)), message);

/**
 * A lightning deal or percentage offer as staff write it: the seller's offer of a product, the page
 * it shows on, the discount it advertises, and when it runs (moments with their offset; the console
 * types them in Indian time).
 */
export const DealInput = z
  .object({
    productId: recordIdNumber(M.product),
    sellerId: recordIdNumber(M.seller),
    page: z.enum(DEAL_PAGES, { error: M.dealPage }),
    offerType: z.enum(['deals', 'percentage_offer'], { error: M.dealOfferType }),
    discountPercent: z
      .number({ error: M.percentage })
      .int(M.percentage)
      .min(1, M.percentage)
      .max(100, M.percentage),
    billingType: z.enum(['click', 'impression'], { error: M.billingType }),
    startsAt: moment(M.dealTime),
    endsAt: moment(M.dealTime),
  })
  .refine((deal) => Date.parse(deal.endsAt) > Date.parse(deal.startsAt), {
    path: ['endsAt'],
    message: M.dealOrder,
  });
export type DealInput = z.infer<typeof DealInput>;

export const DEAL_FORM_FIELDS = [
  'productId',
  'sellerId',
  'page',
  'offerType',
  'discountPercent',
  'billingType',
  'startsAt',
  'endsAt',
] as const;
export type DealFormValues = Record<(typeof DEAL_FORM_FIELDS)[number], string>;

/** The deal form's text (times typed in Indian time) to the API's input. */
export function dealFromForm(form: DealFormValues): Parsed<DealInput> {
  const parsed = DealInput.safeParse({
    productId: numberOf(form.productId),
    sellerId: numberOf(form.sellerId),
    page: form.page,
    offerType: form.offerType,
    discountPercent: numberOf(form.discountPercent),
    billingType: form.billingType || 'click',
    startsAt: indianLocalToIso(form.startsAt) ?? '',
    endsAt: indianLocalToIso(form.endsAt) ?? '',
  });
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, fields: issuesByField(parsed.error.issues) };
}

export const Deal = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  sellerId: z.number().int(),
  sellerName: z.string(),
  page: z.enum(DEAL_PAGES),
  offerType: z.enum(['deals', 'percentage_offer']),
  discountPercent: z.number().int(),
  billingType: z.enum(['click', 'impression']),
  startsAt: z.string(),
  endsAt: z.string(),
  clicks: z.number().int(),
  status: z.enum(DEAL_STATUSES),
});
export type Deal = z.infer<typeof Deal>;

export const DealQuery = z.object({
  q: searchParam,
  status: z
    .enum(DEAL_STATUSES, { error: M.status })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: pageParam,
});
export type DealQuery = z.infer<typeof DealQuery>;

export const DealPage = z.object({
  deals: z.array(Deal),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type DealPage = z.infer<typeof DealPage>;

export const DealChanged = z.object({ message: z.string(), deal: Deal });
export type DealChanged = z.infer<typeof DealChanged>;

// The PromoJun platform promo (requirements#platform-promo)

/** The platform promo as the checkout reads it; `isDefault`: staff never changed it (the standing rule (requirements#platform-promo)). */
export const PlatformPromoView = z.object({
  name: z.string(),
  amountPaise: z.number().int(),
  isEnabled: z.boolean(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PlatformPromoView = z.infer<typeof PlatformPromoView>;

export const PlatformPromoInput = z.object({
  amountPaise: z
    .number({ error: M.promoAmount })
    .int(M.promoAmount)
    .min(0, M.promoAmount)
    .max(PROMOTION_LIMITS.promoMaxPaise, M.promoAmount),
  isEnabled: z.boolean({ error: 'Say whether the promo is on.' }),
});
export type PlatformPromoInput = z.infer<typeof PlatformPromoInput>;

/** The promo form: the amount in rupees and an "on" checkbox. */
export function promoFromForm(form: { amount: string; isEnabled: string }): Parsed<PlatformPromoInput> {
  const parsed = PlatformPromoInput.safeParse({
    amountPaise: rupeesToPaise(form.amount) ?? Number.NaN,
    isEnabled: form.isEnabled === 'on' || form.isEnabled === 'true',
  });
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, fields: issuesByField(parsed.error.issues) };
}

export const PlatformPromoChanged = z.object({ message: z.string(), promo: PlatformPromoView });
export type PlatformPromoChanged = z.infer<typeof PlatformPromoChanged>;

// Brand campaigns sellers submit (requirements#campaigns, requirements#seller-ads)

export const CAMPAIGN_REVIEW_STATUSES = ['pending', 'approved', 'refused'] as const;
export const CAMPAIGN_REVIEW_LABELS: Record<(typeof CAMPAIGN_REVIEW_STATUSES)[number], string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  refused: 'Refused',
};

export const CampaignQuery = z.object({
  status: z.enum(CAMPAIGN_REVIEW_STATUSES, { error: M.status }).default('pending'),
  page: pageParam,
});
export type CampaignQuery = z.infer<typeof CampaignQuery>;

export const CampaignReview = z.object({
  id: z.number().int(),
  name: z.string(),
  brandName: z.string(),
  productName: z.string().nullable(),
  sellerName: z.string().nullable(),
  page: z.string(),
  adType: z.enum(['image', 'video']),
  media: z.string().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  totalBudgetPaise: z.number().int(),
  dailyBudgetPaise: z.number().int().nullable(),
  bidPaise: z.number().int(),
  /** what its clicks have cost so far (its campaign events) */
  spentPaise: z.number().int(),
  clicks: z.number().int(),
  reviewStatus: z.enum(CAMPAIGN_REVIEW_STATUSES),
  reviewReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CampaignReview = z.infer<typeof CampaignReview>;

export const CampaignReviewPage = z.object({
  campaigns: z.array(CampaignReview),
  /** how many wait for review, whichever list is shown */
  pendingCount: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type CampaignReviewPage = z.infer<typeof CampaignReviewPage>;

export const CampaignRefuseInput = z.object({
  reason: z
    .string({ error: M.reason })
    .regex(/^[^\0]*$/, M.reason)
    .transform((reason) => reason.trim())
    .pipe(z.string().min(1, M.reason).max(PROMOTION_LIMITS.reasonMax, M.reason)),
});
export type CampaignRefuseInput = z.infer<typeof CampaignRefuseInput>;

export const CampaignBudgetInput = z
  .object({
    totalBudgetPaise: z
      .number({ error: M.budget })
      .int(M.budget)
      .min(100, M.budget)
      .max(PROMOTION_LIMITS.budgetMaxPaise, M.budget),
    dailyBudgetPaise: z
      .number({ error: M.dailyBudget })
      .int(M.dailyBudget)
      .min(100, M.dailyBudget)
      .nullable(),
  })
  .refine((b) => b.dailyBudgetPaise === null || b.dailyBudgetPaise <= b.totalBudgetPaise, {
    path: ['dailyBudgetPaise'],
    message: M.dailyBudget,
  });
export type CampaignBudgetInput = z.infer<typeof CampaignBudgetInput>;

/** The budget form: rupees as typed; a blank daily budget is none. */
export function budgetFromForm(form: {
  totalBudget: string;
  dailyBudget: string;
}): Parsed<CampaignBudgetInput> {
  const daily = form.dailyBudget.trim() === '' ? null : (rupeesToPaise(form.dailyBudget) ?? Number.NaN);
  const parsed = CampaignBudgetInput.safeParse({
    totalBudgetPaise: rupeesToPaise(form.totalBudget) ?? Number.NaN,
    dailyBudgetPaise: daily,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields = issuesByField(parsed.error.issues);
  // the form's names for the API's fields
  const named: Record<string, string> = {};
  if (fields.totalBudgetPaise) named.totalBudget = fields.totalBudgetPaise;
  if (fields.dailyBudgetPaise) named.dailyBudget = fields.dailyBudgetPaise;
  return { ok: false, fields: named };
}

export const CampaignChanged = z.object({ message: z.string(), campaign: CampaignReview });
export type CampaignChanged = z.infer<typeof CampaignChanged>;
