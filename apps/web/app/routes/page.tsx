import { Outlet, useLocation } from 'react-router';
import { pageTitle } from '../lib/titles.ts';

/** A route whose page a later part of the product fills; it shows its heading until then. */
export default function Page() {
  const { pathname } = useLocation();
  return (
    <main className="wrap">
      <section className="panel">
        <h1 className="page-heading">{pageTitle(pathname)}</h1>
      </section>
      <Outlet />
    </main>
  );
}
