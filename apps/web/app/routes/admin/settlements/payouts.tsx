import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import {
  CONSOLE_PAYOUT_STATUS_LABELS,
  CONSOLE_PAYOUT_STATUSES,
  type ConsolePayoutStatus,
  ConsolePayoutPage,
  PayoutRetried,
  SellerBalancePage,
} from '@marketplace/domain/settlement/console-api';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Badge, type BadgeTone, Table } from '../../../components/ui/table.tsx';
import { type ApiResult, requestApi } from '../../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatDay } from './format.ts';
import { PayoutGuard } from '@marketplace/domain/settlement/payout-account';
import './settlements.css';

const pageOf = (text: string | null) => (text && /^[1-9]\d{0,5}$/.test(text) ? text : '1');

/** requirements#settlement: the latest payouts by status, and what each seller is owed. */
export async function loader({ request, url, context }: LoaderArgs) {
  const status = url.searchParams.get('status') ?? '';
  const payoutQuery = new URLSearchParams({ page: pageOf(url.searchParams.get('page')) });
  if (status) payoutQuery.set('status', status);
  const [payouts, balances] = await Promise.all([
    requestApi(
      context.api,
      'GET',
      `/api/admin/settlements/payouts?${payoutQuery.toString()}`,
      ConsolePayoutPage,
    ),
    requestApi(
      context.api,
      'GET',
      `/api/admin/settlements/balances?page=${pageOf(url.searchParams.get('balances'))}`,
      SellerBalancePage,
    ),
  ]);
  // ADR-0049: why the payout cycle is stopped, when it is (demo sellers with a real payout provider)
  const guard = await requestApi(context.api, 'GET', '/api/admin/settlements/payout-guard', PayoutGuard);
  const refusal = [payouts, balances].find(
    (r): r is Exclude<ApiResult<unknown>, { ok: true }> =>
      !r.ok && !(r.kind === 'refused' && r.status === 400),
  );
  if (refusal?.kind === 'refused' && refusal.status === 401) return redirect(loginPathFor(request));
  if (refusal?.kind === 'refused' && refusal.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(refusal.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (refusal)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data('The payouts could not be loaded. Please try again.', { status: 503 });
  return {
    status,
    payouts: payouts.ok ? payouts.data : null,
    balances: balances.ok ? balances.data : null,
    error: payouts.ok ? null : payouts.kind === 'refused' ? payouts.message : null,
    payoutsStopped: guard.ok ? guard.data.payoutsStopped : null,
  };
}

/**
 * ADR-0048: finance retries a payout the rail refused or the bank returned, once what its reason
 * says is fixed (a form, without scripts too); the page shows what the retry made.
 */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const { payoutId } = formFields(form ?? new FormData(), ['payoutId']);
  if (!/^[1-9]\d{0,9}$/.test(payoutId))
    return data({ ok: false, message: 'Choose a payout to retry.' }, { status: 400 });
  const api = actionApi(context);
  const result = await api.call('POST', `/api/admin/settlements/payouts/${payoutId}/retry`, PayoutRetried);
  if (result.ok) return data({ ok: true, message: result.data.message }, { headers: api.headers });
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  const message =
    result.kind === 'refused' ? result.message : 'The request did not reach us. Please try again.';
  return data({ ok: false, message }, { status: result.kind === 'refused' ? result.status : 503 });
}

export function meta() {
  return [{ title: 'Payouts · Console' }];
}

const TONES: Record<ConsolePayoutStatus, BadgeTone> = {
  initiated: 'neutral',
  processed: 'info',
  completed: 'success',
  refused: 'danger',
  failed: 'danger',
  reversed: 'danger',
};

/** Prev and Next of the balances, kept apart from the payouts' own pages. */
function BalancePager({ page, pages }: { page: number; pages: number }) {
  const location = useLocation();
  if (pages <= 1) return null;
  const href = (to: number) => {
    const params = new URLSearchParams(location.search);
    params.set('balances', String(to));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav className="pager" aria-label="Pages of balances">
      {page > 1 && <Link to={href(page - 1)}>‹ Prev</Link>}
      <span className="pager-current">
        {page} of {pages}
      </span>
      {page < pages && <Link to={href(page + 1)}>Next ›</Link>}
    </nav>
  );
}

export default function Payouts() {
  const { status, payouts, balances, error, payoutsStopped } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="settle-page">
      <h1>Payouts</h1>
      <p className="settle-lead">
        Sellers are paid weekly what became payable by the cut-off (Monday 00:00, Indian time): items whose
        return windows have closed, less fees, taxes and earlier payouts. A payout the bank rail refuses, or
        the bank fails or reverses, gives its amount back to the seller’s balance, and the seller is not paid
        again until the reason is fixed: the seller changes its bank account, or you retry it here.
      </p>
      {answer && <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>}
      {payoutsStopped && (
        <Alert tone="error" title="Payouts are stopped">
          {payoutsStopped}
        </Alert>
      )}

      <section className="settle-section" aria-labelledby="payouts-heading">
        <h2 id="payouts-heading">Latest payouts</h2>
        <Form method="get" className="settle-filters" aria-label="Filter payouts">
          <SelectField label="Status" name="status" defaultValue={status}>
            <option value="">Every status</option>
            {CONSOLE_PAYOUT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CONSOLE_PAYOUT_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </Form>
        {error && <Alert tone="error">{error}</Alert>}
        {payouts && (
          <>
            <p className="settle-note">
              {payouts.total === 1 ? '1 payout' : `${payouts.total.toLocaleString('en-IN')} payouts`}
              {payouts.pageCount > 1 && `, page ${payouts.page} of ${payouts.pageCount}`}, newest first.
            </p>
            {payouts.payouts.length > 0 && (
              <Table
                label="Payouts, newest first"
                stacked
                head={
                  <tr>
                    <th scope="col">Seller</th>
                    <th scope="col">Cut-off</th>
                    <th scope="col" className="ui-num">
                      Amount
                    </th>
                    <th scope="col">Status</th>
                    <th scope="col">UTR</th>
                    <th scope="col">Failure reason</th>
                  </tr>
                }
              >
                {payouts.payouts.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className="ui-cell-wide">
                      <span className="settle-title">{p.sellerName}</span>
                      <span className="settle-sub">
                        Payout {p.id} · seller {p.sellerId}
                        {p.bankAccountLast4 && ` · account ending ${p.bankAccountLast4}`}
                      </span>
                    </th>
                    <td data-label="Cut-off">{formatDay(p.periodEnd)}</td>
                    <td className="ui-num" data-label="Amount">
                      {formatInr(p.amountPaise)}
                    </td>
                    <td data-label="Status">
                      <Badge tone={TONES[p.status]}>{p.statusLabel}</Badge>
                    </td>
                    <td data-label="UTR">{p.utr ? <span className="settle-mono">{p.utr}</span> : '—'}</td>
                    <td data-label="Failure reason">
                      {p.failureReason ?? '—'}
                      {p.held && (
                        <Form method="post" className="settle-retry">
                          <input type="hidden" name="payoutId" value={p.id} />
                          <Button type="submit" variant="secondary" disabled={busy}>
                            Retry payout {p.id}
                          </Button>
                        </Form>
                      )}
                      {p.retriedById !== null && (
                        <span className="settle-sub">Paid again as payout {p.retriedById}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </Table>
            )}
            <Pager page={payouts.page} pages={payouts.pageCount} />
          </>
        )}
      </section>

      {balances && (
        <section className="settle-section" aria-labelledby="balances-heading">
          <h2 id="balances-heading">Sellers’ balances</h2>
          <p className="settle-note">
            {balances.total === 1 ? '1 seller' : `${balances.total.toLocaleString('en-IN')} sellers`} with
            ledger entries: {formatInr(balances.totals.payablePaise)} payable now,{' '}
            {formatInr(balances.totals.waitingPaise)} waiting for return windows to close.
          </p>
          {balances.balances.length > 0 && (
            <Table
              label="Sellers’ balances, the largest payable first"
              stacked
              head={
                <tr>
                  <th scope="col">Seller</th>
                  <th scope="col" className="ui-num">
                    Payable now
                  </th>
                  <th scope="col" className="ui-num">
                    Waiting
                  </th>
                </tr>
              }
            >
              {balances.balances.map((b) => (
                <tr key={b.sellerId}>
                  <th scope="row" className="ui-cell-wide">
                    <span className="settle-title">{b.sellerName}</span>
                    <span className="settle-sub">Seller {b.sellerId}</span>
                  </th>
                  <td className="ui-num" data-label="Payable now">
                    {formatInr(b.payablePaise)}
                  </td>
                  <td className="ui-num" data-label="Waiting">
                    {formatInr(b.waitingPaise)}
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <BalancePager page={balances.page} pages={balances.pageCount} />
        </section>
      )}
    </div>
  );
}
