import { splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, useLoaderData, useLocation } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { formatInr } from '@marketplace/domain/money/money';
import {
  AFTER_SALES_MESSAGES,
  type AfterSalesKind,
  ItemRequestDetails,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
} from '@marketplace/domain/orders/returns';
import { detailsPath } from '../../components/after-sales/api-paths.ts';
import {
  RefundBox,
  ReplacementBox,
  requestSentence,
  StatusBanner,
} from '../../components/after-sales/status.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { formatDate } from '../../components/orders/order-dates.ts';
import { SellerNote } from '../../components/orders/seller-note.tsx';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/feedback/feedback.css';
import '../../components/after-sales/after-sales.css';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { Alert } from '../../components/ui/alert.tsx';

const kindOf = (pathname: string): AfterSalesKind =>
  splitLanguage(pathname).path.toLowerCase().startsWith('/replaceitemdetail') ? 'replace' : 'return';

// requirements#ids-in-urls: the item is in the URL (?item=), so a reload or a shared link shows the same details
export async function loader({ url, context }: LoaderArgs) {
  const item = url.searchParams.get('item') ?? '';
  const found = isRecordId(item)
    ? await loadOrderPage(context, url, detailsPath(kindOf(url.pathname), item), ItemRequestDetails)
    : ({ kind: 'missing' } as const);
  // an item of the shopper with no request of the kind has nothing to show
  const loaded =
    found.kind === 'found' && found.data.requests.length === 0 ? ({ kind: 'missing' } as const) : found;
  return data(loaded, { status: orderPageStatus(loaded) });
}

/** /returnitemdetail and /replaceitemdetail?item={id}: every request of the kind on the item, newest first. */
export default function RequestDetailPage() {
  const loaded = useLoaderData<typeof loader>();
  const kind = kindOf(useLocation().pathname);
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <Alert tone="error" className="account-notice">
          {loaded.kind === 'missing'
            ? kind === 'return'
              ? RETURN_MESSAGES.noReturns
              : REPLACEMENT_MESSAGES.noReplacements
            : AFTER_SALES_MESSAGES.requestNotFound}
        </Alert>
        <Link to="/myorder" className="btn">
          Go to My Orders
        </Link>
      </OrderActionPage>
    );
  }
  const { item, requests } = loaded.data;
  return (
    <OrderActionPage>
      {requests.map((request) => (
        <article key={request.refNo} className="as-detail">
          <div className="as-detail-head">
            <img src={item.productImage} alt="" width={80} height={80} />
            <div>
              <p className="as-product-name">{item.productName}</p>
              <p className="as-product-meta">Sold by {item.sellerName}</p>
            </div>
          </div>
          <dl className="as-facts">
            <div>
              <dt>Ref No</dt>
              <dd>{request.refNo}</dd>
            </div>
            <div>
              <dt>Order No</dt>
              <dd>{item.orderNo}</dd>
            </div>
            <div>
              <dt>Invoice No</dt>
              <dd>{item.invoiceNo ?? '—'}</dd>
            </div>
            <div>
              <dt>Item ID</dt>
              <dd>{item.id}</dd>
            </div>
            <div>
              <dt>Quantity</dt>
              <dd>{request.quantity}</dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd>{formatInr(item.unitPricePaise * request.quantity)}</dd>
            </div>
            {request.pickupDate && (
              <div>
                <dt>Pickup date</dt>
                <dd>{formatDate(request.pickupDate)}</dd>
              </div>
            )}
          </dl>
          <StatusBanner sentence={requestSentence(kind, request)} />
          {request.decisionReason && <SellerNote text={request.decisionReason} />}
          {request.replacement && <ReplacementBox replacement={request.replacement} />}
          <RefundBox kind={kind} status={request.status} refund={request.refund} waiting={request.waiting} />
          <section className="as-reasons-summary">
            <h3>Reasons</h3>
            <ul>
              {request.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            {request.additionalInfo && (
              <>
                <h3>Additional info</h3>
                <p className="as-info">{request.additionalInfo}</p>
              </>
            )}
          </section>
          {(request.images.length > 0 || request.video) && (
            <section className="as-media">
              <h3>Uploaded images</h3>
              <ul className="media-thumbs">
                {request.images.map((url, index) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noreferrer">
                      <img src={url} alt={`Photo ${index + 1}`} width={72} height={72} />
                    </a>
                  </li>
                ))}
              </ul>
              {request.video && (
                <video src={request.video} controls preload="metadata" aria-label="Unpack video" />
              )}
            </section>
          )}
          {kind === 'return' && (
            <p className="as-detail-links">
              <Link to={`/returninprocess?item=${item.id}`} className="btn-secondary btn-small">
                Refund and help
              </Link>
            </p>
          )}
        </article>
      ))}
    </OrderActionPage>
  );
}
