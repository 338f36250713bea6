import { z } from 'zod';
import { PAYOUT_PURPOSE } from '@marketplace/domain/settlement/payout-rail';
import { type PayoutProvider, PayoutRefusedError, type ReversedPayout } from './payouts.ts';
import type { ProviderRefundReport } from './provider.ts';
import { PaymentProviderError } from './razorpay.ts';

export const RAZORPAYX_API = 'https://api.razorpay.com';
export const RAZORPAYX_PAYOUTS_URL = `${RAZORPAYX_API}/v1/payouts`;
export const razorpayxPayoutUrl = (payoutId: string, base = RAZORPAYX_API) =>
  `${base}/v1/payouts/${encodeURIComponent(payoutId)}`;

/** RazorpayX takes IMPS payouts to a bank account up to ₹5 lakh each; larger ones go by NEFT. */
export const IMPS_LIMIT_PAISE = 5_00_000_00;
export const payoutMode = (amountPaise: number): 'IMPS' | 'NEFT' =>
  amountPaise <= IMPS_LIMIT_PAISE ? 'IMPS' : 'NEFT';

export type RazorpayXConfig = {
  keyId: string;
  keySecret: string;
  accountNumber: string;
  /** RazorpayX's API origin; a contract test points it at a local stand-in */
  baseUrl?: string;
};

export const RAZORPAYX_PAYOUT_STATUSES = [
  'queued',
  'pending',
  'scheduled',
  'processing',
  'processed',
  'reversed',
  'rejected',
  'failed',
  'cancelled',
] as const;

/** RazorpayX's payout entity as `POST /v1/payouts`, `GET /v1/payouts/{id}` and the payout webhooks carry it. */
export const RazorpayXPayout = z.object({
  id: z.string().min(1),
  entity: z.literal('payout').optional(),
  amount: z.number().int(),
  status: z.enum(RAZORPAYX_PAYOUT_STATUSES),
  utr: z.string().nullish(),
  failure_reason: z.string().nullish(),
  status_details: z
    .object({ description: z.string().nullish(), reason: z.string().nullish() })
    .partial()
    .nullish(),
});
export type RazorpayXPayoutEntity = z.infer<typeof RazorpayXPayout>;

const STILL_MOVING = new Set(['queued', 'pending', 'scheduled', 'processing']);

/**
 * A RazorpayX payout in our words: processed means the shopper's bank credited it (its UTR is the
 * bank's reference); reversed, rejected, failed or cancelled moved no money for good; anything else
 * is still on its way.
 */
export function payoutReport(payout: RazorpayXPayoutEntity): ProviderRefundReport {
  if (payout.status === 'processed')
    return payout.utr ? { state: 'settled', reference: payout.utr } : { state: 'settled' };
  if (STILL_MOVING.has(payout.status)) return { state: 'pending' };
  const why =
    payout.status_details?.description?.trim() ||
    payout.failure_reason?.trim() ||
    `RazorpayX payout ${payout.status}`;
  return { state: 'failed', reason: why };
}

