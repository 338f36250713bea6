import {
  ORDER_TAB_LABELS,
  ORDER_TABS,
  OrderSearchPage,
  type OrderTab,
} from '@marketplace/domain/admin/support-api';
import { data, Form, Link, useLoaderData } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Amount } from '../../../components/ui/price.tsx';
import { Badge, Table } from '../../../components/ui/table.tsx';
import { TabLinks } from '../../../components/ui/tabs.tsx';
import type { LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { paymentModeWords, statusTone, statusWords } from './labels.ts';
import { loadSupport } from './support-api.server.ts';
import './support.css';

const SEARCHED_AS = {
  order: 'order number',
  email: 'email (shopper or seller)',
  mobile: 'mobile',
  seller: 'seller name',
} as const;

const FILTERS = ['q', 'status', 'from', 'to', 'seller', 'payment'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/**
 * requirements#operator-support: the latest orders, with tabs by the state of their items, filters
 * (Indian days, seller, payment mode) and the search box, all in the URL: the API checks them.
 */
export async function loader({ request, url, context }: LoaderArgs) {
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, url.searchParams.get(name) ?? '']),
  ) as Filters;
  const query = new URLSearchParams();
  for (const name of [...FILTERS, 'page'] as const) {
    const value = url.searchParams.get(name) ?? '';
    if (value !== '') query.set(name, value);
  }
  const path = `/api/admin/orders${query.size > 0 ? `?${query.toString()}` : ''}`;
  const found = await loadSupport(context, request, path, OrderSearchPage);
  if (found.ok) return { filters, result: found.data, error: null };
  return data({ filters, result: null, error: found.message }, { status: 400 });
}

export function meta() {
  return [{ title: 'Orders · Console' }];
}

/** This list's address with some filters changed (the page back to the first). */
function listHref(filters: Filters, changes: Partial<Filters>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...changes }))
    if (value && !(name === 'status' && value === 'all')) params.set(name, value);
  const query = params.toString();
  return `/admin/orders${query ? `?${query}` : ''}`;
}

export default function SupportOrders() {
  const { filters, result, error } = useLoaderData<typeof loader>();
  const tab = (ORDER_TABS as readonly string[]).includes(filters.status)
    ? (filters.status as OrderTab)
    : 'all';
  const narrowed = Boolean(filters.q || filters.from || filters.to || filters.seller || filters.payment);
  return (
    <div className="admin-support admin-orders">
      <h1>Orders</h1>
      <Form method="get" className="admin-orders-form" aria-label="Find and filter orders">
        {tab !== 'all' && <input type="hidden" name="status" value={tab} />}
        <div className="admin-filters admin-support-search" role="search">
          <Field
            label="Order number, shopper’s email or mobile, or seller"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={254}
            wide
          />
          <Button type="submit">Find orders</Button>
        </div>
        <p className="admin-support-sub admin-support-hint">
          For example OD20261128…, priya@example.com, 98765 43210 or part of a seller’s name.
        </p>
        <fieldset className="admin-orders-filters">
          <legend className="admin-orders-legend">Filters</legend>
          <Field label="Placed from" name="from" type="date" defaultValue={filters.from} />
          <Field label="Placed to" name="to" type="date" defaultValue={filters.to} />
          <SelectField label="Seller" name="seller" defaultValue={filters.seller}>
            <option value="">All sellers</option>
            {(result?.sellers ?? []).map((seller) => (
              <option key={seller.id} value={seller.id}>
                {seller.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Payment" name="payment" defaultValue={filters.payment}>
            <option value="">Any payment</option>
            <option value="cod">Cash on Delivery</option>
            <option value="prepaid">Prepaid</option>
          </SelectField>
          <div className="admin-orders-apply">
            <Button type="submit" variant="secondary">
              Apply filters
            </Button>
            {narrowed && (
              <Link to={listHref({ ...filters }, { q: '', from: '', to: '', seller: '', payment: '' })}>
                Clear
              </Link>
            )}
          </div>
        </fieldset>
      </Form>
      {error && (
        <Alert tone="error">
          {error} <Link to="/admin/orders">Show all orders</Link>
        </Alert>
      )}
      {result && (
        <>
          <TabLinks
            label="Orders by status"
            current={tab}
            tabs={ORDER_TABS.map((id) => ({
              id,
              label: ORDER_TAB_LABELS[id],
              to: listHref(filters, { status: id }),
              count: result.counts[id],
            }))}
          />
          <p className="admin-orders-summary">
            {result.total === 0
              ? result.searchedAs
                ? `No orders found by ${SEARCHED_AS[result.searchedAs]}.`
                : 'No orders match these filters.'
              : `${result.total === 1 ? '1 order' : `${result.total.toLocaleString('en-IN')} orders`}${result.searchedAs ? ` found by ${SEARCHED_AS[result.searchedAs]}` : ''}`}
            {result.pageCount > 1 && `, page ${result.page} of ${result.pageCount}`}
          </p>
          {result.orders.length > 0 && (
            <Table
              label={`${ORDER_TAB_LABELS[tab]} orders, newest first`}
              stacked
              head={
                <tr>
                  <th scope="col">Order no.</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Shopper</th>
                  <th scope="col">Sellers</th>
                  <th scope="col" className="ui-num">
                    Total
                  </th>
                  <th scope="col">Payment</th>
                  <th scope="col">Items</th>
                </tr>
              }
            >
              {result.orders.map((order) => (
                <tr key={order.orderNo}>
                  <td data-label="Order no." className="ui-cell-wide">
                    <Link to={`/admin/orders/${order.orderNo}`}>
                      <span className="admin-support-mono admin-support-nowrap">{order.orderNo}</span>
                    </Link>
                  </td>
                  <td data-label="Placed">{formatMoment(order.placedAt)}</td>
                  <td data-label="Shopper">
                    {order.shopper.name}
                    <div className="admin-support-sub">{order.shopper.email}</div>
                  </td>
                  <td data-label="Sellers">{order.sellers.join(', ')}</td>
                  <td data-label="Total" className="ui-num">
                    <Amount paise={order.totalPaise} />
                  </td>
                  <td data-label="Payment">
                    {paymentModeWords(order.paymentMode)}
                    <div>
                      <Badge tone={statusTone(order.paymentStatus)}>{statusWords(order.paymentStatus)}</Badge>
                    </div>
                  </td>
                  <td data-label="Items">
                    <ul className="admin-support-badges">
                      {order.itemStatuses.map((s) => (
                        <li key={s.status}>
                          <Badge tone={statusTone(s.status)}>
                            {s.count} {statusWords(s.status).toLowerCase()}
                          </Badge>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <Pager page={result.page} pages={result.pageCount} />
        </>
      )}
    </div>
  );
}
