import { createHash, randomBytes } from 'node:crypto';
import { PAYOUT_IDEMPOTENCY_KEY } from '@marketplace/domain/settlement/payout-rail';
import { type PayoutProvider, PayoutRefusedError } from './payouts.ts';

const SANDBOX_PAYOUT_PREFIX = 'sandbox_pout_';
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER = /^[A-Za-z0-9]{5,35}$/;

type Made = { providerPayoutId: string; amountPaise: number; accountNumber: string; ifsc: string };

export type SandboxPayoutProvider = PayoutProvider & {
  name: 'sandbox';
  /** The payouts this sandbox has made, by idempotency key (what a provider's dashboard would list). */
  payouts: ReadonlyMap<string, Made>;
  /** A demo or test stand-in for the bank returning a payout after it was credited. */
  reverse: (providerPayoutId: string, reason: string) => void;
};

/**
 * docs/decisions/0011, ADR-0048: the built-in payout provider. A payout is queued at once and settles
 * on its first status check after it was made, so a demo shopper sees processed, then completed.
 * Like RazorpayX, it refuses an idempotency key or a bank account of the wrong shape and an amount
 * under ₹1, and the same key answers with the first payout and refuses a different one.
 */
export function createSandboxPayoutProvider(): SandboxPayoutProvider {
  const payouts = new Map<string, Made>();
  const reversed = new Map<string, string>();
  const madeAt = new Map<string, Date>(); // by provider payout id
  return {
    name: 'sandbox',
    payouts,
    payout({ amountPaise, idempotencyKey, to }) {
      if (!PAYOUT_IDEMPOTENCY_KEY.test(idempotencyKey))
        return Promise.reject(
          new PayoutRefusedError(
            'The idempotency key must be 4 to 36 letters, digits, hyphens, underscores or spaces',
            'X-Payout-Idempotency',
          ),
        );
      if (!Number.isInteger(amountPaise) || amountPaise < 100)
        return Promise.reject(new PayoutRefusedError('The amount must be atleast INR 1.00', 'amount'));
      if (!IFSC.test(to.ifsc))
        return Promise.reject(new PayoutRefusedError('Invalid IFSC Code in Bank Account', 'ifsc'));
      if (!ACCOUNT_NUMBER.test(to.accountNumber))
        return Promise.reject(new PayoutRefusedError('Invalid bank account number', 'account_number'));
      const earlier = payouts.get(idempotencyKey);
      if (
        earlier &&
        (earlier.amountPaise !== amountPaise ||
          earlier.accountNumber !== to.accountNumber ||
          earlier.ifsc !== to.ifsc)
      )
        return Promise.reject(
          new PayoutRefusedError('Different request body sent for the same idempotency key'),
        );
      const made = earlier ?? {
        providerPayoutId: `${SANDBOX_PAYOUT_PREFIX}${randomBytes(9).toString('hex')}`,
        amountPaise,
        accountNumber: to.accountNumber,
        ifsc: to.ifsc,
      };
      if (!madeAt.has(made.providerPayoutId)) madeAt.set(made.providerPayoutId, new Date());
      payouts.set(idempotencyKey, made);
      return Promise.resolve({ providerPayoutId: made.providerPayoutId });
    },
    // the id alone says it is the sandbox's, so a payout made before a restart settles too, with
    // a UTR of the bank's shape (12 digits, as IMPS gives) drawn from its id
    payoutStatus: (providerPayoutId) => {
      if (!providerPayoutId.startsWith(SANDBOX_PAYOUT_PREFIX))
        return Promise.reject(new Error(`${providerPayoutId} is not a sandbox payout`));
      const back = reversed.get(providerPayoutId);
      return Promise.resolve(
        back
          ? { state: 'failed' as const, reason: back }
          : { state: 'settled' as const, reference: sandboxUtr(providerPayoutId) },
      );
    },
    // like RazorpayX's list: the reversed ones among the payouts made since then, newest first
    reversedSince: (since, limit) =>
      Promise.resolve(
        [...payouts.values()]
          .filter(
            (p) =>
              (madeAt.get(p.providerPayoutId)?.getTime() ?? 0) >= since.getTime() &&
              reversed.has(p.providerPayoutId),
          )
          .reverse()
          .slice(0, limit)
          .map((p) => ({
            providerPayoutId: p.providerPayoutId,
            reason: reversed.get(p.providerPayoutId) ?? '',
          })),
      ),
    reverse: (providerPayoutId, reason) => {
      reversed.set(providerPayoutId, reason);
    },
  };
}

/** The sandbox's UTR for a payout: 12 digits, the same for the same payout. */
export function sandboxUtr(providerPayoutId: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(providerPayoutId).digest('hex').slice(0, 15)}`);
  return String(digits % 1_000_000_000_000n).padStart(12, '0');
}
