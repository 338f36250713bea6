import { Link } from '../i18n/link.tsx';
import type { ShellData } from '../lib/services.ts';
import { SITE_NAME } from '../lib/titles.ts';
import { SiteLogo } from './site-logo.tsx';
import { useContentName, useT } from '../i18n/intl.tsx';
import './secure-checkout.css';

/** The checkout steps' own header: the logo and "Secure checkout", nothing to wander off to. */
export function SecureCheckoutHeader() {
  const t = useT();
  return (
    <header className="secure-head">
      <SiteLogo className="logo" />
      <p className="secure-head-title">
        <svg viewBox="0 0 16 20" width="16" height="20" aria-hidden="true">
          <path
            d="M3 8V6a5 5 0 0 1 10 0v2h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1h1Zm2 0h6V6a3 3 0 0 0-6 0v2Z"
            fill="currentColor"
          />
        </svg>
        {t('checkout.secure')}
      </p>
      <Link to="/cart" className="secure-head-cart">
        {t('header.cart')}
      </Link>
    </header>
  );
}

/** The checkout steps' small print: the policies a payer may want to read, no shopping lists. */
export function SecureCheckoutFooter({ sections }: { sections: ShellData['footer'] }) {
  const t = useT();
  const content = useContentName();
  const policies = sections.find((section) => section.section === 'policy')?.items ?? [];
  return (
    <footer className="secure-foot">
      <nav aria-label={t('footer.policy')}>
        <ul>
          {policies.flatMap((item) =>
            item.href
              ? [
                  <li key={item.id}>
                    <Link to={item.href}>{content(item.name)}</Link>
                  </li>,
                ]
              : [],
          )}
        </ul>
      </nav>
      <p>© {SITE_NAME}</p>
    </footer>
  );
}
