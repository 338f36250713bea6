import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import { CURRENT_GST_RATES_BP, formatRateBp } from '@marketplace/domain/tax/rates';
import { GstRateRowAdded, GstRateSchedule } from '@marketplace/domain/tax/rates-api';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import './settlements.css';

const FAILED = 'The rate could not be added. Please try again.';
const STATUS_TEXT = { past: 'Past', in_force: 'In force', scheduled: 'Scheduled' } as const;

/** requirements#gst-tax: the GST rate schedule, every row by HSN prefix and date. */
export async function loader({ request, context }: LoaderArgs) {
  const schedule = await requestApi(context.api, 'GET', '/api/admin/settlements/gst-rates', GstRateSchedule);
  if (!schedule.ok && schedule.kind === 'refused' && schedule.status === 401)
    return redirect(loginPathFor(request));
  if (!schedule.ok && schedule.kind === 'refused' && schedule.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(schedule.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (!schedule.ok)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data('The GST rate schedule could not be loaded. Please try again.', { status: 503 });
  return { schedule: schedule.data };
}

/** Rupees as typed ('2,500' or '2500.00') in paise, or the text itself for the API to refuse. */
function paiseOf(text: string): number | string | null {
  const clean = text.replaceAll(',', '').trim();
  if (clean === '') return null;
  return /^\d{1,9}(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : text;
}
const numberOr = (text: string) => (/^\d{1,5}$/.test(text) ? Number(text) : text);

/** Adds a row taking effect on a later day (a form post: it works without scripts). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const api = actionApi(context);
  const none: Record<string, string> = {};
  if (!form) return data({ error: FAILED, fields: none, added: null }, { status: 400, headers: api.headers });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const rateAbove = text('rateAboveBp');
  const answer = await api.call('POST', '/api/admin/settlements/gst-rates', GstRateRowAdded, {
    hsnPrefix: text('hsnPrefix').trim(),
    description: text('description'),
    effectiveFrom: text('effectiveFrom'),
    rateBp: numberOr(text('rateBp')),
    thresholdPaise: paiseOf(text('threshold')),
    rateAboveBp: rateAbove === '' ? null : numberOr(rateAbove),
    notification: text('notification'),
  });
  if (answer.ok) return data({ error: null, fields: none, added: answer.data }, { headers: api.headers });
  if (answer.kind === 'refused' && answer.status === 401) return redirect(loginPathFor(request));
  return data(
    {
      error: answer.kind === 'refused' ? answer.message : FAILED,
      fields: answer.kind === 'refused' ? answer.fields : none,
      added: null,
    },
    { status: answer.kind === 'refused' ? answer.status : 503, headers: api.headers },
  );
}

export function meta() {
  return [{ title: 'GST rates · Console' }];
}

/**
 * requirements#gst-tax: /admin/settlements/gst-rates. Finance staff read the schedule documents take
 * their rates from and add a row taking effect on a later day; past rows are never changed.
 */
export default function GstRates() {
  const { schedule } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const fieldError = (name: string) => answer?.fields[name] ?? undefined;
  const rate = (bp: number | null) => (bp === null ? '' : formatRateBp(bp));
  return (
    <div className="settle-page">
      <h1>GST rates</h1>
      <p className="settle-lead">
        Each line of an invoice takes the rate of the longest HSN prefix in force on the invoice’s date, for
        its own per-piece value after discounts. Rows are never edited: a change of law is a new row from a
        later day. Today is {schedule.today}.
      </p>
      {answer?.added && <Alert tone="success">{answer.added.message}</Alert>}
      {answer?.error && <Alert tone="error">{answer.error}</Alert>}
      <section className="settle-section" aria-labelledby="gst-add">
        <h2 id="gst-add">Add a rate</h2>
        <Form method="post" className="settle-filters" aria-label="Add a rate">
          <Field
            label="HSN prefix"
            name="hsnPrefix"
            inputMode="numeric"
            maxLength={8}
            required
            error={fieldError('hsnPrefix')}
            hint="2, 4, 6 or 8 digits"
          />
          <Field
            label="Goods"
            name="description"
            maxLength={200}
            required
            error={fieldError('description')}
          />
          <Field
            label="Takes effect on"
            name="effectiveFrom"
            type="date"
            required
            error={fieldError('effectiveFrom')}
          />
          <SelectField label="Rate" name="rateBp" defaultValue="1800" error={fieldError('rateBp')}>
            {CURRENT_GST_RATES_BP.map((bp) => (
              <option key={bp} value={bp}>
                {formatRateBp(bp)}
              </option>
            ))}
          </SelectField>
          <Field
            label="Per-piece threshold (₹)"
            name="threshold"
            inputMode="decimal"
            maxLength={14}
            error={fieldError('thresholdPaise')}
            hint="Optional: the rate applies up to it"
          />
          <SelectField
            label="Rate above the threshold"
            name="rateAboveBp"
            defaultValue=""
            error={fieldError('rateAboveBp')}
          >
            <option value="">No threshold</option>
            {CURRENT_GST_RATES_BP.map((bp) => (
              <option key={bp} value={bp}>
                {formatRateBp(bp)}
              </option>
            ))}
          </SelectField>
          <Field
            label="Notification"
            name="notification"
            maxLength={200}
            required
            error={fieldError('notification')}
            placeholder="Notification 9/2025-Central Tax (Rate)"
          />
          <Button type="submit" disabled={busy}>
            Add rate
          </Button>
        </Form>
      </section>
      <section className="settle-section" aria-labelledby="gst-rows">
        <h2 id="gst-rows">The schedule</h2>
        <Table
          label="GST rate schedule"
          stacked
          head={
            <tr>
              <th scope="col">HSN</th>
              <th scope="col">Goods</th>
              <th scope="col">From</th>
              <th scope="col">Rate</th>
              <th scope="col">Threshold</th>
              <th scope="col">Notification</th>
              <th scope="col">Status</th>
            </tr>
          }
        >
          {schedule.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.hsnPrefix}</th>
              <td data-label="Goods">{row.description}</td>
              <td data-label="From">{row.effectiveFrom}</td>
              <td data-label="Rate">{rate(row.rateBp)}</td>
              <td data-label="Threshold">
                {row.thresholdPaise === null
                  ? '—'
                  : `up to ${formatInr(row.thresholdPaise)} a piece; ${rate(row.rateAboveBp)} above`}
              </td>
              <td data-label="Notification">
                {row.notification}
                {row.addedBy && <span className="settle-sub">Added by {row.addedBy}</span>}
              </td>
              <td data-label="Status">{STATUS_TEXT[row.status]}</td>
            </tr>
          ))}
        </Table>
      </section>
    </div>
  );
}
