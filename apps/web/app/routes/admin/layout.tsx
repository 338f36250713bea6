import { areaOfPath, navGroupsFor, ROLE_LABELS } from '@marketplace/domain/admin/console';
import { STAFF_MESSAGES, StaffMe } from '@marketplace/domain/admin/staff-api';
import { data, isRouteErrorResponse, Link, NavLink, Outlet, redirect, useLoaderData } from 'react-router';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/ui/console-frame.css';
import './admin.css';

export const PASSWORD_PATH = '/admin/password';
export const ENROL_PATH = '/admin/enrol';
export const VERIFY_PATH = '/admin/verify';

/**
 * requirements#operator-console: the console is for staff. A visitor logs in and comes back; staff
 * replace a temporary password and set up the authenticator app on the first visit, and enter its code in each new session and
 * after 15 idle minutes (requirements#staff-credentials). The API decides every case; the menu shows what the role reaches.
 */
export async function loader({ request, url, context }: LoaderArgs) {
  const result = await requestApi(context.api, 'GET', '/api/admin/me', StaffMe);
  const path = url.pathname.replace(/\.data$/, '');
  if (result.ok) {
    const me = result.data;
    // a temporary password is replaced first, then the app is set up
    if (me.mustChangePassword) return path === PASSWORD_PATH ? { me } : redirect(PASSWORD_PATH);
    if (path === PASSWORD_PATH) return redirect('/admin');
    if (!me.isEnrolled) return path === ENROL_PATH ? { me } : redirect(ENROL_PATH);
    if (!me.isVerified) {
      if (path === VERIFY_PATH) return { me };
      const back = path === '/admin' ? '' : `?redirectTo=${encodeURIComponent(path + url.search)}`;
      return redirect(`${VERIFY_PATH}${back}`);
    }
    if (path === ENROL_PATH || path === VERIFY_PATH) return redirect('/admin');
    const area = areaOfPath(path);
    if (area !== null && !me.areas.includes(area))
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
      throw data(STAFF_MESSAGES.wrongRole, { status: 403 });
    return { me };
  }
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(STAFF_MESSAGES.notStaff, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The console could not be loaded. Please try again.', { status: 503 });
}

export function meta() {
  return [{ title: 'Console' }, { name: 'robots', content: 'noindex' }];
}

function Top({ name, role }: { name?: string; role?: string }) {
  return (
    <header className="ui-console-top">
      <a className="ui-console-skip" href="#main">
        Skip to content
      </a>
      <Link to="/admin" className="ui-console-brand">
        bazaar<span className="ui-console-brand-dot">.</span>in{' '}
        <span className="ui-console-brand-sub">Console</span>
      </Link>
      <div className="ui-console-top-end">
        {name && (
          <span className="admin-who">
            {name}
            {role && <span className="admin-role"> · {role}</span>}
          </span>
        )}
        <Link to="/" className="ui-console-top-link">
          Go to the shop
        </Link>
      </div>
    </header>
  );
}

export default function ConsoleLayout() {
  const { me } = useLoaderData<typeof loader>();
  return (
    <div className="ui-console-frame">
      <Top name={me.name} role={ROLE_LABELS[me.role]} />
      {me.isVerified && (
        <nav className="ui-console-nav" aria-label="Console">
          <ul className="ui-console-nav-groups">
            {navGroupsFor(me.role).map(({ group, items }) => (
              <li key={group ?? 'overview'} className="ui-console-nav-group">
                {group && <span className="ui-console-nav-group-label">{group}</span>}
                <ul>
                  {items.map((item) => (
                    <li key={item.to}>
                      <NavLink to={item.to} end={item.end} className="ui-console-nav-link">
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main id="main" tabIndex={-1} className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}

/** A refusal (wrong role, not staff) or a failure, inside the console's bar. */
export function ErrorBoundary({ error }: { error: unknown }) {
  const refused = isRouteErrorResponse(error) && error.status === 403;
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string'
      ? error.data
      : 'Something went wrong while showing this page. Please try again.';
  // staff of another role go back to their console; anyone else to the shop
  const toShop = message === STAFF_MESSAGES.notStaff;
  return (
    <div className="ui-console-frame">
      <Top />
      <main id="main" tabIndex={-1} className="admin-main">
        <div className="admin-notice">
          <h1>{refused ? 'Not allowed' : 'Something went wrong'}</h1>
          <p>{message}</p>
          <p>
            <Link to={toShop ? '/' : '/admin'}>{toShop ? 'Go to the shop' : 'Back to the console'}</Link>
          </p>
        </div>
      </main>
    </div>
  );
}
