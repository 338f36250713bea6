import { eq } from 'drizzle-orm';
import { type Executor, sellers } from '@marketplace/db';

/**
 * ADR-0049: the payout cycle refuses to run while the database holds demo sellers (made by the demo
 * seed, their passwords in the README) and the payout provider moves real money: the first cycle
 * would send their demo balances to the demo bank accounts. Answers why, or null when it may run.
 */
export async function demoPayoutRefusal(
  db: Executor,
  provider: 'sandbox' | 'razorpayx' | null,
): Promise<string | null> {
  if (provider !== 'razorpayx') return null;
  const demo = await db.$count(sellers, eq(sellers.isDemo, true));
  if (demo === 0) return null;
  return `Payouts are stopped: this database holds ${demo} demo sellers from the demo seed (SEED_DEMO), and RazorpayX would pay their demo balances with real money. Start on a database seeded without SEED_DEMO=true, or use the payments sandbox.`;
}
