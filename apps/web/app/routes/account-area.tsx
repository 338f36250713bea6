import { Outlet, useLoaderData } from 'react-router';
import { splitLanguage } from '@marketplace/domain/i18n/languages';
import { parsedAreas } from '../i18n/catalog.server.ts';
import { MESSAGE_AREAS } from '../i18n/areas.ts';
import { AreaMessages } from '../i18n/intl.tsx';
import type { LoaderArgs } from '../lib/services.ts';

/**
 * requirements#languages: the pages of signing in, checking out, orders and the profile take their
 * areas' messages in the page's language from here; the shop's other pages never ship them.
 */
export function loader({ url }: LoaderArgs) {
  return { messages: parsedAreas(splitLanguage(url.pathname).language, MESSAGE_AREAS) };
}

/** The messages change only with the language. */
export function shouldRevalidate({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) {
  return splitLanguage(currentUrl.pathname).language !== splitLanguage(nextUrl.pathname).language;
}

export default function AccountArea() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <AreaMessages messages={messages}>
      <Outlet />
    </AreaMessages>
  );
}
