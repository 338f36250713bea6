import { AdminSellerList, type AdminSellerRow } from '@marketplace/domain/admin/sellers-api';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { PERFORMANCE_TARGETS } from '@marketplace/domain/sellers/performance';
import { SELLER_STATUS_LABELS } from '@marketplace/domain/sellers/status-changes';
import { SELLER_STATUSES, type SellerStatus } from '@marketplace/domain/sellers/statuses';
import { data, Form, Link, redirect, useLoaderData } from 'react-router';
import { PERFORMANCE_CAPTION, RateCell, RatingCell } from '../../components/admin/seller-performance.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Table } from '../../components/ui/table.tsx';
import { TabLinks } from '../../components/ui/tabs.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { formatMoment } from './format.ts';

const TAB_LABELS: Record<SellerStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

/** requirements#operator-sellers: a tab of sellers (the onboarding queue first) and a search; the API checks the filters. */
export async function loader({ request, url, context }: LoaderArgs) {
  const status = url.searchParams.get('status') ?? '';
  const q = url.searchParams.get('q') ?? '';
  const page = url.searchParams.get('page') ?? '';
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  if (page) query.set('page', page);
  const result = await requestApi(
    context.api,
    'GET',
    `/api/admin/sellers?${query.toString()}`,
    AdminSellerList,
  );
  if (result.ok) return { q, list: result.data, error: null };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 400)
    return data({ q, list: null, error: result.message }, { status: 400 });
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The sellers could not be loaded. Please try again.', { status: 503 });
}

export function meta() {
  return [{ title: 'Sellers · Console' }];
}

const tabHref = (status: SellerStatus, q: string) => {
  const params = new URLSearchParams({ status });
  if (q) params.set('q', q);
  return `/admin/sellers?${params.toString()}`;
};

function Identity({ row }: { row: AdminSellerRow }) {
  return row.gstin ? (
    <span className="admin-mono">{row.gstin}</span>
  ) : (
    <span>
      Enrolment <span className="admin-mono">{row.enrolmentNo ?? '—'}</span>
      <br />
      <small>within its state only</small>
    </span>
  );
}

export default function Sellers() {
  const { q, list, error } = useLoaderData<typeof loader>();
  const status = list?.status ?? 'pending';
  const tabs = SELLER_STATUSES.map((tab) => ({
    id: tab,
    label: TAB_LABELS[tab],
    to: tabHref(tab, q),
    ...(list ? { count: list.counts[tab] } : {}),
  }));
  return (
    <div className="admin-sellers">
      <h1>Sellers</h1>
      <Form method="get" className="admin-search" role="search" aria-label="Search sellers">
        <input type="hidden" name="status" value={status} />
        <Field
          label="Name, email or GSTIN"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {q && <Link to={tabHref(status, '')}>Clear</Link>}
      </Form>
      <TabLinks label="Sellers by status" tabs={tabs} current={status} />
      {error && <Alert tone="error">{error}</Alert>}
      {list && (
        <>
          <p className="admin-list-lead">
            {status === 'pending'
              ? 'Applications waiting for a decision, the oldest first.'
              : `${SELLER_STATUS_LABELS[status]} sellers, the latest decided first.`}
            {list.q && ` Matching “${list.q}”.`}
          </p>
          {list.sellers.length === 0 ? (
            <p className="admin-empty">
              {list.q ? 'No seller matches this search here.' : 'No sellers here.'}
            </p>
          ) : status === 'approved' ? (
            <ApprovedTable rows={list.sellers} />
          ) : (
            <QueueTable rows={list.sellers} status={status} />
          )}
          <Pager page={list.page} pages={list.pageCount} />
        </>
      )}
    </div>
  );
}

function QueueTable({ rows, status }: { rows: AdminSellerRow[]; status: SellerStatus }) {
  return (
    <Table
      label={`${TAB_LABELS[status]} sellers`}
      stacked
      head={
        <tr>
          <th scope="col">Seller</th>
          <th scope="col">GSTIN</th>
          <th scope="col">Pickup</th>
          <th scope="col">Categories</th>
          <th scope="col">{status === 'pending' ? 'Applied' : 'Decided'}</th>
        </tr>
      }
    >
      {rows.map((row) => (
        <tr key={row.sellerId}>
          <td data-label="Seller" className="ui-cell-wide">
            <Link to={`/admin/sellers/${row.sellerId}`} className="admin-seller-link">
              {row.displayName}
            </Link>
            <br />
            <small>
              {row.legalName} · {row.email}
            </small>
          </td>
          <td data-label="GSTIN">
            <Identity row={row} />
          </td>
          <td data-label="Pickup">{row.pickupPincode}</td>
          <td data-label="Categories">{row.categories.join(', ') || '—'}</td>
          <td data-label={status === 'pending' ? 'Applied' : 'Decided'}>
            {formatWhen(status === 'pending' ? row.submittedAt : (row.decidedAt ?? row.submittedAt))}
          </td>
        </tr>
      ))}
    </Table>
  );
}

function ApprovedTable({ rows }: { rows: AdminSellerRow[] }) {
  return (
    <Table
      label={`Approved sellers and their performance (${PERFORMANCE_CAPTION.toLowerCase()})`}
      stacked
      head={
        <tr>
          <th scope="col">Seller</th>
          <th scope="col">GSTIN</th>
          <th scope="col">Cancellations</th>
          <th scope="col">Late shipments</th>
          <th scope="col">Returns</th>
          <th scope="col">Rating</th>
        </tr>
      }
    >
      {rows.map((row) => (
        <tr key={row.sellerId}>
          <td data-label="Seller" className="ui-cell-wide">
            <Link to={`/admin/sellers/${row.sellerId}`} className="admin-seller-link">
              {row.displayName}
            </Link>
            <br />
            <small>{row.email}</small>
          </td>
          <td data-label="GSTIN">
            <Identity row={row} />
          </td>
          {row.performance ? (
            <>
              <td data-label="Cancellations">
                <RateCell
                  counts={row.performance.cancellation}
                  target={PERFORMANCE_TARGETS.cancellation}
                  of="ordered"
                />
              </td>
              <td data-label="Late shipments">
                <RateCell
                  counts={row.performance.lateShipment}
                  target={PERFORMANCE_TARGETS.lateShipment}
                  of="shipped"
                />
              </td>
              <td data-label="Returns">
                <RateCell counts={row.performance.returns} of="delivered" />
              </td>
              <td data-label="Rating">
                <RatingCell rating={row.performance.rating} />
              </td>
            </>
          ) : (
            <td colSpan={4}>—</td>
          )}
        </tr>
      ))}
    </Table>
  );
}

const formatWhen = (iso: string | null) => (iso ? formatMoment(iso) : '—');
