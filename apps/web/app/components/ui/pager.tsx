import { pagerPages } from '@marketplace/domain/catalog/listing';
import { useLocation } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import './pager.css';

/** The URL of another page of the current list: the `page` query parameter, other filters kept. */
export function usePageHref() {
  const location = useLocation();
  return (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page <= 1) params.delete('page');
    else params.set('page', String(page));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
}

/** Prev, page numbers and Next (requirements#paging); the page lives in the URL so links and Back work. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const href = usePageHref();
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {t('pager.prev')}
        </Link>
      ) : (
        <span className="pager-off" aria-disabled="true">
          {t('pager.prev')}
        </span>
      )}
      {pagerPages(page, pages).map((entry, index) =>
        entry === 'gap' ? (
          <span key={`gap-${index}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : entry === page ? (
          <span key={entry} className="pager-current" aria-current="page">
            {entry}
          </span>
        ) : (
          <Link key={entry} to={href(entry)} aria-label={t('pager.page', { page: entry })}>
            {entry}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {t('pager.next')}
        </Link>
      ) : (
        <span className="pager-off" aria-disabled="true">
          {t('pager.next')}
        </span>
      )}
    </nav>
  );
}
