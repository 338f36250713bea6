import { useState } from 'react';
import { ORDER_LIST_MESSAGES } from '@marketplace/domain/orders/item-actions';
import { type ClientLoaderFunctionArgs, Link, useLoaderData, useLocation } from 'react-router';
import { hereOf, loadOrLogin } from '../../components/account/account-api.ts';
import { AccountLoading, AccountPage } from '../../components/account/account-page.tsx';
import { Notice, type NoticeValue } from '../../components/account/notice.tsx';
import type { MyOrderPage } from '../../components/orders/my-orders-types.ts';
import { OrderCard } from '../../components/orders/order-card.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import '../../components/orders/my-orders.css';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get('page') ?? '1';
  // a page that is not a whole number from 1 shows the first page
  const page = /^[1-9][0-9]{0,4}$/.test(raw) ? raw : '1';
  try {
    return {
      ok: true as const,
      data: await loadOrLogin<MyOrderPage>(`/api/my-orders?page=${page}`, hereOf(request)),
    };
  } catch (error) {
    if (error instanceof Response) throw error; // the redirect to /login
    return { ok: false as const };
  }
}

export function HydrateFallback() {
  return <AccountLoading what="your orders" />;
}

/** /myorder: the shopper's orders, three a page (spec §2 and §9), items grouped by seller with their actions. */
export default function MyOrders() {
  const result = useLoaderData<typeof clientLoader>();
  const data = result.ok ? result.data : null;
  // spec §4 Order placement: checkout comes here with its success text
  const flash = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [notice] = useState<NoticeValue>(typeof flash === 'string' ? { kind: 'success', text: flash } : null);
  return (
    <AccountPage title="My Orders">
      <Notice notice={notice} />
      {!data ? (
        <p className="account-notice error" role="alert">
          {ORDER_LIST_MESSAGES.loadFailed}
        </p>
      ) : data.orders.length === 0 ? (
        <section className="myorder-empty">
          <p>{ORDER_LIST_MESSAGES.noOrders}</p>
          <Link to="/" className="btn">
            Continue shopping
          </Link>
        </section>
      ) : (
        <>
          <p className="myorder-count">
            {data.total} {data.total === 1 ? 'order' : 'orders'} placed
          </p>
          <div className="myorder-list">
            {data.orders.map((order) => (
              <OrderCard key={order.orderNo} order={order} />
            ))}
          </div>
          <Pager page={data.page} pages={data.pageCount} />
        </>
      )}
    </AccountPage>
  );
}
