import type { ReactNode } from 'react';
import {
  SELLER_ORDER_MESSAGES,
  SELLER_ORDER_SEARCH_MAX,
  SELLER_ORDER_TAB_LABELS,
  SELLER_ORDER_TABS,
  SellerOrdersPage,
  SellerOrdersQuery,
} from '@marketplace/domain/sellers/seller-orders';
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { DispatchBy, ItemStatus } from '../../components/seller-central/orders-dispatch.tsx';
import { formatDay } from '../../components/orders/order-dates.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Amount } from '../../components/ui/price.tsx';
import { Table } from '../../components/ui/table.tsx';
import { TabLinks } from '../../components/ui/tabs.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { type BulkShipAnswer, bulkShipAction } from './orders-bulk.server.ts';
import { courierBatchAction, courierPickupAction } from './orders-courier.server.ts';
import { CourierBatchPanel } from '../../components/seller-central/courier-batch.tsx';
import '../../components/seller-central/orders.css';

/** requirements#seller-orders: the tabs, their counts and one tab's items, newest first. */
export async function loader({ request, context }: LoaderArgs) {
  const url = new URL(request.url);
  // an empty date box comes as `from=`: no filter
  const typedQuery = Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ''));
  const asked = SellerOrdersQuery.safeParse(typedQuery);
  // a search or day that is refused shows its message; the tab still shows, unfiltered
  const fallback = SellerOrdersQuery.safeParse({ tab: url.searchParams.get('tab') ?? undefined });
  const query = asked.success ? asked.data : fallback.success ? fallback.data : SellerOrdersQuery.parse({});
  const params = new URLSearchParams({ tab: query.tab, page: String(query.page) });
  if (query.q) params.set('q', query.q);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const result = await requestApi(context.api, 'GET', `/api/seller/orders?${params}`, SellerOrdersPage);
  if (!result.ok && result.kind === 'refused' && result.status === 401)
    return redirect(loginPathFor(request));
  if (!result.ok) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data('The orders could not be loaded. Please try again.', { status: 503 });
  }
  return {
    page: result.data,
    searchError: asked.success ? null : (asked.error.issues[0]?.message ?? SELLER_ORDER_MESSAGES.badSearch),
    typed: {
      q: url.searchParams.get('q') ?? '',
      from: url.searchParams.get('from') ?? '',
      to: url.searchParams.get('to') ?? '',
    },
  };
}

/**
 * requirements#seller-orders: shipments for the chosen items of the To ship tab, posted without
 * scripts too: "Ship myself" shipments, or the Bazaar courier's bookings and their pickup (requirements#courier-batches).
 */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request.clone());
  const intent = form?.get('intent');
  if (form && intent === 'ship-courier') return courierBatchAction(request, form, context);
  if (form && intent === 'schedule-pickup') return courierPickupAction(request, form, context);
  return bulkShipAction(request, context);
}

export function meta() {
  return [{ title: 'Orders · Seller Central' }];
}

