import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import {
  type ExportKind,
  ExportsSummary,
  FeeInvoicesIssued,
  MONTH_PATTERN,
} from '@marketplace/domain/settlement/console-api';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import './settlements.css';

/** requirements#settlement: a month's figures and files; the last month that ended unless one is chosen. */
export async function loader({ request, url, context }: LoaderArgs) {
  const month = url.searchParams.get('month') ?? '';
  const issued = url.searchParams.get('issued');
  const query = month ? `?month=${encodeURIComponent(month)}` : '';
  const result = await requestApi(
    context.api,
    'GET',
    `/api/admin/settlements/exports${query}`,
    ExportsSummary,
  );
  const notice = issued && /^\d{1,6}$/.test(issued) ? Number(issued) : null;
  if (result.ok) return { typed: month, summary: result.data, error: null, notice };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 400)
    return data({ typed: month, summary: null, error: result.message, notice: null }, { status: 400 });
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The exports could not be loaded. Please try again.', { status: 503 });
}

/** Issues an ended month's fee invoices (a form, without scripts too), then shows the month again. */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const { month } = formFields(form ?? new FormData(), ['month']);
  if (!MONTH_PATTERN.test(month)) return data({ message: 'Choose a month (YYYY-MM).' }, { status: 400 });
  const api = actionApi(context);
  const result = await api.call('POST', '/api/admin/settlements/fee-invoices', FeeInvoicesIssued, { month });
  if (result.ok) return redirect(`/admin/settlements/exports?month=${month}&issued=${result.data.issued}`);
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  const message =
    result.kind === 'refused' ? result.message : 'The request did not reach us. Please try again.';
  return data({ message }, { status: result.kind === 'refused' ? result.status : 503 });
}

export function meta() {
  return [{ title: 'Exports · Console' }];
}

/** What each file holds and how its totals reconcile (ADR-0036). */
const DESCRIPTIONS: Record<ExportKind, string> = {
  tcs: 'FORM GSTR-8 (CGST section 52, rule 67). Table 3: per supplier GSTIN and place of supply, supplies to registered and to unregistered recipients, what each returned, the net amount liable for TCS, and the TCS as IGST (between states) or CGST + SGST (within one): the TCS the sellers’ ledgers hold on the month’s documents, to the paisa. Table 4: amendments of an earlier month, with its period. Suppliers enrolled without registration are listed apart, without TCS (Notification 37/2023-Central Tax). The JSON is the file the GST portal’s offline tool takes.',
  tds: 'Per PAN, under the law in force on the credit date (section 194-O of the Income-tax Act, 1961 until 31 March 2026; section 393(1) [Table: Sl. No. 8(v)] of the Income-tax Act, 2025 from 1 April 2026): taxable value of the month’s invoices and credit notes, the rate (0.1 %, or 5 % without a PAN; nothing for an individual or HUF with a PAN within ₹5 lakh in the tax year) and the TDS deducted, the ledger’s TDS on those documents net of returns.',
  'sales-register':
    'One line per line of every invoice and credit note issued in the month (credit notes negative), with HSN, rate and CGST, SGST or IGST; its total is the invoices’ value less the credit notes’.',
  'fee-invoices':
    'The marketplace’s invoice to each seller for the month’s commission, closing and shipping fees net of returns, with the 18 % GST charged on them (CGST + SGST within Karnataka, IGST otherwise), numbered in the marketplace’s own series (FEE26-27/000001 and on).',
};

export default function Exports() {
  const { typed, summary, error, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const totals = summary?.totals;
  return (
    <div className="settle-page">
      <h1>Exports</h1>
      <Form method="get" className="settle-filters" aria-label="Month of the exports">
        <Field
          label="Month"
          name="month"
          type="month"
          defaultValue={summary?.month ?? typed}
          placeholder="YYYY-MM"
          error={error ?? undefined}
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {answer && <Alert tone="error">{answer.message}</Alert>}
      {notice !== null && summary && (
        <Alert tone="success">
          {notice === 0
            ? `The fee invoices of ${summary.label} were issued already; their numbers stay.`
            : `${notice === 1 ? '1 fee invoice' : `${notice} fee invoices`} issued for ${summary.label}.`}
        </Alert>
      )}
      {summary && totals && (
        <>
          <p className="settle-lead">
            <strong>{summary.label}</strong> (Indian time): {summary.invoices}{' '}
            {summary.invoices === 1 ? 'invoice' : 'invoices'} and {summary.creditNotes}{' '}
            {summary.creditNotes === 1 ? 'credit note' : 'credit notes'} issued.{' '}
            {summary.ended
              ? 'The month has ended: its figures no longer change.'
              : 'The month is still running: the files hold what was issued so far.'}
          </p>
          <dl className="settle-figures">
            <div>
              <dt>Invoices</dt>
              <dd>{formatInr(totals.invoiceValuePaise)}</dd>
            </div>
            <div>
              <dt>Credit notes</dt>
              <dd>{formatInr(totals.creditNoteValuePaise)}</dd>
            </div>
            <div>
              <dt>Net taxable value</dt>
              <dd>{formatInr(totals.netTaxablePaise)}</dd>
            </div>
            <div>
              <dt>TCS collected</dt>
              <dd>{formatInr(totals.tcsPaise)}</dd>
            </div>
            <div>
              <dt>TDS deducted</dt>
              <dd>{formatInr(totals.tdsPaise)}</dd>
            </div>
            <div>
              <dt>Fees</dt>
              <dd>{formatInr(totals.feesPaise)}</dd>
            </div>
            <div>
              <dt>GST on fees</dt>
              <dd>{formatInr(totals.feesGstPaise)}</dd>
            </div>
          </dl>
          <ul className="settle-files">
            {summary.files.map((file) => (
              <li key={file.kind} className="admin-panel">
                <h2>{file.label}</h2>
                <p>{DESCRIPTIONS[file.kind]}</p>
                {file.available ? (
                  <p className="settle-downloads">
                    <a href={file.url} download>
                      Download {file.label} for {summary.label} (CSV)
                    </a>
                    {file.jsonUrl && (
                      <a href={file.jsonUrl} download>
                        Download GSTR-8 for {summary.label} (JSON for the GST offline tool)
                      </a>
                    )}
                  </p>
                ) : file.kind === 'fee-invoices' && summary.feeInvoices.canIssue ? (
                  <Form method="post" className="settle-actions">
                    <input type="hidden" name="month" value={summary.month} />
                    <Button type="submit" busy={busy}>
                      Issue {summary.feeInvoices.toIssue}{' '}
                      {summary.feeInvoices.toIssue === 1 ? 'fee invoice' : 'fee invoices'} for {summary.label}
                    </Button>
                    <span className="settle-note">
                      Numbers are given once and never change; the file can then be downloaded.
                    </span>
                  </Form>
                ) : (
                  <p className="settle-note">Fee invoices are issued once the month has ended.</p>
                )}
                {file.kind === 'fee-invoices' && summary.feeInvoices.issued > 0 && (
                  <p className="settle-note">
                    {summary.feeInvoices.issued === 1
                      ? '1 fee invoice issued.'
                      : `${summary.feeInvoices.issued} fee invoices issued.`}{' '}
                    <Link to={`/admin/settlements/fee-invoices?month=${summary.month}`}>
                      See them with their PDFs
                    </Link>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
