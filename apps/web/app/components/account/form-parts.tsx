import type { ReactNode } from 'react';
import { SiteLogo } from '../site-logo.tsx';
import './auth.css';

/** The centred card the sign-in pages share, with the shop's name above it. */
export function AuthCard({
  title,
  children,
  below,
}: {
  title: string;
  children: ReactNode;
  below?: ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} className="auth-page">
      <SiteLogo className="auth-brand" />
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
      {below && <div className="auth-below">{below}</div>}
    </main>
  );
}
