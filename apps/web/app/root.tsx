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
import { pageTitle } from './lib/titles.ts';

export const links = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** What search engines and shared links say of a page that does not describe itself (product pages do). */
export const SITE_DESCRIPTION =
  'Shop electronics, fashion, home, beauty and more from sellers across India: prices in rupees, delivery to your pincode, cash on delivery, easy returns.';

export const meta: MetaFunction = ({ location, error }) => [
  {
    title:
      error && !(isRouteErrorResponse(error) && error.status === 404)
        ? 'Unexpected Application Error!'
        : pageTitle(location.pathname),
  },
  { name: 'description', content: SITE_DESCRIPTION },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
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
    </html>
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
    <main className="wrap notice">
      <h1>{ERROR_TITLE}</h1>
      <p>{status ?? 'Something went wrong while showing this page. Please try again.'}</p>
      <a className="btn" href="/">
        Go to Home
      </a>
    </main>
  );
}
