import { OrderSearchPage } from '@marketplace/domain/admin/support-api';
import { data, Form, Link, useLoaderData } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Amount } from '../../../components/ui/price.tsx';
import { Badge, Table } from '../../../components/ui/table.tsx';
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

/** requirements#operator-support: one box finds orders; the API reads what was typed. */
export async function loader({ request, url, context }: LoaderArgs) {
  const q = url.searchParams.get('q') ?? '';
  const page = url.searchParams.get('page') ?? '';
  if (q.trim() === '') return { q, result: null, error: null };
  const query = new URLSearchParams({ q, ...(page ? { page } : {}) });
  const found = await loadSupport(context, request, `/api/admin/orders?${query.toString()}`, OrderSearchPage);
  if (found.ok) return { q, result: found.data, error: null };
  return data({ q, result: null, error: found.message }, { status: 400 });
}

export function meta() {
  return [{ title: 'Orders · Console' }];
}

export default function SupportOrders() {
  const { q, result, error } = useLoaderData<typeof loader>();
  return (
    <div className="admin-support">
      <h1>Orders</h1>
      <Form
        method="get"
        className="admin-filters admin-support-search"
        role="search"
        aria-label="Find an order"
      >
        <Field
          label="Order number, shopper’s email or mobile, or seller"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={254}
          required
          wide
        />
        <Button type="submit">Find orders</Button>
      </Form>
      <p className="admin-support-sub admin-support-hint">
        For example OD20261128…, priya@example.com, 98765 43210 or part of a seller’s name.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {result && (
        <>
          <p>
            {result.total === 0
              ? `No orders found by ${SEARCHED_AS[result.searchedAs]}.`
              : `${result.total === 1 ? '1 order' : `${result.total} orders`} found by ${SEARCHED_AS[result.searchedAs]}`}
            {result.pageCount > 1 && `, page ${result.page} of ${result.pageCount}`}
          </p>
          {result.orders.length > 0 && (
            <Table
              label="Orders found, newest first"
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
