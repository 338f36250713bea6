// requirements#operator-support: a lived-in failed-refunds queue for the console. Runs last and draws
// no random numbers, so nothing seeded before it changes (ADR-0026): three of Seller Central's
// settled refunds of cancelled items to its demo buyers become refunds the provider refused three
// times (a returned item's refund stays settled, as Seller Central's returns show it).
import { and, asc, eq, like } from 'drizzle-orm';
import { itemRequests, orders, refunds, users } from '../schema/index.ts';
import { DAY_MS, type SeedContext } from './context.ts';

const FAILURES = [
  'The payment is too old to be refunded to the card',
  'Refund declined by the issuing bank',
  'The UPI account the payment came from has been closed',
];

export async function seedFailedRefunds(ctx: SeedContext): Promise<number> {
  let count = 0;
  for (const reason of FAILURES) {
    const [refund] = await ctx.db
      .select({ id: refunds.id, processedAt: refunds.processedAt, createdAt: refunds.createdAt })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(itemRequests, eq(itemRequests.id, refunds.requestId))
      .where(
        and(
          eq(refunds.status, 'completed'),
          eq(itemRequests.kind, 'cancel'),
          like(users.email, '%@buyers.example.com'),
        ),
      )
      .orderBy(asc(refunds.id))
      .limit(1);
    if (!refund) continue;
    const taken = refund.processedAt ?? refund.createdAt;
    await ctx.db
      .update(refunds)
      .set({
        status: 'failed',
        attempt: 3,
        failureReason: reason,
        completedAt: null,
        updatedAt: new Date(taken.getTime() + (count + 2) * DAY_MS),
      })
      .where(eq(refunds.id, refund.id));
    count++;
  }
  ctx.progress(`support: ${count} failed refunds waiting for an operator`);
  return count;
}
