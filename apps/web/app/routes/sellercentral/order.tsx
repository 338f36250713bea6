import { CourierQuoteView } from '@marketplace/domain/orders/courier';
import { SellerOrderDetail } from '@marketplace/domain/sellers/seller-orders';
import { TaxDocumentList, type TaxDocumentSummary } from '@marketplace/domain/tax/document-view';
import { data, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { formatDay } from '../../components/orders/order-dates.ts';
import { DispatchBy, ItemStatus } from '../../components/seller-central/orders-dispatch.tsx';
import { CancelItemForm, CourierShipForm, ShipForm } from '../../components/seller-central/orders-forms.tsx';
import {
  TrackingBadge,
  TrackingForm,
  TrackingHistory,
} from '../../components/seller-central/orders-tracking.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Amount } from '../../components/ui/price.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import { actionApi, loadFromApi } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { orderPageAction } from './order-actions.server.ts';
import '../../components/seller-central/orders.css';

const ORDER_NO = /^[A-Za-z0-9-]{1,40}$/;
const notFound = () => data('This order was not found.', { status: 404 });

export async function loader({ request, params, context }: LoaderArgs) {
  const orderNo = params.orderNo ?? '';
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!ORDER_NO.test(orderNo)) throw notFound();
  const order = await loadFromApi(context, request, `/api/seller/orders/${orderNo}`, SellerOrderDetail);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- another seller's order reads as missing
  if (!order) throw notFound();
  const listed = await loadFromApi(
    context,
    request,
    `/api/seller/tax-documents?orderNo=${encodeURIComponent(orderNo)}`,
    TaxDocumentList,
  );
  // ADR-0051: the Bazaar courier's rate for what waits to ship
  const quoted = order.items.some((item) => item.canShip)
    ? await actionApi(context).call('GET', `/api/seller/orders/${orderNo}/courier-quote`, CourierQuoteView)
    : null;
  return {
    order,
    documents: listed?.documents ?? null,
    courierQuote: quoted?.ok ? quoted.data : null,
  };
}

export async function action({ request, params, context }: ActionArgs) {
  const orderNo = params.orderNo ?? '';
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- as the loader
  if (!ORDER_NO.test(orderNo)) throw notFound();
  return orderPageAction(request, context, orderNo);
}

export function meta({ params }: { params: { orderNo?: string } }) {
  return [{ title: `Order ${params.orderNo ?? ''} · Seller Central` }];
}

