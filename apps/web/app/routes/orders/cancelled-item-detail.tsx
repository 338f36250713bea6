import { formatInr } from '@marketplace/domain';
import {
  CANCEL_MESSAGES,
  CANCEL_STATUS_TEXTS,
  CANCELLED_BY_LABELS,
  CancelledItem,
  REFUND_STATUS_LABELS,
} from '@marketplace/domain/orders/cancel';
import { REFUND_TEXTS } from '@marketplace/domain/orders/refund-life';
import { REFUND_ESTIMATE } from '@marketplace/domain/orders/returns';
import { data, Link, useLoaderData } from 'react-router';
import { formatDay } from '../../components/orders/order-dates.ts';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { RefundProgress } from '../../components/orders/refund-progress.tsx';
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

const STATUS_TEXTS: Record<string, string> = CANCEL_STATUS_TEXTS;
const REFUND_LABELS: Record<string, string> = REFUND_STATUS_LABELS;
const statusText = (status: string) => STATUS_TEXTS[status] ?? status;
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
            <p className={`cancelled-banner ${c.status}`}>
              {c.status === 'completed' && !c.refund && item.paymentMode === 'cod'
                ? CANCEL_STATUS_TEXTS.completedUnpaid
                : statusText(c.status)}
            </p>
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
                <p>
                  {REFUND_TEXTS.amount} <strong>{formatInr(c.refund.amountPaise)}</strong>
                </p>
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
