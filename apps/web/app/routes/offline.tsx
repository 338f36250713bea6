import { buttonClass } from '../components/ui/button.tsx';
import { useLocalPath, useT } from '../i18n/intl.tsx';
import { SITE_NAME } from '../lib/titles.ts';

// requirements#pwa: what the service worker shows in place of a storefront page the network did not
// bring, in the language of the page asked for (/offline, /hi/offline, /ta/offline, /te/offline).
// Plain and light: no header, no scripts (the root leaves them out for its handle), the shop's
// style sheet only. It is kept by the service worker as any visitor sees it, so it names nobody.

/** Tells the root to render the page without its scripts: nothing to hydrate, nothing to fetch. */
export const handle = { scripts: false };

export const meta = () => [{ title: SITE_NAME }, { name: 'robots', content: 'noindex' }];

export default function OfflinePage() {
  const t = useT();
  const local = useLocalPath();
  return (
    <main id="main" className="wrap notice offline">
      <img src="/favicon.svg" alt={SITE_NAME} width={56} height={56} />
      <h1>{t('offline.title')}</h1>
      <p>{t('offline.body')}</p>
      <p className="offline-actions">
        {/* the address shown, asked for again: the page the shopper wanted, once the network answers */}
        <a className={buttonClass('primary')} href="">
          {t('offline.retry')}
        </a>
        <a className={buttonClass('secondary')} href={local('/')}>
          {t('common.goHome')}
        </a>
      </p>
    </main>
  );
}
