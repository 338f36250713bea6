import { Fragment } from 'react';
import { Link } from '../../i18n/link.tsx';

export type Crumb = { label: string; to?: string };

/**
 * Where a page sits: links to the pages above it and the page itself last, marked current
 * (My Order / Track Package, Your Account › Your Addresses).
 */
export function Breadcrumb({ crumbs, separator = '›' }: { crumbs: readonly Crumb[]; separator?: '›' | '/' }) {
  return (
    <nav className="ui-breadcrumb" aria-label="Breadcrumb">
      {crumbs.map((crumb, index) => {
        const last = index === crumbs.length - 1;
        return (
          <Fragment key={`${crumb.label}-${index}`}>
            {index > 0 && <span aria-hidden="true">{separator}</span>}
            {crumb.to && !last ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
            )}
          </Fragment>
        );
      })}
    </nav>
  );
}
