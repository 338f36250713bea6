import type { LoaderArgs } from '../lib/services.ts';
import { Outlet, useLoaderData, useMatches, useNavigation } from 'react-router';
import { bannerPlacement } from '../lib/banner-placement.ts';
import { BannerBlock } from '../components/banner-block.tsx';
import { Footer } from '../components/footer.tsx';
import { Header } from '../components/header.tsx';
import { SecureCheckoutFooter, SecureCheckoutHeader } from '../components/secure-checkout.tsx';
import { BrowsingHistorySync } from '../lib/history.ts';
import { CartSync } from '../lib/cart-store.ts';

export async function loader({ request, url, context }: LoaderArgs) {
  // `url` is the page's own address, also for a script's data request (/page.data)
  return context.services.shell(request, bannerPlacement(url.pathname));
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
  const { user, topMenu, addresses, footer, categoryMenu, banner, deliveryPlace, defaultPlace } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const secure = useIsSecureCheckout();
  return (
    <>
      {/* the first focusable element of every page: past the header's links to the page's own content */}
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {navigation.state !== 'idle' && (
        <div className="progress" role="progressbar" aria-label="Loading page" />
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
      <Outlet />
      {secure ? <SecureCheckoutFooter sections={footer} /> : <Footer sections={footer} />}
      <BrowsingHistorySync loggedIn={user !== null} />
      <CartSync userId={user?.id ?? null} />
    </>
  );
}
