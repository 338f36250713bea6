import { type ClientLoaderFunctionArgs, Link, redirect, useLoaderData, useLocation } from 'react-router';
import { formatInr } from '@marketplace/domain/money/money';
import {
  AFTER_SALES_MESSAGES,
  type AfterSalesKind,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
} from '@marketplace/domain/orders/returns';
import { callApi, hereOf } from '../../components/account/account-api.ts';
import { AccountLoading } from '../../components/account/account-page.tsx';
import { RefundBox, ReplacementBox, StatusBanner } from '../../components/after-sales/status.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { detailsPath, formatDate, type ItemRequestDetails } from '../../lib/after-sales-api.ts';
import '../../components/feedback/feedback.css';
import '../../components/after-sales/after-sales.css';

const kindOf = (pathname: string): AfterSalesKind =>
  pathname.toLowerCase().startsWith('/replaceitemdetail') ? 'replace' : 'return';

type Loaded = { kind: 'found'; data: ItemRequestDetails } | { kind: 'missing' } | { kind: 'failed' };

// decision 12: the item is in the URL (?item=), so a reload or a shared link shows the same details
export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const item = url.searchParams.get('item') ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(item)) return { kind: 'missing' };
  try {
    const result = await callApi<ItemRequestDetails>(detailsPath(kindOf(url.pathname), item));
    if (result.ok)
      return result.data.requests.length > 0 ? { kind: 'found', data: result.data } : { kind: 'missing' };
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
    if (result.status === 401) throw redirect(`/login?redirectTo=${encodeURIComponent(hereOf(request))}`);
    return result.status === 404 || result.status === 400 ? { kind: 'missing' } : { kind: 'failed' };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { kind: 'failed' };
  }
}

export function HydrateFallback() {
  return <AccountLoading what="the request" />;
}

/** /returnitemdetail and /replaceitemdetail?item={id}: every request of the kind on the item, newest first. */
export default function RequestDetailPage() {
  const loaded = useLoaderData<typeof clientLoader>();
  const kind = kindOf(useLocation().pathname);
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <p className="account-notice error" role="alert">
          {loaded.kind === 'missing'
            ? kind === 'return'
              ? RETURN_MESSAGES.noReturns
              : REPLACEMENT_MESSAGES.noReplacements
            : AFTER_SALES_MESSAGES.requestNotFound}
        </p>
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
          <StatusBanner kind={kind} status={request.status} />
          {request.replacement && <ReplacementBox replacement={request.replacement} />}
          <RefundBox kind={kind} status={request.status} refund={request.refund} />
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
