import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from 'react-router';
import styles from './app.css?url';
import { NotFound } from './components/not-found.tsx';
import { LanguageProvider, useRootI18n, useT } from './i18n/intl.tsx';
import { parsedCatalog } from './i18n/catalog.server.ts';
import { useNonce } from './lib/nonce.ts';
import type { LoaderArgs } from './lib/services.ts';
import { LANGUAGE_LOCALES, splitLanguage } from '@marketplace/domain/i18n/languages';
import { THEME_COLOUR } from '@marketplace/domain/pwa/manifest';
import { pageTitle, SITE_DESCRIPTION, siteDescription } from './lib/titles.ts';

export const links = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // requirements#pwa: the installable app's manifest, and the icon iOS puts on the home screen
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/icon-192.png' },
];

export { SITE_DESCRIPTION };

/** requirements#languages: the page's language, from its path, and that language's messages only. */
export function loader({ url, context }: LoaderArgs) {
  const { language } = splitLanguage(url.pathname);
  // requirements#media-store: where product images are linked from (a CDN or the bucket), when set
  return { language, messages: parsedCatalog(language), mediaBaseUrl: context.mediaBaseUrl ?? null };
}

/** The messages change only with the language (ADR-0063). */
export function shouldRevalidate({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) {
  return splitLanguage(currentUrl.pathname).language !== splitLanguage(nextUrl.pathname).language;
}

export const meta: MetaFunction = ({ location, error }) => [
  {
    title:
      error && !(isRouteErrorResponse(error) && error.status === 404)
        ? 'Unexpected Application Error!'
        : pageTitle(location.pathname),
  },
  { name: 'description', content: siteDescription(location.pathname) },
];

/**
 * The page's <html> element. The browser's renderer, Preact (ADR-0020), hydrates the document's
 * <html> element itself, so in the browser this renders only what is inside: head and body.
 */
function Html({ children }: { children: ReactNode }) {
  // No hooks here in the browser: a component above the head and body that re-renders by itself
  // (as one reading the location would on every navigation) is where Preact's useId starts its
  // count afresh, and the ids of a page opened later would repeat those already on the page.
  // LanguageProvider keeps the element's lang in step with the page's language.
  return import.meta.env.SSR ? <ServerHtml>{children}</ServerHtml> : children;
}

function ServerHtml({ children }: { children: ReactNode }) {
  const { language } = useRootI18n();
  return <html lang={LANGUAGE_LOCALES[language]}>{children}</html>;
}

/** A route whose handle says `scripts: false` (the offline page) is plain HTML: nothing hydrates it. */
function usePageScripts(): boolean {
  return !useMatches().some(
    (match) => (match.handle as { scripts?: boolean } | undefined)?.scripts === false,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const scripts = usePageScripts();
  return (
    <Html>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOUR} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* scroll to top on every new page, restore on back and forward */}
        {scripts && <ScrollRestoration nonce={nonce} />}
        {scripts && <Scripts nonce={nonce} />}
      </body>
    </Html>
  );
}

export default function App() {
  return (
    <LanguageProvider>
      <Outlet />
    </LanguageProvider>
  );
}

export const ERROR_TITLE = 'Unexpected Application Error!';

/** The router's fallback screen (requirements#not-found: titled 'Unexpected Application Error!'). */
export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <LanguageProvider>
      <ErrorScreen error={error} />
    </LanguageProvider>
  );
}

function ErrorScreen({ error }: { error: unknown }) {
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main id="main" tabIndex={-1} className="wrap notice">
      <h1>{ERROR_TITLE}</h1>
      <p>{status ?? t('error.body')}</p>
      <a className="btn" href="/">
        {t('common.goHome')}
      </a>
    </main>
  );
}
