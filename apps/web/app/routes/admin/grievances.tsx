import { GrievanceList } from '@marketplace/domain/admin/grievances-api';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import {
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_FILTER_LABELS,
  GRIEVANCE_FILTERS,
  GRIEVANCE_STATUS_LABELS,
} from '@marketplace/domain/grievances/grievances';
import { data, Link, redirect, useLoaderData } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { formatMoment } from './format.ts';
import { Deadline, GRIEVANCES_PATH, OFFICER_PATH } from './grievance-parts.tsx';

/**
 * requirements#grievances: complaints by age, oldest open first, each with its 48-hour and
 * one-month deadlines; those past a limit are flagged, those about to be are highlighted.
 */
export async function loader({ request, url, context }: LoaderArgs) {
  const status = url.searchParams.get('status') ?? '';
  const page = url.searchParams.get('page') ?? '';
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page) query.set('page', page);
  const result = await requestApi(
    context.api,
    'GET',
    `/api/admin/grievances?${query.toString()}`,
    GrievanceList,
  );
  if (result.ok) return { list: result.data, error: null, filter: status };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 400)
    return data({ list: null, error: result.message, filter: status }, { status: 400 });
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The complaints could not be loaded. Please try again.', { status: 503 });
}

export function meta() {
  return [{ title: 'Grievances · Console' }];
}

export default function Grievances() {
  const { list, error, filter } = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="admin-grv-head">
        <h1>Grievances</h1>
        <Link to={OFFICER_PATH}>Grievance officer</Link>
      </div>
      <Filters active={filter || 'unresolved'} />
      {error && <Alert tone="error">{error}</Alert>}
      {list && (
        <>
          <p className="admin-grv-summary">
            <span>
              {list.counts.unresolved === 1 ? '1 complaint' : `${list.counts.unresolved} complaints`} not
              resolved
            </span>
            {list.counts.overdue > 0 ? (
              <Badge tone="danger">{list.counts.overdue} past a limit</Badge>
            ) : (
              <Badge tone="success">None past a limit</Badge>
            )}
            <span className="admin-grv-sub">
              Acknowledge within 48 hours, resolve within one month (Consumer Protection (E-Commerce) Rules,
              2020)
            </span>
          </p>
          {list.rows.length === 0 ? (
            <p>No complaints here.</p>
          ) : (
            <Table
              label="Complaints, oldest open first"
              stacked
              head={
                <tr>
                  <th scope="col">Ticket</th>
                  <th scope="col">Filed</th>
                  <th scope="col">Complaint</th>
                  <th scope="col">Shopper</th>
                  <th scope="col">Status</th>
                  <th scope="col">Acknowledge</th>
                  <th scope="col">Resolve</th>
                </tr>
              }
            >
              {list.rows.map((row) => (
                <tr
                  key={row.ticketNo}
                  data-testid="grievance-row"
                  className={
                    row.deadlines.isOverdue
                      ? 'admin-grv-overdue'
                      : row.deadlines.isDueSoon
                        ? 'admin-grv-soon'
                        : undefined
                  }
                >
                  <td data-label="Ticket">
                    <Link to={`${GRIEVANCES_PATH}/${row.ticketNo}`} className="admin-grv-ticket">
                      {row.ticketNo}
                    </Link>
                    {row.deadlines.isOverdue && <span className="admin-grv-sub">Past a limit</span>}
                  </td>
                  <td data-label="Filed">
                    {row.age} ago
                    <span className="admin-grv-sub">{formatMoment(row.filedAt)}</span>
                  </td>
                  <td data-label="Complaint" className="ui-cell-wide">
                    {row.subject}
                    <span className="admin-grv-sub">
                      {GRIEVANCE_CATEGORY_LABELS[row.category]}
                      {row.orderNo && ` · Order ${row.orderNo}`}
                    </span>
                  </td>
                  <td data-label="Shopper">
                    {row.shopper.name}
                    <span className="admin-grv-sub">{row.shopper.email}</span>
                  </td>
                  <td data-label="Status">{GRIEVANCE_STATUS_LABELS[row.status]}</td>
                  <td data-label="Acknowledge">
                    <Deadline due={row.deadlines.acknowledgeBy} state={row.deadlines.acknowledgement} />
                  </td>
                  <td data-label="Resolve">
                    <Deadline due={row.deadlines.resolveBy} state={row.deadlines.resolution} />
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <Pager page={list.page} pages={list.pageCount} />
        </>
      )}
    </div>
  );
}

function Filters({ active }: { active: string }) {
  return (
    <nav aria-label="Filter complaints by status">
      <ul className="admin-grv-filters">
        {GRIEVANCE_FILTERS.map((filter) => {
          const isActive = active === filter;
          return (
            <li key={filter}>
              <Link
                to={filter === 'unresolved' ? GRIEVANCES_PATH : `${GRIEVANCES_PATH}?status=${filter}`}
                aria-current={isActive ? 'page' : undefined}
              >
                {GRIEVANCE_FILTER_LABELS[filter]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
