import { formatArrivalDate, formatInr } from '@marketplace/domain';
import {
  actionsNowAndMore,
  ITEM_ACTION_NAMES,
  MORE_ACTIONS_LABEL,
  ITEM_DETAIL_NAMES,
  type ItemDetail,
  ORDER_LIST_MESSAGES,
} from '@marketplace/domain/orders/item-actions';
import type { MyOrder, MyOrderItem } from '@marketplace/domain/orders/my-orders';
import { REPLACEMENT_SHIPMENT_TEXTS } from '@marketplace/domain/orders/replacement';
import { newRepliesText } from '@marketplace/domain/orders/seller-answers';
import { isTrackingStatus } from '@marketplace/domain/orders/tracking';
import { shopperTrackingWord } from '@marketplace/domain/orders/shopper-tracking';
import { Link } from '../../i18n/link.tsx';
import { complaintPathFor } from '../grievances/paths.ts';
import { productHref } from '../product/product-card.tsx';
import { refundFacts, requestStatusSentence } from '@marketplace/domain/orders/item-status';
import { DAY_FORMAT, formatDay } from './order-dates.ts';
import { SellerNote } from './seller-note.tsx';

const DETAILS: readonly ItemDetail[] = ['cancelled', 'returned', 'replaced'];

const REQUEST_TEXT: Record<string, string> = {
  cancel: 'Cancellation requested',
  return: 'Return requested',
  replace: 'Replacement requested',
};

/**
 * Where the item stands: its latest cancellation, return or replacement in the same sentence its
 * pages say (item-status.ts), unless the seller refused it; else where its parcel is.
 */
function itemStatus(item: MyOrderItem): { text: string; detail?: string; tone: 'ok' | 'wait' | 'bad' } {
  const request = item.latestRequest;
  if (request && request.status !== 'rejected') {
    const sentence = requestStatusSentence(
      request,
      request.kind === 'cancel' && request.status !== 'completed'
        ? { status: 'none' }
        : refundFacts(request.refund, request.refundDue ? 'due' : 'none'),
      DAY_FORMAT,
    );
    return { text: sentence.title, detail: sentence.detail, tone: sentence.tone };
  }
  return shippingStatus(item);
}

/** The line under an item's name saying where its parcel is, in the words shoppers expect. */
function shippingStatus(item: MyOrderItem): { text: string; tone: 'ok' | 'wait' | 'bad' } {
  if (item.isUnderDispatch) return { text: ORDER_LIST_MESSAGES.underDispatch, tone: 'wait' };
  const arriving = item.arrivingBy ? `Arriving by ${formatArrivalDate(new Date(item.arrivingBy))}` : '';
  switch (item.status) {
    case 'pending':
      return { text: arriving || 'Not yet shipped', tone: 'wait' };
    case 'shipped': {
      // requirements#tracking in the shopper's words (Shipped, Out for delivery), never the courier's
      const word =
        item.trackingStatus && isTrackingStatus(item.trackingStatus)
          ? shopperTrackingWord(item.trackingStatus)
          : 'Shipped';
      return { text: arriving ? `${word} · ${arriving}` : word, tone: 'ok' };
    }
    case 'delivered':
      return {
        text: item.deliveredAt ? `Delivered on ${formatDay(item.deliveredAt)}` : 'Delivered',
        tone: 'ok',
      };
    case 'cancelled':
      return { text: 'Cancelled', tone: 'bad' };
    case 'undelivered':
      return {
        text:
          item.trackingStatus && isTrackingStatus(item.trackingStatus)
            ? shopperTrackingWord(item.trackingStatus)
            : 'Not delivered',
        tone: 'bad',
      };
  }
}

function processedNote(item: MyOrderItem) {
  const parts = [
    item.cancelledQuantity > 0 && item.status !== 'cancelled' ? `${item.cancelledQuantity} cancelled` : '',
    item.returnedQuantity > 0 ? `${item.returnedQuantity} returned` : '',
    item.replacedQuantity > 0 ? `${item.replacedQuantity} replaced` : '',
  ].filter(Boolean);
  return parts.join(' · ');
}

