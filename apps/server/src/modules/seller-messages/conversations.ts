import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, orderItems, orders, queryRows, sellerMessages, users } from '@marketplace/db';
import {
  CONVERSATIONS_PAGE_SIZE,
  type ConversationTopic,
  type SellerConversation,
  type SellerConversationList,
} from '@marketplace/domain/sellers/messages-api';

// requirements#seller-messages: every query here is scoped to the seller of the session.

/** The shopper messages the seller has not opened yet (the partial index seller_messages_unread_idx). */
export async function unreadShopperMessages(db: Executor, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sellerMessages)
    .where(
      and(
        eq(sellerMessages.sellerId, sellerId),
        eq(sellerMessages.author, 'shopper'),
        isNull(sellerMessages.readAt),
      ),
    );
  return row?.n ?? 0;
}

type ListRow = {
  item_id: number;
  topic: ConversationTopic;
  order_no: string;
  product_name: string;
  product_image: string;
  shopper_name: string;
  author: 'shopper' | 'seller';
  body: string;
  sent_at: Date | string;
  unread: number;
  total: number;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * One row per conversation (item and topic), the latest message first; `unreadOnly` keeps those
 * with shopper messages not yet opened.
 */
export async function listConversations(
  db: Executor,
  sellerId: number,
  { page, unreadOnly }: { page: number; unreadOnly: boolean },
): Promise<SellerConversationList> {
  const having: SQL = unreadOnly
    ? sql`HAVING count(*) FILTER (WHERE author = 'shopper' AND read_at IS NULL) > 0`
    : sql``;
  const rows = await queryRows<ListRow>(
    db,
    sql`WITH threads AS (
          SELECT order_item_id, topic, max(id) AS last_id,
                 (count(*) FILTER (WHERE author = 'shopper' AND read_at IS NULL))::int AS unread
            FROM seller_messages
           WHERE seller_id = ${sellerId}
           GROUP BY order_item_id, topic
           ${having}
        )
        SELECT t.order_item_id AS item_id, t.topic, o.order_no, oi.product_name, oi.product_image,
               trim(u.first_name || ' ' || u.last_name) AS shopper_name,
               m.author, m.body, m.created_at AS sent_at, t.unread,
               (count(*) OVER ())::int AS total
          FROM threads t
          JOIN seller_messages m ON m.id = t.last_id
          JOIN order_items oi ON oi.id = t.order_item_id
          JOIN orders o ON o.id = oi.order_id
          JOIN users u ON u.id = o.user_id
         ORDER BY m.created_at DESC, m.id DESC
         LIMIT ${CONVERSATIONS_PAGE_SIZE} OFFSET ${(page - 1) * CONVERSATIONS_PAGE_SIZE}`,
  );
  const total = Number(rows[0]?.total ?? (page > 1 ? await countConversations(db, sellerId, unreadOnly) : 0));
  return {
    conversations: rows.map((r) => ({
      itemId: Number(r.item_id),
      topic: r.topic,
      orderNo: r.order_no,
      productName: r.product_name,
      productImage: r.product_image,
      shopperName: r.shopper_name,
      lastMessage: { author: r.author, body: r.body, sentAt: iso(r.sent_at) },
      unread: Number(r.unread),
    })),
    page,
    pages: Math.max(1, Math.ceil(total / CONVERSATIONS_PAGE_SIZE)),
    total,
    unreadTotal: await unreadShopperMessages(db, sellerId),
  };
}

async function countConversations(db: Executor, sellerId: number, unreadOnly: boolean): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (
          SELECT 1 FROM seller_messages WHERE seller_id = ${sellerId}
           GROUP BY order_item_id, topic
          ${unreadOnly ? sql`HAVING count(*) FILTER (WHERE author = 'shopper' AND read_at IS NULL) > 0` : sql``}) c`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The seller opens one conversation: its messages oldest first, after marking the shopper's
 * unread ones read (in the same transaction). Null when the item is not this seller's or nobody
 * wrote about it in this topic: the same answer as a missing one.
 */
export async function openConversation(
  db: Executor,
  sellerId: number,
  itemId: number,
  topic: ConversationTopic,
  now: Date = new Date(),
): Promise<SellerConversation | null> {
  return db.transaction(async (tx) => {
    const [head] = await tx
      .select({
        orderNo: orders.orderNo,
        productName: orderItems.productName,
        productImage: orderItems.productImage,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orderItems.id, itemId), eq(orderItems.sellerId, sellerId)));
    if (!head) return null;
    const thread = and(
      eq(sellerMessages.orderItemId, itemId),
      eq(sellerMessages.sellerId, sellerId),
      eq(sellerMessages.topic, topic),
    );
    const marked = await tx
      .update(sellerMessages)
      .set({ readAt: now })
      .where(and(thread, eq(sellerMessages.author, 'shopper'), isNull(sellerMessages.readAt)))
      .returning({ id: sellerMessages.id });
    const messages = await tx
      .select()
      .from(sellerMessages)
      .where(thread)
      .orderBy(asc(sellerMessages.createdAt), asc(sellerMessages.id));
    if (messages.length === 0) return null;
    return {
      itemId,
      topic,
      orderNo: head.orderNo,
      productName: head.productName,
      productImage: head.productImage,
      shopperName: `${head.firstName} ${head.lastName}`.trim(),
      markedRead: marked.length,
      messages: messages.map((m) => ({
        id: m.id,
        author: m.author === 'seller' ? ('seller' as const) : ('shopper' as const),
        body: m.body,
        sentAt: m.createdAt.toISOString(),
        readAt: m.readAt?.toISOString() ?? null,
      })),
    };
  });
}
