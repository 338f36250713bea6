import { auditFieldChanges } from '@marketplace/domain/admin/audit-changes';
import {
  AUDIT_ACTIONS,
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AuditPage,
  auditActionLabel,
  STAFF_MESSAGES,
} from '@marketplace/domain/admin/staff-api';
import { data, Form, redirect, useLoaderData } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, SelectField } from '../../components/ui/field.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Table } from '../../components/ui/table.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { formatMoment } from './format.ts';

const FILTERS = ['actor', 'kind', 'action', 'from', 'to', 'page'] as const;
const NO_FIELDS: Record<string, string> = {};
type Filters = Record<(typeof FILTERS)[number], string>;

/** requirements#operator-console: the owner's search of the audit log; the API checks the filters. */
export async function loader({ request, url, context }: LoaderArgs) {
  const read = (name: string) => url.searchParams.get(name) ?? '';
  const filters: Filters = {
    actor: read('actor'),
    kind: read('kind'),
    action: read('action'),
    from: read('from'),
    to: read('to'),
    page: read('page'),
  };
  const query = new URLSearchParams();
  for (const name of FILTERS) if (filters[name]) query.set(name, filters[name]);
  const result = await requestApi(context.api, 'GET', `/api/admin/audit?${query.toString()}`, AuditPage);
  if (result.ok) return { filters, log: result.data, error: null, fields: NO_FIELDS };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 400)
    return data({ filters, log: null, error: result.message, fields: result.fields }, { status: 400 });
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The audit log could not be loaded. Please try again.', { status: 503 });
}

export function meta() {
  return [{ title: 'Audit log · Console' }];
}

/** An entry's fields, each with what it was and what it became (requirements#operator-console). */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const rows = auditFieldChanges(before, after);
  if (rows.length === 0) return <>—</>;
  return (
    <table className="admin-audit-fields">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field}>
            <th scope="row">{row.label}</th>
            <td>
              {row.before === row.after ? row.before : <del className="admin-audit-before">{row.before}</del>}
            </td>
            <td>
              {row.before === row.after ? row.after : <ins className="admin-audit-after">{row.after}</ins>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Audit() {
  const { filters, log, error, fields } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1>Audit log</h1>
      <Form method="get" className="admin-filters" aria-label="Search the audit log">
        <Field
          label="Staff member (email or cli)"
          name="actor"
          defaultValue={filters.actor}
          maxLength={254}
          error={fields.actor}
        />
        <SelectField label="Kind" name="kind" defaultValue={filters.kind} error={fields.kind}>
          <option value="">Every entry</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Action" name="action" defaultValue={filters.action} error={fields.action}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {auditActionLabel(action)}
            </option>
          ))}
        </SelectField>
        <Field label="From" name="from" type="date" defaultValue={filters.from} error={fields.from} />
        <Field label="To" name="to" type="date" defaultValue={filters.to} error={fields.to} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {error && <Alert tone="error">{error}</Alert>}
      {log && (
        <>
          <p>
            {log.total === 1 ? '1 entry' : `${log.total} entries`}
            {log.pageCount > 1 && `, page ${log.page} of ${log.pageCount}`}
          </p>
          {log.entries.length > 0 && (
            <Table
              label="Entries, newest first"
              stacked
              head={
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Staff member</th>
                  <th scope="col">Action</th>
                  <th scope="col">From</th>
                  <th scope="col">Target</th>
                  <th scope="col">What changed</th>
                </tr>
              }
            >
              {log.entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="When">{formatMoment(entry.at)}</td>
                  <td data-label="Staff member">{entry.actor}</td>
                  <td data-label="Action">{auditActionLabel(entry.action)}</td>
                  <td data-label="From">
                    {entry.ipAddress ?? '—'}
                    {entry.userAgent && <small className="admin-audit-agent">{entry.userAgent}</small>}
                  </td>
                  <td data-label="Target">
                    {entry.targetType} {entry.targetId}
                  </td>
                  <td data-label="What changed" className="ui-cell-wide">
                    <Changes before={entry.before} after={entry.after} />
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <Pager page={log.page} pages={log.pageCount} />
        </>
      )}
    </div>
  );
}
