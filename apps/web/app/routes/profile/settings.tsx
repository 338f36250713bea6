import { Link } from 'react-router';
import { AccountPage } from '../../components/account/account-page.tsx';
import { logOut } from '../../components/account-menu.tsx';

// The account hub: every account page in one place (spec §2 account menu links and account screens).
const TILES = [
  { to: '/myorder', icon: '📦', title: 'Your Orders', text: 'Track, cancel, return or replace items' },
  {
    to: '/myprofile',
    icon: '👤',
    title: 'Your Profile',
    text: 'Name, mobile, gender, birthday and anniversary',
  },
  { to: '/updatepassword', icon: '🔒', title: 'Login & Security', text: 'Change your password' },
  { to: '/myaddress', icon: '🏠', title: 'Your Addresses', text: 'Delivery addresses and your default' },
  { to: '/manageaddress', icon: '🗂️', title: 'Manage Addresses', text: 'Edit or remove saved addresses' },
  { to: '/bankaccount', icon: '🏦', title: 'Bank Accounts', text: 'Accounts for refunds of your orders' },
  { to: '/switchaccount', icon: '🔁', title: 'Switch Accounts', text: 'Move between your linked accounts' },
  { to: '/addaccount', icon: '➕', title: 'Add Account', text: 'Link another account you own' },
  { to: '/mywhishlist', icon: '❤️', title: 'Your Wishlist', text: 'Products you would like to buy' },
  { to: '/saveforlater', icon: '🔖', title: 'Saved For Later', text: 'Items you put aside from your cart' },
  { to: '/buyagain', icon: '🛍️', title: 'Buy Again', text: 'Products from your delivered orders' },
] as const;

export default function Settings() {
  return (
    <AccountPage
      title="Your Account"
      actions={
        <button type="button" className="btn-secondary" onClick={() => void logOut()}>
          Sign Out
        </button>
      }
    >
      <ul className="account-tiles" aria-label="Account settings">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="account-tile">
              <span className="tile-icon" aria-hidden="true">
                {tile.icon}
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
