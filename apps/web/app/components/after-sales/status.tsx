import { Link } from '../../i18n/link.tsx';
import {
  type AfterSalesKind,
  type ItemRequest,
  showsRefundBox,
  type WaitingStep,
} from '@marketplace/domain/orders/returns';
import { refundFacts } from '@marketplace/domain/orders/item-status';
import { useT } from '../../i18n/intl.tsx';
import {
  type TranslatedSentence,
  useOrderDates,
  useOrdersText,
  useStatusSentence,
} from '../orders/orders-i18n.ts';
import { RefundAmount, RefundProgress } from '../orders/refund-progress.tsx';

/**
 * The one sentence of a request's status (item-status.ts), from its state, pickup and refund
 * together, in the page's language.
 */
export function useRequestSentence() {
  const sentenceOf = useStatusSentence();
  return (kind: AfterSalesKind, request: ItemRequest): TranslatedSentence =>
    sentenceOf(
      {
        kind,
        status: request.status,
        requestedBy: 'customer',
        pickupDate: request.pickupDate,
        pickedUpAt: request.waiting.step === 'picked_up' ? request.waiting.pickedUpAt : null,
      },
      refundFacts(request.refund, 'none'),
    );
}

/** The status of a request in a list: the title of its sentence (its details page says the rest). */
export function RequestStatusText({ kind, status }: { kind: AfterSalesKind; status: string }) {
  const sentenceOf = useStatusSentence();
  const { title } = sentenceOf(
    { kind, status, requestedBy: 'customer', pickupDate: null, pickedUpAt: null },
    { status: 'due' },
  );
  return <p className={`as-status-line status-${status}`}>{title}</p>;
}

/** requirements#return-status: where a request stands, in one sentence. */
export function StatusBanner({ sentence }: { sentence: TranslatedSentence }) {
  return (
    <div className={`as-banner tone-${sentence.tone}`} role="status" data-testid="status-sentence">
      <strong>{sentence.title}</strong>
      <span>{sentence.detail}</span>
    </div>
  );
}

type Refund = ItemRequest['refund'];

/**
 * requirements#refund-box: the refund box, with the amount when above 0, where it goes and the 7 to 10 business day
 * estimate until it completes, then the day it did.
 */
export function RefundBox({
  kind,
  status,
  refund,
  waiting,
}: {
  kind: AfterSalesKind;
  status: string;
  refund: Refund;
  waiting?: WaitingStep;
}) {
  const t = useT();
  const say = useOrdersText();
  const dates = useOrderDates();
  if (!showsRefundBox(kind, status, refund.status)) return null;
  // requirements#return-pickup: an accepted return's refund is recorded once the product is picked up
  const isAfterPickup = waiting?.step === 'pickup' && waiting.isRefundAfterPickup;
  const days = t('orders.refund.estimateDays');
  return (
    <section className="as-refund" aria-label={t('orders.refund.title')}>
      <h3>{t('orders.refund.title')}</h3>
      {refund.amountPaise > 0 && <RefundAmount refund={refund} />}
      <RefundProgress
        refund={refund}
        className="as-refund-estimate"
        estimate={
          refund.estimate
            ? t('orders.refund.expectedBetween', {
                from: dates.date(refund.estimate.from),
                to: dates.date(refund.estimate.to),
                days: say(refund.estimate.text),
              })
            : isAfterPickup
              ? t('orders.refund.reachesAfterPickup', { days })
              : t('orders.refund.reachesAfterApproval', { days })
        }
      />
    </section>
  );
}

type Replacement = NonNullable<ItemRequest['replacement']>;

/** requirements#replacement-shipment: where an initiated replacement's new unit is, with the link to track its shipment. */
export function ReplacementBox({ replacement }: { replacement: Replacement }) {
  const t = useT();
  const say = useOrdersText();
  const dates = useOrderDates();
  return (
    <section className={`as-replacement ${replacement.tone}`} aria-label={t('orders.replacement.shipment')}>
      <p className="as-replacement-title">
        <strong>{say(replacement.title)}</strong>
        {replacement.deliveredAt && (
          <span> {t('orders.replacement.on', { moment: dates.moment(replacement.deliveredAt) })}</span>
        )}
      </p>
      {replacement.detail && <p className="as-replacement-detail">{say(replacement.detail)}</p>}
      {replacement.trackHref && (
        <Link to={replacement.trackHref} className="btn-secondary btn-small">
          {t('orders.replacement.track')}
        </Link>
      )}
    </section>
  );
}
