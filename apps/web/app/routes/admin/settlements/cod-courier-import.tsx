import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import { CourierImportView } from '@marketplace/domain/settlement/courier-import';
import { indianDay } from '@marketplace/domain/text/dates';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { actionApi, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs } from '../../../lib/services.ts';
import { formatDay } from './format.ts';
import './settlements.css';

const FAILED = 'The courier’s report could not be imported. Please try again.';
const STATUS_WORDS = {
  recorded: 'Recorded now',
  already_recorded: 'Recorded before',
  differences: 'Differences',
} as const;

/** The form starts at the last four weeks. */
export function loader() {
  const now = Date.now();
  return { today: indianDay(new Date(now)), from: indianDay(new Date(now - 27 * 86_400_000)) };
}

/** requirements#courier-remittance-import: imports the courier's report for the days (a form post: works without scripts). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const api = actionApi(context);
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value.slice(0, 20) : '';
  };
  const typed = { from: text('from'), to: text('to') };
  const answer = await api.call(
    'POST',
    '/api/admin/settlements/cod/courier-imports',
    CourierImportView,
    typed,
  );
  if (answer.ok) return data({ error: null, view: answer.data, typed }, { headers: api.headers });
  if (answer.kind === 'refused' && answer.status === 401) return redirect(loginPathFor(request));
  if (answer.kind === 'refused' && answer.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(answer.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  return data(
    { error: answer.kind === 'refused' ? answer.message : FAILED, view: null, typed },
    { status: answer.kind === 'refused' ? answer.status : 503, headers: api.headers },
  );
}

export function meta() {
  return [{ title: 'Import from courier · Cash on delivery · Console' }];
}

/**
 * /admin/settlements/cod/courier-import: finance fetches the Bazaar courier's COD remittance report
 * for some days; each transfer is recorded once by its UTR, and what differs is shown, not booked.
 */
export default function CodCourierImport() {
  const { today, from } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="settle-page">
      <p className="settle-back">
        <Link to="/admin/settlements/cod">‹ Cash on delivery</Link>
      </p>
      <h1>Import from courier</h1>
      <p className="settle-lead">
        The Bazaar courier’s remittance report for the days you choose: each bank transfer is recorded once by
        its UTR, parcel by parcel against the cash recorded at delivery. A transfer naming a parcel we do not
        know, or one already remitted, is shown here and not recorded; a parcel paid short is recorded and the
        rest stays owed by the courier.
      </p>
      <Form method="post" className="settle-filters" aria-label="Import the courier’s report">
        <Field
          label="Transfers from"
          name="from"
          type="date"
          defaultValue={answer?.typed.from ?? from}
          max={today}
        />
        <Field
          label="Transfers to"
          name="to"
          type="date"
          defaultValue={answer?.typed.to ?? today}
          max={today}
        />
        <Button type="submit" busy={busy}>
          Import from courier
        </Button>
      </Form>
      {answer?.error && <Alert tone="error">{answer.error}</Alert>}
      {answer?.view && (
        <section className="settle-section" aria-labelledby="import-heading">
          <h2 id="import-heading">The courier’s transfers</h2>
          <Alert tone={answer.view.lines.some((l) => l.status === 'differences') ? 'error' : 'success'}>
            {answer.view.message}
          </Alert>
          {answer.view.lines.length > 0 && (
            <Table
              label="The courier’s transfers"
              stacked
              head={
                <tr>
                  <th scope="col">UTR</th>
                  <th scope="col">Sent on</th>
                  <th scope="col" className="ui-num">
                    Parcels
                  </th>
                  <th scope="col" className="ui-num">
                    Amount
                  </th>
                  <th scope="col">Result</th>
                </tr>
              }
            >
              {answer.view.lines.map((line) => (
                <tr key={line.utr}>
                  <td className="ui-cell-wide">
                    <strong>{line.utr}</strong>
                  </td>
                  <td data-label="Sent on">{formatDay(line.remittedOn)}</td>
                  <td className="ui-num" data-label="Parcels">
                    {line.parcels}
                  </td>
                  <td className="ui-num" data-label="Amount">
                    {formatInr(line.amountPaise)}
                  </td>
                  <td data-label="Result">
                    <strong>{STATUS_WORDS[line.status]}</strong>
                    <div>{line.message}</div>
                    {line.receivablePaise !== null && line.receivablePaise > 0 && (
                      <div>
                        Still owed by the courier: {formatInr(line.receivablePaise)}.{' '}
                        <Link to="/admin/settlements/cod/receivables">What couriers owe</Link>
                      </div>
                    )}
                    {line.differences.length > 0 && (
                      <ul className="settle-differences">
                        {line.differences.map((d) => (
                          <li key={d}>{d}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </section>
      )}
    </div>
  );
}
