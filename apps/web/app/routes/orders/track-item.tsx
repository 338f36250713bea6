import type { ReactNode } from 'react';
import { ItemTracking, MyOrder } from '@marketplace/domain/orders/my-orders';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import { NDR_MESSAGES, NdrView } from '@marketplace/domain/orders/ndr';
import { data, Form, redirect, useActionData, useLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { z } from 'zod';
import { type ArrivalFacts, arrivalFacts } from '../../components/orders/arrival-headline.ts';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { TrackingEvents, TrackingSteps } from '../../components/orders/tracking-view.tsx';
import {
  ndrSummaryIn,
  type OrderDates,
  useOrderDates,
  useOrdersText,
} from '../../components/orders/orders-i18n.ts';
import { shopperTracking } from '@marketplace/domain/orders/shopper-tracking';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { actionApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { Alert } from '../../components/ui/alert.tsx';
import { useRichT, useT } from '../../i18n/intl.tsx';

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
type NdrReply = { ok: boolean; message: string; action: string | null; day?: string };

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
  if (result.ok)
    return reply(
      {
        ok: true,
        message: result.data.message,
        action: chosen,
        ...(chosen === 're_attempt' ? { day: field('date') } : {}),
      },
      200,
    );
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

/** The headline's words in the page's language (arrival-headline.ts says them in English alike). */
function arrivalWords(
  facts: ArrivalFacts,
  t: ReturnType<typeof useT>,
  dates: OrderDates,
): { title: string; detail: string | null } {
  if (facts.kind === 'today') return { title: t('orders.arrival.today'), detail: null };
  const date = dates.arrival(facts.date);
  switch (facts.kind) {
    case 'delivered':
      return { title: t('orders.arrival.delivered', { date }), detail: null };
    case 'late':
      return { title: t('orders.arrival.late'), detail: t('orders.arrival.expectedBy', { date }) };
    case 'tomorrow':
      return { title: t('orders.arrival.tomorrow'), detail: date };
    case 'weekday':
      return { title: t('orders.arrival.on', { when: dates.weekday(facts.date) }), detail: date };
    case 'later':
      return { title: t('orders.arrival.on', { when: date }), detail: null };
  }
}

/** /trackitem?item={id}[&shipment={invoiceNo}]: the six steps with a progress bar, or the special outcome, and the shipment's updates. */
export default function TrackItem() {
  const loaded = useLoaderData<typeof loader>();
  const t = useT();
  const rich = useRichT();
  const dates = useOrderDates();
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <Alert tone="error" className="account-notice">
          {loaded.kind === 'missing' ? t('orders.track.noOrderData') : t('orders.track.fetchFailed')}
        </Alert>
        <Link to="/myorder" className="btn-secondary">
          {t('orders.backToMyOrders')}
        </Link>
      </OrderActionPage>
    );
  }
  const { item, tracking } = loaded.data;
  const facts = loaded.arrival
    ? arrivalFacts({
        arrivingBy: loaded.arrival.arrivingBy,
        deliveredAt: loaded.arrival.deliveredAt,
        isStopped:
          tracking?.progress.kind === 'special' ||
          item.status === 'cancelled' ||
          item.status === 'undelivered',
        now: new Date(),
      })
    : null;
  const headline = facts ? arrivalWords(facts, t, dates) : null;
  const name = (chunks: ReactNode[]) => <span translate="no">{chunks}</span>;
  return (
    <OrderActionPage>
      {headline && (
        <section className="track-arrival" aria-labelledby="track-arrival-title">
          <h2 id="track-arrival-title">{headline.title}</h2>
          {headline.detail && <p className="track-arrival-detail">{headline.detail}</p>}
        </section>
      )}
      <section className="track-card" aria-label={t('orders.itemLabel')}>
        <img src={item.productImage} alt="" width={72} height={72} />
        <div>
          <p className="track-name" translate="no">
            {item.productName}
          </p>
          <p className="myorder-meta">
            {rich('orders.track.qtySoldBy', { quantity: item.quantity, seller: item.sellerName, name })}
          </p>
          <p className="myorder-meta">
            {rich('orders.track.orderPlaced', {
              orderNo: item.orderNo,
              date: dates.day(item.placedAt),
              name,
            })}
          </p>
          {tracking?.replacementRefNo && (
            <p className="track-replacement">
              {rich('orders.track.replacementFor', { refNo: tracking.replacementRefNo, name })}
            </p>
          )}
          {/* the parcel by its courier and AWB: the shipment's own reference is not an invoice */}
          {tracking && (tracking.carrier || tracking.awbNo) && (
            <p className="myorder-meta">
              {tracking.carrier
                ? rich('orders.track.shippedWith', { carrier: tracking.carrier, name })
                : t('orders.track.tracking')}
              {tracking.awbNo && (
                <>
                  {' · '}
                  {rich('orders.awb', { awb: tracking.awbNo, no: name })}
                </>
              )}
            </p>
          )}
        </div>
      </section>
      {!tracking ? (
        <Alert tone="error" className="account-notice">
          {item.isUnderDispatch ? t('orders.underDispatch') : t('orders.track.noOrderData')}
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
  const t = useT();
  // a replacement unit was ordered when the seller created its shipment, not with the order
  const orderedAt = tracking.replacementRefNo ? (tracking.events[0]?.at ?? placedAt) : placedAt;
  const view = shopperTracking({
    status: tracking.status,
    orderedAt,
    paidBeforeDelivery: tracking.paidBeforeDelivery,
    events: tracking.events,
  });
  return (
    <section className="track-panel" aria-label={t('orders.track.tracking')}>
      <TrackingSteps tracking={view} />
      <TrackingEvents events={view.events} />
    </section>
  );
}

/** ADR-0058: "Delivery attempted": the shopper's choice, as a form that works without scripts. */
function NdrPanel({ ndr }: { ndr: NdrView }) {
  const reply = useActionData<typeof action>();
  const t = useT();
  const say = useOrdersText();
  const dates = useOrderDates();
  const replyText =
    reply?.ok && reply.action === 're_attempt' && reply.day
      ? t('orders.ndr.chosenRetry', { day: dates.date(reply.day) })
      : reply
        ? say(reply.message)
        : '';
  return (
    <section className="track-ndr" aria-labelledby="track-ndr-title">
      <h2 id="track-ndr-title">{t('orders.track.outcome.delivery_failed')}</h2>
      <p className="myorder-meta">
        {t('orders.ndr.explain', { attempts: ndr.attempts, max: ndr.maxAttempts })}
      </p>
      {reply && (
        <Alert tone={reply.ok ? 'success' : 'error'} className="account-notice">
          {replyText}
        </Alert>
      )}
      {ndr.choice && !reply?.ok && (
        <p className="track-ndr-choice">
          {t('orders.ndr.yourChoice', { summary: ndrSummaryIn(ndr.choice, t, dates) })}
          {ndr.choice.chosenBy === 'seller' ? ` ${t('orders.ndr.chosenBySeller')}` : ''}
        </p>
      )}
      {ndr.isAwaitingChoice && !reply?.ok && (
        <div className="track-ndr-forms">
          <p>{t('orders.ndr.whatToDo')}</p>
          <Form method="post" className="track-ndr-form">
            <input type="hidden" name="invoiceNo" value={ndr.invoiceNo} />
            <input type="hidden" name="action" value="re_attempt" />
            <label htmlFor="ndr-date">{t('orders.ndr.tryAgainOn')}</label>
            <select id="ndr-date" name="date" defaultValue={ndr.reattemptDays[0]}>
              {ndr.reattemptDays.map((day) => (
                <option key={day} value={day}>
                  {dates.longDate(day)}
                </option>
              ))}
            </select>
            <button type="submit" className="btn">
              {t('orders.ndr.deliverOnDay')}
            </button>
          </Form>
          <Form method="post" className="track-ndr-form">
            <input type="hidden" name="invoiceNo" value={ndr.invoiceNo} />
            <input type="hidden" name="action" value="change_address" />
            <label htmlFor="ndr-address">{t('orders.ndr.correctAddress')}</label>
            <textarea
              id="ndr-address"
              name="address"
              rows={2}
              maxLength={200}
              required
              defaultValue={ndr.address.address}
            />
            <label htmlFor="ndr-pincode">{t('orders.ndr.pincodeLabel')}</label>
            <input
              id="ndr-pincode"
              name="pincode"
              inputMode="numeric"
              pattern="[1-9][0-9]{5}"
              maxLength={6}
              required
              defaultValue={ndr.address.pincode}
            />
            <label htmlFor="ndr-address-phone">{t('orders.ndr.mobileOptional')}</label>
            <input id="ndr-address-phone" name="phone" inputMode="tel" maxLength={10} />
            <button type="submit" className="btn-secondary">
              {t('orders.ndr.deliverToAddress')}
            </button>
          </Form>
          <Form method="post" className="track-ndr-form">
            <input type="hidden" name="invoiceNo" value={ndr.invoiceNo} />
            <input type="hidden" name="action" value="change_phone" />
            <label htmlFor="ndr-phone">{t('orders.ndr.anotherMobile')}</label>
            <input id="ndr-phone" name="phone" inputMode="tel" maxLength={10} required />
            <button type="submit" className="btn-secondary">
              {t('orders.ndr.callNumber')}
            </button>
          </Form>
          <Form method="post" className="track-ndr-form">
            <input type="hidden" name="invoiceNo" value={ndr.invoiceNo} />
            <input type="hidden" name="action" value="return_to_origin" />
            <p>{t('orders.ndr.notWanted')}</p>
            <button type="submit" className="btn-secondary">
              {t('orders.ndr.cancelDelivery')}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
