import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { monthLabel, monthOf, shiftMonth } from '@marketplace/domain/settlement/console-api';
import { FeeInvoiceList } from '@marketplace/domain/settlement/fee-invoices';
import { data, Form, Link, redirect, useLoaderData } from 'react-router';
import { FeeInvoicesTable } from '../../../components/seller-central/fee-invoices.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { requestApi } from '../../../lib/account-api.ts';
import { loginPathFor } from '../../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../../lib/services.ts';
import '../../../components/seller-central/fee-invoices.css';
import './settlements.css';

/** requirements#fee-invoices: finance reads a month's fee invoices and credit notes, each with its PDF. */
export async function loader({ request, url, context }: LoaderArgs) {
  const typed = url.searchParams.get('month') ?? '';
  const month = typed || shiftMonth(monthOf(new Date()), -1);
  const result = await requestApi(
    context.api,
    'GET',
    `/api/admin/settlements/fee-invoices?month=${encodeURIComponent(month)}`,
    FeeInvoiceList,
  );
  if (result.ok) return { typed, month, list: result.data, error: null };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 400)
    return data({ typed, month, list: null, error: result.message }, { status: 400 });
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The fee invoices could not be loaded. Please try again.', { status: 503 });
}

export function meta() {
  return [{ title: 'Fee invoices · Console' }];
}

export default function ConsoleFeeInvoices() {
  const { typed, month, list, error } = useLoaderData<typeof loader>();
  return (
    <div className="settle-page">
      <h1>Fee invoices</h1>
      <p className="settle-note">
        The marketplace’s tax invoices to sellers for each month’s fees, issued at the month’s end, and the
        credit notes of months whose returns gave back more.{' '}
        <Link to="/admin/settlements/exports">Exports</Link> has the month’s CSV.
      </p>
      <Form method="get" className="settle-filters" aria-label="Month of the fee invoices">
        <Field
          label="Month"
          name="month"
          type="month"
          defaultValue={typed || month}
          placeholder="YYYY-MM"
          error={error ?? undefined}
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {list && (
        <FeeInvoicesTable
          invoices={list.invoices}
          label={`Fee invoices of ${monthLabel(month)}`}
          showSeller
        />
      )}
    </div>
  );
}
