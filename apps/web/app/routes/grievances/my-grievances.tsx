import { MyGrievances } from '@marketplace/domain/grievances/grievance-api';
import { data, useLoaderData } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { useProfileDates } from '../../components/account/profile-texts.ts';
import { GrievanceStatusBadge } from '../../components/grievances/grievance-parts.tsx';
import { GRIEVANCE_PAGE_PATH, ticketPath } from '../../components/grievances/paths.ts';
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
  const t = useT();
  const dates = useProfileDates();
  return (
    <main id="main" tabIndex={-1} className="grv-page">
      <h1>{t('profile.grievances.title')}</h1>
      <div className="grv-form-actions">
        <ButtonLink to={GRIEVANCE_PAGE_PATH}>{t('profile.grievances.file')}</ButtonLink>
      </div>
      {grievances.length === 0 ? (
        <Alert tone="info">{t('profile.grievances.none')}</Alert>
      ) : (
        <ul className="grv-list" aria-label={t('profile.grievances.listLabel')}>
          {grievances.map((grievance) => (
            <li key={grievance.ticketNo} className="grv-list-item" data-testid="grievance">
              <Link to={ticketPath(grievance.ticketNo)} className="grv-ticket-no" translate="no">
                {grievance.ticketNo}
              </Link>
              {/* the shopper's own words */}
              <span translate="no">{grievance.subject}</span>
              <span className="grv-muted">
                {t(`profile.grievances.category.${grievance.category}`)}
                {grievance.orderNo && (
                  <>
                    {' · '}
                    {t('profile.grievances.order')} <span translate="no">{grievance.orderNo}</span>
                  </>
                )}
              </span>
              <span>
                <GrievanceStatusBadge
                  status={grievance.status}
                  label={t(`profile.grievances.statusLabel.${grievance.status}`)}
                />{' '}
                <span className="grv-muted">
                  {t('profile.grievances.filedOn', { date: dates.day(grievance.filedAt) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
