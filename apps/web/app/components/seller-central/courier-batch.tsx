import { Form } from 'react-router';
import { formatCalendarDay } from '@marketplace/domain/text/dates';
import type { CourierBatchAnswer } from '@marketplace/domain/orders/courier-batch';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Amount } from '../ui/price.tsx';

const shipmentQuery = (refs: string[]) =>
  new URLSearchParams(refs.map((ref) => ['shipment', ref])).toString();

/**
 * requirements#courier-batches: what "Ship with Bazaar courier" did for each ticked order, then the batch's
 * three next steps: its labels in one PDF, the manifest for the agent, and one pickup.
 */
export function CourierBatchPanel({ batch }: { batch: CourierBatchAnswer }) {
  const count = batch.shipments.length;
  return (
    <section className="sc-courier-batch" aria-labelledby="sc-courier-batch-title">
      <h2 id="sc-courier-batch-title">Ship with Bazaar courier</h2>
      <Alert tone={batch.tone}>{batch.message}</Alert>
      {batch.lines.length > 0 && (
        <ul className="sc-courier-lines">
          {batch.lines.map((line) => (
            <li key={line.orderNo} className={line.booked ? 'booked' : 'refused'}>
              <strong>{line.orderNo}</strong>
              <span>{line.message}</span>
              {line.chargePaise !== null && (
                <span className="sc-courier-charge">
                  Courier charge <Amount paise={line.chargePaise} />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {count > 0 && (
        <div className="sc-courier-steps">
          <div className="sc-courier-step">
            <h3>1. Print</h3>
            <p>
              <a
                className="btn-secondary btn-small"
                href={`/api/seller/courier-labels?${shipmentQuery(batch.shipments)}`}
                download={`labels-${count}.pdf`}
              >
                Download {count === 1 ? 'the label' : `all ${count} labels`} (PDF)
              </a>
            </p>
            <p>
              <a
                className="btn-secondary btn-small"
                href={`/api/seller/courier-manifest?${shipmentQuery(batch.shipments)}`}
                download="manifest.pdf"
              >
                Download the manifest (PDF)
              </a>
            </p>
          </div>
          <Form method="post" className="sc-courier-step">
            <h3>2. Schedule the pickup</h3>
            {batch.shipments.map((ref) => (
              <input key={ref} type="hidden" name="shipment" value={ref} />
            ))}
            <label className="sc-ord-field">
              <span>Pickup day</span>
              <select name="pickupDate" defaultValue={batch.days[0]}>
                {batch.days.map((day, i) => (
                  <option key={day} value={day}>
                    {i === 0 ? `Today, ${formatCalendarDay(day)}` : formatCalendarDay(day)}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" name="intent" value="schedule-pickup" small>
              Schedule pickup of {count} {count === 1 ? 'parcel' : 'parcels'}
            </Button>
            {batch.pickup && <Alert tone={batch.pickup.tone}>{batch.pickup.message}</Alert>}
          </Form>
        </div>
      )}
    </section>
  );
}
