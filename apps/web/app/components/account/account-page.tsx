import { Fragment, type ReactNode } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import './account.css';

/**
 * Where an account page sits: Your Account, the page above it, the page itself (marked current).
 * The kit's breadcrumb's markup, named in the page's language.
 */
function AccountCrumbs({ crumbs }: { crumbs: readonly { label: string; to?: string }[] }) {
  const t = useT();
  return (
    <nav className="ui-breadcrumb" aria-label={t('pd.breadcrumb')}>
      {crumbs.map((crumb, index) => {
        const last = index === crumbs.length - 1;
        return (
          <Fragment key={`${crumb.label}-${index}`}>
            {index > 0 && <span aria-hidden="true">›</span>}
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

/** The frame of every account page: a breadcrumb back to Your Account, the heading, the content. */
export function AccountPage({
  title,
  crumb,
  back,
  actions,
  children,
  narrow = false,
  isHub = false,
}: {
  title: string;
  crumb?: { to: string; label: string };
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
  narrow?: boolean;
  /** the hub itself: no breadcrumb back to it */
  isHub?: boolean;
}) {
  const t = useT();
  return (
    <main id="main" tabIndex={-1} className={`wrap account-page${narrow ? ' narrow' : ''}`}>
      {!isHub && (
        <AccountCrumbs
          crumbs={[
            { label: t('account.yourAccount'), to: '/settings' },
            ...(crumb ? [{ label: crumb.label, to: crumb.to }] : []),
            { label: title },
          ]}
        />
      )}
      {back && (
        <Link to={back.to} className="account-back">
          <span aria-hidden="true">‹</span> {back.label}
        </Link>
      )}
      <header className="account-head">
        <h1>{title}</h1>
        {actions}
      </header>
      {children}
    </main>
  );
}
