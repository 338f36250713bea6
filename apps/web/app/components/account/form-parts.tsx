import type { ReactNode } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { SITE_NAME } from '../../lib/titles.ts';
import { LOGO_TEXT } from '../site-logo.tsx';
import './auth.css';

/**
 * The centred card the sign-in pages share, with the shop's name above it. The name links home,
 * named in the page's language after the words it shows (WCAG 2.5.3, as SiteLogo does).
 */
export function AuthCard({
  title,
  children,
  below,
}: {
  title: string;
  children: ReactNode;
  below?: ReactNode;
}) {
  const t = useT();
  return (
    <main id="main" tabIndex={-1} className="auth-page">
      <Link to="/" className="auth-brand" aria-label={t('signin.logoHome', { logo: LOGO_TEXT })}>
        {SITE_NAME}
        <span>.in</span>
      </Link>
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
      {below && <div className="auth-below">{below}</div>}
    </main>
  );
}
