import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import {
  CONSOLE_E_INVOICE_MESSAGES as M,
  ConsoleEInvoiceList,
  ConsoleEInvoiceRetried,
  E_INVOICE_STATUS_TEXTS,
} from '@marketplace/domain/tax/e-invoice-api';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { formatDay } from '../../../components/orders/order-dates.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Badge, Table } from '../../../components/ui/table.tsx';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import './settlements.css';

const FAILED = 'The registration could not be sent again. Please try again.';

/** requirements#e-invoicing: every seller's registrations the portal refused or that wait after a failed try. */
export async function loader({ request, context }: LoaderArgs) {
  const list = await requestApi(context.api, 'GET', '/api/admin/settlements/e-invoices', ConsoleEInvoiceList);
  if (!list.ok && list.kind === 'refused' && list.status === 401) return redirect(loginPathFor(request));
  if (!list.ok && list.kind === 'refused' && list.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(list.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (!list.ok)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(M.unavailable, { status: 503 });
  return { list: list.data };
}

/** "Send again" on one row (a form post: it works without scripts). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const api = actionApi(context);
  const documentId = form?.get('documentId');
  if (typeof documentId !== 'string' || !/^[1-9]\d{0,9}$/.test(documentId))
    return data({ ok: false, message: M.notFound, documentId: null }, { status: 400, headers: api.headers });
  const answer = await api.call(
    'POST',
    `/api/admin/settlements/e-invoices/${documentId}/retry`,
    ConsoleEInvoiceRetried,
  );
  if (answer.ok)
    return data(
      {
        ok: answer.data.row.status === 'registered',
        message: answer.data.message,
        documentId: Number(documentId),
      },
      { headers: api.headers },
    );
  if (answer.kind === 'refused' && answer.status === 401) return redirect(loginPathFor(request));
  return data(
    {
      ok: false,
      message: answer.kind === 'refused' ? answer.message : FAILED,
      documentId: Number(documentId),
    },
    { status: answer.kind === 'refused' ? answer.status : 503, headers: api.headers },
  );
}

export function meta() {
  return [{ title: 'E-invoices · Console' }];
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * requirements#e-invoicing: /admin/settlements/e-invoices. Finance staff see which sellers' invoices and
 * credit notes the Invoice Registration Portal refused or has not yet taken, with the portal's code and
 * message, and send one again once its cause is fixed (the seller's turnover band, the buyer's GSTIN …).
 */
export default function ConsoleEInvoices() {
  const { list } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="settle-page">
      <h1>E-invoices</h1>
      <p className="settle-lead">
        B2B invoices and credit notes of sellers above ₹5 crore go out only once the Invoice Registration
        Portal has given them an IRN. These are the ones it refused ({list.refused}) or that wait after a
        failed try ({list.waiting}); waiting ones are tried again by themselves. Fix the cause, then send one
        again.
      </p>
      {answer && <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>}
      {list.eInvoices.length === 0 ? (
        <p>Nothing waits: every registration due has its IRN.</p>
      ) : (
        <Table
          label="Refused and waiting e-invoice registrations"
          stacked
          head={
            <tr>
              <th scope="col">Seller</th>
              <th scope="col">Document</th>
              <th scope="col">Status</th>
              <th scope="col">Portal code and message</th>
              <th scope="col">Attempts</th>
              <th scope="col">Action</th>
            </tr>
          }
        >
          {list.eInvoices.map((row) => (
            <tr key={row.documentId}>
              <th scope="row">
                {row.sellerName}
                <span className="settle-sub">{row.sellerGstin}</span>
              </th>
              <td data-label="Document">
                {row.number}
                <span className="settle-sub">
                  {row.kind === 'credit_note' ? 'Credit note' : 'Invoice'} · {row.orderNo} ·{' '}
                  {formatDay(row.issuedAt)}
                </span>
                {row.reportBy && <span className="settle-sub">Register by {row.reportBy}</span>}
              </td>
              <td data-label="Status">
                <Badge tone={row.status === 'refused' ? 'danger' : 'warning'}>
                  {E_INVOICE_STATUS_TEXTS[row.status]}
                </Badge>
              </td>
              <td data-label="Portal code and message">
                <strong>{row.errorCode ?? '—'}</strong>
                {row.errorMessage && <span className="settle-sub">{row.errorMessage}</span>}
              </td>
              <td data-label="Attempts">
                {row.attempts}
                {row.nextAttemptAt && <span className="settle-sub">Next try {when(row.nextAttemptAt)}</span>}
              </td>
              <td data-label="Action">
                <Form method="post" aria-label={`Send ${row.number} again`}>
                  <input type="hidden" name="documentId" value={row.documentId} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    Send again
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
