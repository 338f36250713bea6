import { formatInr } from '@marketplace/domain';
import { DELIVERY_LABELS } from '@marketplace/domain/delivery/constants';
import { actionsNowAndMore, type ItemDetail } from '@marketplace/domain/orders/item-actions';
import type { MyOrder, MyOrderItem } from '@marketplace/domain/orders/my-orders';
import { isTrackingStatus } from '@marketplace/domain/orders/tracking';
import { refundFacts } from '@marketplace/domain/orders/item-status';
import { deliveryLabelKey, type MessageKey, useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { complaintPathFor } from '../grievances/paths.ts';
import { productHref } from '../product/product-card.tsx';
import {
  type OrderDates,
  useOrderDates,
  useOrdersText,
  useStatusSentence,
  useTrackingWords,
} from './orders-i18n.ts';
import { SellerNote } from './seller-note.tsx';

const DETAILS: readonly ItemDetail[] = ['cancelled', 'returned', 'replaced'];

const REQUEST_TEXT: Record<string, MessageKey> = {
  cancel: 'orders.request.cancel',
  return: 'orders.request.return',
  replace: 'orders.request.replace',
};

const DETAIL_NAMES: Record<ItemDetail, MessageKey> = {
  cancelled: 'orders.detail.cancelled',
  returned: 'orders.detail.returned',
  replaced: 'orders.detail.replaced',
};

type Status = { text: string; detail?: string; tone: 'ok' | 'wait' | 'bad' };
type T = ReturnType<typeof useT>;

/**
 * Where the item stands: its latest cancellation, return or replacement in the same sentence its
 * pages say (item-status.ts), unless the seller refused it; else where its parcel is.
 */
function useItemStatus() {
  const t = useT();
  const sentenceOf = useStatusSentence();
  const words = useTrackingWords();
  const dates = useOrderDates();
  return (item: MyOrderItem): Status => {
    const request = item.latestRequest;
    if (request && request.status !== 'rejected') {
      const sentence = sentenceOf(
        request,
        request.kind === 'cancel' && request.status !== 'completed'
          ? { status: 'none' }
          : refundFacts(request.refund, request.refundDue ? 'due' : 'none'),
      );
      return { text: sentence.title, detail: sentence.detail, tone: sentence.tone };
    }
    return shippingStatus(item, t, words, dates);
  };
}

/** The line under an item's name saying where its parcel is, in the words shoppers expect. */
function shippingStatus(
  item: MyOrderItem,
  t: T,
  words: ReturnType<typeof useTrackingWords>,
  dates: OrderDates,
): Status {
  if (item.isUnderDispatch) return { text: t('orders.underDispatch'), tone: 'wait' };
  const arriving = item.arrivingBy
    ? t('orders.status.arrivingBy', { date: dates.arrival(new Date(item.arrivingBy)) })
    : '';
  switch (item.status) {
    case 'pending':
      return { text: arriving || t('orders.status.notShipped'), tone: 'wait' };
    case 'shipped': {
      // requirements#tracking in the shopper's words (Shipped, Out for delivery), never the courier's
      const word =
        item.trackingStatus && isTrackingStatus(item.trackingStatus)
          ? words.word(item.trackingStatus)
          : t('orders.track.stage.shipped');
      return { text: arriving ? t('orders.status.wordArriving', { word, arriving }) : word, tone: 'ok' };
    }
    case 'delivered':
      return {
        text: item.deliveredAt
          ? t('orders.status.deliveredOn', { date: dates.day(item.deliveredAt) })
          : t('orders.status.delivered'),
        tone: 'ok',
      };
    case 'cancelled':
      return { text: t('orders.status.cancelledItem'), tone: 'bad' };
    case 'undelivered':
      return {
        text:
          item.trackingStatus && isTrackingStatus(item.trackingStatus)
            ? words.word(item.trackingStatus)
            : t('orders.status.notDelivered'),
        tone: 'bad',
      };
  }
}

function processedNote(item: MyOrderItem, t: T) {
  const parts = [
    item.cancelledQuantity > 0 && item.status !== 'cancelled'
      ? t('orders.item.cancelledCount', { count: item.cancelledQuantity })
      : '',
    item.returnedQuantity > 0 ? t('orders.item.returnedCount', { count: item.returnedQuantity }) : '',
    item.replacedQuantity > 0 ? t('orders.item.replacedCount', { count: item.replacedQuantity }) : '',
  ].filter(Boolean);
  return parts.join(' · ');
}

function OrderItem({ item }: { item: MyOrderItem }) {
  const t = useT();
  const rich = useRichT();
  const say = useOrdersText();
  const status = useItemStatus()(item);
  const note = processedNote(item, t);
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
            {item.openRequest ? ` ${t('orders.ref', { refNo: item.openRequest.refNo })}` : ''}
          </p>
        )}
        <Link to={productHref(item.productName)} className="myorder-name" translate="no">
          {item.productName}
        </Link>
        <p className="myorder-meta">
          {t('orders.item.qtyLine', {
            quantity: item.quantity,
            price: formatInr(item.totalPricePaise),
            delivery:
              item.deliveryType in DELIVERY_LABELS
                ? t(deliveryLabelKey(item.deliveryType))
                : item.deliveryTypeLabel,
          })}
        </p>
        {/* requirements#gst-invoices: one invoice number per parcel, the GST invoice's own */}
        {(item.taxInvoiceNo || item.carrier || item.awbNo) && (
          <p className="myorder-meta">
            {[
              item.taxInvoiceNo && (
                <span key="invoice">
                  {rich('orders.item.invoice', {
                    number: item.taxInvoiceNo,
                    no: (chunks) => (
                      <span data-testid="invoice-no" translate="no">
                        {chunks}
                      </span>
                    ),
                  })}
                </span>
              ),
              item.carrier && (
                <span key="carrier" translate="no">
                  {item.carrier}
                </span>
              ),
              item.awbNo && (
                <span key="awb">
                  {rich('orders.awb', {
                    awb: item.awbNo,
                    no: (chunks) => <span translate="no">{chunks}</span>,
                  })}
                </span>
              ),
            ]
              .filter(Boolean)
              .flatMap((part, index) => (index === 0 ? [part] : [' · ', part]))}
          </p>
        )}
        {note && <p className="myorder-meta">{note}</p>}
        {item.openRequest && !status.detail && (
          <p className="myorder-request">
            {t(REQUEST_TEXT[item.openRequest.kind] ?? 'orders.request.pending')} ·{' '}
            {t('orders.ref', { refNo: item.openRequest.refNo })}
          </p>
        )}
        {item.sellerNote && <SellerNote text={item.sellerNote.text} />}
        {item.newReplies.count > 0 && (
          <p className="myorder-new-replies" data-testid="new-replies">
            {item.newReplies.href ? (
              <Link to={item.newReplies.href}>
                {t('orders.newReplies', { count: item.newReplies.count })}
              </Link>
            ) : (
              t('orders.newReplies', { count: item.newReplies.count })
            )}
          </p>
        )}
        {item.replacement && (
          <p className={`myorder-replacement ${item.replacement.tone}`} data-testid="replacement-line">
            {say(item.replacement.title)}
            {item.replacement.detail ? ` · ${say(item.replacement.detail)}` : ''}
            {item.replacement.trackHref && (
              <>
                {' · '}
                <Link to={item.replacement.trackHref}>{t('orders.replacement.track')}</Link>
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
                  {t(DETAIL_NAMES[detail])}
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

const ACTION_NAMES = {
  cancel: 'orders.action.cancel',
  track: 'orders.action.track',
  return: 'orders.action.return',
  replace: 'orders.action.replace',
  deliveryFeedback: 'orders.action.deliveryFeedback',
  productFeedback: 'orders.action.productFeedback',
  sellerFeedback: 'orders.action.sellerFeedback',
} as const satisfies Record<string, MessageKey>;

/**
 * requirements#item-actions: what the item can do now, as buttons; the rest of the spec's list,
 * dimmed and unclickable, under a "More" disclosure that opens without scripts.
 */
function ItemActions({ item }: { item: MyOrderItem }) {
  const t = useT();
  const { now, more } = actionsNowAndMore(item.actions);
  return (
    <div className="myorder-actions-box">
      {now.length > 0 && (
        <ul className="myorder-actions" aria-label={t('orders.item.actionsFor', { name: item.productName })}>
          {now.map((action, index) => (
            <li key={action}>
              <Link
                to={item.actions[action].href}
                className={`${index === 0 ? 'btn' : 'btn-secondary'} btn-small`}
                data-action={action}
              >
                {t(ACTION_NAMES[action])}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more.length > 0 && (
        <details className="myorder-more">
          <summary>
            {t('orders.more')}
            <span className="sr-only"> {t('orders.item.moreActionsFor', { name: item.productName })}</span>
          </summary>
          <ul className="myorder-actions" aria-label={t('orders.item.notNowFor', { name: item.productName })}>
            {more.map((action) => (
              <li key={action}>
                <span className="btn-secondary btn-small dimmed" aria-disabled="true" data-action={action}>
                  {t(ACTION_NAMES[action])}
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
  const t = useT();
  const rich = useRichT();
  const dates = useOrderDates();
  return (
    <article
      className="myorder-card"
      data-testid="order-card"
      aria-label={t('orders.card.label', { orderNo: order.orderNo })}
    >
      <header className="myorder-head">
        <dl>
          <div>
            <dt>{t('orders.card.placed')}</dt>
            <dd>{dates.day(order.placedAt)}</dd>
          </div>
          <div>
            <dt>{t('orders.card.total')}</dt>
            <dd>{formatInr(order.totalPaise)}</dd>
          </div>
          <div>
            <dt>{t('orders.card.payment')}</dt>
            <dd>{order.paymentMode === 'cod' ? t('orders.cod') : t('orders.paidOnline')}</dd>
          </div>
          <div className="myorder-ship">
            <dt>{t('orders.card.shipTo')}</dt>
            <dd title={order.delivery.address} translate="no">
              {order.delivery.name}
            </dd>
          </div>
          <div className="myorder-no">
            <dt>{t('orders.orderHash')}</dt>
            <dd data-testid="order-no" translate="no">
              {order.orderNo}
            </dd>
          </div>
        </dl>
        <p className="myorder-address" translate="no">
          {order.delivery.address} · {order.delivery.phone}
        </p>
        <p className="myorder-head-links">
          {detailsLink && (
            <Link className="myorder-details-link" to={`/neworderdetail?order=${order.orderNo}`}>
              {t('orders.card.viewDetails')}
            </Link>
          )}
          {/* requirements#grievances: a complaint about this order, the order already chosen */}
          <Link className="myorder-details-link" to={complaintPathFor(order.orderNo)}>
            {t('orders.card.grievance')}
          </Link>
        </p>
      </header>
      {order.groups.map((group) => (
        <section
          key={group.sellerId}
          className="myorder-group"
          aria-label={t('orders.soldByLabel', { seller: group.sellerName })}
        >
          <h3>
            {rich('orders.soldBy', {
              seller: group.sellerName,
              name: (chunks) => <span translate="no">{chunks}</span>,
            })}
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
  const t = useT();
  const say = useOrdersText();
  if (documents.length === 0) return null;
  return (
    <ul className="myorder-documents" aria-label={t('orders.card.invoicesFrom', { seller: sellerName })}>
      {documents.map((document) => (
        <li key={document.id}>
          <a href={document.pdfUrl} download>
            {say(document.title)} <span translate="no">{document.number}</span>
          </a>{' '}
          <span className="myorder-document-meta">
            {formatInr(document.valuePaise)}
            {document.invoiceNumber
              ? ` · ${t('orders.card.against', { invoice: document.invoiceNumber })}`
              : ''}{' '}
            · {t('orders.card.pdf')}
          </span>
        </li>
      ))}
    </ul>
  );
}
