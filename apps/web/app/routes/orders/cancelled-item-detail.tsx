import { formatInr } from '@marketplace/domain';
import { CancelledItem } from '@marketplace/domain/orders/cancel';
import { data, useLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { RefundAmount, RefundProgress } from '../../components/orders/refund-progress.tsx';
import { refundFacts } from '@marketplace/domain/orders/item-status';
import { SellerNote } from '../../components/orders/seller-note.tsx';
import { useOrderDates, useReasonText, useStatusSentence } from '../../components/orders/orders-i18n.ts';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/orders/cancel.css';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { Alert } from '../../components/ui/alert.tsx';
import { type MessageKey, useT } from '../../i18n/intl.tsx';

export async function loader({ url, context }: LoaderArgs) {
  // requirements#ids-in-urls: the item is in the URL (/cancelleditemdetail?item={id}), so a reload works
  const item = url.searchParams.get('item') ?? '';
  const loaded = isRecordId(item)
    ? await loadOrderPage(context, url, `/api/cancellations/items/${item}`, CancelledItem)
    : ({ kind: 'missing' } as const);
  return data(loaded, { status: orderPageStatus(loaded) });
}

const REFUND_LABELS: Record<string, MessageKey> = {
  initiated: 'orders.refund.status.initiated',
  processed: 'orders.refund.status.processed',
  completed: 'orders.refund.status.completed',
  failed: 'orders.refund.status.failed',
};

/** /cancelleditemdetail?item={id}: Ref No, order, invoice, item, who cancelled, reasons and the refund (requirements#cancel-status). */
export default function CancelledItemDetail() {
  const loaded = useLoaderData<typeof loader>();
  const t = useT();
  const dates = useOrderDates();
  const reasonOf = useReasonText();
  if (loaded.kind !== 'found' || loaded.data.cancellations.length === 0) {
    return (
      <OrderActionPage>
        <Alert tone="info" className="account-notice">
          {loaded.kind === 'failed' ? t('orders.cancel.failed') : t('orders.cancel.noneFound')}
        </Alert>
        <Link to="/myorder" className="btn-secondary">
          {t('orders.backToMyOrders')}
        </Link>
      </OrderActionPage>
    );
  }
  const { item, cancellations } = loaded.data;
  const refundLabel = (status: string) => {
    const key = REFUND_LABELS[status];
    return key ? t(key) : status;
  };
  return (
    <OrderActionPage>
      <section className="cancelled-item" aria-label={t('orders.itemLabel')}>
        <img src={item.productImage} alt="" width={72} height={72} />
        <div>
          <p className="cancel-item-name" translate="no">
            {item.productName}
          </p>
          <p className="myorder-meta">
            {t('orders.priceQty', { price: formatInr(item.unitPricePaise), quantity: item.quantity })}
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
                <dt>{t('orders.facts.refNo')}</dt>
                <dd translate="no">{c.refNo}</dd>
              </div>
              <div className="wide">
                <dt>{t('orders.facts.orderNo')}</dt>
                <dd translate="no">{item.orderNo}</dd>
              </div>
              <div>
                <dt>{t('orders.facts.invoiceNo')}</dt>
                {item.invoiceNo ? (
                  <dd translate="no">{item.invoiceNo}</dd>
                ) : (
                  <dd>{t('orders.facts.notInvoiced')}</dd>
                )}
              </div>
              <div>
                <dt>{t('orders.facts.itemId')}</dt>
                <dd>{item.id}</dd>
              </div>
              <div>
                <dt>{t('orders.facts.quantity')}</dt>
                <dd>{c.quantity}</dd>
              </div>
              <div>
                <dt>{t('orders.facts.price')}</dt>
                <dd>{formatInr(item.unitPricePaise * c.quantity)}</dd>
              </div>
              <div>
                <dt>{t('orders.facts.date')}</dt>
                <dd>{dates.day(c.requestedAt)}</dd>
              </div>
            </dl>
            <p className="cancelled-by">
              {c.cancelledBy === 'seller' ? t('orders.cancelledBy.seller') : t('orders.cancelledBy.customer')}
            </p>
            {c.decisionReason && <SellerNote text={c.decisionReason} />}
            {c.reasons.length > 0 && (
              <>
                <h2 className="cancelled-heading">{t('orders.facts.reasons')}</h2>
                <ul className="cancelled-reasons">
                  {c.reasons.map((reason) => {
                    const shown = reasonOf(reason);
                    return (
                      <li key={reason} translate={shown.stored ? 'no' : undefined}>
                        {shown.text}
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
            {c.additionalInfo && (
              <>
                <h2 className="cancelled-heading">{t('orders.facts.additionalInformation')}</h2>
                <p className="cancelled-info" translate="no">
                  {c.additionalInfo}
                </p>
              </>
            )}
            {c.refund && (
              <div className="cancelled-refund">
                <RefundAmount refund={c.refund} />
                <p>
                  {t('orders.refund.statusLabel')} {refundLabel(c.refund.status)}
                </p>
                <RefundProgress
                  refund={c.refund}
                  estimate={t('orders.refund.estimateDays')}
                  className="myorder-meta"
                />
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
  const sentenceOf = useStatusSentence();
  const sentence = sentenceOf(
    { kind: 'cancel', status: c.status, requestedBy: c.cancelledBy, pickupDate: null, pickedUpAt: null },
    c.status === 'completed' ? refundFacts(c.refund, withoutRefund) : { status: 'none' },
  );
  return (
    <p className={`cancelled-banner tone-${sentence.tone}`} role="status" data-testid="status-sentence">
      <strong>{sentence.title}</strong> <span>{sentence.detail}</span>
    </p>
  );
}