/** requirements#seller-orders: one order's items of this seller, its shipments, and the forms that move them. */
export default function SellerOrder() {
  const { order, documents, courierQuote } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const shippable = order.items.filter((item) => item.canShip);
  const isCod = order.paymentMode === 'cod';
  return (
    <div className="sc-ord sc-ord-page">
      <p className="sc-ord-back">
        <Link to="/sellercentral/orders">‹ All orders</Link>
      </p>
      <div className="sc-ord-head">
        <h1>
          Order <span className="sc-ord-no">{order.orderNo}</span>
        </h1>
        <div className="sc-ord-meta">
          <span>Placed {formatDay(order.placedAt)}</span>
          <Badge tone={isCod ? 'warning' : 'success'}>{isCod ? 'Cash on Delivery' : 'Prepaid'}</Badge>
          <span className="sc-ord-sub">Payment: {order.paymentStatus.replace(/_/g, ' ')}</span>
        </div>
      </div>
      {answer && (
        <Alert tone={answer.tone} className="sc-ord-answer">
          {answer.message}
        </Alert>
      )}
      <div className="sc-ord-grid">
        <div className="sc-ord-main">
          <Card title="Your items in this order">
            <Table
              label="Items"
              className="sc-ord-table"
              stacked
              head={
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="ui-num">
                    Qty
                  </th>
                  <th scope="col" className="ui-num">
                    Price
                  </th>
                  <th scope="col">Dispatch by</th>
                  <th scope="col">Status</th>
                </tr>
              }
            >
              {order.items.map((item) => (
                <tr key={item.id}>
                  <td className="sc-ord-product ui-cell-wide">
                    <span className="sc-ord-name">{item.productName}</span>
                    <div className="sc-ord-sub">
                      SKU {item.sku}
                      {item.invoiceNo ? ` · ${item.invoiceNo}` : ''}
                    </div>
                    {item.canCancel && <CancelItemForm item={item} busy={busy} answer={answer} />}
                  </td>
                  <td className="ui-num" data-label="Qty">
                    {item.quantity}
                  </td>
                  <td className="ui-num" data-label="Price">
                    <Amount paise={item.unitPricePaise} />
                  </td>
                  <td data-label="Dispatch by">
                    <DispatchBy dispatchBy={item.dispatchBy} isLate={item.isLate} status={item.status} />
                  </td>
                  <td data-label="Status">
                    <ItemStatus status={item.status} />
                    {item.openRequest && (
                      <div className="sc-ord-sub">
                        <Link to={`/sellercentral/returns/${item.openRequest.refNo}`}>
                          Open {item.openRequest.kind} request
                        </Link>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
          </Card>
          {shippable.length > 0 && (
            <>
              {/* requirements#courier-opt-in: the seller's usual way of shipping comes first */}
              {courierQuote?.isDefault === false ? (
                <>
                  <ShipForm items={shippable} busy={busy} />
                  <CourierShipForm quote={courierQuote} busy={busy} />
                </>
              ) : (
                <>
                  <CourierShipForm quote={courierQuote} busy={busy} />
                  <ShipForm items={shippable} busy={busy} />
                </>
              )}
            </>
          )}
          {order.shipments.map((shipment) => (
            <Card
              key={shipment.invoiceNo}
              className="sc-ord-shipment"
              title={
                <>
                  {shipment.isReplacement ? 'Replacement shipment' : 'Shipment'} {shipment.invoiceNo}
                </>
              }
              actions={<TrackingBadge status={shipment.status} />}
            >
              <dl className="sc-ord-facts">
                <div>
                  <dt>Carrier</dt>
                  <dd>{shipment.carrier ?? 'Not given'}</dd>
                </div>
                <div>
                  <dt>AWB / tracking no.</dt>
                  <dd className="sc-ord-mono">{shipment.awbNo ?? shipment.invoiceNo}</dd>
                </div>
                <div>
                  <dt>Contents</dt>
                  <dd>{shipment.items.map((i) => `${i.productName} × ${i.quantity}`).join(', ')}</dd>
                </div>
                {shipment.eInvoice && (
                  <div>
                    <dt>E-invoice</dt>
                    <dd>
                      {shipment.eInvoice.irn ? (
                        <span className="sc-ord-mono sc-ord-irn">IRN {shipment.eInvoice.irn}</span>
                      ) : shipment.eInvoice.errorCode ? (
                        <>
                          Not registered: portal code {shipment.eInvoice.errorCode}.{' '}
                          <Link to="/sellercentral/e-invoices">See e-invoices</Link>
                        </>
                      ) : (
                        'Awaiting IRN'
                      )}
                    </dd>
                  </div>
                )}
                {shipment.ewayBill && (
                  <div>
                    <dt>E-way bill</dt>
                    <dd>
                      {shipment.ewayBill.ewbNo
                        ? `EWB ${shipment.ewayBill.ewbNo}, valid until ${new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(shipment.ewayBill.validUntil ?? 0))} (${shipment.ewayBill.distanceKm} km)`
                        : shipment.ewayBill.status === 'not_required'
                          ? (shipment.ewayBill.errorMessage ?? 'Not needed')
                          : shipment.ewayBill.errorCode
                            ? `Not generated: portal code ${shipment.ewayBill.errorCode}. ${shipment.ewayBill.errorMessage ?? ''}`
                            : `Part A being generated (${shipment.ewayBill.distanceKm} km)`}
                    </dd>
                  </div>
                )}
              </dl>
              <div className="sc-ord-print">
                {shipment.courier && (
                  // the courier's PDF, from the API: a plain link, so it works before the page's scripts
                  <ButtonLink small to={shipment.courier.labelUrl} reloadDocument>
                    Print courier label
                  </ButtonLink>
                )}
                <ButtonLink
                  variant="secondary"
                  small
                  to={`/sellercentral/orders/${order.orderNo}/shipments/${shipment.invoiceNo}/label`}
                >
                  Print shipping label
                </ButtonLink>
                <ButtonLink
                  variant="secondary"
                  small
                  to={`/sellercentral/orders/${order.orderNo}/shipments/${shipment.invoiceNo}/slip`}
                >
                  Print packing slip
                </ButtonLink>
              </div>
              <h3 className="sc-ord-h3">Tracking</h3>
              <TrackingHistory events={shipment.events} />
              {answer?.intent === 'track' &&
                answer.target === shipment.invoiceNo &&
                answer.tone === 'error' && <Alert tone="error">{answer.message}</Alert>}
              {shipment.courier ? (
                <p className="sc-ord-sub">The courier updates this tracking by its scans.</p>
              ) : (
                <TrackingForm
                  invoiceNo={shipment.invoiceNo}
                  nextStatuses={shipment.nextStatuses}
                  busy={busy}
                />
              )}
            </Card>
          ))}
        </div>
        <aside className="sc-ord-side">
          <Card title="Ship to">
            <address className="sc-ord-address">
              <strong>{order.shipTo.name}</strong>
              <br />
              {order.shipTo.address}
              <br />
              {order.shipTo.city}, {order.shipTo.state} {order.shipTo.pincode}
              <br />
              Phone: {order.shipTo.phone}
            </address>
          </Card>
          {order.business && (
            <Card title="Business buyer">
              <p className="sc-ord-address">
                <strong>{order.business.name}</strong>
                <br />
                GSTIN <span className="sc-ord-mono">{order.business.gstin}</span>
              </p>
              <p className="sc-ord-sub">Your tax invoice names this business, so it can claim the GST.</p>
            </Card>
          )}
          <TaxDocumentsCard documents={documents} />
        </aside>
      </div>
    </div>
  );
}

/**
 * requirements#gst-invoices: the invoices the seller issued for this order (one per shipment) and
 * its credit notes, each a PDF download; a plain link, so it works before the page's scripts.
 */
function TaxDocumentsCard({ documents }: { documents: TaxDocumentSummary[] | null }) {
  return (
    <Card title="Invoices and credit notes">
      {documents === null ? (
        <p className="sc-ord-sub">The invoices could not be loaded. Reload the page to try again.</p>
      ) : documents.length === 0 ? (
        <p className="sc-ord-sub">Your tax invoice is issued when you create the shipment.</p>
      ) : (
        <ul className="sc-ord-documents">
          {documents.map((document) => (
            <li key={document.id}>
              <a href={document.pdfUrl} download>
                {document.title} {document.number}
              </a>
              <div className="sc-ord-sub">
                {formatDay(document.issuedAt)} · <Amount paise={document.valuePaise} />
                {document.invoiceNumber ? ` · against ${document.invoiceNumber}` : ''}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
