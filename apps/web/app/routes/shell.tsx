import { PINCODE_COOKIE, pincodeFromCookies } from '@marketplace/domain/location/pincode';
import type { LoaderArgs } from '../lib/services.ts';
import { Outlet, useLoaderData, useMatches, useNavigation } from 'react-router';
import { BannerBlock } from '../components/banner-block.tsx';
import { Footer } from '../components/footer.tsx';
import { Header } from '../components/header.tsx';
import { BrowsingHistorySync } from '../lib/history.ts';
import { CartSync } from '../lib/cart-store.ts';

export async function loader({ request, context }: LoaderArgs) {
  const shell = await context.services.shell(request);
  // the pincode the browser mirrored (or the picker's page set), shown before the page's scripts run
  const cookie = request.headers.get('cookie');
  const hasPincode = (cookie ?? '').split(';').some((part) => part.trim().startsWith(`${PINCODE_COOKIE}=`));
  return { ...shell, pincode: hasPincode ? pincodeFromCookies(cookie) : null };
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

// Pages about the shopper's own account, cart and payment show no advertising banner.
const NO_BANNER_PAGES = new Set([
  'page:cart',
  'page:buynow',
  'page:login',
  'page:registration',
  'page:verifyotp',
  'page:otpverification',
  'page:forgotpassword/:uname',
  'page:deliverylocation',
]);
function useShowsBanner() {
  return !useMatches().some((match) => match.id.startsWith('account:') || NO_BANNER_PAGES.has(match.id));
}

export default function Shell() {
  const { user, topMenu, addresses, footer, categoryMenu, banner, pincode } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const showsBanner = useShowsBanner();
  return (
    <>
      {navigation.state !== 'idle' && (
        <div className="progress" role="progressbar" aria-label="Loading page" />
      )}
      <Header
        user={user}
        topMenu={topMenu}
        addresses={addresses}
        categoryMenu={categoryMenu}
        pincode={pincode}
      />
      {showsBanner && banner && <BannerBlock banner={banner} />}
      <Outlet />
      <Footer sections={footer} />
      <BrowsingHistorySync loggedIn={user !== null} />
      <CartSync userId={user?.id ?? null} />
    </>
  );
}
