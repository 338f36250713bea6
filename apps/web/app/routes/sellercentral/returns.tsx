import { REQUEST_KINDS } from '@marketplace/domain/orders/state-machine';
import {
  SELLER_REQUEST_KIND_LABELS,
  SELLER_REQUEST_MESSAGES,
  SELLER_REQUEST_STATE_LABELS,
  SELLER_REQUEST_STATES,
  SellerRequestsPage,
  SellerRequestsQuery,
} from '@marketplace/domain/sellers/seller-requests';
import { data, Link, redirect, useLoaderData } from 'react-router';
import { formatDate, formatDay } from '../../components/orders/order-dates.ts';
import { RequestStatus } from '../../components/seller-central/returns-parts.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import { TabLinks } from '../../components/ui/tabs.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/orders.css';

/** requirements#seller-returns: the queue of requests on the seller's items, by state and kind, with counts. */
export async function loader({ request, context }: LoaderArgs) {
  const url = new URL(request.url);
  const parsed = SellerRequestsQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : SellerRequestsQuery.parse({});
  const params = new URLSearchParams({ state: query.state, page: String(query.page) });
  if (query.kind) params.set('kind', query.kind);
  const result = await requestApi(
    context.api,
    'GET',
    `/api/seller/item-requests?${params}`,
    SellerRequestsPage,
  );
  if (!result.ok && result.kind === 'refused' && result.status === 401)
    return redirect(loginPathFor(request));
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!result.ok) throw data('The returns could not be loaded. Please try again.', { status: 503 });
  return { page: result.data };
}

export function meta() {
  return [{ title: 'Returns · Seller Central' }];
}

export default function SellerReturns() {
  const { page } = useLoaderData<typeof loader>();
  const kindHref = (kind: string | null) =>
    `/sellercentral/returns?state=${page.state}${kind ? `&kind=${kind}` : ''}`;
  return (
    <div className="sc-ord">
      <div className="sc-ord-head">
        <h1>Returns, replacements and cancellations</h1>
        <Link to="/sellercentral/returns/disputes">Disputed pickups</Link>
      </div>
      <TabLinks
        label="Request state"
        current={page.state}
        tabs={SELLER_REQUEST_STATES.map((state) => ({
          id: state,
          label: SELLER_REQUEST_STATE_LABELS[state],
          to: `/sellercentral/returns?state=${state}`,
          count: page.counts[state],
        }))}
      />
      <nav className="sc-ret-kinds" aria-label="Kind of request">
        <Link to={kindHref(null)} aria-current={page.kind === null ? 'page' : undefined}>
          All
        </Link>
        {REQUEST_KINDS.map((kind) => (
          <Link key={kind} to={kindHref(kind)} aria-current={page.kind === kind ? 'page' : undefined}>
            {SELLER_REQUEST_KIND_LABELS[kind]} ({page.kindCounts[kind]})
          </Link>
        ))}
      </nav>
      {page.requests.length === 0 ? (
        <p className="sc-ord-empty">{SELLER_REQUEST_MESSAGES.empty}</p>
      ) : (
        <Table
          label={`${SELLER_REQUEST_STATE_LABELS[page.state]} requests`}
          className="sc-ord-table"
          stacked
          head={
            <tr>
              <th scope="col">Request</th>
              <th scope="col">Product</th>
              <th scope="col" className="ui-num">
                Qty
              </th>
              <th scope="col">Reasons</th>
              <th scope="col">Pickup day</th>
              <th scope="col">Status</th>
            </tr>
          }
        >
          {page.requests.map((request) => (
            <tr key={request.refNo}>
              <td className="sc-ord-lead">
                <Link to={`/sellercentral/returns/${request.refNo}`} className="sc-ord-no">
                  {request.refNo}
                </Link>
                <div className="sc-ord-sub">
                  {SELLER_REQUEST_KIND_LABELS[request.kind]} · {formatDay(request.createdAt)}
                </div>
              </td>
              <td className="sc-ord-product ui-cell-wide">
                <span className="sc-ord-name">{request.productName}</span>
                <div className="sc-ord-sub">Order {request.orderNo}</div>
              </td>
              <td className="ui-num" data-label="Qty">
                {request.quantity}
              </td>
              <td className="ui-cell-wide" data-label="Reasons">
                {request.reasons.join('; ') || '—'}
                {request.mediaCount > 0 && (
                  <div>
                    <Badge tone="info">{request.mediaCount} photo/video</Badge>
                  </div>
                )}
              </td>
              <td data-label="Pickup day">{request.pickupDate ? formatDate(request.pickupDate) : '—'}</td>
              <td className="sc-ord-state">
                <RequestStatus
                  status={request.status}
                  pickedUp={request.pickedUpAt !== null}
                  kind={request.kind}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page.page} pages={page.pageCount} />
    </div>
  );
}
