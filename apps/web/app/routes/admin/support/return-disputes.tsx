import { ReturnDisputes } from '@marketplace/domain/orders/reverse-pickup';
import { data, Link, useLoaderData } from 'react-router';
import { Table } from '../../../components/ui/table.tsx';
import type { LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { loadSupport } from './support-api.server.ts';
import './support.css';

/**
 * ADR-0058: returns whose courier quality check failed at the shopper's door, newest first; their
 * refunds wait until the seller or support settles them. Staff with the orders area only.
 */
export async function loader({ request, context }: LoaderArgs) {
  const found = await loadSupport(context, request, '/api/admin/return-disputes', ReturnDisputes);
  // the list takes no search: a 400 or 404 would be the API's fault, shown by the error boundary
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!found.ok) throw data('This page could not be loaded. Please try again.', { status: 503 });
  return { disputes: found.data.disputes };
}

export function meta() {
  return [{ title: 'Disputed pickups · Console' }];
}

export default function ReturnDisputesPage() {
  const { disputes } = useLoaderData<typeof loader>();
  return (
    <div className="admin-support">
      <h1>Disputed pickups</h1>
      <p>
        The courier’s agent did not take these returns at the shopper’s door: the product failed the quality
        check. Their refunds wait until the seller or support settles the request with the shopper.
      </p>
      <p>
        {disputes.length === 0
          ? 'No disputed pickups.'
          : `${disputes.length === 1 ? '1 disputed pickup' : `${disputes.length} disputed pickups`}, the newest first`}
      </p>
      {disputes.length > 0 && (
        <Table
          label="Disputed pickups, the newest first"
          stacked
          head={
            <tr>
              <th scope="col">Failed</th>
              <th scope="col">Return</th>
              <th scope="col">Order</th>
              <th scope="col">Product</th>
              <th scope="col">Seller</th>
              <th scope="col">Checked at the door</th>
            </tr>
          }
        >
          {disputes.map((dispute) => (
            <tr key={dispute.refNo}>
              <td data-label="Failed">{dispute.qcFailedAt ? formatMoment(dispute.qcFailedAt) : '—'}</td>
              <td data-label="Return">
                <span className="admin-support-mono">{dispute.refNo}</span>
                <div className="admin-support-sub">
                  {dispute.courierName} · AWB <span className="admin-support-mono">{dispute.awbNo}</span>
                </div>
              </td>
              <td data-label="Order">
                <Link to={`/admin/orders/${dispute.orderNo}`}>
                  <span className="admin-support-mono admin-support-nowrap">{dispute.orderNo}</span>
                </Link>
              </td>
              <td data-label="Product">
                {dispute.productName} × {dispute.quantity}
              </td>
              <td data-label="Seller">{dispute.sellerName}</td>
              <td data-label="Checked at the door">
                <ul className="admin-support-notes">
                  {dispute.qualityCheckNotes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
