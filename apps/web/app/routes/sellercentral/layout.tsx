import { SellerMeAnswer } from '@marketplace/domain/sellers/seller-account-api';
import { data, Link, NavLink, Outlet, redirect, useLoaderData } from 'react-router';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/ui/console-frame.css';
import './seller-central.css';

/** Where a logged-in account that is not (yet) an approved seller may be inside Seller Central. */
export const JOIN_PATH = '/sellercentral/join';

/** Seller Central's sections, in the order of a seller's day (requirements#seller-central). */
export const SELLER_CENTRAL_NAV = [
  { to: '/sellercentral', label: 'Dashboard', end: true },
  { to: '/sellercentral/orders', label: 'Orders', end: false },
  { to: '/sellercentral/returns', label: 'Returns', end: false },
  { to: '/sellercentral/payments', label: 'Payments', end: false },
  { to: '/sellercentral/e-invoices', label: 'E-invoices', end: false },
  { to: '/sellercentral/gst', label: 'GST returns', end: false },
  { to: '/sellercentral/inventory', label: 'Inventory', end: false },
  { to: '/sellercentral/listings', label: 'Listings', end: false },
  { to: '/sellercentral/messages', label: 'Messages', end: false },
  { to: '/sellercentral/ads', label: 'Advertising', end: false },
  { to: '/sellercentral/account', label: 'Account', end: false },
] as const;

/**
 * requirements#operator-sellers: the sections a suspended seller still works in: its open orders,
 * their requests, its payments (it is still owed its money, requirements#settlement) and the
 * shoppers' messages. Its listings are off the shop until reinstated.
 */
export const SUSPENDED_SECTIONS = [
  '/sellercentral/orders',
  '/sellercentral/returns',
  '/sellercentral/payments',
  '/sellercentral/e-invoices',
  '/sellercentral/gst',
  '/sellercentral/messages',
];
const isSuspendedSection = (path: string) =>
  SUSPENDED_SECTIONS.some((section) => path === section || path.startsWith(`${section}/`));

/**
 * requirements#seller-central: Seller Central is for logged-in sellers. A visitor logs in and comes
 * back; an account that is not a seller, or a seller not yet approved, is sent to join (which
 * also shows a pending or rejected seller its status). The API decides every case.
 */
export async function loader({ request, url, context }: LoaderArgs) {
  const result = await requestApi(context.api, 'GET', '/api/seller/me', SellerMeAnswer);
  const path = url.pathname.replace(/\.data$/, '');
  const onJoin = path === JOIN_PATH;
  if (result.ok) {
    const mayStay =
      result.data.status === 'approved' || (result.data.status === 'suspended' && isSuspendedSection(path));
    if (!mayStay && !onJoin) return redirect(JOIN_PATH);
    return { seller: result.data };
  }
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 403) {
    return onJoin ? { seller: null } : redirect(JOIN_PATH);
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('Seller Central could not be loaded. Please try again.', { status: 503 });
}

export function meta() {
  return [{ title: 'Seller Central' }, { name: 'robots', content: 'noindex' }];
}

export default function SellerCentralLayout() {
  const { seller } = useLoaderData<typeof loader>();
  const approved = seller?.status === 'approved';
  const suspended = seller?.status === 'suspended';
  const nav = approved
    ? SELLER_CENTRAL_NAV
    : suspended
      ? SELLER_CENTRAL_NAV.filter((item) => SUSPENDED_SECTIONS.includes(item.to))
      : [];
  const unread = seller?.unreadMessages ?? 0;
  return (
    <div className="ui-console-frame">
      <header className="ui-console-top">
        <a className="ui-console-skip" href="#main">
          Skip to content
        </a>
        <Link to={approved ? '/sellercentral' : JOIN_PATH} className="ui-console-brand">
          bazaar<span className="ui-console-brand-dot">.</span>in{' '}
          <span className="ui-console-brand-sub">Seller Central</span>
        </Link>
        <div className="ui-console-top-end">
          {seller && <span className="sc-seller-name">{seller.name}</span>}
          <Link to="/" className="ui-console-top-link">
            Go to the shop
          </Link>
        </div>
      </header>
      {nav.length > 0 && (
        <nav className="ui-console-nav" aria-label="Seller Central">
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="ui-console-nav-link">
                  {item.label}
                  {item.to === '/sellercentral/messages' && unread > 0 && (
                    // requirements#seller-messages: the shopper messages not opened yet
                    <span className="sc-nav-badge">
                      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                      <span className="sr-only"> ({unread} unread)</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main id="main" tabIndex={-1} className="sc-main">
        <Outlet />
      </main>
    </div>
  );
}
