import { AFTER_LOGOUT_PATH, LOGOUT_MESSAGES } from '@marketplace/domain/accounts/logout';
import { data, Form, redirect, useActionData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { AccountIcon, type AccountIconName } from '../../components/account/account-icons.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice } from '../../components/account/notice.tsx';
import { logOut } from '../../components/account-menu.tsx';
import type { ActionArgs } from '../../lib/services.ts';

// The account hub: every account page in one place (requirements#account-hub).
const TILES = [
  { to: '/myorder', icon: 'orders', title: 'Your Orders', text: 'Track, cancel, return or replace items' },
  // requirements#grievances
  {
    to: '/mygrievances',
    icon: 'list',
    title: 'Your Grievances',
    text: 'Complaints you filed and our answers',
  },
  {
    to: '/myprofile',
    icon: 'user',
    title: 'Your Profile',
    text: 'Name, mobile, gender, birthday and anniversary',
  },
  { to: '/updatepassword', icon: 'lock', title: 'Login & Security', text: 'Change your password' },
  // requirements#message-preferences
  {
    to: '/messagepreferences',
    icon: 'message',
    title: 'Messages',
    text: 'Choose the SMS, WhatsApp and email you get',
  },
  // requirements#privacy-page
  {
    to: '/privacy',
    icon: 'lock',
    title: 'Privacy',
    text: 'Your consents, download or delete your data',
  },
  { to: '/myaddress', icon: 'home', title: 'Your Addresses', text: 'Delivery addresses and your default' },
  { to: '/manageaddress', icon: 'list', title: 'Manage Addresses', text: 'Edit or remove saved addresses' },
  { to: '/bankaccount', icon: 'bank', title: 'Bank Accounts', text: 'Accounts for refunds of your orders' },
  {
    to: '/switchaccount',
    icon: 'switch',
    title: 'Switch Accounts',
    text: 'Move between your linked accounts',
  },
  { to: '/addaccount', icon: 'addUser', title: 'Add Account', text: 'Link another account you own' },
  { to: '/mywhishlist', icon: 'heart', title: 'Your Wishlist', text: 'Products you would like to buy' },
  {
    to: '/saveforlater',
    icon: 'bookmark',
    title: 'Saved For Later',
    text: 'Items you put aside from your cart',
  },
  { to: '/buyagain', icon: 'bag', title: 'Buy Again', text: 'Products from your delivered orders' },
] as const satisfies readonly { to: string; icon: AccountIconName; title: string; text: string }[];

/**
 * Sign Out posted without scripts: the session ends on the server and the API's cleared cookie
 * reaches the browser with the way to /login. Only the answer's status matters here, no field of it.
 */
export async function action({ context }: ActionArgs) {
  const response = await context.api('/api/auth/logout', { method: 'POST' }).catch(() => null);
  if (!response?.ok) return data({ notice: errorNotice(LOGOUT_MESSAGES.failed) }, { status: 503 });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return redirect(AFTER_LOGOUT_PATH, { headers });
}

export default function Settings() {
  const answer = useActionData<typeof action>();
  return (
    <AccountPage
      title="Your Account"
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
            Sign Out
          </button>
        </Form>
      }
    >
      <Notice notice={answer?.notice ?? null} />
      <ul className="account-tiles" aria-label="Account settings">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="account-tile">
              <span className="tile-icon">
                <AccountIcon name={tile.icon} />
              </span>
              <span>
                <h2>{tile.title}</h2>
                <p>{tile.text}</p>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </AccountPage>
  );
}
