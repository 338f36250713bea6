import { splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, useLoaderData, useLocation } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { formatInr } from '@marketplace/domain/money/money';
import { type AfterSalesKind, ItemRequestDetails } from '@marketplace/domain/orders/returns';
import { detailsPath } from '../../components/after-sales/api-paths.ts';
import {
  RefundBox,
  ReplacementBox,
  StatusBanner,
  useRequestSentence,
} from '../../components/after-sales/status.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { reasonLabel } from '../../components/orders/cancel-item-row.tsx';
import { useOrderDates, useReasonText } from '../../components/orders/orders-i18n.ts';
import { useRichT, useT } from '../../i18n/intl.tsx';
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
  const t = useT();
  const rich = useRichT();
  const dates = useOrderDates();
  const reasonOf = useReasonText();
  const sentenceOf = useRequestSentence();
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <Alert tone="error" className="account-notice">
          {loaded.kind === 'missing'
            ? kind === 'return'
              ? t('orders.return.noReturns')
              : t('orders.replace.noReplacements')
            : t('orders.afterSales.requestNotFound')}
        </Alert>
        <Link to="/myorder" className="btn">
          {t('orders.goToMyOrders')}
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
              <p className="as-product-name" translate="no">
                {item.productName}
              </p>
              <p className="as-product-meta">
                {rich('orders.soldBy', {
                  seller: item.sellerName,
                  name: (chunks) => <span translate="no">{chunks}</span>,
                })}
              </p>
            </div>
          </div>
          <dl className="as-facts">
            <div>
              <dt>{t('orders.facts.refNo')}</dt>
              <dd translate="no">{request.refNo}</dd>
            </div>
            <div>
              <dt>{t('orders.facts.orderNo')}</dt>
              <dd translate="no">{item.orderNo}</dd>
            </div>
            <div>
              <dt>{t('orders.facts.invoiceNo')}</dt>
              <dd translate="no">{item.invoiceNo ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('orders.facts.itemId')}</dt>
              <dd>{item.id}</dd>
            </div>
            <div>
              <dt>{t('orders.facts.quantity')}</dt>
              <dd>{request.quantity}</dd>
            </div>
            <div>
              <dt>{t('orders.facts.price')}</dt>
              <dd>{formatInr(item.unitPricePaise * request.quantity)}</dd>
            </div>
            {request.pickupDate && (
              <div>
                <dt>{t('orders.facts.pickupDate')}</dt>
                <dd>{dates.date(request.pickupDate)}</dd>
              </div>
            )}
          </dl>
          <StatusBanner sentence={sentenceOf(kind, request)} />
          {request.decisionReason && <SellerNote text={request.decisionReason} />}
          {request.replacement && <ReplacementBox replacement={request.replacement} />}
          <RefundBox kind={kind} status={request.status} refund={request.refund} waiting={request.waiting} />
          <section className="as-reasons-summary">
            <h3>{t('orders.facts.reasons')}</h3>
            <ul>
              {request.reasons.map((reason) => (
                <li key={reason}>{reasonLabel(reasonOf(reason))}</li>
              ))}
            </ul>
            {request.additionalInfo && (
              <>
                <h3>{t('orders.facts.additionalInfo')}</h3>
                <p className="as-info" translate="no">
                  {request.additionalInfo}
                </p>
              </>
            )}
          </section>
          {(request.images.length > 0 || request.video) && (
            <section className="as-media">
              <h3>{t('orders.afterSales.uploadedImages')}</h3>
              <ul className="media-thumbs">
                {request.images.map((url, index) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noreferrer">
                      <img src={url} alt={t('orders.photo', { number: index + 1 })} width={72} height={72} />
                    </a>
                  </li>
                ))}
              </ul>
              {request.video && (
                <video
                  src={request.video}
                  controls
                  preload="metadata"
                  aria-label={t('orders.afterSales.unpackVideo')}
                />
              )}
            </section>
          )}
          {kind === 'return' && (
            <p className="as-detail-links">
              <Link to={`/returninprocess?item=${item.id}`} className="btn-secondary btn-small">
                {t('orders.afterSales.refundAndHelp')}
              </Link>
            </p>
          )}
        </article>
      ))}
    </OrderActionPage>
  );
}
