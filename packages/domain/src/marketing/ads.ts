import { formatInr } from '../money/money.ts';
import { momentToIndianDay } from './promotions.ts';
import type { CouponOffer } from '../pricing/coupon.ts';
import { nameWords } from '../search/results.ts';

// Sponsored products and deals that behave like ads: matched to the shopper's keyword, paid per
// click from a budget that is never overspent (requirements#campaigns, requirements#ad-clicks).

export const MATCH_TYPES = ['exact', 'phrase', 'broad'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** A second click by the same shopper on the same ad within this time is recorded but not charged. */
export const REPEAT_CLICK_WINDOW_MS = 60_000;

// words too common to make an ad relevant on their own
const FILLER_WORDS = new Set(['and', 'for', 'the', 'with', 'of', 'in', 'on', 'to', 'a', 'an', 'by']);
// 'phones' and 'phone' are the same word for a broad match
const fold = (word: string) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word);

function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0 || phrase.length > words.length) return false;
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((word, i) => words[start + i] === word)) return true;
  }
  return false;
}

/**
 * How a shopper's keyword matches a campaign that advertises a brand's product:
 * exact — the keyword is the brand's or the product's name (case, spacing and punctuation aside);
 * phrase — the brand's name appears in the keyword, or the keyword appears in the product's name,
 *   as whole words in order;
 * broad — a meaningful word of the keyword (3+ letters, plurals folded) is a word of either name;
 * null — no match: the ad is not shown.
 */
export function adMatchType(
  keyword: string,
  target: { brandName: string; productName: string | null },
): MatchType | null {
  const words = nameWords(keyword);
  if (words.length === 0) return null;
  const brand = nameWords(target.brandName);
  const product = nameWords(target.productName ?? '');
  const same = (a: readonly string[], b: readonly string[]) => a.length > 0 && a.join(' ') === b.join(' ');
  if (same(words, brand) || same(words, product)) return 'exact';
  if (containsPhrase(words, brand) || containsPhrase(product, words)) return 'phrase';
  const targetWords = new Set([...brand, ...product].map(fold));
  const meaningful = words.filter((word) => word.length >= 3 && !FILLER_WORDS.has(word));
  return meaningful.some((word) => targetWords.has(fold(word))) ? 'broad' : null;
}

/** The best match first: exact, then phrase, then broad. */
export function compareMatchTypes(a: MatchType, b: MatchType): number {
  return MATCH_TYPES.indexOf(a) - MATCH_TYPES.indexOf(b);
}

/**
 * The day a campaign's dates are compared with: the Indian calendar day, as sellers and shoppers
 * count them (the banner block and Seller Central read the same day).
 */
export function campaignDay(now: Date): string {
  return momentToIndianDay(now);
}

export type CampaignRunState = {
  isActive: boolean;
  /** first and last day it runs, `YYYY-MM-DD` */
  fromDate: string;
  toDate: string;
  spentPaise: number;
  maximumSpendLimitPaise: number;
  /** requirements#seller-ads: at most this spent on one campaign day (null: no daily cap). */
  dailyBudgetPaise?: number | null;
  /** What the clicks of the campaign day (`campaignDay`) have cost so far. */
  spentTodayPaise?: number;
  /** requirements#operator-promotions: only an approved campaign runs (absent: approved) */
  reviewStatus?: 'pending' | 'approved' | 'refused';
};

/**
 * requirements#campaigns: a campaign is shown while it is active, between its dates (both days
 * included), while it has budget left, and (requirements#seller-ads) while the day's clicks have
 * not used its daily budget. The queries build the same condition in SQL (modules/ads
 * `campaignIsRunning`), and a test holds the two to one table.
 */
export function isCampaignRunning(campaign: CampaignRunState, now: Date): boolean {
  const today = campaignDay(now);
  return (
    (campaign.reviewStatus ?? 'approved') === 'approved' &&
    campaign.isActive &&
    campaign.fromDate <= today &&
    campaign.toDate >= today &&
    !isBudgetSpent(campaign.spentPaise, campaign.maximumSpendLimitPaise) &&
    !isDailyBudgetSpent(campaign.spentTodayPaise ?? 0, campaign.dailyBudgetPaise ?? null)
  );
}

/** requirements#seller-ads: a campaign whose clicks today cost its daily budget rests until the next campaign day. */
export function isDailyBudgetSpent(spentTodayPaise: number, dailyBudgetPaise: number | null): boolean {
  return dailyBudgetPaise !== null && spentTodayPaise >= dailyBudgetPaise;
}

/** A campaign whose spend has reached its maximum is stopped: no more impressions or charged clicks. */
export function isBudgetSpent(spentPaise: number, limitPaise: number): boolean {
  return spentPaise >= limitPaise;
}

/**
 * What one click costs a campaign: its bid, but never more than what is left of its maximum
 * spend. The click that reaches the limit stops the campaign (it is no longer shown). Clicks are
 * charged in SQL for the row lock (modules/ads `clickSpentAfter`), and a test holds the two to one table.
 */
export function clickCharge(campaign: {
  spentPaise: number;
  bidPaise: number;
  limitPaise: number;
  /** requirements#seller-ads: the day's cap and what today's clicks cost so far (the click never passes it either) */
  dailyBudgetPaise?: number | null;
  spentTodayPaise?: number;
}): {
  costPaise: number;
  spentAfterPaise: number;
  stops: boolean;
} {
  const totalLeft = Math.max(campaign.limitPaise - campaign.spentPaise, 0);
  const daily = campaign.dailyBudgetPaise ?? null;
  const left =
    daily === null ? totalLeft : Math.min(totalLeft, Math.max(daily - (campaign.spentTodayPaise ?? 0), 0));
  const costPaise = Math.min(Math.max(campaign.bidPaise, 0), left);
  const spentAfterPaise = campaign.spentPaise + costPaise;
  return { costPaise, spentAfterPaise, stops: isBudgetSpent(spentAfterPaise, campaign.limitPaise) };
}

/** True when a click repeats the same shopper's click on the same ad within the window (not charged again). */
export function isRepeatClick(previousClickAt: Date | null, now: Date): boolean {
  if (!previousClickAt) return false;
  const elapsed = now.getTime() - previousClickAt.getTime();
  return elapsed >= 0 && elapsed < REPEAT_CLICK_WINDOW_MS;
}

/** The coupon's value on a card: 'Save ₹130.00' for cash, '10% off' for a percentage. */
export function couponLabel(offer: CouponOffer): string {
  return offer.offerType === 'cash' ? `Save ${formatInr(offer.value)}` : `${offer.value}% off`;
}
