import { ORDER_LIST_MESSAGES } from '@marketplace/domain/orders/item-actions';
import { TRACKING_MESSAGES } from '@marketplace/domain/orders/tracking';
import { type ClientLoaderFunctionArgs, Link, redirect, useLoaderData } from 'react-router';
import { callApi, hereOf } from '../../components/account/account-api.ts';
import { AccountLoading } from '../../components/account/account-page.tsx';
import { formatDay, type ItemTracking } from '../../components/orders/my-orders-types.ts';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { SpecialStatus, TrackingEvents, TrackingSteps } from '../../components/orders/tracking-view.tsx';

type Loaded = { kind: 'found'; data: ItemTracking } | { kind: 'missing' } | { kind: 'failed' };

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  // decision 12: the item is in the URL, so a reload or a shared link shows the same tracking
  const params = new URL(request.url).searchParams;
  const item = params.get('item') ?? '';
  // and, for a replacement unit, its shipment: /trackitem?item={id}&shipment={invoiceNo}
  const shipment = params.get('shipment');
  if (!/^[1-9][0-9]{0,9}$/.test(item)) return { kind: 'missing' };
  if (shipment !== null && !/^[A-Za-z0-9-]{1,40}$/.test(shipment)) return { kind: 'missing' };
  try {
    const result = await callApi<ItemTracking>(
      `/api/my-orders/items/${item}/tracking${shipment ? `?shipment=${encodeURIComponent(shipment)}` : ''}`,
    );
    if (result.ok) return { kind: 'found', data: result.data };
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
    if (result.status === 401) throw redirect(`/login?redirectTo=${encodeURIComponent(hereOf(request))}`);
    return result.status === 404 || result.status === 400 ? { kind: 'missing' } : { kind: 'failed' };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { kind: 'failed' };
  }
}

export function HydrateFallback() {
  return <AccountLoading what="the tracking" />;
}

/** /trackitem?item={id}[&shipment={invoiceNo}]: the six steps with a progress bar, or the special outcome, and the shipment's updates. */
export default function TrackItem() {
  const loaded = useLoaderData<typeof clientLoader>();
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <p className="account-notice error" role="alert">
          {loaded.kind === 'missing' ? TRACKING_MESSAGES.noOrderData : TRACKING_MESSAGES.fetchFailed}
        </p>
        <Link to="/myorder" className="btn-secondary">
          Back to My Orders
        </Link>
      </OrderActionPage>
    );
  }
  const { item, tracking } = loaded.data;
  return (
    <OrderActionPage>
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
          {tracking && (
            <p className="myorder-meta">
              Invoice {tracking.invoiceNo}
              {tracking.carrier ? ` · ${tracking.carrier}` : ''}
              {tracking.awbNo ? ` · AWB ${tracking.awbNo}` : ''}
            </p>
          )}
        </div>
      </section>
      {!tracking ? (
        <p className="account-notice error" role="alert">
          {item.isUnderDispatch ? ORDER_LIST_MESSAGES.underDispatch : TRACKING_MESSAGES.noOrderData}
        </p>
      ) : (
        <section className="track-panel" aria-label="Tracking">
          {tracking.progress.kind === 'step' ? (
            <TrackingSteps stepIndex={tracking.progress.stepIndex} />
          ) : (
            <SpecialStatus status={tracking.progress.status} />
          )}
          <TrackingEvents events={tracking.events} />
        </section>
      )}
    </OrderActionPage>
  );
}
