import { formatInr } from '@marketplace/domain';
import {
  CANCEL_MESSAGES,
  CANCELLED_BY_LABELS,
  CancelledItem,
  REFUND_STATUS_LABELS,
} from '@marketplace/domain/orders/cancel';
import { REFUND_TEXTS } from '@marketplace/domain/orders/refund-life';
import { REFUND_ESTIMATE } from '@marketplace/domain/orders/returns';
import { data, useLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { DAY_FORMAT, formatDay } from '../../components/orders/order-dates.ts';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { RefundAmount, RefundProgress } from '../../components/orders/refund-progress.tsx';
import { refundFacts, requestStatusSentence } from '@marketplace/domain/orders/item-status';
import { SellerNote } from '../../components/orders/seller-note.tsx';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/orders/cancel.css';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { Alert } from '../../components/ui/alert.tsx';

export async function loader({ url, context }: LoaderArgs) {
  // requirements#ids-in-urls: the item is in the URL (/cancelleditemdetail?item={id}), so a reload works
  const item = url.searchParams.get('item') ?? '';
  const loaded = isRecordId(item)
    ? await loadOrderPage(context, url, `/api/cancellations/items/${item}`, CancelledItem)
    : ({ kind: 'missing' } as const);
  return data(loaded, { status: orderPageStatus(loaded) });
}

const REFUND_LABELS: Record<string, string> = REFUND_STATUS_LABELS;
const refundText = (status: string) => REFUND_LABELS[status] ?? status;

/** /cancelleditemdetail?item={id}: Ref No, order, invoice, item, who cancelled, reasons and the refund (requirements#cancel-status). */
export default function CancelledItemDetail() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind !== 'found' || loaded.data.cancellations.length === 0) {
    return (
      <OrderActionPage>
        <Alert tone="info" className="account-notice">
          {loaded.kind === 'failed' ? CANCEL_MESSAGES.failed : CANCEL_MESSAGES.noneFound}
        </Alert>
        <Link to="/myorder" className="btn-secondary">
          Back to My Orders
        </Link>
      </OrderActionPage>
    );
  }
  const { item, cancellations } = loaded.data;
  return (
    <OrderActionPage>
      <section className="cancelled-item" aria-label="Item">
        <img src={item.productImage} alt="" width={72} height={72} />
        <div>
          <p className="cancel-item-name">{item.productName}</p>
          <p className="myorder-meta">
            {formatInr(item.unitPricePaise)} · Qty: {item.quantity}
          </p>
        </div>
      </section>
      <ul className="cancelled-list">
        {cancellations.map((c) => (
          <li key={c.refNo} className="cancelled-card">
            <CancelSentence
              cancellation={c}
              // requirements#cancel-status: a COD item cancelled before delivery was never paid for
              withoutRefund={item.paymentMode === 'cod' ? 'none' : 'due'}
            />
            <dl className="cancelled-facts">
              <div className="wide">
                <dt>Ref No</dt>
                <dd>{c.refNo}</dd>
              </div>
              <div className="wide">
                <dt>Order No</dt>
                <dd>{item.orderNo}</dd>
              </div>
              <div>
                <dt>Invoice No</dt>
                <dd>{item.invoiceNo ?? 'Not invoiced'}</dd>
              </div>
              <div>
                <dt>Item ID</dt>
                <dd>{item.id}</dd>
              </div>
              <div>
                <dt>Quantity</dt>
                <dd>{c.quantity}</dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>{formatInr(item.unitPricePaise * c.quantity)}</dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd>{formatDay(c.requestedAt)}</dd>
              </div>
            </dl>
            <p className="cancelled-by">{CANCELLED_BY_LABELS[c.cancelledBy]}</p>
            {c.decisionReason && <SellerNote text={c.decisionReason} />}
            {c.reasons.length > 0 && (
              <>
                <h2 className="cancelled-heading">Reasons</h2>
                <ul className="cancelled-reasons">
                  {c.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </>
            )}
            {c.additionalInfo && (
              <>
                <h2 className="cancelled-heading">Additional information</h2>
                <p className="cancelled-info">{c.additionalInfo}</p>
              </>
            )}
            {c.refund && (
              <div className="cancelled-refund">
                <RefundAmount refund={c.refund} />
                <p>
                  {REFUND_TEXTS.status} {refundText(c.refund.status)}
                </p>
                <RefundProgress refund={c.refund} estimate={REFUND_ESTIMATE.text} className="myorder-meta" />
              </div>
            )}
          </li>
        ))}
      </ul>
    </OrderActionPage>
  );
}

type Cancellation = CancelledItem['cancellations'][number];

/** requirements#cancel-status: where the cancellation stands, in one sentence with its refund's state (item-status.ts). */
function CancelSentence({
  cancellation: c,
  withoutRefund,
}: {
  cancellation: Cancellation;
  withoutRefund: 'none' | 'due';
}) {
  const sentence = requestStatusSentence(
    { kind: 'cancel', status: c.status, requestedBy: c.cancelledBy, pickupDate: null, pickedUpAt: null },
    c.status === 'completed' ? refundFacts(c.refund, withoutRefund) : { status: 'none' },
    DAY_FORMAT,
  );
  return (
    <p className={`cancelled-banner tone-${sentence.tone}`} role="status" data-testid="status-sentence">
      <strong>{sentence.title}</strong> <span>{sentence.detail}</span>
    </p>
  );
}
