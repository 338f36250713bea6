import { Fragment, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { splitLanguage } from '@marketplace/domain/i18n/languages';
import { actionNameOfPath } from '@marketplace/domain/orders/item-actions';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { useOrdersText } from './orders-i18n.ts';
import '../account/account.css';
import './my-orders.css';

/** The page names actionNameOfPath gives that are no action's or detail's name. */
const RETURN_IN_PROCESS = 'Return in Process';

/**
 * The frame of the pages an order item's action leads to (track, cancel, return, replace,
 * feedback, item details): requirements#my-orders, a breadcrumb reading 'My Order / {action name}'.
 */
export function OrderActionPage({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  const t = useT();
  const say = useOrdersText();
  const { pathname } = useLocation();
  const english = actionNameOfPath(splitLanguage(pathname).path);
  const name = !english
    ? t('orders.order')
    : english === RETURN_IN_PROCESS
      ? t('orders.returnInProcess')
      : say(english);
  const crumbs = [{ label: t('orders.myOrder'), to: '/myorder' }, { label: name }];
  return (
    <main id="main" tabIndex={-1} className={`wrap account-page order-action-page${narrow ? ' narrow' : ''}`}>
      {/* the shared breadcrumb's look (ui/breadcrumb.tsx), named in the page's language */}
      <nav className="ui-breadcrumb" aria-label={t('pd.breadcrumb')}>
        {crumbs.map((crumb, index) => (
          <Fragment key={`${crumb.label}-${index}`}>
            {index > 0 && <span aria-hidden="true">/</span>}
            {crumb.to ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </Fragment>
        ))}
      </nav>
      <header className="account-head">
        <h1>{name}</h1>
      </header>
      {children}
    </main>
  );
}
