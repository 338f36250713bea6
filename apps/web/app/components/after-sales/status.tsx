import { Link } from 'react-router';
import { formatInr } from '@marketplace/domain/money/money';
import { WAITING_STEP_TEXTS } from '@marketplace/domain/orders/pickup';
import { REPLACEMENT_SHIPMENT_TEXTS } from '@marketplace/domain/orders/replacement';
import {
  type AfterSalesKind,
  type ItemRequest,
  REFUND_ESTIMATE,
  REFUND_STATUS_LABELS,
  REPLACE_STATUS_TEXTS,
  RETURN_STATUS_TEXTS,
  showsRefundBox,
  type WaitingStep,
} from '@marketplace/domain/orders/returns';
import { formatDate, formatMoment } from '../orders/order-dates.ts';
import { RefundProgress } from '../orders/refund-progress.tsx';

const statusTexts = (kind: AfterSalesKind, status: string) =>
  (kind === 'return' ? RETURN_STATUS_TEXTS : REPLACE_STATUS_TEXTS)[status] ?? {
    // requirements#return-status: a status we have no text for is shown as the server returns it
    title: status,
    detail: '',
  };

/** The one-line status of a request in a list. */
export function RequestStatusText({ kind, status }: { kind: AfterSalesKind; status: string }) {
  return <p className={`as-status-line status-${status}`}>{statusTexts(kind, status).title}</p>;
}

/** requirements#return-status: the banner of a request's status. */
export function StatusBanner({ kind, status }: { kind: AfterSalesKind; status: string }) {
  const text = statusTexts(kind, status);
  return (
    <div className={`as-banner status-${status}`} role="status">
      <strong>{text.title}</strong>
      {text.detail && <span>{text.detail}</span>}
    </div>
  );
}

/**
 * requirements#return-pickup: the step a request waits for: the seller's decision, the pickup on
 * the shopper's day (and the refund after it), or the pickup done.
 */
export function WaitingStepLine({ waiting }: { waiting: WaitingStep }) {
  switch (waiting.step) {
    case 'none':
      return null;
    case 'seller':
      return (
        <p className="as-waiting wait" data-testid="as-waiting">
          <strong>{WAITING_STEP_TEXTS.seller}</strong>
        </p>
      );
    case 'pickup':
      return (
        <p className="as-waiting wait" data-testid="as-waiting">
          <strong>
            {waiting.pickupDate
              ? WAITING_STEP_TEXTS.pickup(formatDate(waiting.pickupDate))
              : WAITING_STEP_TEXTS.pickupDue}
          </strong>
          {waiting.isRefundAfterPickup && <span>{WAITING_STEP_TEXTS.refundAfterPickup}</span>}
        </p>
      );
    case 'picked_up':
      return (
        <p className="as-waiting" data-testid="as-waiting">
          <strong>{WAITING_STEP_TEXTS.pickedUp(formatMoment(waiting.pickedUpAt))}</strong>
        </p>
      );
  }
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
      <p className="as-refund-status">{REFUND_STATUS_LABELS[refund.status] ?? refund.status}</p>
      {refund.amountPaise > 0 && (
        <p className="as-refund-amount">
          {refund.status !== 'pending'
            ? 'Refund amount: '
            : isAfterPickup
              ? 'Refund after pickup: '
              : 'Refund on approval: '}
          <strong>{formatInr(refund.amountPaise)}</strong>
        </p>
      )}
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
