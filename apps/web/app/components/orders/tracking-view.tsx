import type { ShopperTracking } from '@marketplace/domain/orders/shopper-tracking';
import { formatDay, formatMoment } from './order-dates.ts';

const DOTS: Record<ShopperTracking['steps'][number]['state'], (index: number) => string> = {
  done: () => '✓',
  current: () => '✓',
  problem: () => '!',
  upcoming: (index) => String(index + 1),
};

/**
 * requirements#tracking in the shopper's words (shopper-tracking.ts): where the parcel is now in
 * one line, then Ordered → Shipped → Out for delivery → Delivered with the day each was reached,
 * or the outcome that stopped it in place of the stages not reached.
 */
export function TrackingSteps({ tracking }: { tracking: ShopperTracking }) {
  const isProblem = tracking.steps.some((step) => step.state === 'problem');
  return (
    <div className="track-steps" data-testid="tracking-steps">
      <div className={`track-now${isProblem ? ' problem' : ''}`} role="status">
        <strong>{tracking.word}</strong>
        <p>{tracking.detail}</p>
      </div>
      <div
        className="sr-only"
        role="progressbar"
        aria-label="Delivery progress"
        aria-valuemin={1}
        aria-valuemax={tracking.steps.length}
        aria-valuenow={tracking.currentIndex}
        aria-valuetext={tracking.word}
      />
      <ol className={`track-stages count-${tracking.steps.length}`}>
        {tracking.steps.map((step, index) => (
          <li
            key={step.key}
            className={step.state}
            aria-current={index === tracking.currentIndex - 1 ? 'step' : undefined}
          >
            <span className="track-dot" aria-hidden="true">
              {DOTS[step.state](index)}
            </span>
            <strong className="track-step-name">{step.name}</strong>
            {step.at && <small>{formatDay(step.at)}</small>}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function TrackingEvents({ events }: { events: ShopperTracking['events'] }) {
  return (
    <section className="track-events" aria-label="Shipment updates">
      <h2>Shipment updates</h2>
      <ol>
        {[...events].reverse().map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <time dateTime={event.at}>{formatMoment(event.at)}</time>
            <div>
              <strong>{event.word}</strong>
              {event.location && <span> · {event.location}</span>}
              <p>{event.detail}</p>
              {event.note && <p>{event.note}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
