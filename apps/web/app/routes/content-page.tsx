import { data, useLoaderData } from 'react-router';
import { Link } from '../i18n/link.tsx';
import { NotFound } from '../components/not-found.tsx';
import type { ContentPage, LoaderArgs } from '../lib/services.ts';
import { namedPageMeta } from '../lib/titles.ts';
import { formatIndianDate } from '@marketplace/domain/text/dates';
import { GrievanceOfficer } from '@marketplace/domain/grievances/grievance-api';
import { OfficerCard } from '../components/grievances/grievance-parts.tsx';
import { GRIEVANCE_LINK_TEXT, GRIEVANCE_PAGE_PATH } from '../components/grievances/paths.ts';
import { requestApi } from '../lib/account-api.ts';

export async function loader({ params, context, url }: LoaderArgs) {
  const section: ContentPage['section'] = url.pathname.startsWith('/policy/') ? 'policy' : 'explore';
  const page = await context.services.contentPage(section, params.menuName ?? '');
  if (!page) return data({ page: null, officer: null }, { status: 404 });
  // requirements#grievances: every policy page names the grievance officer, as the console's settings hold them
  const officer =
    section === 'policy'
      ? await requestApi(context.api, 'GET', '/api/grievance-officer', GrievanceOfficer)
      : null;
  return { page, officer: officer?.ok ? officer.data : null };
}

// requirements#content-pages: the policy icon by menu id: 1 privacy, 2 terms, 3 shipping, 4 warning, 5 refund
const POLICY_ICONS = ['privacy', 'terms', 'shipping', 'warning', 'refund'] as const;
const ICON_PATHS: Record<(typeof POLICY_ICONS)[number], string> = {
  privacy:
    'M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5zm0 6a2.5 2.5 0 0 1 1 4.8V16h-2v-3.2A2.5 2.5 0 0 1 12 8',
  terms: 'M6 2h9l5 5v15H6zm8 1.5V8h4.5M9 12h8M9 15h8M9 18h5',
  shipping: 'M2 6h11v9H2zm11 3h4l3 3v3h-7M6 18a2 2 0 1 0 0-.1M17 18a2 2 0 1 0 0-.1',
  warning: 'M12 3 2 21h20zm0 6v6m0 2.5v1',
  refund:
    'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4M12 8v8m-3-2.5c0 1.4 1.3 2.5 3 2.5s3-.9 3-2.3-1.5-2-3-2.2-3-.8-3-2.2S10.3 7 12 7s3 1 3 2.3',
};

// requirements#page-titles: a policy or explore page is titled with its own name
export function meta({
  data: loaded,
  location,
}: {
  data?: Awaited<ReturnType<typeof loader>>;
  location: { pathname: string };
}) {
  const page = loaded && 'page' in loaded ? loaded.page : null;
  return namedPageMeta(page?.name, location.pathname);
}

export default function ContentPageView() {
  const { page, officer } = useLoaderData<typeof loader>();
  if (!page) return <NotFound />;
  const icon = page.section === 'policy' ? POLICY_ICONS[page.menuId - 1] : undefined;
  return (
    <main id="main" tabIndex={-1} className="wrap">
      <article className="panel content-page">
        <header className="content-head">
          {icon && (
            <svg className="policy-icon" data-icon={icon} viewBox="0 0 24 24" aria-hidden="true">
              <path
                d={ICON_PATHS[icon]}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          )}
          <h1>{page.name}</h1>
        </header>
        {/* requirements#operator-content: HTML the server cleaned to the pages' allow-list on save and again
            on this render: no scripts, styles, event handlers or unsafe links */}
        <div className="content-body" dangerouslySetInnerHTML={{ __html: page.html }} />
        {officer && (
          <>
            <OfficerCard officer={officer} />
            <p>
              To file a complaint, go to <Link to={GRIEVANCE_PAGE_PATH}>{GRIEVANCE_LINK_TEXT}</Link>.
            </p>
          </>
        )}
        <p className="content-updated">Last updated {formatIndianDate(page.updatedAt)}</p>
      </article>
    </main>
  );
}
