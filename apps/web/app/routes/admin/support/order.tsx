import { SupportOrder } from '@marketplace/domain/admin/support-api';
import { data, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Amount } from '../../../components/ui/price.tsx';
import { Badge } from '../../../components/ui/table.tsx';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { paymentModeWords, statusTone, statusWords } from './labels.ts';
import { ItemsCard, PaymentsCard, RequestsCard } from './order-items.tsx';
import { MessagesCard, RefundsCard, ShipmentCard } from './order-life.tsx';
import { loadSupport, supportAction } from './support-api.server.ts';
import './support.css';

const ORDER_NO = /^[A-Za-z0-9-]{1,40}$/;
const notFound = () => data('No order has this number.', { status: 404 });

export async function loader({ request, params, context }: LoaderArgs) {
  const orderNo = params.orderNo ?? '';
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!ORDER_NO.test(orderNo)) throw notFound();
  const found = await loadSupport(context, request, `/api/admin/orders/${orderNo}`, SupportOrder);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!found.ok) throw notFound();
  return { order: found.data };
}

export async function action({ request, params, context }: ActionArgs) {
  return supportAction(request, context, params.orderNo ?? null);
}

export function meta({ params }: { params: { orderNo?: string } }) {
  return [{ title: `Order ${params.orderNo ?? ''} · Console` }];
}

/** requirements#operator-support: an order's whole life, and what support may do on the shopper's behalf. */
export default function SupportOrderPage() {
  const { order } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="admin-support admin-support-order">
      <p className="admin-support-back">
        <Link to={`/admin/orders?q=${encodeURIComponent(order.shopper.email)}`}>
          ‹ Orders of {order.shopper.name}
        </Link>
      </p>
      <div className="admin-support-head">
        <h1>
          Order <span className="admin-support-mono">{order.orderNo}</span>
        </h1>
        <div className="admin-support-meta">
          <span>Placed {formatMoment(order.placedAt)}</span>
          <Badge tone={order.paymentMode === 'cod' ? 'warning' : 'success'}>
            {paymentModeWords(order.paymentMode)}
          </Badge>
          <span>
            Payment <Badge tone={statusTone(order.paymentStatus)}>{statusWords(order.paymentStatus)}</Badge>
          </span>
          {order.status !== 'placed' && (
            <Badge tone={statusTone(order.status)}>{statusWords(order.status)}</Badge>
          )}
        </div>
      </div>
      {answer && (
        <Alert tone={answer.tone} className="admin-support-answer">
          {answer.message}
        </Alert>
      )}
      <div className="admin-support-grid">
        <div className="admin-support-main">
          <ItemsCard order={order} busy={busy} answer={answer} />
          <PaymentsCard payments={order.payments} />
          {order.shipments.map((shipment) => (
            <ShipmentCard key={shipment.invoiceNo} shipment={shipment} busy={busy} answer={answer} />
          ))}
          <RequestsCard requests={order.requests} />
          <RefundsCard refunds={order.refunds} busy={busy} answer={answer} />
          <MessagesCard sellerMessages={order.sellerMessages} sentMessages={order.sentMessages} />
        </div>
        <aside className="admin-support-side">
          <Card title="Shopper">
            <p className="admin-support-lines">
              <strong>{order.shopper.name}</strong>
              <br />
              {order.shopper.email}
              {order.shopper.mobile && (
                <>
                  <br />
                  {order.shopper.mobile}
                </>
              )}
            </p>
          </Card>
          <Card title="Deliver to">
            <address className="admin-support-lines">
              <strong>{order.deliverTo.name}</strong>
              <br />
              {order.deliverTo.address}
              <br />
              {order.deliverTo.city}, {order.deliverTo.state} {order.deliverTo.pincode}
              <br />
              Phone: {order.deliverTo.phone}
            </address>
          </Card>
          <Card title="Amounts">
            <dl className="admin-support-sums">
              <dt>Items</dt>
              <dd>
                <Amount paise={order.itemsTotalPaise} />
              </dd>
              {order.couponDiscountPaise > 0 && (
                <>
                  <dt>Coupons</dt>
                  <dd>
                    −<Amount paise={order.couponDiscountPaise} />
                  </dd>
                </>
              )}
              <dt>Delivery</dt>
              <dd>
                <Amount paise={order.deliveryChargePaise} />
              </dd>
              {order.promoDiscountPaise > 0 && (
                <>
                  <dt>Promo</dt>
                  <dd>
                    −<Amount paise={order.promoDiscountPaise} />
                  </dd>
                </>
              )}
              <dt className="admin-support-total">Total</dt>
              <dd className="admin-support-total">
                <Amount paise={order.totalPaise} />
              </dd>
            </dl>
          </Card>
        </aside>
      </div>
    </div>
  );
}