// RazorpayX's field rules: names of letters, digits, spaces and ’ - _ / ( ) , . ; narration of
// letters, digits and spaces, at most 30; references at most 40
const nameText = (value: string, max: number) =>
  value
    .replace(/[^a-zA-Z0-9 ’\-_/(),.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
const narrationOf = (reference: string) =>
  `Bazaar ${reference.replace(/[^a-zA-Z0-9 ]/g, ' ')}`.replace(/\s+/g, ' ').trim().slice(0, 30).trim();

async function answer(res: Response): Promise<RazorpayXPayoutEntity | null> {
  const body: unknown = await res.json().catch(() => null);
  const payout = RazorpayXPayout.safeParse(body);
  return res.ok && payout.success ? payout.data : null;
}

// RazorpayX's error answer: { error: { code, description, field, source, reason, ... } }
const RazorpayXError = z.object({
  error: z.object({
    code: z.string(),
    description: z.string().nullish(),
    field: z.string().nullish(),
  }),
});

const PayoutList = z.object({ items: z.array(RazorpayXPayout) });
const PAGE = 100; // RazorpayX lists at most 100 payouts a call

/**
 * docs/decisions/0011: payouts through RazorpayX's composite payout API (contact, fund account and
 * payout in one call) with Basic auth and the `X-Payout-Idempotency` header, so a retry after a lost
 * answer gets the first payout back instead of paying twice. `fetch` is passed in; the contract test
 * points `baseUrl` at a local stand-in. A shopper's refund goes as purpose `refund` to a `customer`
 * contact, a seller's earnings as `vendor bill` to a `vendor` (ADR-0048). RazorpayX's validation
 * refusals throw a PayoutRefusedError with its description; unreachable servers and malformed
 * answers a PaymentProviderError, after which the payout is sent again under the same key.
 */
export function createRazorpayXPayoutProvider(
  config: RazorpayXConfig,
  fetchImpl: typeof fetch = fetch,
): PayoutProvider {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  const base = (config.baseUrl ?? RAZORPAYX_API).replace(/\/+$/, '');
  return {
    name: 'razorpayx',
    async payout({ kind, amountPaise, idempotencyKey, reference, to }) {
      const holder = nameText(to.accountName, 120);
      const contactName = nameText(to.contact.name, 50);
      const { purpose, contactType } = PAYOUT_PURPOSE[kind];
      const res = await fetchImpl(`${base}/v1/payouts`, {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/json',
          'x-payout-idempotency': idempotencyKey,
        },
        body: JSON.stringify({
          account_number: config.accountNumber,
          amount: amountPaise,
          currency: 'INR',
          mode: payoutMode(amountPaise),
          purpose,
          fund_account: {
            account_type: 'bank_account',
            bank_account: { name: holder, ifsc: to.ifsc, account_number: to.accountNumber },
            contact: {
              // the account holder stands in for a shopper whose name RazorpayX would not take
              name: contactName.length >= 3 ? contactName : holder.slice(0, 50),
              email: to.contact.email,
              ...(to.contact.mobile ? { contact: to.contact.mobile } : {}),
              type: contactType,
              reference_id: to.contact.referenceId.slice(0, 40),
            },
          },
          queue_if_low_balance: true,
          reference_id: reference.slice(0, 40),
          narration: narrationOf(reference),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) {
        const refusal = RazorpayXError.safeParse(await res.json().catch(() => null));
        // ADR-0048: a validation refusal is final for this payout as it is; wrong keys (401), limits
        // (429) and RazorpayX's own trouble (5xx) are not the payout's fault and are sent again
        if (
          res.status >= 400 &&
          res.status < 500 &&
          res.status !== 401 &&
          res.status !== 429 &&
          refusal.success
        )
          throw new PayoutRefusedError(
            refusal.data.error.description?.trim() || refusal.data.error.code,
            refusal.data.error.field ?? null,
          );
        throw new PaymentProviderError(`RazorpayX did not take the payout (HTTP ${res.status})`);
      }
      const payout = await answer(res);
      // a payout RazorpayX already failed is still the payout of this key: the status check reports
      // it failed and the next attempt goes under a fresh key
      if (!payout || payout.amount !== amountPaise)
        throw new PaymentProviderError(
          `RazorpayX answered the payout with something else (HTTP ${res.status})`,
        );
      return { providerPayoutId: payout.id };
    },
    async payoutStatus(providerPayoutId) {
      const res = await fetchImpl(razorpayxPayoutUrl(providerPayoutId, base), {
        headers: { authorization: auth },
        signal: AbortSignal.timeout(10_000),
      });
      const payout = await answer(res);
      if (!payout || payout.id !== providerPayoutId)
        throw new PaymentProviderError(`RazorpayX did not report the payout (HTTP ${res.status})`);
      return payoutReport(payout);
    },
    async reversedSince(since, limit) {
      const found: ReversedPayout[] = [];
      for (let skip = 0; found.length < limit; skip += PAGE) {
        const query = new URLSearchParams({
          account_number: config.accountNumber,
          status: 'reversed',
          from: String(Math.floor(since.getTime() / 1000)),
          count: String(PAGE),
          skip: String(skip),
        });
        const res = await fetchImpl(`${base}/v1/payouts?${query.toString()}`, {
          headers: { authorization: auth },
          signal: AbortSignal.timeout(10_000),
        });
        const list = PayoutList.safeParse(await res.json().catch(() => null));
        if (!res.ok || !list.success)
          throw new PaymentProviderError(`RazorpayX did not list the reversed payouts (HTTP ${res.status})`);
        for (const payout of list.data.items) {
          const report = payoutReport(payout);
          if (payout.status === 'reversed' && report.state === 'failed')
            found.push({ providerPayoutId: payout.id, reason: report.reason });
        }
        if (list.data.items.length < PAGE) break;
      }
      return found.slice(0, limit);
    },
  };
}
