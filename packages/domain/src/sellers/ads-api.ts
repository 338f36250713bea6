// requirements#seller-ads: a seller's sponsored campaigns — the form that creates one (the same
// rules in the page's action and the API), the list with its figures, pause and resume.
import { z } from 'zod';
import { FREE_TEXT_PATTERN } from '../orders/free-text.ts';
import { rupeesToPaise } from './offer-rules.ts';

/** The pages a campaign can be placed on (the storefront's ad pages). */
export const SELLER_AD_PAGES = ['home', 'category', 'search', 'product', 'brand', 'deals'] as const;
export const AD_PAGE_LABELS: Record<(typeof SELLER_AD_PAGES)[number], string> = {
  home: 'Home page',
  category: 'Category pages',
  search: 'Search results',
  product: 'Product pages',
  brand: 'Brand pages',
  deals: 'Deals page',
};
export const CAMPAIGN_KINDS = ['brand', 'product'] as const;
export const CAMPAIGN_MEDIA = ['image', 'video'] as const;

export const SELLER_AD_LIMITS = {
  nameLength: 80,
  /** ₹10,00,000: no campaign may spend more in all */
  maxTotalPaise: 100_000_000,
  minBidPaise: 100,
  /** a campaign runs at most a year */
  maxDays: 366,
  imageBytes: 2 * 1024 * 1024,
  videoBytes: 20 * 1024 * 1024,
  /** orders by a shopper within this many days after a click count for the campaign */
  attributionDays: 7,
} as const;

export const SELLER_AD_MESSAGES = {
  name: `Enter a campaign name of 1 to ${SELLER_AD_LIMITS.nameLength} characters, without < or >.`,
  kind: 'Choose a sponsored brand or a sponsored product campaign.',
  brand: 'Choose one of the brands you sell.',
  sku: 'Enter the SKU of one of your products.',
  page: 'Choose the page the ad is shown on.',
  media: 'Choose an image or a video ad.',
  date: 'Enter the date as YYYY-MM-DD.',
  datesReversed: 'The end date cannot be before the start date.',
  endsInPast: 'The end date cannot be in the past.',
  tooLong: `A campaign runs for at most ${SELLER_AD_LIMITS.maxDays} days.`,
  amount: 'Enter an amount in rupees, like 500 or 12.50.',
  totalTooHigh: 'The total budget can be at most ₹10,00,000.',
  totalTooLow: 'The total budget must be at least ₹1.',
  dailyAboveTotal: 'The daily budget cannot be more than the total budget.',
  dailyTooLow: 'The daily budget must be at least ₹1.',
  bidTooLow: 'The bid per click must be at least ₹1.',
  bidAboveDaily: 'The bid per click cannot be more than the daily budget.',
  file: 'Upload the ad’s image or video.',
  wrongImage: 'The image must be a JPEG, PNG, WebP or GIF file.',
  wrongVideo: 'The video must be an MP4 or WebM file.',
  imageTooLarge: 'The image can be at most 2 MB.',
  videoTooLarge: 'The video can be at most 20 MB.',
  notFound: 'This campaign was not found.',
  duplicate: 'You already have a campaign with this name.',
  created: 'Your campaign has been created. It runs once the marketplace has approved it.',
  paused: 'The campaign has been paused.',
  resumed: 'The campaign has been resumed.',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (text: string) => {
  if (!ISO_DATE.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
};
const date = z.string().trim().refine(isRealDate, SELLER_AD_MESSAGES.date);
const rupees = (message: string) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      const paise = rupeesToPaise(text);
      if (paise === null) {
        ctx.addIssue({ code: 'custom', message: SELLER_AD_MESSAGES.amount });
        return z.NEVER;
      }
      return paise;
    })
    .refine((paise) => paise >= 100, message);

/**
 * The create form's fields as typed (text, rupees as typed); the file travels beside them.
 * `today` is the campaign day (`campaignDay`) the dates are checked against.
 */
