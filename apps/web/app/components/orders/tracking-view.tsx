import type { ShopperTracking } from '@marketplace/domain/orders/shopper-tracking';
import { useT } from '../../i18n/intl.tsx';
import { isKnownText, useOrderDates, useOrdersText, useTrackingWords } from './orders-i18n.ts';

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
  const t = useT();
  const words = useTrackingWords();
  const dates = useOrderDates();
  const say = useOrdersText();
  const isProblem = tracking.steps.some((step) => step.state === 'problem');
  const word = say(tracking.word);
  return (
    <div className="track-steps" data-testid="tracking-steps">
      <div className={`track-now${isProblem ? ' problem' : ''}`} role="status">
        <strong>{word}</strong>
        <p>{words.detail(tracking.detail)}</p>
      </div>
      <div
        className="sr-only"
        role="progressbar"
        aria-label={t('orders.track.progress')}
        aria-valuemin={1}
        aria-valuemax={tracking.steps.length}
        aria-valuenow={tracking.currentIndex}
        aria-valuetext={word}
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
            <strong className="track-step-name">{words.step(step.key)}</strong>
            {step.at && <small>{dates.day(step.at)}</small>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The parcel's updates, newest first: the courier's known words in the page's language, a place as stored. */
export function TrackingEvents({ events }: { events: ShopperTracking['events'] }) {
  const t = useT();
  const words = useTrackingWords();
  const dates = useOrderDates();
  const say = useOrdersText();
  return (
    <section className="track-events" aria-label={t('orders.track.updates')}>
      <h2>{t('orders.track.updates')}</h2>
      <ol>
        {[...events].reverse().map((event, index) => {
          return (
            <li key={`${event.at}-${index}`}>
              <time dateTime={event.at}>{dates.moment(event.at)}</time>
              <div>
                <strong>{say(event.word)}</strong>
                {event.location && (
                  <span>
                    {' · '}
                    <span translate="no">{event.location}</span>
                  </span>
                )}
                <p>{words.detail(event.detail)}</p>
                {/* a note the seller typed stays as written */}
                {event.note &&
                  (isKnownText(event.note) ? <p>{say(event.note)}</p> : <p translate="no">{event.note}</p>)}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
