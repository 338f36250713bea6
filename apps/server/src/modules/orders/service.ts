import { and, asc, eq } from 'drizzle-orm';
import { type Executor, orderItems, orders } from '@marketplace/db';

export type OrderView = {
  orderNo: string;
  status: string;
  paymentMode: 'cod' | 'prepaid';
  paymentStatus: string;
  itemsTotalPaise: number;
  couponDiscountPaise: number;
  deliveryChargePaise: number;
  promoName: string | null;
  promoDiscountPaise: number;
  totalPaise: number;
  placedAt: string;
  deliveryName: string;
  deliveryAddress: string;
  items: {
    productId: number;
    productName: string;
    quantity: number;
    unitPricePaise: number;
    sellerId: number;
  }[];
};

/** One of the shopper's orders (another shopper's reads as missing). */
export async function getOrder(db: Executor, userId: number, orderNo: string): Promise<OrderView | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.orderNo, orderNo)));
  if (!order) return null;
  const items = await db
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      sellerId: orderItems.sellerId,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return {
    orderNo: order.orderNo,
    status: order.status,
    paymentMode: order.paymentMode === 'cod' ? 'cod' : 'prepaid',
    paymentStatus: order.paymentStatus,
    itemsTotalPaise: order.itemsTotalPaise,
    couponDiscountPaise: order.couponDiscountPaise,
    deliveryChargePaise: order.deliveryChargePaise,
    promoName: order.promoName,
    promoDiscountPaise: order.promoDiscountPaise,
    totalPaise: order.totalPaise,
    placedAt: order.createdAt.toISOString(),
    deliveryName: order.deliveryName,
    deliveryAddress: `${order.deliveryAddress}, ${order.deliveryCity}, ${order.deliveryState} ${order.deliveryPincode}`,
    items,
  };
}