export default function SellerOrders() {
  const { page, searchError, typed } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const courierBatch = answered && 'kind' in answered ? answered : undefined;
  const shipped: BulkShipAnswer | undefined = answered && !('kind' in answered) ? answered : undefined;
  // the To ship tab ships what is ticked; the Shipped tab prints the ticked parcels' labels together
  const bulk =
    page.tab === 'to_ship' || page.tab === 'new'
      ? ('ship' as const)
      : page.tab === 'shipped'
        ? ('labels' as const)
        : null;
  const labelsHref = (refs: string[]) =>
    `/sellercentral/orders/labels?${new URLSearchParams(refs.map((ref) => ['shipment', ref])).toString()}`;
  // the tabs, the pager and the download keep the search and the days
  const filters = new URLSearchParams();
  if (page.q) filters.set('q', page.q);
  if (page.from) filters.set('from', page.from);
  if (page.to) filters.set('to', page.to);
  const filtered = filters.size > 0;
  const withTab = (tab: string) => new URLSearchParams([['tab', tab], ...filters]).toString();
  const hrefOf = (tab: string) => `/sellercentral/orders?${withTab(tab)}`;
  return (
    <div className="sc-ord">
      <div className="sc-ord-head">
        <h1>Orders</h1>
        <Link to="/sellercentral/orders/ndr">Failed deliveries</Link>
        <a className="sc-ord-download" href={`/api/seller/orders.csv?${withTab(page.tab)}`} download>
          Download CSV
        </a>
      </div>
      <Form method="get" className="sc-ord-search" role="search" aria-label="Search orders">
        <input type="hidden" name="tab" value={page.tab} />
        <label className="sc-ord-field sc-ord-field-wide">
          <span>Order no., SKU or buyer</span>
          <input
            name="q"
            type="search"
            defaultValue={typed.q}
            placeholder="OD…, SKU or buyer’s name"
            maxLength={SELLER_ORDER_SEARCH_MAX}
            aria-invalid={searchError ? true : undefined}
          />
        </label>
        <label className="sc-ord-field">
          <span>From</span>
          <input name="from" type="date" defaultValue={typed.from} />
        </label>
        <label className="sc-ord-field">
          <span>To</span>
          <input name="to" type="date" defaultValue={typed.to} />
        </label>
        <div className="sc-ord-search-actions">
          <Button type="submit" variant="secondary" small>
            Search
          </Button>
          {filtered && (
            <Link to={`/sellercentral/orders?tab=${page.tab}`} className="sc-ord-clear">
              Clear
            </Link>
          )}
        </div>
      </Form>
      {searchError && <Alert tone="error">{searchError}</Alert>}
      {courierBatch && <CourierBatchPanel batch={courierBatch} />}
      {shipped && (
        <Alert tone={shipped.tone}>
          {shipped.message}
          {shipped.shipments.length > 0 && (
            <>
              {' '}
              <Link to={labelsHref(shipped.shipments)} reloadDocument>
                Print {shipped.shipments.length === 1 ? 'its label' : 'their labels'}
              </Link>
            </>
          )}
          {shipped.refused.map((r) => (
            <span key={r.orderNo} className="sc-ord-refused">
              {r.orderNo}: {r.message}
            </span>
          ))}
        </Alert>
      )}
      <TabLinks
        label="Order status"
        current={page.tab}
        tabs={SELLER_ORDER_TABS.map((tab) => ({
          id: tab,
          label: SELLER_ORDER_TAB_LABELS[tab],
          to: hrefOf(tab),
          count: page.counts[tab],
        }))}
      />
      {page.rows.length === 0 ? (
        <p className="sc-ord-empty">
          {filtered ? SELLER_ORDER_MESSAGES.noSearchResults : SELLER_ORDER_MESSAGES.noItems}
        </p>
      ) : (
        <BulkForm kind={bulk}>
          <Table
            label={`${SELLER_ORDER_TAB_LABELS[page.tab]} orders`}
            className="sc-ord-table"
            stacked
            head={
              <tr>
                {bulk && (
                  <th scope="col" className="sc-ord-pick">
                    <span className="sr-only">Choose</span>
                  </th>
                )}
                <th scope="col">Order</th>
                <th scope="col">Product</th>
                <th scope="col" className="ui-num">
                  Qty
                </th>
                <th scope="col" className="ui-num">
                  Amount
                </th>
                <th scope="col">Ship to</th>
                <th scope="col">Payment</th>
                <th scope="col">Dispatch by</th>
                <th scope="col">Status</th>
              </tr>
            }
          >
            {page.rows.map((row) => (
              <tr
                key={row.itemId}
                className={row.isLate && row.status === 'pending' ? 'sc-ord-late' : undefined}
              >
                {bulk && (
                  <td className="sc-ord-pick">
                    {bulk === 'ship' && row.status === 'pending' && !row.invoiceNo && (
                      <input
                        type="checkbox"
                        name="item"
                        value={`${row.orderNo}:${row.itemId}`}
                        aria-label={`Choose ${row.orderNo}, ${row.sku}`}
                      />
                    )}
                    {bulk === 'labels' && row.invoiceNo && (
                      <input
                        type="checkbox"
                        name="shipment"
                        value={row.invoiceNo}
                        aria-label={`Choose ${row.orderNo}, ${row.sku}`}
                      />
                    )}
                  </td>
                )}
                <td className="sc-ord-lead">
                  <Link to={`/sellercentral/orders/${row.orderNo}`} className="sc-ord-no">
                    {row.orderNo}
                  </Link>
                  <div className="sc-ord-sub">{formatDay(row.placedAt)}</div>
                </td>
                <td className="sc-ord-product ui-cell-wide">
                  <span className="sc-ord-name">{row.productName}</span>
                  <div className="sc-ord-sub">SKU {row.sku}</div>
                </td>
                <td className="ui-num" data-label="Qty">
                  {row.quantity}
                </td>
                <td className="ui-num" data-label="Amount">
                  <Amount paise={row.amountPaise} />
                </td>
                <td data-label="Ship to">{row.shipToCity}</td>
                <td data-label="Payment">{row.paymentMode === 'cod' ? 'COD' : 'Prepaid'}</td>
                <td data-label="Dispatch by">
                  <DispatchBy dispatchBy={row.dispatchBy} isLate={row.isLate} status={row.status} />
                </td>
                <td className="sc-ord-state">
                  <ItemStatus status={row.status} />
                  {row.openRequestKind && <div className="sc-ord-sub">Request: {row.openRequestKind}</div>}
                </td>
              </tr>
            ))}
          </Table>
        </BulkForm>
      )}
      <Pager page={page.page} pages={page.pageCount} />
    </div>
  );
}

/** The list's table inside the form of its tab's bulk action, with the action's button above it. */
function BulkForm({ kind, children }: { kind: 'ship' | 'labels' | null; children: ReactNode }) {
  if (kind === null) return <>{children}</>;
  return kind === 'ship' ? (
    <Form method="post" className="sc-ord-bulk">
      <div className="sc-ord-bulk-bar">
        <Button type="submit" name="intent" value="ship-courier" small>
          Ship with Bazaar courier
        </Button>
        <Button type="submit" name="intent" value="ship-selected" variant="secondary" small>
          Create shipments for selected
        </Button>
      </div>
      {children}
    </Form>
  ) : (
    <form method="get" action="/sellercentral/orders/labels" className="sc-ord-bulk">
      <div className="sc-ord-bulk-bar">
        <Button type="submit" variant="secondary" small>
          Print labels for selected
        </Button>
      </div>
      {children}
    </form>
  );
}
