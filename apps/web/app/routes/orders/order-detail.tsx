import { formatInr } from '@marketplace/domain';
import { type MyOrder, MyOrder as MyOrderSchema } from '@marketplace/domain/orders/my-orders';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import { data, useLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { OrderSummaryBox } from '../../components/checkout/order-summary.tsx';
import { formatDay } from '../../components/orders/order-dates.ts';
import { OrderCard } from '../../components/orders/order-card.tsx';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/checkout/checkout.css';
import '../../components/orders/my-orders.css';
import { Alert } from '../../components/ui/alert.tsx';

/** ours: the spec shows no text for an order that cannot be loaded */
const LOAD_FAILED = 'Failed to load this order. Please try again.';

// requirements#ids-in-urls: the order number is in the URL (/neworderdetail?order=OD...), so a reload or a shared link works
export async function loader({ url, context }: LoaderArgs) {
  const orderNo = url.searchParams.get('order') ?? '';
  const loaded = ORDER_NO_PATTERN.test(orderNo)
    ? await loadOrderPage(context, url, `/api/my-orders/${orderNo}`, MyOrderSchema)
    : ({ kind: 'missing' } as const);
  return data(loaded, { status: orderPageStatus(loaded) });
}

/** /neworderdetail?order={orderNo}: one order's details: when, where, how paid, what it cost, and its items with their actions. */
export default function OrderDetail() {
  const result = useLoaderData<typeof loader>();
  const crumb = { to: '/myorder', label: 'My Orders' };
  if (result.kind !== 'found') {
    return (
      <AccountPage title="Order Details" crumb={crumb}>
        <Alert tone="error" className="account-notice">
          {result.kind === 'missing' ? ORDER_MESSAGES.orderNotFound : LOAD_FAILED}
        </Alert>
        <Link to="/myorder" className="btn">
          Back to My Orders
        </Link>
      </AccountPage>
    );
  }
  const order = result.data;
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
    case 'cancelled':
      return 'Cancelled';
    default:
      return order.paymentMode === 'cod'
        ? `Pay ${formatInr(order.totalPaise)} on delivery`
        : 'Payment pending';
  }
}
