import { MyGrievances } from '@marketplace/domain/grievances/grievance-api';
import { GRIEVANCE_CATEGORY_LABELS } from '@marketplace/domain/grievances/grievances';
import { data, useLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { GrievanceStatusBadge } from '../../components/grievances/grievance-parts.tsx';
import { GRIEVANCE_PAGE_PATH, ticketPath } from '../../components/grievances/paths.ts';
import { formatDay } from '../../components/orders/order-dates.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';

/** requirements#grievances: the shopper's complaints, newest first, each with its status. */
export async function loader({ request, context }: LoaderArgs) {
  const found = await loadFromApi(context, request, '/api/grievances', MyGrievances);
  return data({ grievances: found?.grievances ?? [] });
}

export function meta() {
  return [{ title: 'My grievances · Bazaar' }];
}

export default function MyGrievancesPage() {
  const { grievances } = useLoaderData<typeof loader>();
  return (
    <main id="main" tabIndex={-1} className="grv-page">
      <h1>My grievances</h1>
      <div className="grv-form-actions">
        <ButtonLink to={GRIEVANCE_PAGE_PATH}>File a complaint</ButtonLink>
      </div>
      {grievances.length === 0 ? (
        <Alert tone="info">You have not filed a complaint.</Alert>
      ) : (
        <ul className="grv-list" aria-label="Your complaints, newest first">
          {grievances.map((grievance) => (
            <li key={grievance.ticketNo} className="grv-list-item" data-testid="grievance">
              <Link to={ticketPath(grievance.ticketNo)} className="grv-ticket-no">
                {grievance.ticketNo}
              </Link>
              <span>{grievance.subject}</span>
              <span className="grv-muted">
                {GRIEVANCE_CATEGORY_LABELS[grievance.category]}
                {grievance.orderNo && ` · Order ${grievance.orderNo}`}
              </span>
              <span>
                <GrievanceStatusBadge status={grievance.status} />{' '}
                <span className="grv-muted">Filed {formatDay(grievance.filedAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
