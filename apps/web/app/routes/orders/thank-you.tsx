import { useEffect } from 'react';
import { formatInr } from '@marketplace/domain';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { OrderDetails } from '@marketplace/domain/orders/place-order';
import { useLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { settlePaidOrder } from '../../lib/checkout.ts';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/orders/orders.css';
import { Alert } from '../../components/ui/alert.tsx';

/** The order of the URL, rendered on the server (null when it is not the shopper's). */
export async function loader({ request, context, url }: LoaderArgs) {
  const orderNo = url.searchParams.get('order') ?? '';
  if (!orderNo) return null;
  return loadFromApi(context, request, `/api/orders/${encodeURIComponent(orderNo)}`, OrderDetails);
}

/** /thankyou?order=…: the real order number and amount (requirements#payment-page), and 'View Order' to /myorder. */
export default function ThankYou() {
  const order = useLoaderData<typeof loader>();
  const isPaidOnline = order?.paymentMode === 'prepaid' && order.paymentStatus === 'paid';
  // requirements#order-placement: once the payment is confirmed, the checkout's lines and coupons are cleared
  useEffect(() => {
    if (order && isPaidOnline) void settlePaidOrder(order.orderNo);
  }, [order, isPaidOnline]);
  if (!order) {
    return (
      <AccountPage title="Thank you" narrow>
        <Alert tone="error" className="account-notice">
          {ORDER_MESSAGES.orderNotFound}
        </Alert>
      </AccountPage>
    );
  }
  const paid = order.paymentMode === 'cod' || order.paymentStatus === 'paid';
  return (
    <AccountPage title="Thank you" narrow>
      <section className="order-card order-done" aria-label="Order confirmation">
        <span className="order-tick" aria-hidden="true">
          ✓
        </span>
        <h2>{paid ? 'Thank you! Your order has been placed.' : 'Your order is waiting for its payment.'}</h2>
        {isPaidOnline && (
          <Alert tone="success" className="account-notice">
            {ORDER_MESSAGES.onlinePlaced}
          </Alert>
        )}
        <dl className="order-facts">
          <dt>Order number</dt>
          <dd data-testid="order-no">{order.orderNo}</dd>
          <dt>{order.paymentMode === 'cod' ? 'Pay on delivery' : 'Amount paid'}</dt>
          <dd className="order-amount" data-testid="amount">
            {formatInr(order.totalPaise)}
          </dd>
          <dt>Items</dt>
          <dd>{order.items.reduce((n, item) => n + item.quantity, 0)}</dd>
          <dt>Deliver to</dt>
          <dd className="order-address">
            {order.deliveryName}, {order.deliveryAddress}
          </dd>
        </dl>
        <Link to="/myorder" className="btn">
          View Order
        </Link>
      </section>
    </AccountPage>
  );
}
