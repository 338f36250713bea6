import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
} from 'react-router';
import styles from './app.css?url';
import { NotFound } from './components/not-found.tsx';
import { useNonce } from './lib/nonce.ts';
import { pageTitle, SITE_DESCRIPTION } from './lib/titles.ts';

export const links = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export { SITE_DESCRIPTION };

export const meta: MetaFunction = ({ location, error }) => [
  {
    title:
      error && !(isRouteErrorResponse(error) && error.status === 404)
        ? 'Unexpected Application Error!'
        : pageTitle(location.pathname),
  },
  { name: 'description', content: SITE_DESCRIPTION },
];

/**
 * The page's <html> element. The browser's renderer, Preact (ADR-0020), hydrates the document's
 * <html> element itself, so in the browser this renders only what is inside: head and body.
 */
function Html({ children }: { children: ReactNode }) {
  return import.meta.env.SSR ? <html lang="en-IN">{children}</html> : children;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <Html>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#131921" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* scroll to top on every new page, restore on back and forward */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </Html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ERROR_TITLE = 'Unexpected Application Error!';

/** The router's fallback screen (requirements#not-found: titled 'Unexpected Application Error!'). */
export function ErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main id="main" tabIndex={-1} className="wrap notice">
      <h1>{ERROR_TITLE}</h1>
      <p>{status ?? 'Something went wrong while showing this page. Please try again.'}</p>
      <a className="btn" href="/">
        Go to Home
      </a>
    </main>
  );
}
