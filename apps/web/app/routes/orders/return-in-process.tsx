import { data, Outlet, type ShouldRevalidateFunctionArgs, useLoaderData } from 'react-router';
import { Link, NavLink } from '../../i18n/link.tsx';
import { ItemRequestDetails, REFUND_ESTIMATE, RETURN_MESSAGES } from '@marketplace/domain/orders/returns';
import { SELLER_ANSWER_TEXTS } from '@marketplace/domain/orders/seller-answers';
import { detailsPath } from '../../components/after-sales/api-paths.ts';
import { requestSentence, StatusBanner } from '../../components/after-sales/status.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { formatDate } from '../../components/orders/order-dates.ts';
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
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <Alert tone="error" className="account-notice">
          {loaded.kind === 'missing' ? RETURN_MESSAGES.noReturns : RETURN_MESSAGES.failed}
        </Alert>
        <Link to="/myorder" className="btn">
          Go to My Orders
        </Link>
      </OrderActionPage>
    );
  }
  const { item, requests } = loaded.data;
  const [latest] = requests;
  if (!latest) return null;
  const { refund } = latest;
  const query = `?item=${item.id}`;
  return (
    <OrderActionPage>
      <div className="as-detail-head">
        <img src={item.productImage} alt="" width={80} height={80} />
        <div>
          <p className="as-product-name">{item.productName}</p>
          <p className="as-product-meta">
            Ref {latest.refNo} · Order {item.orderNo} · Qty {latest.quantity}
          </p>
        </div>
      </div>
      <StatusBanner sentence={requestSentence('return', latest)} />
      {latest.decisionReason && <SellerNote text={latest.decisionReason} />}
      <section className="as-refund" aria-label="Refund">
        <h3>Refund</h3>
        {refund.status === 'not_applicable' ? (
          <p className="as-refund-status">No refund is due for this return.</p>
        ) : (
          <>
            <RefundAmount refund={refund} />
            <RefundProgress
              refund={refund}
              className="as-refund-estimate"
              estimate={
                refund.estimate
                  ? `Expected between ${formatDate(refund.estimate.from)} and ${formatDate(refund.estimate.to)} (${REFUND_ESTIMATE.text}).`
                  : latest.waiting.step === 'pickup'
                    ? `Once the product is picked up, the refund reaches you in ${REFUND_ESTIMATE.text}.`
                    : `Once approved, the refund reaches you in ${REFUND_ESTIMATE.text}.`
              }
            />
          </>
        )}
        <Link to={`/returnitemdetail${query}`} className="as-inline-link">
          View return details
        </Link>
      </section>
      <nav className="as-tabs" aria-label="Help with this return">
        <NavLink to={`contactseller${query}`}>
          {({ isActive }) => <TabName name="Contact Seller" unread={isActive ? 0 : item.newReplies.seller} />}
        </NavLink>
        <NavLink to={`previlageclaim${query}`}>
          {({ isActive }) => (
            <TabName name="Privilege Claim" unread={isActive ? 0 : item.newReplies.privilege_claim} />
          )}
        </NavLink>
      </nav>
      <Outlet />
    </OrderActionPage>
  );
}

/** A conversation's tab, with the seller's replies not opened yet (the open conversation marks its own). */
function TabName({ name, unread }: { name: string; unread: number }) {
  return (
    <>
      {name}
      {unread > 0 && (
        <>
          {' '}
          <Badge tone="info">
            {unread} {SELLER_ANSWER_TEXTS.newReply}
          </Badge>
        </>
      )}
    </>
  );
}
