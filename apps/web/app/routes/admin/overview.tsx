import { ROLE_LABELS } from '@marketplace/domain/admin/console';
import { ConsolePulse, type PulseTile } from '@marketplace/domain/admin/pulse-api';
import { auditActionLabel, StaffOverview } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import { data, Link, useLoaderData } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { formatMoment } from './format.ts';

export async function loader({ request, context }: LoaderArgs) {
  const [overview, pulse] = await Promise.all([
    loadFromApi(context, request, '/api/admin/overview', StaffOverview),
    loadFromApi(context, request, '/api/admin/pulse', ConsolePulse),
  ]);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!overview || !pulse) throw data('The console could not be loaded. Please try again.', { status: 503 });
  return { overview, pulse };
}

export function meta() {
  return [{ title: 'Overview · Console' }];
}

const dayWords = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

function Tile({ tile }: { tile: PulseTile }) {
  const waiting = tile.isTodo && tile.count > 0;
  return (
    <li>
      <Link
        to={tile.href}
        className={`admin-tile${waiting ? ' admin-tile-waiting' : ''}`}
        data-testid={`tile-${tile.key}`}
      >
        <span className="admin-tile-label">{tile.label}</span>
        <span className="admin-tile-count">{tile.count.toLocaleString('en-IN')}</span>
        {tile.amountPaise !== null && (
          <span className="admin-tile-amount">{formatInr(tile.amountPaise)}</span>
        )}
        {tile.isTodo && (
          <span className="admin-tile-note">{tile.count === 0 ? 'Nothing waiting' : 'Open the queue ›'}</span>
        )}
      </Link>
    </li>
  );
}

/**
 * requirements#operator-console: the console's first screen is the staff member's to-do list and
 * the marketplace's pulse, the figures of its role's areas only, each leading to its queue.
 */
export default function Overview() {
  const { overview, pulse } = useLoaderData<typeof loader>();
  const todo = pulse.tiles.filter((tile) => tile.isTodo);
  const trade = pulse.tiles.filter((tile) => !tile.isTodo);
  return (
    <div className="admin-overview">
      <div>
        <h1>Welcome, {overview.name}</h1>
        <p className="admin-overview-sub">
          {ROLE_LABELS[overview.role]} · Authenticator app set up {formatMoment(overview.enrolledAt)}
        </p>
      </div>
      {todo.length > 0 && (
        <section aria-labelledby="todo-title">
          <h2 id="todo-title">To do</h2>
          <ul className="admin-tiles">
            {todo.map((tile) => (
              <Tile key={tile.key} tile={tile} />
            ))}
          </ul>
        </section>
      )}
      {trade.length > 0 && (
        <section aria-labelledby="pulse-title">
          <h2 id="pulse-title">Orders and sales</h2>
          <p className="admin-overview-sub">
            Placed orders and their value at item prices: today ({dayWords(pulse.today)}) and this week, from
            Monday {dayWords(pulse.weekFrom)}, India time.
          </p>
          <ul className="admin-tiles">
            {trade.map((tile) => (
              <Tile key={tile.key} tile={tile} />
            ))}
          </ul>
        </section>
      )}
      {pulse.tiles.length === 0 && (
        <p className="admin-overview-sub">Your role has no queues to watch. Its pages are in the menu.</p>
      )}
      <Card title="Your latest changes">
        {overview.recentActions.length === 0 ? (
          <p>No changes yet.</p>
        ) : (
          <ul>
            {overview.recentActions.map((entry) => (
              <li key={`${entry.at}-${entry.action}-${entry.target}`}>
                {formatMoment(entry.at)}: {auditActionLabel(entry.action)} ({entry.target})
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
