import { data, Outlet, type ShouldRevalidateFunctionArgs, useLoaderData } from 'react-router';
import { Link, NavLink } from '../../i18n/link.tsx';
import { ItemRequestDetails } from '@marketplace/domain/orders/returns';
import { detailsPath } from '../../components/after-sales/api-paths.ts';
import { StatusBanner, useRequestSentence } from '../../components/after-sales/status.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { useOrderDates } from '../../components/orders/orders-i18n.ts';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { RefundAmount, RefundProgress } from '../../components/orders/refund-progress.tsx';
import { SellerNote } from '../../components/orders/seller-note.tsx';
import { Badge } from '../../components/ui/table.tsx';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/after-sales/after-sales.css';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { Alert } from '../../components/ui/alert.tsx';

// requirements#ids-in-urls: the item is in the URL (?item=); the children keep it
export async function loader({ url, context }: LoaderArgs) {
  const item = url.searchParams.get('item') ?? '';
  const found = isRecordId(item)
    ? await loadOrderPage(context, url, detailsPath('return', item), ItemRequestDetails)
    : ({ kind: 'missing' } as const);
  const loaded =
    found.kind === 'found' && found.data.requests.length === 0 ? ({ kind: 'missing' } as const) : found;
  return data(loaded, { status: orderPageStatus(loaded) });
}

// opening a conversation marks its replies read: the tabs' counts are read again on each tab
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

/**
 * /returninprocess?item={id}: the latest return of the item with its real refund (amount, status,
 * where it goes, the 7 to 10 business day estimate or the day it completed), and the contact-seller and privilege-claim conversations.
 */
export default function ReturnInProcess() {
  const loaded = useLoaderData<typeof loader>();
  const t = useT();
  const rich = useRichT();
  const dates = useOrderDates();
  const sentenceOf = useRequestSentence();
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <Alert tone="error" className="account-notice">
          {loaded.kind === 'missing' ? t('orders.return.noReturns') : t('orders.return.failed')}
        </Alert>
        <Link to="/myorder" className="btn">
          {t('orders.goToMyOrders')}
        </Link>
      </OrderActionPage>
    );
  }
  const { item, requests } = loaded.data;
  const [latest] = requests;
  if (!latest) return null;
  const { refund } = latest;
  const query = `?item=${item.id}`;
  const days = t('orders.refund.estimateDays');
  return (
    <OrderActionPage>
      <div className="as-detail-head">
        <img src={item.productImage} alt="" width={80} height={80} />
        <div>
          <p className="as-product-name" translate="no">
            {item.productName}
          </p>
          <p className="as-product-meta">
            {rich('orders.return.processMeta', {
              refNo: latest.refNo,
              orderNo: item.orderNo,
              quantity: latest.quantity,
              name: (chunks) => <span translate="no">{chunks}</span>,
            })}
          </p>
        </div>
      </div>
      <StatusBanner sentence={sentenceOf('return', latest)} />
      {latest.decisionReason && <SellerNote text={latest.decisionReason} />}
      <section className="as-refund" aria-label={t('orders.refund.title')}>
        <h3>{t('orders.refund.title')}</h3>
        {refund.status === 'not_applicable' ? (
          <p className="as-refund-status">{t('orders.return.noRefundDue')}</p>
        ) : (
          <>
            <RefundAmount refund={refund} />
            <RefundProgress
              refund={refund}
              className="as-refund-estimate"
              estimate={
                refund.estimate
                  ? t('orders.refund.expectedBetween', {
                      from: dates.date(refund.estimate.from),
                      to: dates.date(refund.estimate.to),
                      days,
                    })
                  : latest.waiting.step === 'pickup'
                    ? t('orders.refund.oncePickedUp', { days })
                    : t('orders.refund.onceApproved', { days })
              }
            />
          </>
        )}
        <Link to={`/returnitemdetail${query}`} className="as-inline-link">
          {t('orders.return.viewDetails')}
        </Link>
      </section>
      <nav className="as-tabs" aria-label={t('orders.return.help')}>
        <NavLink to={`contactseller${query}`}>
          {({ isActive }) => (
            <TabName name={t('orders.return.contactSeller')} unread={isActive ? 0 : item.newReplies.seller} />
          )}
        </NavLink>
        <NavLink to={`previlageclaim${query}`}>
          {({ isActive }) => (
            <TabName
              name={t('orders.return.privilegeClaim')}
              unread={isActive ? 0 : item.newReplies.privilege_claim}
            />
          )}
        </NavLink>
      </nav>
      <Outlet />
    </OrderActionPage>
  );
}

/** A conversation's tab, with the seller's replies not opened yet (the open conversation marks its own). */
function TabName({ name, unread }: { name: string; unread: number }) {
  const t = useT();
  return (
    <>
      {name}
      {unread > 0 && (
        <>
          {' '}
          <Badge tone="info">{t('orders.return.newCount', { count: unread })}</Badge>
        </>
      )}
    </>
  );
}
