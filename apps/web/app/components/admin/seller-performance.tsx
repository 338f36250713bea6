import type { SellerPerformance } from '@marketplace/domain/admin/sellers-api';
import {
  formatRate,
  isPastTarget,
  PERFORMANCE_TARGETS,
  PERFORMANCE_WINDOW_DAYS,
  type RateCounts,
} from '@marketplace/domain/sellers/performance';
import { Badge } from '../ui/table.tsx';

const percent = (target: number) => `${(target * 100).toFixed(1)}%`;

/** A rate with its counts in words, flagged when past its target (requirements#operator-sellers). */
export function RateCell({ counts, target, of }: { counts: RateCounts; target?: number; of: string }) {
  const past = target !== undefined && isPastTarget(counts, target);
  return (
    <span className="admin-rate">
      <strong>{formatRate(counts)}</strong>{' '}
      <span className="admin-rate-counts">
        ({counts.part} of {counts.whole} {of})
      </span>
      {past && (
        <>
          {' '}
          <Badge tone="danger">Above {percent(target)}</Badge>
        </>
      )}
    </span>
  );
}

export function RatingCell({ rating }: { rating: SellerPerformance['rating'] }) {
  if (rating.average === null) return <span>No ratings</span>;
  return (
    <span>
      <strong>{rating.average.toFixed(1)} ★</strong>{' '}
      <span className="admin-rate-counts">
        ({rating.count} rating{rating.count === 1 ? '' : 's'})
      </span>
    </span>
  );
}

/** A seller's performance over the last 90 days, as the seller's page shows it. */
export function SellerPerformancePanel({ performance }: { performance: SellerPerformance }) {
  return (
    <dl className="admin-performance">
      <div>
        <dt>Cancellation rate</dt>
        <dd>
          <RateCell
            counts={performance.cancellation}
            target={PERFORMANCE_TARGETS.cancellation}
            of="units ordered"
          />
          <span className="admin-rate-rule">Units the seller cancelled</span>
        </dd>
      </div>
      <div>
        <dt>Late shipment rate</dt>
        <dd>
          <RateCell
            counts={performance.lateShipment}
            target={PERFORMANCE_TARGETS.lateShipment}
            of="units shipped"
          />
          <span className="admin-rate-rule">Shipped after their dispatch deadline</span>
        </dd>
      </div>
      <div>
        <dt>Return rate</dt>
        <dd>
          <RateCell counts={performance.returns} of="units delivered" />
          <span className="admin-rate-rule">Units returned by shoppers</span>
        </dd>
      </div>
      <div>
        <dt>Rating</dt>
        <dd>
          <RatingCell rating={performance.rating} />
          <span className="admin-rate-rule">From shoppers’ seller feedback, all time</span>
        </dd>
      </div>
    </dl>
  );
}

export const PERFORMANCE_CAPTION = `Last ${PERFORMANCE_WINDOW_DAYS} days`;
