import { formatInr } from '@marketplace/domain/money/money';
import {
  E_INVOICE_MESSAGES,
  E_INVOICE_STATUS_TEXTS,
  EInvoiceList,
  EInvoiceRow,
  SellerTaxSettings,
} from '@marketplace/domain/tax/e-invoice-api';
import { CANCEL_REASONS, TURNOVER_BAND_LABELS, TURNOVER_BANDS } from '@marketplace/domain/tax/e-invoice';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, SelectField } from '../../components/ui/field.tsx';
import { Badge, type BadgeTone, Table } from '../../components/ui/table.tsx';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/e-invoices.css';

/** requirements#e-invoicing: the seller's tax settings and each B2B document's registration with the portal. */
export async function loader({ request, context }: LoaderArgs) {
  const [settings, list] = await Promise.all([
    loadFromApi(context, request, '/api/seller/tax-settings', SellerTaxSettings),
    loadFromApi(context, request, '/api/seller/e-invoices', EInvoiceList),
  ]);
  if (!settings || !list) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data('Your e-invoices could not be loaded. Please try again.', { status: 503 });
  }
  return { settings, eInvoices: list.eInvoices };
}

type Answer = {
  intent: 'settings' | 'retry' | 'cancel';
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  documentId?: number;
};

export async function action({ request, context }: ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  const intent = form.get('intent');
  const api = actionApi(context);
  const fail = (answer: Omit<Answer, 'ok'>, status: number) =>
    data<Answer>({ ...answer, ok: false }, { status });
  if (intent === 'settings') {
    const values = formFields(form, ['turnoverBand', 'documentPrefix'] as const);
    const result = await api.call('PUT', '/api/seller/tax-settings', SellerTaxSettings, values);
    if (result.ok)
      return data<Answer>(
        { intent, ok: true, message: E_INVOICE_MESSAGES.saved, errors: {}, values: {} },
        { headers: api.headers },
      );
    if (result.kind === 'unreachable')
      return fail({ intent, message: E_INVOICE_MESSAGES.unavailable, errors: {}, values }, 503);
    if (result.status === 401) return redirect(loginPathFor(request));
    return fail({ intent, message: result.message, errors: result.fields, values }, result.status);
  }
  if (intent === 'retry' || intent === 'cancel') {
    const documentId = Number(form.get('documentId'));
    if (!Number.isSafeInteger(documentId) || documentId < 1)
      return fail({ intent, message: E_INVOICE_MESSAGES.notFound, errors: {}, values: {} }, 400);
    const values = formFields(form, ['reason', 'remark'] as const);
    const result =
      intent === 'retry'
        ? await api.call('POST', `/api/seller/e-invoices/${documentId}/retry`, EInvoiceRow)
        : await api.call('POST', `/api/seller/e-invoices/${documentId}/cancel`, EInvoiceRow, values);
    if (result.ok) {
      const row = result.data;
      const message =
        row.status === 'registered'
          ? `${row.number} is registered: IRN ${row.irn ?? ''}.`
          : row.status === 'cancelled'
            ? `The IRN of ${row.number} is cancelled on the portal.`
            : `${row.number}: ${row.errorMessage ?? E_INVOICE_STATUS_TEXTS[row.status]}`;
      return data<Answer>(
        { intent, ok: row.status !== 'refused', message, errors: {}, values: {}, documentId },
        { headers: api.headers },
      );
    }
    if (result.kind === 'unreachable')
      return fail({ intent, message: E_INVOICE_MESSAGES.unavailable, errors: {}, values, documentId }, 503);
    if (result.status === 401) return redirect(loginPathFor(request));
    return fail(
      { intent, message: result.message, errors: result.fields, values, documentId },
      result.status,
    );
  }
  return fail({ intent: 'settings', message: 'Please use the page’s forms.', errors: {}, values: {} }, 400);
}

export function meta() {
  return [{ title: 'E-invoices · Seller Central' }];
}

const TONES: Readonly<Record<EInvoiceRow['status'], BadgeTone>> = {
  pending: 'warning',
  registered: 'success',
  refused: 'danger',
  cancelled: 'neutral',
  not_required: 'neutral',
};

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

