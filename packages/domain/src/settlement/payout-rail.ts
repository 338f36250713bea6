// requirements#seller-payouts-rail (ADR-0048): what a seller payout must look like to the payout rail.

/**
 * RazorpayX's `X-Payout-Idempotency`: 4 to 36 characters, letters, digits, hyphens, underscores and
 * spaces; mandatory on every payout since 15 Mar 2025.
 */
export const PAYOUT_IDEMPOTENCY_KEY = /^[A-Za-z0-9 _-]{4,36}$/;

/**
 * A seller payout's idempotency key: `sp-{seller}-{cut-off in base 36 ms}-{nonce}`. The cut-off
 * tells a reader which cycle it is; the nonce keeps a key unique when a database is started afresh
 * against the same RazorpayX account (RazorpayX keeps a key for 7 days). At most 36 characters for
 * any seller id and cut-off a payout can have.
 */
export function sellerPayoutKey(sellerId: number, periodEnd: Date, nonce: string): string {
  if (!Number.isSafeInteger(sellerId) || sellerId <= 0 || sellerId > 2_147_483_647)
    throw new RangeError(`not a seller id: ${sellerId}`);
  if (!/^[a-z0-9]{6,10}$/.test(nonce))
    throw new RangeError('the nonce is 6 to 10 lower-case letters or digits');
  const time = periodEnd.getTime();
  if (!Number.isFinite(time) || time < 0) throw new RangeError('not a cut-off');
  return `sp-${sellerId}-${time.toString(36)}-${nonce}`;
}

/** The payout purposes RazorpayX has by default; a seller is paid for what it sold us: a vendor bill. */
export const RAZORPAYX_PURPOSES = [
  'refund',
  'cashback',
  'payout',
  'salary',
  'utility bill',
  'vendor bill',
] as const;
/** RazorpayX's default contact types. */
export const RAZORPAYX_CONTACT_TYPES = ['vendor', 'customer', 'employee', 'self'] as const;

/** What a payout is for decides how the rail files it: a shopper's refund, or a seller's earnings. */
export const PAYOUT_PURPOSE = {
  refund: { purpose: 'refund', contactType: 'customer' },
  seller: { purpose: 'vendor bill', contactType: 'vendor' },
} as const satisfies Record<
  string,
  { purpose: (typeof RAZORPAYX_PURPOSES)[number]; contactType: (typeof RAZORPAYX_CONTACT_TYPES)[number] }
>;
export type PayoutKind = keyof typeof PAYOUT_PURPOSE;

/**
 * ADR-0048: a seller's cut-offs only move forward. A payout takes the balance payable by its cut-off
 * and its entry is dated at that cut-off, so a later cycle with an earlier cut-off (a clock stepped
 * back, a server whose clock is behind, a mistyped date) would not see it and would pay it again.
 */
export const cutoffMovesForward = (cutoff: Date, latest: Date | null): boolean =>
  latest === null || cutoff.getTime() > latest.getTime();
