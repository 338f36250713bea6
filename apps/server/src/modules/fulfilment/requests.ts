import { count, eq } from 'drizzle-orm';
import { type Executor, itemRequests } from '@marketplace/db';

/**
 * A request's reference number: CN (cancel), RT (return) or RP (replace), the order number's
 * digits and the item id, with a running suffix after the item's first request (the seed's form).
 */
export async function nextRefNo(
  tx: Executor,
  kind: 'cancel' | 'return' | 'replace',
  orderNo: string,
  itemId: number,
): Promise<string> {
  const prefix = { cancel: 'CN', return: 'RT', replace: 'RP' }[kind];
  const [made] = await tx
    .select({ n: count() })
    .from(itemRequests)
    .where(eq(itemRequests.orderItemId, itemId));
  const n = made?.n ?? 0;
  return `${prefix}${orderNo.replace(/^OD/, '')}${itemId}${n > 0 ? `-${n + 1}` : ''}`;
}
