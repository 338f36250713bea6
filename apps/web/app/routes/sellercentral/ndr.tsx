import { NDR_MESSAGES, NdrQueue } from '@marketplace/domain/orders/ndr';
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { z } from 'zod';
import { formatDate, formatMoment } from '../../components/orders/order-dates.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { actionApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/orders.css';

/** ADR-0058: the seller's NDR queue: courier parcels with a failed delivery attempt. */
export async function loader({ request, context }: LoaderArgs) {
  const result = await requestApi(context.api, 'GET', '/api/seller/ndr', NdrQueue);
  if (!result.ok && result.kind === 'refused' && result.status === 401)
    return redirect(loginPathFor(request));
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!result.ok) throw data('The failed deliveries could not be loaded. Please try again.', { status: 503 });
  return { queue: result.data };
}

export function meta() {
  return [{ title: 'Failed deliveries · Seller Central' }];
}

const Chosen = z.object({ success: z.literal(true), message: z.string() });

/** The seller's choice for one parcel, as a plain form. */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value : '';
  };
  const invoiceNo = field('invoiceNo');
  if (!form || !/^[A-Za-z0-9-]{1,40}$/.test(invoiceNo))
    return data({ ok: false, message: NDR_MESSAGES.shipmentNotFound }, { status: 400 });
  const chosen = field('action');
  const body = chosen === 're_attempt' ? { action: chosen, date: field('date') } : { action: chosen };
  const result = await actionApi(context).call(
    'POST',
    `/api/seller/shipments/${invoiceNo}/ndr`,
    Chosen,
    body,
  );
  if (result.ok) return data({ ok: true, message: `${invoiceNo}: ${result.data.message}` }, { status: 200 });
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused')
    return data({ ok: false, message: result.message || NDR_MESSAGES.action }, { status: result.status });
  return data({ ok: false, message: NDR_MESSAGES.unavailable }, { status: 503 });
}

const STATUS_WORDS: Record<string, string> = {
  delivery_failed: 'Delivery attempted',
  dispatched: 'Out for delivery again',
  return_to_origin: 'Returning to you',
};

export default function SellerNdr() {
  const { queue } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="sc-ord">
      <div className="sc-ord-head">
        <h1>Failed deliveries</h1>
        <Link to="/sellercentral/orders">Back to orders</Link>
      </div>
      <p className="sc-ord-sub">
        Courier parcels the delivery agent could not deliver. The shopper is asked what to do; you can choose
        too. Without a choice the courier tries again the next day; after three attempts the parcel comes back
        to you.
      </p>
      {reply && (
        <Alert tone={reply.ok ? 'success' : 'error'} className="account-notice">
          {reply.message}
        </Alert>
      )}
      {queue.rows.length === 0 ? (
        <p className="sc-ord-empty">No failed deliveries.</p>
      ) : (
        <Table
          label="Failed deliveries"
          className="sc-ord-table"
          stacked
          head={
            <tr>
              <th scope="col">Shipment</th>
              <th scope="col" className="ui-num">
                Attempts
              </th>
              <th scope="col">Last attempt</th>
              <th scope="col">Choice</th>
              <th scope="col">Act</th>
            </tr>
          }
        >
          {queue.rows.map((row) => (
            <tr key={row.invoiceNo}>
              <td className="sc-ord-lead">
                <Link to={`/sellercentral/orders/${row.orderNo}`} className="sc-ord-no">
                  {row.orderNo}
                </Link>
                <div className="sc-ord-sub">
                  {row.courierName} · AWB {row.awbNo}
                </div>
                <div>
                  <Badge tone={row.status === 'return_to_origin' ? 'warning' : 'danger'}>
                    {STATUS_WORDS[row.status] ?? row.status}
                  </Badge>
                </div>
              </td>
              <td className="ui-num" data-label="Attempts">
                {row.attempts} of 3
              </td>
              <td data-label="Last attempt">{row.lastAttemptAt ? formatMoment(row.lastAttemptAt) : '—'}</td>
              <td data-label="Choice">
                {row.choice
                  ? `${row.choice.summary} (${row.choice.chosenBy === 'shopper' ? 'shopper' : 'you'})`
                  : row.isAwaitingChoice
                    ? 'Waiting for the shopper'
                    : '—'}
              </td>
              <td data-label="Act">
                {row.isAwaitingChoice ? (
                  <div className="sc-ndr-actions">
                    <Form method="post" className="sc-ndr-form">
                      <input type="hidden" name="invoiceNo" value={row.invoiceNo} />
                      <input type="hidden" name="action" value="re_attempt" />
                      <label>
                        <span className="sc-ord-sub">Try again on </span>
                        <select name="date" defaultValue={queue.reattemptDays[0]}>
                          {queue.reattemptDays.map((day) => (
                            <option key={day} value={day}>
                              {formatDate(day)}
                            </option>
                          ))}
                        </select>
                      </label>
                      <button type="submit" className="btn-secondary">
                        Re-attempt
                      </button>
                    </Form>
                    <Form method="post" className="sc-ndr-form">
                      <input type="hidden" name="invoiceNo" value={row.invoiceNo} />
                      <input type="hidden" name="action" value="return_to_origin" />
                      <button type="submit" className="btn-secondary">
                        Return to me
                      </button>
                    </Form>
                  </div>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
