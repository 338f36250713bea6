import { formatInr } from '@marketplace/domain/money/money';
import { SELLER_ORDER_MESSAGES, ShipmentLabel } from '@marketplace/domain/sellers/seller-orders';
import { collectExplanation } from '@marketplace/domain/sellers/shipment-documents';
import { data, Link, redirect, useLoaderData } from 'react-router';
import { formatDay } from '../../components/orders/order-dates.ts';
import {
  LabelAddress,
  LabelSheet,
  PrintButton,
} from '../../components/seller-central/orders-label-parts.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/orders-label.css';

const REFERENCE = /^[A-Za-z0-9-]{1,40}$/;
const DOCUMENTS = ['label', 'slip'] as const;
const notFound = () => data(SELLER_ORDER_MESSAGES.shipmentNotFound, { status: 404 });

/**
 * requirements#seller-orders: a shipment's shipping label (A6) or packing slip (A4), styled for
 * print, outside Seller Central's frame so only the document prints. The API keeps it to its seller.
 */
export async function loader({ request, params, context }: LoaderArgs) {
  const { orderNo = '', invoiceNo = '', document = '' } = params;
  const kind = DOCUMENTS.find((d) => d === document);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!kind || !REFERENCE.test(invoiceNo) || !REFERENCE.test(orderNo)) throw notFound();
  const result = await requestApi(
    context.api,
    'GET',
    `/api/seller/shipments/${invoiceNo}/label`,
    ShipmentLabel,
  );
  if (result.ok) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a label is reached through its own order
    if (result.data.orderNo !== orderNo) throw notFound();
    return { label: result.data, kind };
  }
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 403) return redirect('/sellercentral/join');
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- another seller's shipment reads as missing
  if (result.kind === 'refused') throw notFound();
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The label could not be loaded. Please try again.', { status: 503 });
}

export function meta({ params }: { params: { invoiceNo?: string; document?: string } }) {
  const what = params.document === 'slip' ? 'Packing slip' : 'Shipping label';
  return [
    { title: `${what} ${params.invoiceNo ?? ''} · Seller Central` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShipmentDocument() {
  const { label, kind } = useLoaderData<typeof loader>();
  const base = `/sellercentral/orders/${label.orderNo}/shipments/${label.invoiceNo}`;
  const cod = label.paymentMode === 'cod';
  const total = label.items.reduce((sum, item) => sum + item.amountPaise, 0);
  const collect = collectExplanation(label.paymentMode, label.collect);
  return (
    <div className="sc-label-screen">
      <div className="sc-label-toolbar">
        <p className="sc-label-back">
          <Link to={`/sellercentral/orders/${label.orderNo}`}>‹ Back to order {label.orderNo}</Link>
        </p>
        {/* the slip's title is on its sheet; the label's sheet is all courier marks, so its title is here */}
        {kind === 'label' && <h1 className="sc-label-title">Shipping label {label.invoiceNo}</h1>}
        <div className="sc-label-toolbar-end">
          {kind === 'label' ? (
            <Link to={`${base}/slip`}>Packing slip</Link>
          ) : (
            <Link to={`${base}/label`}>Shipping label</Link>
          )}
          <PrintButton />
        </div>
      </div>
      {kind === 'label' ? (
        <LabelSheet label={label} />
      ) : (
        <article className="sc-slip-sheet" aria-label={`Packing slip ${label.invoiceNo}`}>
          <header className="sc-slip-head">
            <div>
              <h1 className="sc-slip-title">Packing slip</h1>
              <p>
                {label.seller.name}
                {label.seller.gstin ? ` · GSTIN ${label.seller.gstin}` : ''}
              </p>
            </div>
            <dl className="sc-slip-refs">
              <dt>Order</dt>
              <dd>{label.orderNo}</dd>
              <dt>Shipment</dt>
              <dd>{label.invoiceNo}</dd>
              <dt>Ordered</dt>
              <dd>{formatDay(label.placedAt)}</dd>
              <dt>Shipped</dt>
              <dd>{formatDay(label.shippedAt)}</dd>
              <dt>Tracking</dt>
              <dd>{label.trackingNo}</dd>
            </dl>
          </header>
          <div className="sc-slip-addresses">
            <LabelAddress title="Ship to" address={label.shipTo} />
            <LabelAddress title="Ship from" address={label.seller.pickup} />
          </div>
          <table className="sc-slip-items">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">Qty</th>
                <th scope="col">Unit price</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {label.items.map((item) => (
                <tr key={item.sku}>
                  <td>{item.productName}</td>
                  <td>{item.sku}</td>
                  <td>{item.quantity}</td>
                  <td>{formatInr(item.unitPricePaise)}</td>
                  <td>{formatInr(item.amountPaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Items total
                </th>
                <td>{formatInr(total)}</td>
              </tr>
            </tfoot>
          </table>
          <section className={cod ? 'sc-slip-cod' : 'sc-slip-prepaid'} aria-label="Payment at delivery">
            <p className="sc-slip-collect">{collect.headline}</p>
            {collect.lines.length > 0 && (
              // requirements#seller-orders: how the amount at the door is made up, line by line
              <dl className="sc-slip-collect-lines">
                {collect.lines.map((line) => (
                  <div key={line.label}>
                    <dt>{line.label}</dt>
                    <dd>{line.amount}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        </article>
      )}
    </div>
  );
}
