import { formatCount } from '@marketplace/domain/text/indian-format';
import type { ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Pager } from '../ui/pager.tsx';
import '../../routes/deals/deals-page.css';

/**
 * The frame of the deals, percentage offers and coupons pages: heading with the count, the
 * loading and empty texts, the grid and its pager (48 per page, requirements#paging).
 */
export function DealsLayout({
  title,
  empty,
  paged,
  children,
}: {
  title: string;
  empty: string;
  paged: { total: number; page: number; pages: number; items: readonly unknown[] };
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const t = useT();
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  return (
    <main id="main" tabIndex={-1} className="wrap deals-page">
      <section className="panel">
        <header className="deals-head">
          <h1 className="page-heading">{title}</h1>
          {paged.total > 0 && (
            <p className="deals-count">
              {t('deals.count', { count: paged.total, shown: formatCount(paged.total) })}
              {paged.pages > 1 && ` · ${t('search.pageOf', { page: paged.page, pages: paged.pages })}`}
            </p>
          )}
        </header>
        {loading ? (
          <p className="deals-status" role="status">
            {t('listing.loading')}
          </p>
        ) : paged.items.length === 0 ? (
          <p className="deals-status" role="status">
            {empty}
          </p>
        ) : (
          <>
            {children}
            <Pager page={paged.page} pages={paged.pages} />
          </>
        )}
      </section>
    </main>
  );
}
