import { AREA_LABELS, ROLE_LABELS } from '@marketplace/domain/admin/console';
import { auditActionLabel, StaffOverview } from '@marketplace/domain/admin/staff-api';
import { data, useLoaderData } from 'react-router';
import { Badge } from '../../components/ui/table.tsx';
import { Card } from '../../components/ui/card.tsx';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { formatMoment } from './format.ts';

export async function loader({ request, context }: LoaderArgs) {
  const overview = await loadFromApi(context, request, '/api/admin/overview', StaffOverview);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!overview) throw data('The console could not be loaded. Please try again.', { status: 503 });
  return overview;
}

export function meta() {
  return [{ title: 'Overview · Console' }];
}

/** requirements#operator-console: the console's first screen for every staff member. */
export default function Overview() {
  const overview = useLoaderData<typeof loader>();
  return (
    <div className="admin-overview">
      <h1>Welcome, {overview.name}</h1>
      <Card title="Your role">
        <p>
          {ROLE_LABELS[overview.role]}. Authenticator app set up {formatMoment(overview.enrolledAt)}.
        </p>
        <p>Your role reaches these parts of the console:</p>
        <ul className="admin-areas" aria-label="Your areas">
          {overview.areas.map((area) => (
            <li key={area}>
              <Badge tone="info">{AREA_LABELS[area]}</Badge>
            </li>
          ))}
        </ul>
      </Card>
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