function Settings({ settings, answer }: { settings: SellerTaxSettings; answer: Answer | undefined }) {
  const mine = answer?.intent === 'settings' ? answer : undefined;
  const v = mine && !mine.ok ? mine.values : {};
  return (
    <Card title="Tax settings" className="sc-einv-settings">
      {mine && <Alert tone={mine.ok ? 'success' : 'error'}>{mine.message}</Alert>}
      <Form method="post" className="sc-einv-form">
        <input type="hidden" name="intent" value="settings" />
        <SelectField
          label="Aggregate turnover in the last financial year"
          name="turnoverBand"
          defaultValue={v.turnoverBand ?? settings.turnoverBand}
          error={mine?.errors.turnoverBand}
          hint="Above ₹5 crore, your invoices and credit notes to businesses are registered with the GST portal (e-invoicing)."
        >
          {TURNOVER_BANDS.map((band) => (
            <option key={band} value={band}>
              {TURNOVER_BAND_LABELS[band]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Invoice number prefix"
          name="documentPrefix"
          defaultValue={v.documentPrefix ?? settings.documentPrefix}
          maxLength={5}
          required
          autoComplete="off"
          error={mine?.errors.documentPrefix}
          hint={`Up to 5 letters, digits, - or /, different from the prefixes of your other sales channels. Your invoices are numbered like ${settings.sampleNumber}`}
        />
        <Button type="submit">Save tax settings</Button>
      </Form>
    </Card>
  );
}

function RowActions({ row }: { row: EInvoiceRow }) {
  if (row.status === 'pending' || row.status === 'refused')
    return (
      <Form method="post" className="sc-einv-inline">
        <input type="hidden" name="intent" value="retry" />
        <input type="hidden" name="documentId" value={row.documentId} />
        <Button type="submit" variant="secondary" small>
          {row.status === 'refused' ? 'Send again' : 'Register now'}
        </Button>
      </Form>
    );
  if (row.status === 'registered' && row.cancellableUntil && new Date(row.cancellableUntil) > new Date())
    return (
      <details className="sc-einv-cancel">
        <summary>Cancel IRN</summary>
        <Form method="post" className="sc-einv-cancel-form">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="documentId" value={row.documentId} />
          <SelectField label="Reason" name="reason" defaultValue="3">
            {Object.entries(CANCEL_REASONS).map(([code, text]) => (
              <option key={code} value={code}>
                {text}
              </option>
            ))}
          </SelectField>
          <Field label="Remark" name="remark" maxLength={100} required />
          <Button type="submit" variant="secondary" small>
            Cancel on the portal
          </Button>
          <small>Until {when(row.cancellableUntil)}</small>
        </Form>
      </details>
    );
  return null;
}

export default function EInvoicesPage() {
  const { settings, eInvoices } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const rowAnswer = answer && answer.intent !== 'settings' ? answer : undefined;
  const needsIrn = settings.turnoverBand !== 'up_to_5cr';
  return (
    <div className="sc-einv" aria-busy={busy}>
      <h1 className="sc-page-title">E-invoices</h1>
      <Settings settings={settings} answer={answer} />
      <Card title="Registration with the GST portal">
        {rowAnswer && <Alert tone={rowAnswer.ok ? 'success' : 'error'}>{rowAnswer.message}</Alert>}
        {!needsIrn && (
          <p className="sc-einv-note">
            At your declared turnover your invoices need no IRN. Invoices to businesses are listed here once
            you declare above ₹5 crore.
          </p>
        )}
        {eInvoices.length === 0 ? (
          <p className="sc-einv-empty">No invoices to businesses yet.</p>
        ) : (
          <Table
            label="Your e-invoices"
            stacked
            head={
              <tr>
                <th>Document</th>
                <th>Buyer</th>
                <th>Value</th>
                <th>Status</th>
                <th>IRN and acknowledgement</th>
                <th>Action</th>
              </tr>
            }
          >
            {eInvoices.map((row) => (
              <tr key={row.documentId}>
                <td data-label="Document">
                  <span className="sc-einv-mono">{row.number}</span>
                  <small>
                    {row.kind === 'credit_note' ? 'Credit note' : 'Invoice'} · {row.orderNo} ·{' '}
                    {when(row.issuedAt)}
                  </small>
                </td>
                <td data-label="Buyer">
                  {row.buyerName}
                  <small className="sc-einv-mono">{row.buyerGstin}</small>
                </td>
                <td data-label="Value">{formatInr(row.valuePaise)}</td>
                <td data-label="Status">
                  <Badge tone={TONES[row.status]}>{E_INVOICE_STATUS_TEXTS[row.status]}</Badge>
                  {row.status === 'pending' && row.nextAttemptAt && row.attempts > 0 && (
                    <small>Next try {when(row.nextAttemptAt)}</small>
                  )}
                  {row.reportBy && <small className="sc-einv-deadline">Register by {row.reportBy}</small>}
                </td>
                <td data-label="IRN and acknowledgement" className="ui-cell-wide">
                  {row.irn ? (
                    <>
                      <span className="sc-einv-irn">{row.irn}</span>
                      <small>
                        Ack {row.ackNo} · {row.acknowledgedAt ? when(row.acknowledgedAt) : ''}
                        {row.cancelledAt ? ` · cancelled ${when(row.cancelledAt)}` : ''}
                      </small>
                    </>
                  ) : row.status === 'not_required' ? (
                    <small role="note">{row.errorMessage}</small>
                  ) : row.errorCode ? (
                    <span className="sc-einv-error" role="note">
                      <strong>Portal code {row.errorCode}</strong> {row.errorMessage}
                    </span>
                  ) : (
                    <small>Being registered</small>
                  )}
                </td>
                <td data-label="Action">
                  <RowActions row={row} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </div>
  );
}
