import { useEffect } from 'react';
import { formatInr } from '@marketplace/domain';
import { OrderDetails } from '@marketplace/domain/orders/place-order';
import { useLoaderData } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
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
  const t = useT();
  const isPaidOnline = order?.paymentMode === 'prepaid' && order.paymentStatus === 'paid';
  // requirements#order-placement: once the payment is confirmed, the checkout's lines and coupons are cleared
  useEffect(() => {
    if (order && isPaidOnline) void settlePaidOrder(order.orderNo);
  }, [order, isPaidOnline]);
  if (!order) {
    return (
      <AccountPage title={t('checkout.thanks.title')} narrow>
        <Alert tone="error" className="account-notice">
          {t('checkout.order.notFound')}
        </Alert>
      </AccountPage>
    );
  }
  const paid = order.paymentMode === 'cod' || order.paymentStatus === 'paid';
  return (
    <AccountPage title={t('checkout.thanks.title')} narrow>
      <section className="order-card order-done" aria-label={t('checkout.thanks.label')}>
        <span className="order-tick" aria-hidden="true">
          ✓
        </span>
        <h2>{paid ? t('checkout.thanks.placed') : t('checkout.thanks.waiting')}</h2>
        {isPaidOnline && (
          <Alert tone="success" className="account-notice">
            {t('checkout.order.onlinePlaced')}
          </Alert>
        )}
        <dl className="order-facts">
          <dt>{t('checkout.orderNumber')}</dt>
          <dd data-testid="order-no" translate="no">
            {order.orderNo}
          </dd>
          <dt>
            {order.paymentMode === 'cod'
              ? t('checkout.thanks.payOnDelivery')
              : t('checkout.thanks.amountPaid')}
          </dt>
          <dd className="order-amount" data-testid="amount">
            {formatInr(order.totalPaise)}
          </dd>
          <dt>{t('checkout.items')}</dt>
          <dd>{order.items.reduce((n, item) => n + item.quantity, 0)}</dd>
          <dt>{t('checkout.deliverTo')}</dt>
          {/* the shopper's own name and address, as stored */}
          <dd className="order-address" translate="no">
            {order.deliveryName}, {order.deliveryAddress}
          </dd>
        </dl>
        <Link to="/myorder" className="btn">
          {t('checkout.thanks.viewOrder')}
        </Link>
      </section>
    </AccountPage>
  );
}
