import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import {
  COD_LIMITS,
  CodReceivables,
  type CodReceivable,
  CodSettlementResult,
  settlementFromForm,
} from '@marketplace/domain/settlement/cod-api';
import { COD_DEDUCTION_LABELS } from '@marketplace/domain/settlement/cod-remittance';
import { paiseToRupeesText } from '@marketplace/domain/sellers/inventory-csv';
import { indianDay } from '@marketplace/domain/text/dates';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatDay } from './format.ts';
import './settlements.css';

const FAILED = 'The settlement could not be recorded. Please try again.';

/** requirements#cod-remittance: what couriers still owe after their transfers, newest first. */
export async function loader({ request, url, context }: LoaderArgs) {
  const carrier = url.searchParams.get('carrier')?.trim() ?? '';
  const query = new URLSearchParams();
  if (carrier) query.set('carrier', carrier);
  const page = url.searchParams.get('page');
  if (page) query.set('page', page);
  const owed = await requestApi(
    context.api,
    'GET',
    `/api/admin/settlements/cod/receivables${query.size > 0 ? `?${query.toString()}` : ''}`,
    CodReceivables,
  );
  const today = indianDay(new Date());
  if (!owed.ok && owed.kind === 'refused' && owed.status === 401) return redirect(loginPathFor(request));
  if (!owed.ok && owed.kind === 'refused' && owed.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(owed.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (!owed.ok && owed.kind === 'refused' && owed.status === 400)
    return data({ owed: null, carrier, today, error: owed.message }, { status: 400 });
  if (!owed.ok)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data('What couriers owe could not be loaded. Please try again.', { status: 503 });
  return { owed: owed.data, carrier, today, error: null };
}

/** A later transfer or a write-off against one remittance's receivable (works without scripts). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const api = actionApi(context);
  const none: Record<string, string> = {};
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value : '';
  };
  const remittanceId = text('remittanceId');
  if (!form || !/^[1-9]\d{0,8}$/.test(remittanceId))
    return data(
      { error: FAILED, fields: none, result: null, remittanceId: null, kind: null },
      { status: 400, headers: api.headers },
    );
  const kind = text('kind') === 'write-off' ? 'write-off' : 'remittance';
  const typed = settlementFromForm(text);
  if (!typed.ok)
    return data(
      { error: typed.fields.amount ?? FAILED, fields: typed.fields, result: null, remittanceId, kind },
      { status: 400, headers: api.headers },
    );
  const answer = await api.call(
    'POST',
    `/api/admin/settlements/cod/receivables/${remittanceId}/settlements`,
    CodSettlementResult,
    typed.body,
  );
  if (answer.ok)
    return data(
      { error: null, fields: none, result: answer.data, remittanceId, kind },
      { headers: api.headers },
    );
  if (answer.kind === 'refused' && answer.status === 401) return redirect(loginPathFor(request));
  const fields =
    answer.kind === 'refused'
      ? Object.fromEntries(
          Object.entries(answer.fields).map(([name, message]) => [
            name === 'amountPaise' ? 'amount' : name,
            message,
          ]),
        )
      : none;
  return data(
    { error: answer.kind === 'refused' ? answer.message : FAILED, fields, result: null, remittanceId, kind },
    { status: answer.kind === 'refused' ? answer.status : 503, headers: api.headers },
  );
}

export function meta() {
  return [{ title: 'What couriers owe · Console' }];
}

/**
 * requirements#cod-remittance: /admin/settlements/cod/receivables. Each remittance a courier paid
 * short, with its parcels, until a later transfer or a write-off settles it.
 */
export default function CodReceivablesPage() {
  const { owed, carrier, today, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="settle-page">
      <p className="settle-note">
        <Link to="/admin/settlements/cod">‹ Cash on delivery</Link>
      </p>
      <h1>What couriers owe</h1>
      <p className="settle-lead">
        When a courier’s transfer and its COD charges and freight come to less than the parcels’ cash, the
        rest stays owed by the courier. It stays here, with its parcels, until a later transfer or a write-off
        settles it.
        {owed && ` ${formatInr(owed.openPaise)} is open.`}
      </p>
      {answer?.result && <Alert tone="success">{answer.result.message}</Alert>}
      {answer?.error && <Alert tone="error">{answer.error}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {owed && owed.byCarrier.length > 0 && (
        <Form method="get" className="settle-filters settle-owed-filters" aria-label="Choose a courier">
          <SelectField label="Courier" name="carrier" defaultValue={carrier}>
            <option value="">All couriers ({formatInr(owed.openPaise)})</option>
            {owed.byCarrier.map((one) => (
              <option key={one.carrier} value={one.carrier}>
                {one.carrier} ({formatInr(one.openPaise)})
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </Form>
      )}
      {owed && owed.receivables.length === 0 && (
        <p className="settle-note">No courier owes anything after its transfers.</p>
      )}
      {owed && owed.receivables.length > 0 && (
        <ul className="settle-owed" aria-label="Open receivables">
          {owed.receivables.map((r) => (
            <Receivable key={r.remittanceId} receivable={r} today={today} />
          ))}
        </ul>
      )}
      {owed && <Pager page={owed.page} pages={owed.pageCount} />}
    </div>
  );
}

function Receivable({ receivable: r, today }: { receivable: CodReceivable; today: string }) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const mine = answer?.remittanceId === String(r.remittanceId) && !answer.result;
  const fieldError = (kind: string, name: string) =>
    mine && answer.kind === kind ? answer.fields[name] : undefined;
  const headingId = `owed-${r.remittanceId}`;
  return (
    <li aria-labelledby={headingId}>
      <h3 id={headingId}>
        {r.carrier}: {formatInr(r.openPaise)} owed
        <span className="settle-sub">
          Transfer <span className="settle-mono">{r.reference}</span> of {formatDay(r.remittedOn)}
        </span>
      </h3>
      <dl className="settle-sums">
        <div>
          <dt>Parcels’ cash</dt>
          <dd>{formatInr(r.owedPaise)}</dd>
        </div>
        <div>
          <dt>Transferred</dt>
          <dd>{formatInr(r.remittedPaise)}</dd>
        </div>
        {r.deductions.map((d) => (
          <div key={d.kind}>
            <dt>{COD_DEDUCTION_LABELS[d.kind]}</dt>
            <dd>{formatInr(d.amountPaise)}</dd>
          </div>
        ))}
        <div>
          <dt>Left owed</dt>
          <dd>{formatInr(r.receivablePaise)}</dd>
        </div>
        {r.settlements.map((s, index) => (
          <div key={index}>
            <dt>
              {s.kind === 'write-off' ? 'Written off' : `Paid later (${s.reference ?? ''})`} on{' '}
              {formatDay(s.settledOn)}
            </dt>
            <dd>
              {formatInr(s.amountPaise)}
              {s.reason && <span className="settle-sub">{s.reason}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <details>
        <summary>
          {r.parcels.length === 1 ? 'The parcel' : `The ${r.parcels.length} parcels`} this transfer covers
        </summary>
        <ul className="settle-parcels">
          {r.parcels.map((p) => (
            <li key={p.invoiceNo}>
              {p.invoiceNo} · Order {p.orderNo} · {formatInr(p.amountPaise)}
            </li>
          ))}
        </ul>
      </details>
      <div className="settle-settle-forms">
        <SettleForm
          kind="remittance"
          receivable={r}
          title="A later transfer"
          label={`A later transfer from ${r.carrier} for ${r.reference}`}
          submit="Record the transfer"
          busy={busy}
          amountError={fieldError('remittance', 'amount')}
        >
          <Field
            label="Its UTR"
            name="reference"
            required
            maxLength={COD_LIMITS.referenceMax}
            autoComplete="off"
            error={fieldError('remittance', 'reference')}
          />
          <Field
            label="Reached the bank on"
            name="settledOn"
            type="date"
            required
            max={today}
            defaultValue={today}
            error={fieldError('remittance', 'settledOn')}
          />
        </SettleForm>
        <SettleForm
          kind="write-off"
          receivable={r}
          title="Write off"
          label={`Write off what ${r.carrier} owes for ${r.reference}`}
          submit="Write off"
          busy={busy}
          amountError={fieldError('write-off', 'amount')}
        >
          <TextAreaField
            label="Reason"
            name="reason"
            rows={2}
            required
            maxLength={COD_LIMITS.reasonMax}
            error={fieldError('write-off', 'reason')}
            hint="Why the marketplace gives this up, for the auditors."
          />
          <input type="hidden" name="settledOn" value={today} />
        </SettleForm>
      </div>
    </li>
  );
}

/** One way of settling a receivable: its amount (the whole open rest by default), its own fields, its button. */
function SettleForm({
  kind,
  receivable: r,
  title,
  label,
  submit,
  busy,
  amountError,
  children,
}: {
  kind: 'remittance' | 'write-off';
  receivable: CodReceivable;
  title: string;
  label: string;
  submit: string;
  busy: boolean;
  amountError: string | undefined;
  children: ReactNode;
}) {
  return (
    <Form method="post" aria-label={label}>
      <h4>{title}</h4>
      <input type="hidden" name="remittanceId" value={r.remittanceId} />
      <input type="hidden" name="kind" value={kind} />
      <Field
        label="Amount (₹)"
        name="amount"
        inputMode="decimal"
        required
        maxLength={16}
        defaultValue={paiseToRupeesText(r.openPaise)}
        error={amountError}
      />
      {children}
      <Button type="submit" variant="secondary" disabled={busy}>
        {submit}
      </Button>
    </Form>
  );
}
