import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { actionNameOfPath } from '@marketplace/domain/orders/item-actions';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import '../account/account.css';
import './my-orders.css';

/**
 * The frame of the pages an order item's action leads to (track, cancel, return, replace,
 * feedback, item details): requirements#my-orders, a breadcrumb reading 'My Order / {action name}'.
 */
export function OrderActionPage({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  const { pathname } = useLocation();
  const name = actionNameOfPath(pathname) ?? 'Order';
  return (
    <main id="main" tabIndex={-1} className={`wrap account-page order-action-page${narrow ? ' narrow' : ''}`}>
      <Breadcrumb crumbs={[{ label: 'My Order', to: '/myorder' }, { label: name }]} separator="/" />
      <header className="account-head">
        <h1>{name}</h1>
      </header>
      {children}
    </main>
  );
}
