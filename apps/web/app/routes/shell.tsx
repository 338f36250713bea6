import type { LoaderArgs } from '../lib/services.ts';
import { data, Outlet, redirect, useLoaderData, useMatches, useNavigation } from 'react-router';
import {
  isLanguage,
  languageFromCookies,
  localizedPath,
  splitLanguage,
} from '@marketplace/domain/i18n/languages';
import { NotFound } from '../components/not-found.tsx';
import { useT } from '../i18n/intl.tsx';
import { bannerPlacement } from '../lib/banner-placement.ts';
import { BannerBlock } from '../components/banner-block.tsx';
import { Footer } from '../components/footer.tsx';
import { Header } from '../components/header.tsx';
import { SecureCheckoutFooter, SecureCheckoutHeader } from '../components/secure-checkout.tsx';
import { BrowsingHistorySync } from '../lib/history.ts';
import { CartSync } from '../lib/cart-store.ts';

export async function loader({ request, url, params, context }: LoaderArgs) {
  // requirements#languages: a first segment that is not one of our languages is no page of ours
  if (params.lang !== undefined && (params.lang === 'en' || !isLanguage(params.lang))) {
    return data(
      { ...(await context.services.shell(request, { kind: 'none' })), unknownPath: true },
      { status: 404 },
    );
  }
  // an English address opened by a shopper who chose another language goes to that language's page
  const remembered = languageFromCookies(request.headers.get('cookie'));
  if (params.lang === undefined && remembered && remembered !== 'en' && request.method === 'GET') {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
    throw redirect(localizedPath(remembered, `${url.pathname}${url.search}`));
  }
  // `url` is the page's own address, also for a script's data request (/page.data)
  const shell = await context.services.shell(request, bannerPlacement(splitLanguage(url.pathname).path));
  return { ...shell, unknownPath: false };
}

// requirements#logout: login status is re-checked on every route change (and after any form is sent)
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

// The checkout steps and the payment page are a secure checkout: a reduced header with no menus or
// search, and only the policies below (requirements#secure-checkout).
const SECURE_CHECKOUT_PAGES = new Set([
  'account:checkout',
  'account:deliveryreview',
  'account:deliveryfinalreview',
  'account:paymentgateway',
]);
function useIsSecureCheckout() {
  return useMatches().some((match) => SECURE_CHECKOUT_PAGES.has(match.id));
}

export default function Shell() {
  const { user, topMenu, addresses, footer, categoryMenu, banner, deliveryPlace, defaultPlace, unknownPath } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const secure = useIsSecureCheckout();
  const t = useT();
  return (
    <>
      {/* the first focusable element of every page: past the header's links to the page's own content */}
      <a className="skip-link" href="#main">
        {t('shell.skipToMain')}
      </a>
      {navigation.state !== 'idle' && (
        <div className="progress" role="progressbar" aria-label={t('shell.loadingPage')} />
      )}
      {secure ? (
        <SecureCheckoutHeader />
      ) : (
        <Header
          user={user}
          topMenu={topMenu}
          addresses={addresses}
          categoryMenu={categoryMenu}
          deliveryPlace={deliveryPlace}
          defaultPlace={defaultPlace}
        />
      )}
      {/* requirements#sponsored-banner: the loader leaves the banner out of pages that carry none */}
      {banner && <BannerBlock banner={banner} />}
      {unknownPath ? <NotFound /> : <Outlet />}
      {secure ? <SecureCheckoutFooter sections={footer} /> : <Footer sections={footer} />}
      <BrowsingHistorySync loggedIn={user !== null} />
      <CartSync userId={user?.id ?? null} />
    </>
  );
}
