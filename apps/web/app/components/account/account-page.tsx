import type { ReactNode } from 'react';
import { Link } from '../../i18n/link.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
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
    <main id="main" tabIndex={-1} className={`wrap account-page${narrow ? ' narrow' : ''}`}>
      {!isHub && (
        <Breadcrumb
          crumbs={[
            { label: 'Your Account', to: '/settings' },
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
