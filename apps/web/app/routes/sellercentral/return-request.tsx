import {
  SELLER_DECISION_LABELS,
  SELLER_REQUEST_KIND_LABELS,
  SellerRequestDetail,
} from '@marketplace/domain/sellers/seller-requests';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { formatDate, formatDay, formatMoment } from '../../components/orders/order-dates.ts';
import { RequestStatus } from '../../components/seller-central/returns-parts.tsx';
import { ShipmentFields } from '../../components/seller-central/orders-forms.tsx';
import {
  TrackingBadge,
  TrackingForm,
  TrackingHistory,
} from '../../components/seller-central/orders-tracking.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { RadioGroup, TextAreaField } from '../../components/ui/field.tsx';
import { Amount } from '../../components/ui/price.tsx';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { returnPageAction } from './return-actions.server.ts';
import '../../components/seller-central/orders.css';

const REFERENCE = /^[A-Za-z0-9-]{1,40}$/;
const notFound = () => data('This request was not found.', { status: 404 });

export async function loader({ request, params, context }: LoaderArgs) {
  const refNo = params.refNo ?? '';
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!REFERENCE.test(refNo)) throw notFound();
  const found = await loadFromApi(
    context,
    request,
    `/api/seller/item-requests/${refNo}`,
    SellerRequestDetail,
  );
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- another seller's request reads as missing
  if (!found) throw notFound();
  return { request: found };
}

export async function action({ request, params, context }: ActionArgs) {
  const refNo = params.refNo ?? '';
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- as the loader
  if (!REFERENCE.test(refNo)) throw notFound();
  return returnPageAction(request, context, refNo);
}

export function meta({ params }: { params: { refNo?: string } }) {
  return [{ title: `Request ${params.refNo ?? ''} · Seller Central` }];
}

