import { useId, useRef, useState } from 'react';
import { Link } from '../i18n/link.tsx';
import { AFTER_LOGOUT_PATH, LOGOUT_MESSAGES } from '@marketplace/domain/accounts/logout';
import { sellerCentralEntry } from '@marketplace/domain/sellers/seller-central-entry';
import type { ShellUser } from '../lib/services.ts';
import { CART_UPDATED_EVENT, STORAGE_KEYS } from '../lib/storage.ts';
import { readLogout } from '../lib/storefront-answers.ts';
import { useDismiss } from '../lib/use-dismiss.ts';
import { useT } from '../i18n/intl.tsx';

/**
 * requirements#logout: logging out empties the cart kept in the browser, goes to /login and
 * reloads the page, so nothing of the shopper stays on screen.
 */
export async function logOut() {
  try {
    const res = await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
    if (!(await readLogout(res))) {
      window.alert(LOGOUT_MESSAGES.failed);
      return;
    }
    localStorage.removeItem(STORAGE_KEYS.cartItems);
    window.dispatchEvent(new Event(CART_UPDATED_EVENT));
    window.location.assign(AFTER_LOGOUT_PATH);
  } catch (error) {
    console.error(LOGOUT_MESSAGES.error, error);
    window.alert(LOGOUT_MESSAGES.error);
  }
}

/**
 * The header's account dropdown, with exactly the spec's structure: 'Your Lists' (Your Orders),
 * a divider, 'Your Account' (Your Account, Your Wishlist, then Log Out or a Login button).
 * Opens on the button; closes on choosing an entry, an outside click or Escape.
 */
export function AccountMenu({ user }: { user: ShellUser | null }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useDismiss(open, root, (byEscape) => {
    setOpen(false);
    if (byEscape) button.current?.focus();
  });

  const choose = () => setOpen(false);
  const sellerEntry = sellerCentralEntry(user?.sellerStatus ?? null);

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="top-link account-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>{user ? t('account.hello', { name: user.firstName }) : t('account.helloSignIn')}</span>
        <b>
          {t('account.accountAndLists')} <span aria-hidden="true">▾</span>
        </b>
      </button>
      <div id={panelId} className="account-panel" hidden={!open}>
        <section aria-labelledby={`${panelId}-lists`}>
          <h2 id={`${panelId}-lists`}>{t('account.yourLists')}</h2>
          <ul>
            <li>
              <Link to="/myorder" onClick={choose}>
                {t('account.yourOrders')}
              </Link>
            </li>
          </ul>
        </section>
        <hr />
        <section aria-labelledby={`${panelId}-account`}>
          <h2 id={`${panelId}-account`}>{t('account.yourAccount')}</h2>
          <ul>
            <li>
              <Link to={user ? '/myprofile' : '/login'} onClick={choose}>
                {t('account.yourAccount')}
              </Link>
            </li>
            <li>
              <Link to="/mywhishlist" onClick={choose}>
                {t('account.yourWishlist')}
              </Link>
            </li>
            {sellerEntry && (
              // requirements#seller-central: a seller's way back to its work, an applicant's to its application
              <li>
                <Link to={sellerEntry.href} onClick={choose}>
                  {sellerEntry.label}
                  {sellerEntry.note && <span className="account-note"> · {sellerEntry.note}</span>}
                </Link>
              </li>
            )}
            <li>
              {user ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    choose();
                    void logOut();
                  }}
                >
                  {t('account.logOut')}
                </button>
              ) : (
                <Link to="/login" className="btn account-login" onClick={choose}>
                  {t('account.login')}
                </Link>
              )}
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
