import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LANGUAGE_NAMES, LANGUAGES, splitLanguage } from '@marketplace/domain/i18n/languages';
import { useLanguage, useT } from '../i18n/intl.tsx';
import { Link } from '../i18n/link.tsx';
import { CART_UPDATED_EVENT, storedCartLineCount } from '../lib/storage.ts';
import type { ShellData } from '../lib/services.ts';
import { AccountMenu } from './account-menu.tsx';
import { CategoryMenu } from './category-menu.tsx';
import { DeliveryLocation } from './delivery-location.tsx';
import { SearchBox } from './search-box.tsx';
import { SiteLogo } from './site-logo.tsx';

export function Header({
  user,
  topMenu,
  addresses,
  categoryMenu,
  deliveryPlace,
  defaultPlace,
}: Pick<ShellData, 'user' | 'topMenu' | 'addresses' | 'categoryMenu' | 'deliveryPlace' | 'defaultPlace'>) {
  const t = useT();
  return (
    <header>
      <div className="top">
        <SiteLogo className="logo" />
        <DeliveryLocation
          isLoggedIn={user !== null}
          addresses={addresses}
          serverPlace={deliveryPlace}
          defaultPlace={defaultPlace}
        />
        <SearchBox />
        <nav className="top-links" aria-label={t('header.accountAndCart')}>
          <LanguageMenu />
          <AccountMenu user={user} />
          <Link to="/myorder" className="top-link orders-link">
            <span>{t('header.returns')}</span>
            <b>{t('header.andOrders')}</b>
          </Link>
          <CartLink />
        </nav>
      </div>
      <div className="menu-bar">
        {categoryMenu.length > 0 && <CategoryMenu menu={categoryMenu} user={user} />}
        {topMenu.length > 0 && <TopMenu entries={topMenu} />}
      </div>
    </header>
  );
}

/**
 * requirements#languages: the header's language menu. A disclosure of plain links, so it opens and
 * works without scripts: each link remembers the choice and reloads the same page in that language.
 */
function LanguageMenu() {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const here = `${splitLanguage(location.pathname).path}${location.search}`;
  return (
    <details className="language-menu">
      {/* named by what it shows, after a word only screen readers hear (WCAG 2.5.3, label in name) */}
      <summary className="top-link">
        <span className="sr-only">{t('header.language')}: </span>
        <span className="language-code" lang="en">
          {language.toUpperCase()}
        </span>
        <b>
          <span className="language-name">{LANGUAGE_NAMES[language]}</span> <span aria-hidden="true">▾</span>
        </b>
      </summary>
      <ul className="language-panel">
        {LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={`/language?to=${code}&next=${encodeURIComponent(here)}`}
              lang={code}
              hrefLang={code}
              aria-current={code === language ? 'true' : undefined}
              rel="nofollow"
            >
              {LANGUAGE_NAMES[code]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

function CartLink() {
  const t = useT();
  const [lines, setLines] = useState(0);
  useEffect(() => {
    const update = () => setLines(storedCartLineCount());
    update();
    window.addEventListener(CART_UPDATED_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(CART_UPDATED_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return (
    <Link
      to="/cart"
      className="top-link cart-link"
      aria-label={lines > 0 ? t('header.cartWithItems', { count: lines }) : t('header.cart')}
    >
      <svg className="cart-icon" viewBox="0 0 34 26" aria-hidden="true">
        <path d="M1 3h5l4 14h17l4-11H9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
        <circle cx="13" cy="22" r="2.2" fill="#fff" />
        <circle cx="25" cy="22" r="2.2" fill="#fff" />
      </svg>
      {lines > 0 && <span className="cart-badge">{lines}</span>}
      <b>{t('header.cart')}</b>
    </Link>
  );
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Whether a top-menu link leads to the current location (path and query alike); an https link never does. */
function isCurrent(href: string, location: { pathname: string; search: string }) {
  if (!href.startsWith('/')) return false;
  const [path = '', query] = href.split('#')[0]?.split('?') ?? [];
  return decoded(location.pathname) === decoded(path) && location.search === (query ? `?${query}` : '');
}

/** requirements#header: one link per top-menu entry; the link whose path and query match the location is highlighted. */
function TopMenu({ entries }: { entries: ShellData['topMenu'] }) {
  const t = useT();
  const location = useLocation();
  const here = { pathname: splitLanguage(location.pathname).path, search: location.search };
  return (
    <nav className="top-menu" aria-label={t('header.bestSellers')}>
      {entries.map((entry) => {
        const to = entry.href;
        const isActive = isCurrent(to, here);
        return (
          <Link
            key={entry.id}
            to={to}
            className={isActive ? 'active' : undefined}
            aria-current={isActive ? 'page' : undefined}
            translate="no"
          >
            {entry.name}
          </Link>
        );
      })}
    </nav>
  );
}
