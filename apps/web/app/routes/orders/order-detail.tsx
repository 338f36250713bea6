import { formatInr } from '@marketplace/domain';
import { type MyOrder, MyOrder as MyOrderSchema } from '@marketplace/domain/orders/my-orders';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import { data, useLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { OrderSummaryBox } from '../../components/checkout/order-summary.tsx';
import { useOrderDates } from '../../components/orders/orders-i18n.ts';
import { OrderCard } from '../../components/orders/order-card.tsx';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/checkout/checkout.css';
import '../../components/orders/my-orders.css';
import { Alert } from '../../components/ui/alert.tsx';
import { useT } from '../../i18n/intl.tsx';

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
  const t = useT();
  const dates = useOrderDates();
  const crumb = { to: '/myorder', label: t('orders.title') };
  if (result.kind !== 'found') {
    return (
      <AccountPage title={t('orders.detail.title')} crumb={crumb}>
        <Alert tone="error" className="account-notice">
          {/* ours: the spec shows no text for an order that cannot be loaded */}
          {result.kind === 'missing' ? t('orders.orderNotFound') : t('orders.detail.loadFailed')}
        </Alert>
        <Link to="/myorder" className="btn">
          {t('orders.backToMyOrders')}
        </Link>
      </AccountPage>
    );
  }
  const order = result.data;
  const itemCount = order.groups.reduce((n, g) => n + g.items.reduce((m, i) => m + i.quantity, 0), 0);
  return (
    <AccountPage title={t('orders.detail.title')} crumb={crumb}>
      <p className="order-detail-meta">
        {t('orders.detail.orderedOn', { date: dates.day(order.placedAt) })} <span aria-hidden="true">|</span>{' '}
        {t('orders.orderHash')}{' '}
        <span data-testid="detail-order-no" translate="no">
          {order.orderNo}
        </span>
      </p>
      <section className="order-detail-facts" aria-label={t('orders.detail.shippingAndPayment')}>
        <div>
          <h2>{t('orders.detail.shippingAddress')}</h2>
          <p translate="no">
            <strong>{order.delivery.name}</strong>
          </p>
          <p translate="no">{order.delivery.address}</p>
          <p>
            {t('orders.detail.phone')} <span translate="no">{order.delivery.phone}</span>
          </p>
        </div>
        <div>
          <h2>{t('orders.detail.paymentMethod')}</h2>
          <p>{order.paymentMode === 'cod' ? t('orders.cod') : t('orders.paidOnline')}</p>
          <p className="checkout-muted" data-testid="detail-payment-status">
            {paymentStatusText(order, t)}
          </p>
        </div>
        <OrderSummaryBox summary={order} itemCount={itemCount} loading={false} />
      </section>
      <OrderCard order={order} detailsLink={false} />
    </AccountPage>
  );
}

/** How the payment stands, in the words shoppers know. */
function paymentStatusText(order: MyOrder, t: ReturnType<typeof useT>): string {
  const amount = formatInr(order.totalPaise);
  switch (order.paymentStatus) {
    case 'paid':
      return order.paymentMode === 'cod'
        ? t('orders.payment.paidOnDelivery')
        : t('orders.payment.paid', { amount });
    case 'refunded':
      return t('orders.payment.refunded');
    case 'partially_refunded':
      return t('orders.payment.partlyRefunded');
    case 'failed':
      return t('orders.payment.failed');
    case 'cancelled':
      return t('orders.payment.cancelled');
    default:
      return order.paymentMode === 'cod'
        ? t('orders.payment.payOnDelivery', { amount })
        : t('orders.payment.pending');
  }
}
