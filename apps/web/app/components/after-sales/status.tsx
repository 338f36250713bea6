import { Link } from '../../i18n/link.tsx';
import { REPLACEMENT_SHIPMENT_TEXTS } from '@marketplace/domain/orders/replacement';
import {
  type AfterSalesKind,
  type ItemRequest,
  REFUND_ESTIMATE,
  showsRefundBox,
  type WaitingStep,
} from '@marketplace/domain/orders/returns';
import {
  refundFacts,
  requestStatusSentence,
  type StatusSentence,
} from '@marketplace/domain/orders/item-status';
import { DAY_FORMAT, formatDate, formatMoment } from '../orders/order-dates.ts';
import { RefundAmount, RefundProgress } from '../orders/refund-progress.tsx';

/** The one sentence of a request's status (item-status.ts), from its state, pickup and refund together. */
export function requestSentence(kind: AfterSalesKind, request: ItemRequest): StatusSentence {
  return requestStatusSentence(
    {
      kind,
      status: request.status,
      requestedBy: 'customer',
      pickupDate: request.pickupDate,
      pickedUpAt: request.waiting.step === 'picked_up' ? request.waiting.pickedUpAt : null,
    },
    refundFacts(request.refund, 'none'),
    DAY_FORMAT,
  );
}

/** The status of a request in a list: the title of its sentence (its details page says the rest). */
export function RequestStatusText({ kind, status }: { kind: AfterSalesKind; status: string }) {
  const { title } = requestStatusSentence(
    { kind, status, requestedBy: 'customer', pickupDate: null, pickedUpAt: null },
    { status: 'due' },
    DAY_FORMAT,
  );
  return <p className={`as-status-line status-${status}`}>{title}</p>;
}

/** requirements#return-status: where a request stands, in one sentence. */
export function StatusBanner({ sentence }: { sentence: StatusSentence }) {
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
  if (!showsRefundBox(kind, status, refund.status)) return null;
  // requirements#return-pickup: an accepted return's refund is recorded once the product is picked up
  const isAfterPickup = waiting?.step === 'pickup' && waiting.isRefundAfterPickup;
  return (
    <section className="as-refund" aria-label="Refund">
      <h3>Refund</h3>
      {refund.amountPaise > 0 && <RefundAmount refund={refund} />}
      <RefundProgress
        refund={refund}
        className="as-refund-estimate"
        estimate={
          refund.estimate
            ? `Expected between ${formatDate(refund.estimate.from)} and ${formatDate(refund.estimate.to)} (${refund.estimate.text}).`
            : isAfterPickup
              ? `Refunds reach you in ${REFUND_ESTIMATE.text} once the product is picked up.`
              : `Refunds reach you in ${REFUND_ESTIMATE.text} once the seller approves.`
        }
      />
    </section>
  );
}

type Replacement = NonNullable<ItemRequest['replacement']>;

/** requirements#replacement-shipment: where an initiated replacement's new unit is, with the link to track its shipment. */
export function ReplacementBox({ replacement }: { replacement: Replacement }) {
  return (
    <section className={`as-replacement ${replacement.tone}`} aria-label="Replacement shipment">
      <p className="as-replacement-title">
        <strong>{replacement.title}</strong>
        {replacement.deliveredAt && <span> on {formatMoment(replacement.deliveredAt)}</span>}
      </p>
      {replacement.detail && <p className="as-replacement-detail">{replacement.detail}</p>}
      {replacement.trackHref && (
        <Link to={replacement.trackHref} className="btn-secondary btn-small">
          {REPLACEMENT_SHIPMENT_TEXTS.track}
        </Link>
      )}
    </section>
  );
}
