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
export function OrderActionPage({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const name = actionNameOfPath(pathname) ?? 'Order';
  return (
    <main className="wrap account-page order-action-page">
      <Breadcrumb crumbs={[{ label: 'My Order', to: '/myorder' }, { label: name }]} separator="/" />
      <header className="account-head">
        <h1>{name}</h1>
      </header>
      {children}
    </main>
  );
}
