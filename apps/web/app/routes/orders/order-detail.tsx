import { formatInr } from '@marketplace/domain';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import { type ClientLoaderFunctionArgs, Link, useLoaderData } from 'react-router';
import { hereOf, loadOrLogin } from '../../components/account/account-api.ts';
import { AccountLoading, AccountPage } from '../../components/account/account-page.tsx';
import { OrderSummaryBox } from '../../components/checkout/order-summary.tsx';
import { formatDay, type MyOrder } from '../../components/orders/my-orders-types.ts';
import { OrderCard } from '../../components/orders/order-card.tsx';
import '../../components/checkout/checkout.css';
import '../../components/orders/my-orders.css';

/** ours: the spec shows no text for an order that cannot be loaded */
const LOAD_FAILED = 'Failed to load this order. Please try again.';

// decision 12: the order number is in the URL (/neworderdetail?order=OD...), so a reload or a shared link works
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const orderNo = new URL(request.url).searchParams.get('order') ?? '';
  if (!ORDER_NO_PATTERN.test(orderNo)) return { ok: false as const, missing: true };
  try {
    const order = await loadOrLogin<MyOrder>(`/api/my-orders/${orderNo}`, hereOf(request));
    return order ? { ok: true as const, order } : { ok: false as const, missing: true };
  } catch (error) {
    if (error instanceof Response) throw error; // the redirect to /login
    return { ok: false as const, missing: false };
  }
}

export function HydrateFallback() {
  return <AccountLoading what="your order" />;
}

/** /neworderdetail?order={orderNo}: one order's details: when, where, how paid, what it cost, and its items with their actions. */
export default function OrderDetail() {
  const result = useLoaderData<typeof clientLoader>();
  const crumb = { to: '/myorder', label: 'My Orders' };
  if (!result.ok) {
    return (
      <AccountPage title="Order Details" crumb={crumb}>
        <p className="account-notice error" role="alert">
          {result.missing ? ORDER_MESSAGES.orderNotFound : LOAD_FAILED}
        </p>
        <Link to="/myorder" className="btn">
          Back to My Orders
        </Link>
      </AccountPage>
    );
  }
  const { order } = result;
  const itemCount = order.groups.reduce((n, g) => n + g.items.reduce((m, i) => m + i.quantity, 0), 0);
  return (
    <AccountPage title="Order Details" crumb={crumb}>
      <p className="order-detail-meta">
        Ordered on {formatDay(order.placedAt)} <span aria-hidden="true">|</span> Order #{' '}
        <span data-testid="detail-order-no">{order.orderNo}</span>
      </p>
      <section className="order-detail-facts" aria-label="Shipping and payment">
        <div>
          <h2>Shipping address</h2>
          <p>
            <strong>{order.delivery.name}</strong>
          </p>
          <p>{order.delivery.address}</p>
          <p>Phone: {order.delivery.phone}</p>
        </div>
        <div>
          <h2>Payment method</h2>
          <p>{order.paymentMode === 'cod' ? 'Cash on Delivery' : 'Paid online'}</p>
          <p className="checkout-muted" data-testid="detail-payment-status">
            {paymentStatusText(order)}
          </p>
        </div>
        <OrderSummaryBox summary={order} itemCount={itemCount} loading={false} />
      </section>
      <OrderCard order={order} detailsLink={false} />
    </AccountPage>
  );
}

/** How the payment stands, in the words shoppers know. */
function paymentStatusText(order: MyOrder): string {
  switch (order.paymentStatus) {
    case 'paid':
      return order.paymentMode === 'cod' ? 'Paid on delivery' : `Paid ${formatInr(order.totalPaise)}`;
    case 'refunded':
      return 'Refunded';
    case 'partially_refunded':
      return 'Partly refunded';
    case 'failed':
      return 'Payment failed';
    default:
      return order.paymentMode === 'cod'
        ? `Pay ${formatInr(order.totalPaise)} on delivery`
        : 'Payment pending';
  }
}
