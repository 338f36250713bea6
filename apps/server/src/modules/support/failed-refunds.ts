import { asc, count, eq } from 'drizzle-orm';
import { type Executor, orders, refunds, users } from '@marketplace/db';
import { type FailedRefundsPage, SUPPORT_PAGE_SIZE } from '@marketplace/domain/admin/support-api';
import { refundDestination } from '@marketplace/domain/orders/refund-life';

/**
 * requirements#operator-support (ADR-0011): refunds the job gave up on after their last attempt,
 * waiting for an operator; the one waiting longest first.
 */
export async function failedRefunds(db: Executor, page: number): Promise<FailedRefundsPage> {
  const isFailed = eq(refunds.status, 'failed');
  const [totals] = await db.select({ total: count() }).from(refunds).where(isFailed);
  const total = totals?.total ?? 0;
  const rows = await db
    .select({
      refund: refunds,
      orderNo: orders.orderNo,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(isFailed)
    .orderBy(asc(refunds.updatedAt), asc(refunds.id))
    .limit(SUPPORT_PAGE_SIZE)
    .offset((page - 1) * SUPPORT_PAGE_SIZE);
  return {
    page,
    pageCount: Math.max(1, Math.ceil(total / SUPPORT_PAGE_SIZE)),
    total,
    refunds: rows.map(({ refund, orderNo, firstName, lastName, email }) => ({
      id: refund.id,
      orderNo,
      shopper: { name: `${firstName} ${lastName}`.trim(), email },
      amountPaise: refund.amountPaise,
      method: refund.method,
      destination: refundDestination(refund.method, refund.bankAccountLast4),
      attempt: refund.attempt,
      provider: refund.provider,
      providerRefundId: refund.providerRefundId,
      failureReason: refund.failureReason,
      createdAt: refund.createdAt.toISOString(),
      failedAt: refund.updatedAt.toISOString(),
    })),
  };
}
