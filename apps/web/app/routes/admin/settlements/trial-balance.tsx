import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import { monthLabel } from '@marketplace/domain/settlement/console-api';
import { summariseSellerPayables } from '@marketplace/domain/settlement/journal';
import { TrialBalanceResponse } from '@marketplace/domain/settlement/journal-api';
import { data, Form, redirect, useLoaderData } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { requestApi } from '../../../lib/account-api.ts';
import { loginPathFor } from '../../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../../lib/services.ts';
import './settlements.css';

/** requirements#journal (ADR-0053): the operator's trial balance at the end of a day (today unless one is chosen). */
export async function loader({ request, url, context }: LoaderArgs) {
  const date = url.searchParams.get('date') ?? '';
  const query = date ? `?date=${encodeURIComponent(date)}` : '';
  const result = await requestApi(
    context.api,
    'GET',
    `/api/admin/settlements/trial-balance${query}`,
    TrialBalanceResponse,
  );
  if (result.ok) return { typed: date, balance: result.data, error: null };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 400)
    return data({ typed: date, balance: null, error: result.message }, { status: 400 });
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The trial balance could not be loaded. Please try again.', { status: 503 });
}

export function meta() {
  return [{ title: 'Trial balance · Console' }];
}

export default function TrialBalance() {
  const { typed, balance, error } = useLoaderData<typeof loader>();
  const summary = balance && summariseSellerPayables(balance.rows);
  const sellersGroup = summary?.sellers[0]?.group ?? '';
  return (
    <div className="settle-page">
      <h1>Trial balance</h1>
      <p className="settle-note">
        Every posting moves money between the accounts below: sellers’ payables, fee income, GST, TCS and TDS
        payable, the payment gateway, couriers’ COD and the bank. Balances at the end of the day in Indian
        time.
      </p>
      <Form method="get" className="settle-filters" aria-label="Day of the trial balance">
        <Field
          label="At the end of"
          name="date"
          type="date"
          defaultValue={balance?.date ?? typed}
          placeholder="YYYY-MM-DD"
          error={error ?? undefined}
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {balance && (
        <>
          {balance.balanced ? (
            <p className="settle-lead">
              Debits and credits agree: <strong>{formatInr(balance.totalDebitPaise)}</strong> each.
            </p>
          ) : (
            <Alert tone="error">
              Debits ({formatInr(balance.totalDebitPaise)}) and credits ({formatInr(balance.totalCreditPaise)}
              ) differ: run npm run verify-books.
            </Alert>
          )}
          <Table
            label={`Trial balance at the end of ${balance.date}`}
            head={
              <tr>
                <th scope="col">Ledger (group)</th>
                <th scope="col" className="settle-amount">
                  Debit
                </th>
                <th scope="col" className="settle-amount">
                  Credit
                </th>
              </tr>
            }
          >
            {balance.rows.length === 0 && (
              <tr>
                <td colSpan={3}>Nothing was posted by then.</td>
              </tr>
            )}
            {(summary?.rows ?? []).map((row) => (
              <tr key={row.key}>
                <td>
                  {'count' in row ? (
                    <a href="#seller-payables">
                      Sellers’ payables ({row.count} {row.count === 1 ? 'seller' : 'sellers'})
                    </a>
                  ) : (
                    row.name
                  )}
                  <span className="settle-ledger-group">{'count' in row ? sellersGroup : row.group}</span>
                </td>
                <td className="settle-amount">{row.debitPaise > 0 ? formatInr(row.debitPaise) : ''}</td>
                <td className="settle-amount">{row.creditPaise > 0 ? formatInr(row.creditPaise) : ''}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Total</th>
              <td className="settle-amount">
                <strong>{formatInr(balance.totalDebitPaise)}</strong>
              </td>
              <td className="settle-amount">
                <strong>{formatInr(balance.totalCreditPaise)}</strong>
              </td>
            </tr>
          </Table>
          {summary && summary.sellers.length > 0 && (
            <details className="admin-panel settle-section settle-sellers" id="seller-payables">
              <summary>
                <h2>Each seller’s payable ({summary.sellers.length})</h2>
              </summary>
              <Table
                label="Each seller’s payable"
                head={
                  <tr>
                    <th scope="col">Seller</th>
                    <th scope="col" className="settle-amount">
                      Debit
                    </th>
                    <th scope="col" className="settle-amount">
                      Credit
                    </th>
                  </tr>
                }
              >
                {summary.sellers.map((row) => (
                  <tr key={row.key}>
                    <td>{row.name}</td>
                    <td className="settle-amount">{row.debitPaise > 0 ? formatInr(row.debitPaise) : ''}</td>
                    <td className="settle-amount">{row.creditPaise > 0 ? formatInr(row.creditPaise) : ''}</td>
                  </tr>
                ))}
              </Table>
            </details>
          )}
          <section className="admin-panel settle-section" aria-labelledby="journal-files">
            <h2 id="journal-files">Journal of {monthLabel(balance.files.month)}</h2>
            <p>
              The month’s postings as vouchers TallyPrime imports (Gateway of Tally › Import › Transactions),
              with the ledgers above created under their groups, or as a plain journal.
            </p>
            <p className="settle-downloads">
              <a href={balance.files.tallyUrl} download>
                Download for TallyPrime (XML)
              </a>
              <a href={balance.files.csvUrl} download>
                Download journal (CSV)
              </a>
            </p>
          </section>
        </>
      )}
    </div>
  );
}
