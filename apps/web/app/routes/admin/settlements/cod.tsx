import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import {
  COD_LIMITS,
  COD_MESSAGES,
  CodRemittanceResult,
  OutstandingCod,
} from '@marketplace/domain/settlement/cod-api';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatDay } from './format.ts';
import './settlements.css';

const FAILED = 'The remittance could not be recorded. Please try again.';

/** requirements#settlement: the cash couriers still owe for delivered COD parcels, oldest first. */
export async function loader({ request, url, context }: LoaderArgs) {
  const orderNo = url.searchParams.get('order')?.trim() ?? '';
  const query = ORDER_NO_PATTERN.test(orderNo) ? `?orderNo=${orderNo}` : '';
  const outstanding = await requestApi(
    context.api,
    'GET',
    `/api/admin/settlements/cod${query}`,
    OutstandingCod,
  );
  if (!outstanding.ok && outstanding.kind === 'refused' && outstanding.status === 401)
    return redirect(loginPathFor(request));
  if (!outstanding.ok && outstanding.kind === 'refused' && outstanding.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(outstanding.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (!outstanding.ok)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data('The collections could not be loaded. Please try again.', { status: 503 });
  return { outstanding: outstanding.data, orderNo: query ? orderNo : '' };
}

/** Records the courier's remittance for the ticked shipments (a form post: it works without scripts). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const api = actionApi(context);
  const none: Record<string, string> = {};
  if (!form)
    return data({ error: FAILED, fields: none, result: null }, { status: 400, headers: api.headers });
  const invoiceNos = form.getAll('invoiceNo').filter((v): v is string => typeof v === 'string');
  const reference = form.get('reference');
  const answer = await api.call('POST', '/api/admin/settlements/cod/remittances', CodRemittanceResult, {
    invoiceNos,
    reference: typeof reference === 'string' ? reference : '',
  });
  if (answer.ok) return data({ error: null, fields: none, result: answer.data }, { headers: api.headers });
  if (answer.kind === 'refused' && answer.status === 401) return redirect(loginPathFor(request));
  const fields = answer.kind === 'refused' ? answer.fields : none;
  const error = answer.kind === 'refused' ? answer.message : FAILED;
  return data(
    { error, fields, result: null },
    { status: answer.kind === 'refused' ? answer.status : 503, headers: api.headers },
  );
}

export function meta() {
  return [{ title: 'Cash on delivery · Console' }];
}

/**
 * requirements#settlement: /admin/settlements/cod. Finance ticks the parcels a courier's bank transfer
 * covers and records it with the transfer's reference; their items then become payable to sellers.
 */
export default function CodRemittances() {
  const { outstanding, orderNo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const fieldError = (name: string) => answer?.fields[name] ?? undefined;
  return (
    <div className="settle-page">
      <h1>Cash on delivery</h1>
      <p className="settle-lead">
        Cash a courier collected at the door is owed to the marketplace until the courier remits it. The
        parcels’ items are paid to their sellers only after that. {outstanding.count} parcels,{' '}
        {formatInr(outstanding.totalPaise)} in all, wait for remittance.
      </p>
      {answer?.result && (
        <Alert tone="success">
          {answer.result.message} {formatInr(answer.result.amountPaise)} recorded.
          {answer.result.alreadyRemitted.length > 0 &&
            ` Already recorded before: ${answer.result.alreadyRemitted.join(', ')}.`}
        </Alert>
      )}
      {answer?.error && <Alert tone="error">{answer.error}</Alert>}
      <Form method="get" className="settle-filters" aria-label="Find an order">
        <Field label="Order number" name="order" defaultValue={orderNo} placeholder="OD…" maxLength={30} />
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </Form>
      <Form method="post" aria-label="Record a remittance">
        <section className="settle-section" aria-labelledby="cod-heading">
          <h2 id="cod-heading">Waiting for remittance</h2>
          {outstanding.collections.length === 0 ? (
            <p className="settle-note">No cash is waiting for a courier’s remittance.</p>
          ) : (
            <Table
              label="Parcels waiting for remittance"
              stacked
              head={
                <tr>
                  <th scope="col">Remitted</th>
                  <th scope="col">Parcel</th>
                  <th scope="col">Seller</th>
                  <th scope="col">Courier</th>
                  <th scope="col">Delivered</th>
                  <th scope="col" className="ui-num">
                    Cash
                  </th>
                </tr>
              }
            >
              {outstanding.collections.map((c) => (
                <tr key={c.invoiceNo}>
                  <td data-label="Remitted">
                    <input
                      type="checkbox"
                      name="invoiceNo"
                      value={c.invoiceNo}
                      aria-label={`Remitted: ${c.invoiceNo}`}
                    />
                  </td>
                  <th scope="row" className="ui-cell-wide">
                    <span className="settle-title">{c.invoiceNo}</span>
                    <span className="settle-sub">Order {c.orderNo}</span>
                  </th>
                  <td data-label="Seller">{c.sellerName}</td>
                  <td data-label="Courier">{c.carrier ?? 'Not given'}</td>
                  <td data-label="Delivered">{formatDay(c.collectedAt)}</td>
                  <td className="ui-num" data-label="Cash">
                    {formatInr(c.amountPaise)}
                  </td>
                </tr>
              ))}
            </Table>
          )}
          {fieldError('invoiceNos') && <p className="settle-note">{COD_MESSAGES.shipments}</p>}
          <div className="settle-remit">
            <Field
              label="Courier’s bank reference (UTR)"
              name="reference"
              required
              maxLength={COD_LIMITS.referenceMax}
              autoComplete="off"
              error={fieldError('reference')}
            />
            <Button type="submit" disabled={busy || outstanding.collections.length === 0}>
              Record remittance
            </Button>
          </div>
        </section>
      </Form>
    </div>
  );
}
