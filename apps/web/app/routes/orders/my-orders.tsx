import { useMemo, useState } from 'react';
import { MyOrderPage } from '@marketplace/domain/orders/my-orders';
import { data, useLoaderData, useLocation } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { Notice, type NoticeValue } from '../../components/account/notice.tsx';
import { OrderCard } from '../../components/orders/order-card.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { takeFlash } from '../../lib/flash.server.ts';
import { loadOrderPage } from '../../lib/order-pages.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/orders/my-orders.css';
import { Alert } from '../../components/ui/alert.tsx';
import { useOrdersText } from '../../components/orders/orders-i18n.ts';
import { useT } from '../../i18n/intl.tsx';

export async function loader({ request, url, context }: LoaderArgs) {
  const raw = url.searchParams.get('page') ?? '1';
  // a page that is not a whole number from 1 shows the first page
  const page = /^[1-9][0-9]{0,4}$/.test(raw) ? raw : '1';
  const loaded = await loadOrderPage(context, url, `/api/my-orders?page=${page}`, MyOrderPage);
  const { flash, headers } = takeFlash(request);
  return data(
    { orders: loaded.kind === 'found' ? loaded.data : null, flash },
    { headers, status: loaded.kind === 'found' ? 200 : 503 },
  );
}

/** /myorder: the shopper's orders, three a page (requirements#my-orders), items grouped by seller with their actions. */
export default function MyOrders() {
  const { orders: found, flash } = useLoaderData<typeof loader>();
  // requirements#order-placement: checkout comes here with its success text; a cancellation or feedback with theirs
  const state = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [notice] = useState<NoticeValue>(
    typeof state === 'string' ? { kind: 'success', text: state } : flash,
  );
  const t = useT();
  const say = useOrdersText();
  // the notice came in the server's words (checkout, a cancellation, feedback): said in the page's language
  const text = notice ? say(notice.text) : null;
  const shown = useMemo<NoticeValue>(() => (notice && text ? { ...notice, text } : null), [notice, text]);
  return (
    <AccountPage title={t('orders.title')}>
      <Notice notice={shown} />
      {!found ? (
        <Alert tone="error" className="account-notice">
          {t('orders.loadFailed')}
        </Alert>
      ) : found.orders.length === 0 ? (
        <section className="myorder-empty">
          <p>{t('orders.noOrders')}</p>
          <Link to="/" className="btn">
            {t('orders.continueShopping')}
          </Link>
        </section>
      ) : (
        <>
          <p className="myorder-count">{t('orders.placedCount', { count: found.total })}</p>
          <div className="myorder-list">
            {found.orders.map((order) => (
              <OrderCard key={order.orderNo} order={order} />
            ))}
          </div>
          <Pager page={found.page} pages={found.pageCount} />
        </>
      )}
    </AccountPage>
  );
}
