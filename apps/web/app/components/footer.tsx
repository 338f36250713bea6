import { useEffect, useState } from 'react';
import { Link } from '../i18n/link.tsx';
import type { ShellData } from '../lib/services.ts';
import { GRIEVANCE_LINK_TEXT, GRIEVANCE_PAGE_PATH } from './grievances/paths.ts';
import { SITE_NAME } from '../lib/titles.ts';
import { type MessageKey, useContentName, useT } from '../i18n/intl.tsx';
import {
  installState,
  type InstallState,
  onInstallStateChange,
  promptInstall,
} from '../pwa/install-prompt.ts';

type FooterSection = ShellData['footer'][number];
type FooterColumn = { section: FooterSection['section'] | 'apps'; items: FooterSection['items'] };

const SECTION_TITLES: Record<FooterColumn['section'], MessageKey> = {
  explore: 'footer.explore',
  profits: 'footer.profits',
  policy: 'footer.policy',
  support: 'footer.support',
  apps: 'footer.apps',
};
export const SCROLL_TOP_THRESHOLD_PX = 200;

const APP_ENTRY = /\b(ios|android)\b/i;

/**
 * requirements#grievances: the grievance page is always in the support column (the Consumer
 * Protection (E-Commerce) Rules, 2020 want the grievance officer easy to find), whatever the
 * stored menus hold.
 */
export const GRIEVANCE_FOOTER_ITEM = { id: -1, name: GRIEVANCE_LINK_TEXT, href: GRIEVANCE_PAGE_PATH };

/**
 * requirements#footer: explore, profits, policies, app downloads and the support center, in four
 * columns (the last holds support and the apps). The stored list keeps the iOS and Android entries
 * among support's; they are shown under App downloads, which is always there: it offers to install
 * the shop itself as an app (requirements#pwa).
 */
export function footerColumns(sections: ShellData['footer']): FooterColumn[][] {
  const support = sections.find((section) => section.section === 'support');
  const apps = support?.items.filter((item) => APP_ENTRY.test(item.name)) ?? [];
  const rest = [
    ...(support?.items.filter((item) => !APP_ENTRY.test(item.name)) ?? []),
    GRIEVANCE_FOOTER_ITEM,
  ];
  const last: FooterColumn[] = [
    { section: 'support' as const, items: rest },
    { section: 'apps' as const, items: apps },
  ];
  return [...sections.filter((section) => section.section !== 'support').map((section) => [section]), last];
}

export function Footer({ sections }: { sections: ShellData['footer'] }) {
  const t = useT();
  const content = useContentName();
  return (
    <footer className="foot">
      <button type="button" className="to-top" onClick={scrollToTop}>
        {t('footer.backToTop')}
      </button>
      <div className="foot-cols">
        {footerColumns(sections).map((column) => (
          <div key={column[0]?.section} className="foot-col">
            {column.map((section) => (
              <section key={section.section} aria-labelledby={`foot-${section.section}`}>
                <h2 id={`foot-${section.section}`}>
                  {t(SECTION_TITLES[section.section], { site: SITE_NAME })}
                </h2>
                <ul>
                  {section.section === 'apps' && (
                    <li>
                      <InstallApp />
                    </li>
                  )}
                  {section.items.map((item) => (
                    // requirements#footer: items with no destination are plain text, and look it
                    <li key={item.id}>
                      {item.href ? (
                        <Link to={item.href}>{content(item.name)}</Link>
                      ) : (
                        <span className="foot-plain">{content(item.name)}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ))}
      </div>
      {/* the small print: who runs the shop and where its data comes from are on the About page */}
      <div className="foot-note">
        © {SITE_NAME} · <Link to="/about">{t('footer.about', { site: SITE_NAME })}</Link>
      </div>
      <ScrollTopButton />
    </footer>
  );
}

/**
 * requirements#pwa: "Install the app". Where the browser offers to install the shop (Chromium's
 * beforeinstallprompt), a button opens its prompt; elsewhere, and before scripts run, a disclosure
 * that needs no script says how to add the shop to the home screen by hand; once installed, says so.
 */
function InstallApp() {
  const t = useT();
  const [state, setState] = useState<InstallState>('hint');
  useEffect(() => {
    const update = () => setState(installState());
    update();
    return onInstallStateChange(update);
  }, []);
  if (state === 'installed') return <span className="foot-plain">{t('footer.installed')}</span>;
  if (state === 'ready')
    return (
      <button type="button" className="foot-install-button" onClick={() => void promptInstall()}>
        {t('footer.install')}
      </button>
    );
  return (
    <details className="foot-install">
      <summary>{t('footer.install')}</summary>
      <p>{t('footer.installHint')}</p>
    </details>
  );
}

function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

/** requirements#footer: appears after scrolling more than 200 px and smoothly scrolls to the top. */
function ScrollTopButton() {
  const t = useT();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="scroll-top" onClick={scrollToTop} aria-label={t('footer.scrollTop')}>
      ↑
    </button>
  );
}
