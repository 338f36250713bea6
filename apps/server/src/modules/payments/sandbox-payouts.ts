import { createHash, randomBytes } from 'node:crypto';
import type { PayoutProvider } from './payouts.ts';

const SANDBOX_PAYOUT_PREFIX = 'sandbox_pout_';

type Made = { providerPayoutId: string; amountPaise: number; accountNumber: string; ifsc: string };

export type SandboxPayoutProvider = PayoutProvider & {
  name: 'sandbox';
  /** The payouts this sandbox has made, by idempotency key (what a provider's dashboard would list). */
  payouts: ReadonlyMap<string, Made>;
};

/**
 * docs/decisions/0011: the built-in payout provider. A payout is queued at once and settles on its
 * first status check after it was made, so a demo shopper sees processed, then completed. Like
 * RazorpayX, the same idempotency key answers with the first payout and refuses a different one.
 */
export function createSandboxPayoutProvider(): SandboxPayoutProvider {
  const payouts = new Map<string, Made>();
  return {
    name: 'sandbox',
    payouts,
    payout({ amountPaise, idempotencyKey, to }) {
      const earlier = payouts.get(idempotencyKey);
      if (
        earlier &&
        (earlier.amountPaise !== amountPaise ||
          earlier.accountNumber !== to.accountNumber ||
          earlier.ifsc !== to.ifsc)
      )
        return Promise.reject(new Error('a different payout was made with this idempotency key'));
      const made = earlier ?? {
        providerPayoutId: `${SANDBOX_PAYOUT_PREFIX}${randomBytes(9).toString('hex')}`,
        amountPaise,
        accountNumber: to.accountNumber,
        ifsc: to.ifsc,
      };
      payouts.set(idempotencyKey, made);
      return Promise.resolve({ providerPayoutId: made.providerPayoutId });
    },
    // the id alone says it is the sandbox's, so a payout made before a restart settles too, with
    // a UTR of the bank's shape (12 digits, as IMPS gives) drawn from its id
    payoutStatus: (providerPayoutId) =>
      providerPayoutId.startsWith(SANDBOX_PAYOUT_PREFIX)
        ? Promise.resolve({ state: 'settled' as const, reference: sandboxUtr(providerPayoutId) })
        : Promise.reject(new Error(`${providerPayoutId} is not a sandbox payout`)),
  };
}

/** The sandbox's UTR for a payout: 12 digits, the same for the same payout. */
export function sandboxUtr(providerPayoutId: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(providerPayoutId).digest('hex').slice(0, 15)}`);
  return String(digits % 1_000_000_000_000n).padStart(12, '0');
}