function OrderItem({ item }: { item: MyOrderItem }) {
  const status = itemStatus(item);
  const note = processedNote(item);
  return (
    <li className="myorder-item" data-testid="order-item" data-item-id={item.id}>
      <Link to={productHref(item.productName)} className="myorder-thumb" tabIndex={-1} aria-hidden="true">
        <img src={item.productImage} alt="" width={80} height={80} loading="lazy" />
      </Link>
      <div className="myorder-item-body">
        <p className={`myorder-status ${status.tone}`} data-testid="item-status">
          {status.text}
        </p>
        {status.detail && (
          <p className="myorder-status-detail" data-testid="item-status-detail">
            {status.detail}
            {item.openRequest ? ` Ref ${item.openRequest.refNo}` : ''}
          </p>
        )}
        <Link to={productHref(item.productName)} className="myorder-name">
          {item.productName}
        </Link>
        <p className="myorder-meta">
          Qty: {item.quantity} · {formatInr(item.totalPricePaise)} · {item.deliveryTypeLabel}
        </p>
        {/* requirements#gst-invoices: one invoice number per parcel, the GST invoice's own */}
        {(item.taxInvoiceNo || item.carrier || item.awbNo) && (
          <p className="myorder-meta">
            {[
              item.taxInvoiceNo && (
                <span key="invoice">
                  Invoice <span data-testid="invoice-no">{item.taxInvoiceNo}</span>
                </span>
              ),
              item.carrier && <span key="carrier">{item.carrier}</span>,
              item.awbNo && <span key="awb">AWB {item.awbNo}</span>,
            ]
              .filter(Boolean)
              .flatMap((part, index) => (index === 0 ? [part] : [' · ', part]))}
          </p>
        )}
        {note && <p className="myorder-meta">{note}</p>}
        {item.openRequest && !status.detail && (
          <p className="myorder-request">
            {REQUEST_TEXT[item.openRequest.kind] ?? 'Request pending'} · Ref {item.openRequest.refNo}
          </p>
        )}
        {item.sellerNote && <SellerNote text={item.sellerNote.text} />}
        {item.newReplies.count > 0 && (
          <p className="myorder-new-replies" data-testid="new-replies">
            {item.newReplies.href ? (
              <Link to={item.newReplies.href}>{newRepliesText(item.newReplies.count)}</Link>
            ) : (
              newRepliesText(item.newReplies.count)
            )}
          </p>
        )}
        {item.replacement && (
          <p className={`myorder-replacement ${item.replacement.tone}`} data-testid="replacement-line">
            {item.replacement.title}
            {item.replacement.detail ? ` · ${item.replacement.detail}` : ''}
            {item.replacement.trackHref && (
              <>
                {' · '}
                <Link to={item.replacement.trackHref}>{REPLACEMENT_SHIPMENT_TEXTS.track}</Link>
              </>
            )}
          </p>
        )}
        {Object.keys(item.details).length > 0 && (
          <p className="myorder-details">
            {DETAILS.map((detail) => {
              const href = item.details[detail];
              return href ? (
                <Link key={detail} to={href}>
                  {ITEM_DETAIL_NAMES[detail]}
                </Link>
              ) : null;
            })}
          </p>
        )}
      </div>
      <ItemActions item={item} />
    </li>
  );
}

/**
 * requirements#item-actions: what the item can do now, as buttons; the rest of the spec's list,
 * dimmed and unclickable, under a "More" disclosure that opens without scripts.
 */
function ItemActions({ item }: { item: MyOrderItem }) {
  const { now, more } = actionsNowAndMore(item.actions);
  return (
    <div className="myorder-actions-box">
      {now.length > 0 && (
        <ul className="myorder-actions" aria-label={`Actions for ${item.productName}`}>
          {now.map((action, index) => (
            <li key={action}>
              <Link
                to={item.actions[action].href}
                className={`${index === 0 ? 'btn' : 'btn-secondary'} btn-small`}
                data-action={action}
              >
                {ITEM_ACTION_NAMES[action]}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more.length > 0 && (
        <details className="myorder-more">
          <summary>
            {MORE_ACTIONS_LABEL}
            <span className="sr-only"> actions for {item.productName}</span>
          </summary>
          <ul className="myorder-actions" aria-label={`Not available now for ${item.productName}`}>
            {more.map((action) => (
              <li key={action}>
                <span className="btn-secondary btn-small dimmed" aria-disabled="true" data-action={action}>
                  {ITEM_ACTION_NAMES[action]}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** One order: its facts strip, then its items grouped by seller; on My Orders, a link to its details. */
export function OrderCard({ order, detailsLink = true }: { order: MyOrder; detailsLink?: boolean }) {
  return (
    <article className="myorder-card" data-testid="order-card" aria-label={`Order ${order.orderNo}`}>
      <header className="myorder-head">
        <dl>
          <div>
            <dt>Order placed</dt>
            <dd>{formatDay(order.placedAt)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatInr(order.totalPaise)}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{order.paymentMode === 'cod' ? 'Cash on Delivery' : 'Paid online'}</dd>
          </div>
          <div className="myorder-ship">
            <dt>Ship to</dt>
            <dd title={order.delivery.address}>{order.delivery.name}</dd>
          </div>
          <div className="myorder-no">
            <dt>Order #</dt>
            <dd data-testid="order-no">{order.orderNo}</dd>
          </div>
        </dl>
        <p className="myorder-address">
          {order.delivery.address} · {order.delivery.phone}
        </p>
        <p className="myorder-head-links">
          {detailsLink && (
            <Link className="myorder-details-link" to={`/neworderdetail?order=${order.orderNo}`}>
              View order details
            </Link>
          )}
          {/* requirements#grievances: a complaint about this order, the order already chosen */}
          <Link className="myorder-details-link" to={complaintPathFor(order.orderNo)}>
            Raise a grievance
          </Link>
        </p>
      </header>
      {order.groups.map((group) => (
        <section key={group.sellerId} className="myorder-group" aria-label={`Sold by ${group.sellerName}`}>
          <h3>
            Sold by <span>{group.sellerName}</span>
          </h3>
          <ul className="myorder-items">
            {group.items.map((item) => (
              <OrderItem key={item.id} item={item} />
            ))}
          </ul>
          <TaxDocumentLinks documents={group.documents} sellerName={group.sellerName} />
        </section>
      ))}
    </article>
  );
}

/**
 * requirements#gst-invoices: the seller's invoices and credit notes for the order, as PDF downloads
 * (plain links: they work before the page's scripts arrive).
 */
function TaxDocumentLinks({
  documents,
  sellerName,
}: {
  documents: MyOrder['groups'][number]['documents'];
  sellerName: string;
}) {
  if (documents.length === 0) return null;
  return (
    <ul className="myorder-documents" aria-label={`Invoices from ${sellerName}`}>
      {documents.map((document) => (
        <li key={document.id}>
          <a href={document.pdfUrl} download>
            {document.title} {document.number}
          </a>{' '}
          <span className="myorder-document-meta">
            {formatInr(document.valuePaise)}
            {document.invoiceNumber ? ` · against ${document.invoiceNumber}` : ''} · PDF
          </span>
        </li>
      ))}
    </ul>
  );
}
