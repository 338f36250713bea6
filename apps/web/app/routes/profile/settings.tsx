import { AFTER_LOGOUT_PATH, LOGOUT_MESSAGES } from '@marketplace/domain/accounts/logout';
import { data, Form, redirect, useActionData } from 'react-router';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AccountIcon, type AccountIconName } from '../../components/account/account-icons.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice } from '../../components/account/notice.tsx';
import { logOut } from '../../components/account-menu.tsx';
import type { ActionArgs } from '../../lib/services.ts';

// The account hub: every account page in one place (requirements#account-hub).
const TILES = [
  { to: '/myorder', icon: 'orders', key: 'orders' },
  // requirements#grievances
  { to: '/mygrievances', icon: 'list', key: 'grievances' },
  { to: '/myprofile', icon: 'user', key: 'profile' },
  { to: '/updatepassword', icon: 'lock', key: 'security' },
  // requirements#message-preferences
  { to: '/messagepreferences', icon: 'message', key: 'messages' },
  // requirements#privacy-page
  { to: '/privacy', icon: 'lock', key: 'privacy' },
  { to: '/myaddress', icon: 'home', key: 'addresses' },
  { to: '/manageaddress', icon: 'list', key: 'manageAddresses' },
  { to: '/bankaccount', icon: 'bank', key: 'bankAccounts' },
  { to: '/switchaccount', icon: 'switch', key: 'switchAccounts' },
  { to: '/addaccount', icon: 'addUser', key: 'addAccount' },
  { to: '/mywhishlist', icon: 'heart', key: 'wishlist' },
  { to: '/saveforlater', icon: 'bookmark', key: 'savedForLater' },
  { to: '/buyagain', icon: 'bag', key: 'buyAgain' },
] as const satisfies readonly { to: string; icon: AccountIconName; key: string }[];
type TileKey = (typeof TILES)[number]['key'];
const titleKey = (key: TileKey) => `profile.hub.${key}` as const;
const textKey = (key: TileKey) => `profile.hub.${key}Text` as const;

/**
 * Sign Out posted without scripts: the session ends on the server and the API's cleared cookie
 * reaches the browser with the way to /login. Only the answer's status matters here, no field of it.
 */
export async function action({ url, context }: ActionArgs) {
  const response = await context.api('/api/auth/logout', { method: 'POST' }).catch(() => null);
  if (!response?.ok) return data({ notice: errorNotice(LOGOUT_MESSAGES.failed) }, { status: 503 });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return redirect(localizedPath(splitLanguage(url.pathname).language, AFTER_LOGOUT_PATH), { headers });
}

export default function Settings() {
  const answer = useActionData<typeof action>();
  const t = useT();
  return (
    <AccountPage
      title={t('account.yourAccount')}
      isHub
      actions={
        // with scripts, logging out also empties the cart kept in the browser (logOut)
        <Form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            void logOut();
          }}
        >
          <button type="submit" className="btn-secondary">
            {t('profile.hub.signOut')}
          </button>
        </Form>
      }
    >
      <Notice notice={answer?.notice ?? null} />
      <ul className="account-tiles" aria-label={t('profile.hub.label')}>
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="account-tile">
              <span className="tile-icon">
                <AccountIcon name={tile.icon} />
              </span>
              <span>
                <h2>{t(titleKey(tile.key))}</h2>
                <p>{t(textKey(tile.key))}</p>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </AccountPage>
  );
}