/** requirements#seller-returns: one request, what the shopper said and showed, and the seller's next step. */
export default function SellerReturnRequest() {
  const { request } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const decideError = answer?.intent === 'decide' && answer.tone === 'error' ? answer : null;
  return (
    <div className="sc-ord sc-ord-page">
      <p className="sc-ord-back">
        <Link to="/sellercentral/returns">‹ All requests</Link>
      </p>
      <div className="sc-ord-head">
        <h1>
          {SELLER_REQUEST_KIND_LABELS[request.kind]} <span className="sc-ord-no">{request.refNo}</span>
        </h1>
        <div className="sc-ord-meta">
          <RequestStatus status={request.status} pickedUp={request.pickedUpAt !== null} kind={request.kind} />
          <span className="sc-ord-sub">
            Asked {formatDay(request.createdAt)} by the{' '}
            {request.requestedBy === 'seller' ? 'seller' : 'shopper'}
          </span>
        </div>
      </div>
      {answer && !decideError && (
        <Alert tone={answer.tone} className="sc-ord-answer">
          {answer.message}
        </Alert>
      )}
      <div className="sc-ord-grid">
        <div className="sc-ord-main">
          <Card title="What the shopper asked">
            <dl className="sc-ord-facts">
              <div className="sc-ord-fact-wide">
                <dt>Product</dt>
                <dd>
                  {request.item.productName}
                  <div className="sc-ord-sub">
                    SKU {request.item.sku} · <Amount paise={request.item.unitPricePaise} /> each ·{' '}
                    <Link to={`/sellercentral/orders/${request.item.orderNo}`}>
                      Order {request.item.orderNo}
                    </Link>
                  </div>
                </dd>
              </div>
              <div>
                <dt>Quantity</dt>
                <dd>
                  {request.quantity} of {request.item.quantity}
                </dd>
              </div>
              <div>
                <dt>Reasons</dt>
                <dd>{request.reasons.length ? request.reasons.join('; ') : 'None given'}</dd>
              </div>
              <div>
                <dt>Comments</dt>
                <dd>{request.comments ?? 'None'}</dd>
              </div>
              {request.kind !== 'cancel' && (
                <div>
                  <dt>Pickup day</dt>
                  <dd>
                    {request.pickupDate ? formatDate(request.pickupDate) : 'Not chosen'}
                    {request.pickedUpAt && ` · picked up ${formatMoment(request.pickedUpAt)}`}
                  </dd>
                </div>
              )}
              {request.decisionReason && (
                <div>
                  <dt>Your reason</dt>
                  <dd>{request.decisionReason}</dd>
                </div>
              )}
              {request.refund && (
                <div>
                  <dt>Refund</dt>
                  <dd>
                    <Amount paise={request.refund.amountPaise} /> ({request.refund.status})
                  </dd>
                </div>
              )}
            </dl>
            {(request.images.length > 0 || request.video) && (
              <div className="sc-ret-media" aria-label="The shopper’s photos and video">
                {request.images.map((src, index) => (
                  <a key={src} href={src} target="_blank" rel="noreferrer">
                    <img src={src} alt={`Shopper’s photo ${index + 1}`} loading="lazy" />
                  </a>
                ))}
                {request.video && (
                  <video src={request.video} controls preload="metadata" aria-label="Shopper’s video" />
                )}
              </div>
            )}
          </Card>
          {request.decisions.length > 0 && (
            <Card title="Your decision">
              <Form method="post" className="sc-ret-decide">
                <input type="hidden" name="intent" value="decide" />
                <RadioGroup
                  legend="Decision"
                  name="decision"
                  options={request.decisions.map((value) => ({
                    value,
                    label: SELLER_DECISION_LABELS[value] ?? value,
                  }))}
                  error={decideError?.field === 'decision' ? decideError.message : undefined}
                />
                <TextAreaField
                  label="Reason (required to reject)"
                  name="reason"
                  maxLength={500}
                  rows={3}
                  error={decideError && decideError.field !== 'decision' ? decideError.message : undefined}
                />
                <Button type="submit" busy={busy}>
                  Record decision
                </Button>
              </Form>
            </Card>
          )}
          {request.canRecordPickup && (
            <Card title="Pickup">
              <p>
                The courier collects the product on the shopper’s pickup day. Record it once it is picked up.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="pickup" />
                <Button type="submit" busy={busy}>
                  Record pickup
                </Button>
              </Form>
            </Card>
          )}
          {request.canShipReplacement && (
            <Card title="Send the replacement">
              <Form method="post" className="sc-ord-ship-form">
                <input type="hidden" name="intent" value="ship" />
                <ShipmentFields />
                <Button type="submit" busy={busy}>
                  Create replacement shipment
                </Button>
              </Form>
            </Card>
          )}
          {request.replacementShipment && (
            <Card
              title={`Replacement shipment ${request.replacementShipment.invoiceNo}`}
              actions={<TrackingBadge status={request.replacementShipment.status} />}
            >
              <p className="sc-ord-sub">
                {request.replacementShipment.carrier ?? 'Carrier not given'} · AWB{' '}
                {request.replacementShipment.awbNo ?? request.replacementShipment.invoiceNo} ·{' '}
                <Link
                  to={`/sellercentral/orders/${request.item.orderNo}/shipments/${request.replacementShipment.invoiceNo}/label`}
                >
                  Print label
                </Link>
              </p>
              <TrackingHistory events={request.replacementShipment.events} />
              <TrackingForm
                invoiceNo={request.replacementShipment.invoiceNo}
                nextStatuses={request.replacementShipment.nextStatuses}
                busy={busy}
              />
            </Card>
          )}
        </div>
        <aside className="sc-ord-side">
          <Card title="Shopper">
            <address className="sc-ord-address">
              <strong>{request.shipTo.name}</strong>
              <br />
              {request.shipTo.address}
              <br />
              Phone: {request.shipTo.phone}
            </address>
          </Card>
        </aside>
      </div>
    </div>
  );
}
