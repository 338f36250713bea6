import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './account.css';

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
  return (
    <main className={`wrap account-page${narrow ? ' narrow' : ''}`}>
      {!isHub && (
        <nav className="account-crumbs" aria-label="Breadcrumb">
          <Link to="/settings">Your Account</Link>
          {crumb && (
            <>
              <span aria-hidden="true">›</span>
              <Link to={crumb.to}>{crumb.label}</Link>
            </>
          )}
          <span aria-hidden="true">›</span>
          <span aria-current="page">{title}</span>
        </nav>
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

/** Shown on the server and while a client loader runs. */
export function AccountLoading({ what }: { what: string }) {
  return (
    <main className="wrap account-page">
      <div className="spinner" role="status" aria-label={`Loading ${what}`} />
    </main>
  );
}
