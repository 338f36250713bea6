import { ReturnDisputes } from '@marketplace/domain/orders/reverse-pickup';
import { data, Link, redirect, useLoaderData } from 'react-router';
import { formatDay } from '../../components/orders/order-dates.ts';
import { Table } from '../../components/ui/table.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/orders.css';

/** ADR-0058: the seller's returns whose courier quality check failed at pickup; their refunds wait. */
export async function loader({ request, context }: LoaderArgs) {
  const result = await requestApi(context.api, 'GET', '/api/seller/return-disputes', ReturnDisputes);
  if (!result.ok && result.kind === 'refused' && result.status === 401)
    return redirect(loginPathFor(request));
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!result.ok) throw data('The disputed pickups could not be loaded. Please try again.', { status: 503 });
  return { disputes: result.data.disputes };
}

export function meta() {
  return [{ title: 'Disputed pickups · Seller Central' }];
}

export default function SellerReturnDisputes() {
  const { disputes } = useLoaderData<typeof loader>();
  return (
    <div className="sc-ord">
      <div className="sc-ord-head">
        <h1>Disputed pickups</h1>
        <Link to="/sellercentral/returns">Back to returns</Link>
      </div>
      <p className="sc-ord-sub">
        The courier’s agent did not take these products at the shopper’s door: they failed the quality check.
        Their refunds wait until the request is settled with the shopper or support.
      </p>
      {disputes.length === 0 ? (
        <p className="sc-ord-empty">No disputed pickups.</p>
      ) : (
        <Table
          label="Disputed pickups"
          className="sc-ord-table"
          stacked
          head={
            <tr>
              <th scope="col">Request</th>
              <th scope="col">Product</th>
              <th scope="col">Checked at the door</th>
              <th scope="col">Failed on</th>
            </tr>
          }
        >
          {disputes.map((d) => (
            <tr key={d.refNo}>
              <td className="sc-ord-lead">
                <Link to={`/sellercentral/returns/${d.refNo}`} className="sc-ord-no">
                  {d.refNo}
                </Link>
                <div className="sc-ord-sub">
                  {d.courierName} · AWB {d.awbNo}
                </div>
              </td>
              <td className="ui-cell-wide" data-label="Product">
                {d.productName} × {d.quantity}
                <div className="sc-ord-sub">Order {d.orderNo}</div>
              </td>
              <td className="ui-cell-wide" data-label="Checked at the door">
                {d.qualityCheckNotes.join('; ')}
              </td>
              <td data-label="Failed on">{d.qcFailedAt ? formatDay(d.qcFailedAt) : '—'}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
