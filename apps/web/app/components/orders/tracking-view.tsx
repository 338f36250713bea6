import {
  TRACKING_SPECIAL_LABELS,
  TRACKING_STEP_LABELS,
  TRACKING_STEPS,
  type TrackingSpecialStatus,
  isTrackingSpecialStatus,
  isTrackingStep,
} from '@marketplace/domain/orders/tracking';
import type { ItemTracking } from '@marketplace/domain/orders/my-orders';
import { formatMoment } from './order-dates.ts';

const nameOf = (status: string) =>
  isTrackingStep(status)
    ? TRACKING_STEP_LABELS[status].name
    : isTrackingSpecialStatus(status)
      ? TRACKING_SPECIAL_LABELS[status].name
      : status;

/** requirements#tracking: six steps with their labels; the bar fills up to the current one. */
export function TrackingSteps({ stepIndex }: { stepIndex: number }) {
  return (
    <div className="track-steps" data-testid="tracking-steps">
      <div
        className="track-bar"
        data-step={stepIndex}
        role="progressbar"
        aria-label="Delivery progress"
        aria-valuemin={1}
        aria-valuemax={TRACKING_STEPS.length}
        aria-valuenow={stepIndex + 1}
        aria-valuetext={TRACKING_STEP_LABELS[TRACKING_STEPS[stepIndex] ?? 'manifested'].name}
      >
        <span />
      </div>
      <ol>
        {TRACKING_STEPS.map((step, index) => (
          <li
            key={step}
            className={index < stepIndex ? 'done' : index === stepIndex ? 'current' : ''}
            aria-current={index === stepIndex ? 'step' : undefined}
          >
            <span className="track-dot" aria-hidden="true">
              {index <= stepIndex ? '✓' : index + 1}
            </span>
            <strong>{TRACKING_STEP_LABELS[step].name}</strong>
            <small>{TRACKING_STEP_LABELS[step].label}</small>
          </li>
        ))}
      </ol>
    </div>
  );
}

const SPECIAL_ICONS: Record<TrackingSpecialStatus, string> = {
  cancelled_by_seller: 'M6 6l12 12M18 6L6 18',
  return_to_origin: 'M9 14L4 9l5-5M4 9h10a6 6 0 010 12h-3',
  lost_in_transit: 'M9.1 9a3 3 0 015.8 1c0 2-3 3-3 3M12 17h.01',
  delivery_failed:
    'M12 9v4M12 17h.01M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z',
};

/** requirements#tracking: statuses 7 to 10 show one labelled icon instead of the steps. */
export function SpecialStatus({ status }: { status: TrackingSpecialStatus }) {
  const label = TRACKING_SPECIAL_LABELS[status];
  return (
    <div className={`track-special ${status}`} data-testid="tracking-special" role="status">
      <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
        {status === 'lost_in_transit' && <circle cx="12" cy="12" r="10" />}
        <path d={SPECIAL_ICONS[status]} />
      </svg>
      <div>
        <strong>{label.name}</strong>
        <p>{label.label}</p>
      </div>
    </div>
  );
}

export function TrackingEvents({ events }: { events: NonNullable<ItemTracking['tracking']>['events'] }) {
  return (
    <section className="track-events" aria-label="Shipment updates">
      <h2>Shipment updates</h2>
      <ol>
        {[...events].reverse().map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <time dateTime={event.at}>{formatMoment(event.at)}</time>
            <div>
              <strong>{nameOf(event.status)}</strong>
              {event.location && <span> · {event.location}</span>}
              {event.note && <p>{event.note}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