export function createCampaignInput(today: string) {
  return z
    .object({
      name: z
        .string()
        .trim()
        .min(1, SELLER_AD_MESSAGES.name)
        .max(SELLER_AD_LIMITS.nameLength, SELLER_AD_MESSAGES.name)
        .regex(/^[^<>]*$/, SELLER_AD_MESSAGES.name)
        .regex(FREE_TEXT_PATTERN, SELLER_AD_MESSAGES.name)
        .refine((name) => !/[\n\r\t]/.test(name), SELLER_AD_MESSAGES.name),
      kind: z.enum(CAMPAIGN_KINDS, { error: SELLER_AD_MESSAGES.kind }),
      brandId: z.string().trim().optional(),
      sku: z.string().trim().max(40, SELLER_AD_MESSAGES.sku).optional(),
      page: z.enum(SELLER_AD_PAGES, { error: SELLER_AD_MESSAGES.page }),
      adType: z.enum(CAMPAIGN_MEDIA, { error: SELLER_AD_MESSAGES.media }),
      fromDate: date,
      toDate: date,
      dailyBudget: rupees(SELLER_AD_MESSAGES.dailyTooLow),
      totalBudget: rupees(SELLER_AD_MESSAGES.totalTooLow).refine(
        (paise) => paise <= SELLER_AD_LIMITS.maxTotalPaise,
        SELLER_AD_MESSAGES.totalTooHigh,
      ),
      bid: rupees(SELLER_AD_MESSAGES.bidTooLow),
    })
    .superRefine((input, ctx) => {
      if (input.kind === 'brand' && !/^[1-9]\d{0,8}$/.test(input.brandId ?? ''))
        ctx.addIssue({ code: 'custom', path: ['brandId'], message: SELLER_AD_MESSAGES.brand });
      if (input.kind === 'product' && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(input.sku ?? ''))
        ctx.addIssue({ code: 'custom', path: ['sku'], message: SELLER_AD_MESSAGES.sku });
      if (input.toDate < input.fromDate)
        ctx.addIssue({ code: 'custom', path: ['toDate'], message: SELLER_AD_MESSAGES.datesReversed });
      else if (input.toDate < today)
        ctx.addIssue({ code: 'custom', path: ['toDate'], message: SELLER_AD_MESSAGES.endsInPast });
      else if (
        (Date.parse(`${input.toDate}T00:00:00Z`) - Date.parse(`${input.fromDate}T00:00:00Z`)) / 86_400_000 +
          1 >
        SELLER_AD_LIMITS.maxDays
      )
        ctx.addIssue({ code: 'custom', path: ['toDate'], message: SELLER_AD_MESSAGES.tooLong });
      if (input.dailyBudget > input.totalBudget)
        ctx.addIssue({ code: 'custom', path: ['dailyBudget'], message: SELLER_AD_MESSAGES.dailyAboveTotal });
      if (input.bid > input.dailyBudget)
        ctx.addIssue({ code: 'custom', path: ['bid'], message: SELLER_AD_MESSAGES.bidAboveDaily });
    });
}
export type CreateCampaignInput = z.infer<ReturnType<typeof createCampaignInput>>;
export const CREATE_CAMPAIGN_FIELDS = [
  'name',
  'kind',
  'brandId',
  'sku',
  'page',
  'adType',
  'fromDate',
  'toDate',
  'dailyBudget',
  'totalBudget',
  'bid',
] as const;

/** What a campaign is doing now, as the seller's list shows it. */
export const CAMPAIGN_STATES = [
  'running',
  'paused',
  'scheduled',
  'ended',
  'budget_spent',
  'daily_budget_spent',
  // requirements#operator-promotions: a new campaign waits for the marketplace's review
  'in_review',
  'refused',
] as const;
export const CAMPAIGN_STATE_LABELS: Record<(typeof CAMPAIGN_STATES)[number], string> = {
  running: 'Running',
  paused: 'Paused',
  scheduled: 'Scheduled',
  ended: 'Ended',
  budget_spent: 'Budget spent',
  daily_budget_spent: 'Resting till tomorrow',
  in_review: 'Awaiting review',
  refused: 'Refused',
};

export const SellerCampaign = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(CAMPAIGN_KINDS),
    brandName: z.string(),
    productName: z.string().nullable(),
    page: z.enum(SELLER_AD_PAGES),
    adType: z.enum(CAMPAIGN_MEDIA),
    media: z.string(),
    fromDate: z.string(),
    toDate: z.string(),
    dailyBudgetPaise: z.number().int().nullable(),
    totalBudgetPaise: z.number().int(),
    bidPaise: z.number().int(),
    impressions: z.number().int(),
    clicks: z.number().int(),
    spentPaise: z.number().int(),
    spentTodayPaise: z.number().int(),
    /** requirements#seller-ads: orders attributed to the campaign's clicks */
    orders: z.number().int(),
    isActive: z.boolean(),
    /** requirements#operator-promotions: why the marketplace refused it (null unless refused) */
    refusalReason: z.string().nullable(),
    state: z.enum(CAMPAIGN_STATES),
  })
  .meta({ id: 'SellerCampaign' });
export type SellerCampaign = z.infer<typeof SellerCampaign>;

export const SellerCampaignList = z
  .object({
    campaigns: z.array(SellerCampaign),
    /** What a new campaign may advertise: the brands the seller sells. */
    brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .meta({ id: 'SellerCampaignList' });
export type SellerCampaignList = z.infer<typeof SellerCampaignList>;

export const SellerCampaignChanged = z
  .object({ success: z.literal(true), message: z.string(), campaign: SellerCampaign })
  .meta({ id: 'SellerCampaignChanged' });
