import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { useLocation } from 'react-router';
import { AccountPage } from '../../components/account/account-page.tsx';
import { SavedListView } from '../../components/cart/saved-list-view.tsx';
import '../../components/cart/cart.css';

/** /saveforlater, /mywhishlist and /buyagain: one list each, behind the login guard. */
export default function SavedListPage() {
  const { pathname } = useLocation();
  const source =
    pathname === '/mywhishlist' ? 'wishlist' : pathname === '/buyagain' ? 'buy-again' : 'save_for_later';
  const title =
    source === 'wishlist'
      ? CART_MESSAGES.wishlistTitle
      : source === 'buy-again'
        ? CART_MESSAGES.buyAgain
        : CART_MESSAGES.saveForLater;
  return (
    <AccountPage title={title}>
      <SavedListView key={source} source={source} label={title} />
    </AccountPage>
  );
}
