import { searchPagePath } from '@marketplace/domain/search/results';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import type { SearchLink } from '../../lib/search-data.ts';

/**
 * requirements#search-refine: a keyword that found nothing: the spec's message, close spellings that
 * find products, and the popular categories.
 */
export function NoResults({
  keyword,
  didYouMean,
  popularCategories,
}: {
  keyword: string;
  didYouMean: readonly string[];
  popularCategories: readonly SearchLink[];
}) {
  const t = useT();
  const rich = useRichT();
  return (
    <div className="search-none">
      <p className="search-status search-empty" role="status">
        {rich('search.noResults', { keyword, k: (chunks) => <span translate="no">{chunks}</span> })}
      </p>
      {didYouMean.length > 0 && (
        <p className="search-did-you-mean">
          {t('search.didYouMean')}{' '}
          {didYouMean.map((option, index) => (
            <span key={option}>
              {index > 0 && ', '}
              <Link to={searchPagePath(option)} translate="no">
                <b>{option}</b>
              </Link>
            </span>
          ))}
        </p>
      )}
      {popularCategories.length > 0 && (
        <nav className="search-popular" aria-labelledby="search-popular-heading">
          <h2 id="search-popular-heading">{t('search.popularCategories')}</h2>
          <ul>
            {popularCategories.map((category) => (
              <li key={category.href}>
                <Link to={category.href}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
