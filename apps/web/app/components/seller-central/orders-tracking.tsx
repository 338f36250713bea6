import {
  isTrackingStep,
  TRACKING_SPECIAL_LABELS,
  TRACKING_STEP_LABELS,
  type TrackingStatus,
} from '@marketplace/domain/orders/tracking';
import { Form } from 'react-router';
import { formatMoment } from '../orders/order-dates.ts';
import { Button } from '../ui/button.tsx';
import { Field, SelectField } from '../ui/field.tsx';
import { Badge } from '../ui/table.tsx';

/** A tracking status by its name on the shopper's tracking page (requirements#tracking). */
export const trackingName = (status: string) =>
  isTrackingStep(status)
    ? TRACKING_STEP_LABELS[status].name
    : (TRACKING_SPECIAL_LABELS[status as keyof typeof TRACKING_SPECIAL_LABELS]?.name ?? status);

export function TrackingBadge({ status }: { status: string }) {
  const tone =
    status === 'delivered'
      ? 'success'
      : isTrackingStep(status)
        ? 'info'
        : status === 'delivery_failed'
          ? 'warning'
          : 'danger';
  return <Badge tone={tone}>{trackingName(status)}</Badge>;
}

type Event = { status: string; location: string | null; note: string | null; at: string };

/** A shipment's tracking history, newest last as the courier wrote it. */
export function TrackingHistory({ events }: { events: readonly Event[] }) {
  return (
    <ol className="sc-ord-events">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`}>
          <strong>{trackingName(event.status)}</strong>
          <span className="sc-ord-sub">
            {formatMoment(event.at)}
            {event.location ? ` · ${event.location}` : ''}
          </span>
          {event.note && <span className="sc-ord-note">{event.note}</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * The form that moves a shipment on: only the statuses it may go to next (requirements#tracking),
 * posted to the page's action, which calls the fulfilment API.
 */
export function TrackingForm({
  invoiceNo,
  nextStatuses,
  busy,
  intent = 'track',
}: {
  invoiceNo: string;
  nextStatuses: readonly TrackingStatus[];
  busy: boolean;
  intent?: string;
}) {
  if (nextStatuses.length === 0)
    return <p className="sc-ord-sub">This shipment has reached its final status.</p>;
  return (
    <Form method="post" className="sc-ord-track-form" aria-label={`Update tracking of ${invoiceNo}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="invoiceNo" value={invoiceNo} />
      <SelectField
        label="Next status"
        name="status"
        defaultValue={nextStatuses[0]}
        id={`status-${invoiceNo}`}
      >
        {nextStatuses.map((status) => (
          <option key={status} value={status}>
            {trackingName(status)}
          </option>
        ))}
      </SelectField>
      <Field
        label="Location"
        name="location"
        maxLength={120}
        id={`location-${invoiceNo}`}
        placeholder="e.g. Bhiwandi hub"
      />
      <Field label="Note" name="note" maxLength={500} id={`note-${invoiceNo}`} placeholder="Optional" />
      <Button type="submit" busy={busy} small>
        Update tracking
      </Button>
    </Form>
  );
}
