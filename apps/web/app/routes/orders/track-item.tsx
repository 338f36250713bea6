import { ORDER_LIST_MESSAGES } from '@marketplace/domain/orders/item-actions';
import { ItemTracking, MyOrder } from '@marketplace/domain/orders/my-orders';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import { TRACKING_MESSAGES } from '@marketplace/domain/orders/tracking';
import { data, Link, useLoaderData } from 'react-router';
import { arrivalHeadline } from '../../components/orders/arrival-headline.ts';
import { formatDay } from '../../components/orders/order-dates.ts';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { TrackingEvents, TrackingSteps } from '../../components/orders/tracking-view.tsx';
import { shopperTracking } from '@marketplace/domain/orders/shopper-tracking';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { Alert } from '../../components/ui/alert.tsx';

export async function loader({ url, context }: LoaderArgs) {
  // requirements#ids-in-urls: the item is in the URL, so a reload or a shared link shows the same tracking
  const params = url.searchParams;
  const item = params.get('item') ?? '';
  // and, for a replacement unit, its shipment: /trackitem?item={id}&shipment={invoiceNo}
  const shipment = params.get('shipment');
  const isWellFormed = isRecordId(item) && (shipment === null || /^[A-Za-z0-9-]{1,40}$/.test(shipment));
  const query = shipment ? `?shipment=${encodeURIComponent(shipment)}` : '';
  const loaded = isWellFormed
    ? await loadOrderPage(context, url, `/api/my-orders/items/${item}/tracking${query}`, ItemTracking)
    : ({ kind: 'missing' } as const);
  // requirements#tracking: the page leads with the arrival date, which the item's order carries
  const arrival =
    loaded.kind === 'found' && !shipment ? await arrivalOf(context, url, loaded.data.item) : null;
  return data({ ...loaded, arrival }, { status: orderPageStatus(loaded) });
}

/** The item's expected and actual delivery, from its order; none if the order does not answer. */
async function arrivalOf(context: LoaderArgs['context'], url: URL, item: { id: number; orderNo: string }) {
  if (!ORDER_NO_PATTERN.test(item.orderNo)) return null;
  const order = await loadOrderPage(context, url, `/api/my-orders/${item.orderNo}`, MyOrder);
  if (order.kind !== 'found') return null;
  const found = order.data.groups.flatMap((group) => group.items).find((row) => row.id === item.id);
  return found ? { arrivingBy: found.arrivingBy, deliveredAt: found.deliveredAt } : null;
}

/** /trackitem?item={id}[&shipment={invoiceNo}]: the six steps with a progress bar, or the special outcome, and the shipment's updates. */
export default function TrackItem() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <Alert tone="error" className="account-notice">
          {loaded.kind === 'missing' ? TRACKING_MESSAGES.noOrderData : TRACKING_MESSAGES.fetchFailed}
        </Alert>
        <Link to="/myorder" className="btn-secondary">
          Back to My Orders
        </Link>
      </OrderActionPage>
    );
  }
  const { item, tracking } = loaded.data;
  const headline = loaded.arrival
    ? arrivalHeadline({
        arrivingBy: loaded.arrival.arrivingBy,
        deliveredAt: loaded.arrival.deliveredAt,
        isStopped:
          tracking?.progress.kind === 'special' ||
          item.status === 'cancelled' ||
          item.status === 'undelivered',
        now: new Date(),
      })
    : null;
  return (
    <OrderActionPage>
      {headline && (
        <section className="track-arrival" aria-labelledby="track-arrival-title">
          <h2 id="track-arrival-title">{headline.title}</h2>
          {headline.detail && <p className="track-arrival-detail">{headline.detail}</p>}
        </section>
      )}
      <section className="track-card" aria-label="Item">
        <img src={item.productImage} alt="" width={72} height={72} />
        <div>
          <p className="track-name">{item.productName}</p>
          <p className="myorder-meta">
            Qty: {item.quantity} · Sold by {item.sellerName}
          </p>
          <p className="myorder-meta">
            Order # {item.orderNo} · placed {formatDay(item.placedAt)}
          </p>
          {tracking?.replacementRefNo && (
            <p className="track-replacement">Replacement for request {tracking.replacementRefNo}</p>
          )}
          {/* the parcel by its courier and AWB: the shipment's own reference is not an invoice */}
          {tracking && (tracking.carrier || tracking.awbNo) && (
            <p className="myorder-meta">
              {tracking.carrier ? `Shipped with ${tracking.carrier}` : 'Tracking'}
              {tracking.awbNo ? ` · AWB ${tracking.awbNo}` : ''}
            </p>
          )}
        </div>
      </section>
      {!tracking ? (
        <Alert tone="error" className="account-notice">
          {item.isUnderDispatch ? ORDER_LIST_MESSAGES.underDispatch : TRACKING_MESSAGES.noOrderData}
        </Alert>
      ) : (
        <TrackingPanel tracking={tracking} placedAt={item.placedAt} />
      )}
    </OrderActionPage>
  );
}

/** The parcel's stages and updates in the shopper's words (shopper-tracking.ts). */
function TrackingPanel({
  tracking,
  placedAt,
}: {
  tracking: NonNullable<ItemTracking['tracking']>;
  placedAt: string;
}) {
  // a replacement unit was ordered when the seller created its shipment, not with the order
  const orderedAt = tracking.replacementRefNo ? (tracking.events[0]?.at ?? placedAt) : placedAt;
  const view = shopperTracking({ status: tracking.status, orderedAt, events: tracking.events });
  return (
    <section className="track-panel" aria-label="Tracking">
      <TrackingSteps tracking={view} />
      <TrackingEvents events={view.events} />
    </section>
  );
}
