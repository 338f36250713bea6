import type { LoaderArgs } from '../lib/services.ts';
import { Outlet, useLoaderData, useNavigation } from 'react-router';
import { Footer } from '../components/footer.tsx';
import { Header } from '../components/header.tsx';

export async function loader({ request, context }: LoaderArgs) {
  return context.services.shell(request);
}

// The loaders of the shell (menus, footer, user) do not depend on the page: keep them on navigation.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
}: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
}) {
  return formMethod !== undefined && formMethod !== 'GET' ? true : currentUrl.origin !== nextUrl.origin;
}

export default function Shell() {
  const { user, topMenu, addresses, footer } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && (
        <div className="progress" role="progressbar" aria-label="Loading page" />
      )}
      <Header user={user} topMenu={topMenu} addresses={addresses} />
      <Outlet />
      <Footer sections={footer} />
    </>
  );
}
