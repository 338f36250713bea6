import { OndcCallbackRetried, OndcConsole } from '@marketplace/domain/ondc/console-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Amount } from '../../../components/ui/price.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { actionApi, formFields, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { loadSupport } from './support-api.server.ts';
import './support.css';

/** ADR-0062: the shop on ONDC for support and owners: settings, orders from buyer apps, failed callbacks. */
export async function loader({ request, context }: LoaderArgs) {
  const found = await loadSupport(context, request, '/api/admin/ondc', OndcConsole);
  if (found.ok) return { view: found.data, error: null };
  return data({ view: null, error: found.message }, { status: 400 });
}

type Answer = { tone: 'success' | 'error'; message: string };

export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const { callbackId } = formFields(form ?? new FormData(), ['callbackId']);
  if (!form || !isRecordId(callbackId))
    return data<Answer>({ tone: 'error', message: 'This callback was not found.' }, { status: 400 });
  const api = actionApi(context);
  const call = await api.call(
    'POST',
    `/api/admin/ondc/callbacks/${callbackId}/retry`,
    OndcCallbackRetried,
    {},
  );
  if (call.ok)
    return data<Answer>(
      {
        tone: 'success',
        message: call.data.sendsNow
          ? `Callback ${callbackId} is queued again and goes out within seconds.`
          : `Callback ${callbackId} is queued again; it goes out once ONDC is on (ONDC_ENV).`,
      },
      { headers: api.headers },
    );
  if (call.kind === 'unreachable')
    return data<Answer>(
      { tone: 'error', message: 'The server could not be reached. Please try again.' },
      { status: 503 },
    );
  if (call.status === 401) return redirect(loginPathFor(request));
  return data<Answer>({ tone: 'error', message: call.message }, { status: call.status });
}

export function meta() {
  return [{ title: 'ONDC · Console' }];
}

const REGISTRY_WORDS: Record<OndcConsole['network']['registry'], string> = {
  off: 'ONDC is off (ONDC_ENV is not set)',
  listed: 'Listed: the registry has the current key',
  'not-listed': 'Not listed: subscribe with the current key (npm run ondc -- show)',
  unreachable: 'The registry could not be reached',
};

export default function OndcPage() {
  const { view, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="admin-support">
      <h1>ONDC</h1>
      <p>
        Buyer apps on the Open Network for Digital Commerce order from the shop’s sellers here. Their orders
        are ordinary orders; answers the shop owes them are sent from a queue and retried.
      </p>
      {answer && <Alert tone={answer.tone}>{answer.message}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {view && (
        <>
          <h2>Subscription</h2>
          <dl className="admin-support-facts">
            <dt>Subscriber id</dt>
            <dd className="admin-support-mono">{view.network.subscriberId ?? '—'}</dd>
            <dt>Key id</dt>
            <dd className="admin-support-mono">{view.network.uniqueKeyId ?? '—'}</dd>
            <dt>Registry</dt>
            <dd>
              {REGISTRY_WORDS[view.network.registry]}
              {view.network.registryUrl && (
                <div className="admin-support-sub admin-support-mono">{view.network.registryUrl}</div>
              )}
            </dd>
            <dt>Callbacks</dt>
            <dd>
              {view.callbacks.pending} waiting, {view.callbacks.failed} failed
            </dd>
          </dl>
          <h2>Orders from buyer apps</h2>
          {view.orders.length === 0 ? (
            <p>No buyer app has ordered yet.</p>
          ) : (
            <Table
              label="Orders from buyer apps, newest first"
              stacked
              head={
                <tr>
                  <th scope="col">Placed</th>
                  <th scope="col">Order</th>
                  <th scope="col">Buyer app</th>
                  <th scope="col">ONDC order id</th>
                  <th scope="col" className="ui-num">
                    Total
                  </th>
                </tr>
              }
            >
              {view.orders.map((order) => (
                <tr key={order.orderNo}>
                  <td data-label="Placed">{formatMoment(order.createdAt)}</td>
                  <td data-label="Order">
                    <Link to={`/admin/orders/${order.orderNo}`}>
                      <span className="admin-support-mono admin-support-nowrap">{order.orderNo}</span>
                    </Link>
                  </td>
                  <td data-label="Buyer app">{order.bapId}</td>
                  <td data-label="ONDC order id" className="admin-support-mono">
                    {order.ondcOrderId}
                  </td>
                  <td data-label="Total" className="ui-num">
                    <Amount paise={order.totalPaise} />
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <h2>Failed callbacks</h2>
          {view.callbacks.failedList.length === 0 ? (
            <p>No callback has failed.</p>
          ) : (
            <Table
              label="Callbacks the buyer apps did not take, newest first"
              stacked
              head={
                <tr>
                  <th scope="col">Queued</th>
                  <th scope="col">Callback</th>
                  <th scope="col">Buyer app</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last failure</th>
                  <th scope="col">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              }
            >
              {view.callbacks.failedList.map((callback) => (
                <tr key={callback.id}>
                  <td data-label="Queued">{formatMoment(callback.createdAt)}</td>
                  <td data-label="Callback" className="admin-support-mono">
                    {callback.action}
                  </td>
                  <td data-label="Buyer app">{callback.bapId}</td>
                  <td data-label="Attempts">{callback.attempts}</td>
                  <td data-label="Last failure">{callback.lastError ?? '—'}</td>
                  <td data-label="Action" className="admin-support-nowrap">
                    <Form method="post" aria-label={`Send callback ${callback.id} again`}>
                      <input type="hidden" name="callbackId" value={callback.id} />
                      <Button type="submit" small busy={busy}>
                        Send again
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
    </div>
  );
}
