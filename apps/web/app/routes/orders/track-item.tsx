import { ORDER_LIST_MESSAGES } from '@marketplace/domain/orders/item-actions';
import { ItemTracking, MyOrder } from '@marketplace/domain/orders/my-orders';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import { TRACKING_MESSAGES } from '@marketplace/domain/orders/tracking';
import { NDR_MESSAGES, NdrView } from '@marketplace/domain/orders/ndr';
import { data, Form, redirect, useActionData, useLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { z } from 'zod';
import { arrivalHeadline } from '../../components/orders/arrival-headline.ts';
import { formatDay } from '../../components/orders/order-dates.ts';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { TrackingEvents, TrackingSteps } from '../../components/orders/tracking-view.tsx';
import { shopperTracking } from '@marketplace/domain/orders/shopper-tracking';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { actionApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
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
  // ADR-0058: after a failed attempt, what the courier should do next
  const tracked = loaded.kind === 'found' ? loaded.data.tracking : null;
  const ndrLoaded =
    tracked && tracked.awbNo && (tracked.status === 'delivery_failed' || tracked.status === 'dispatched')
      ? await loadOrderPage(context, url, `/api/my-orders/shipments/${tracked.invoiceNo}/ndr`, NdrView)
      : null;
  const ndr = ndrLoaded?.kind === 'found' && ndrLoaded.data.attempts > 0 ? ndrLoaded.data : null;
  return data({ ...loaded, arrival, ndr }, { status: orderPageStatus(loaded) });
}

const NdrChosen = z.object({ success: z.literal(true), message: z.string() });
type NdrReply = { ok: boolean; message: string; action: string | null };

/**
 * ADR-0058: the shopper's choice after a failed attempt, sent as a plain form (no scripts
 * needed); the API checks the day, the address and the phone and answers in words.
 */
export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const reply = (r: NdrReply, status: number) => data(r, { status });
  if (!form) return reply({ ok: false, message: NDR_MESSAGES.action, action: null }, 400);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const invoiceNo = field('invoiceNo');
  const chosen = field('action');
  if (!/^[A-Za-z0-9-]{1,40}$/.test(invoiceNo))
    return reply({ ok: false, message: NDR_MESSAGES.shipmentNotFound, action: chosen }, 404);
  const body =
    chosen === 're_attempt'
      ? { action: chosen, date: field('date') }
      : chosen === 'change_address'
        ? {
            action: chosen,
            address: field('address'),
            pincode: field('pincode'),
            ...(field('phone').trim() ? { phone: field('phone') } : {}),
          }
        : chosen === 'change_phone'
          ? { action: chosen, phone: field('phone') }
          : { action: chosen };
  const api = actionApi(context);
  const result = await api.call('POST', `/api/my-orders/shipments/${invoiceNo}/ndr`, NdrChosen, body);
  if (result.ok) return reply({ ok: true, message: result.data.message, action: chosen }, 200);
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
  if (result.kind === 'refused')
    return reply(
      { ok: false, message: result.message || NDR_MESSAGES.action, action: chosen },
      result.status,
    );
  return reply({ ok: false, message: NDR_MESSAGES.unavailable, action: chosen }, 503);
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
        <>
          {loaded.ndr && <NdrPanel ndr={loaded.ndr} />}
          <TrackingPanel tracking={tracking} placedAt={item.placedAt} />
        </>
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
  const view = shopperTracking({
    status: tracking.status,
    orderedAt,
    paidBeforeDelivery: tracking.paidBeforeDelivery,
    events: tracking.events,
  });
  return (
    <section className="track-panel" aria-label="Tracking">
      <TrackingSteps tracking={view} />
      <TrackingEvents events={view.events} />
    </section>
  );
}

const dayName = (day: string) =>
  new Date(`${day}T00:00:00+05:30`).toLocaleDateString('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Asia/Kolkata',
  });

/** ADR-0058: "Delivery attempted": the shopper's choice, as a form that works without scripts. */
function NdrPanel({ ndr }: { ndr: NdrView }) {
  const reply = useActionData<typeof action>();
  return (
    <section className="track-ndr" aria-labelledby="track-ndr-title">
      <h2 id="track-ndr-title">Delivery attempted</h2>
      <p className="myorder-meta">
        The courier could not deliver your parcel ({ndr.attempts} of {ndr.maxAttempts} attempts). After{' '}
        {ndr.maxAttempts} attempts it goes back to the seller.
      </p>
      {reply && (
        <Alert tone={reply.ok ? 'success' : 'error'} className="account-notice">
          {reply.message}
        </Alert>
      )}
      {ndr.choice && !reply?.ok && (
        <p className="track-ndr-choice">
          Your choice: {ndr.choice.summary}
          {ndr.choice.chosenBy === 'seller' ? ' (chosen by the seller)' : ''}
        </p>
      )}
      {ndr.isAwaitingChoice && !reply?.ok && (
        <div className="track-ndr-forms">
          <p>What should the courier do? If you do not choose, it tries again tomorrow.</p>
          <Form method="post" className="track-ndr-form">
            <input type="hidden" name="invoiceNo" value={ndr.invoiceNo} />
            <input type="hidden" name="action" value="re_attempt" />
            <label htmlFor="ndr-date">Try again on</label>
            <select id="ndr-date" name="date" defaultValue={ndr.reattemptDays[0]}>
              {ndr.reattemptDays.map((day) => (
                <option key={day} value={day}>
                  {dayName(day)}
                </option>
              ))}
            </select>
            <button type="submit" className="btn">
              Deliver on this day
            </button>
          </Form>
          <Form method="post" className="track-ndr-form">
            <input type="hidden" name="invoiceNo" value={ndr.invoiceNo} />
            <input type="hidden" name="action" value="change_address" />
            <label htmlFor="ndr-address">Correct the address</label>
            <textarea
              id="ndr-address"
              name="address"
              rows={2}
              maxLength={200}
              required
              defaultValue={ndr.address.address}
            />
            <label htmlFor="ndr-pincode">Pincode</label>
            <input
              id="ndr-pincode"
              name="pincode"
              inputMode="numeric"
              pattern="[1-9][0-9]{5}"
              maxLength={6}
              required
              defaultValue={ndr.address.pincode}
            />
            <label htmlFor="ndr-address-phone">Mobile number (optional)</label>
            <input id="ndr-address-phone" name="phone" inputMode="tel" maxLength={10} />
            <button type="submit" className="btn-secondary">
              Deliver to this address
            </button>
          </Form>
          <Form method="post" className="track-ndr-form">
            <input type="hidden" name="invoiceNo" value={ndr.invoiceNo} />
            <input type="hidden" name="action" value="change_phone" />
            <label htmlFor="ndr-phone">Another mobile number for the courier</label>
            <input id="ndr-phone" name="phone" inputMode="tel" maxLength={10} required />
            <button type="submit" className="btn-secondary">
              Call this number
            </button>
          </Form>
          <Form method="post" className="track-ndr-form">
            <input type="hidden" name="invoiceNo" value={ndr.invoiceNo} />
            <input type="hidden" name="action" value="return_to_origin" />
            <p>Do not want it any more? The parcel goes back to the seller and your money is refunded.</p>
            <button type="submit" className="btn-secondary">
              Cancel the delivery
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
