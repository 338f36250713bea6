import { BreachList } from '@marketplace/domain/admin/breaches-api';
import { formatIndianDateTime } from '@marketplace/domain/text/dates';
import { Link, useLoaderData } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import type { LoaderArgs } from '../../lib/services.ts';
import { loadConsole } from './console-api.server.ts';
import './breaches.css';

/** requirements#privacy-breach: the recorded breaches and the Board's 72-hour deadline (owners only). */
export async function loader({ request, context }: LoaderArgs) {
  const list = await loadConsole({ request, context }, '/api/admin/breaches', BreachList);
  return { breaches: list?.breaches ?? [] };
}

export function meta() {
  return [{ title: 'Data breaches · Console' }];
}

export default function Breaches() {
  const { breaches } = useLoaderData<typeof loader>();
  return (
    <div className="breach-page">
      <h1>Personal data breaches</h1>
      <p className="breach-lead">
        DPDP Act s. 8(6) and Rules 2025, rule 7: tell each person affected without delay, and the Data
        Protection Board at once and in detail within 72 hours of discovery. The steps are in the breach
        runbook.
      </p>
      <p>
        <Link to="/admin/breaches/new" className={buttonClass()}>
          Record a breach
        </Link>
      </p>
      {breaches.length === 0 ? (
        <p>No breach is recorded.</p>
      ) : (
        <Table
          label="Recorded breaches, newest discovery first"
          stacked
          head={
            <tr>
              <th scope="col">Breach</th>
              <th scope="col">Discovered (IST)</th>
              <th scope="col">Board’s report due (IST)</th>
              <th scope="col">People told</th>
              <th scope="col">Board</th>
            </tr>
          }
        >
          {breaches.map((breach) => (
            <tr key={breach.id} className={breach.isOverdue ? 'breach-overdue' : undefined}>
              <th scope="row" className="ui-cell-wide">
                <Link to={`/admin/breaches/${breach.id}`}>{breach.summary}</Link>
              </th>
              <td data-label="Discovered (IST)">{formatIndianDateTime(breach.discoveredAt)}</td>
              <td data-label="Report due (IST)">
                {formatIndianDateTime(breach.reportDueAt)}
                <span className="breach-left">
                  {breach.isOverdue ? <Badge tone="danger">{breach.timeLeft}</Badge> : breach.timeLeft}
                </span>
              </td>
              <td data-label="People told">
                {breach.sentCount.toLocaleString('en-IN')} of {breach.affectedCount.toLocaleString('en-IN')}{' '}
                sent
              </td>
              <td data-label="Board">
                {breach.boardReportedAt ? (
                  <Badge tone="success">Reported</Badge>
                ) : breach.boardIntimatedAt ? (
                  <Badge tone="info">Intimated</Badge>
                ) : (
                  <Badge tone="warning">Not yet told</Badge>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
