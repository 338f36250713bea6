import { SELLER_ORDER_MESSAGES, ShipmentLabel } from '@marketplace/domain/sellers/seller-orders';
import { data, Link, redirect, useLoaderData } from 'react-router';
import { LabelSheet, PrintButton } from '../../components/seller-central/orders-label-parts.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/orders-label.css';

const REFERENCE = /^[A-Za-z0-9-]{1,40}$/;
/** As many labels as one batch of the orders list selects. */
export const LABELS_AT_ONCE = 50;

/**
 * requirements#seller-orders: the labels of several shipments, one A6 page each, printed together
 * (the browser's print makes them one PDF). Each is fetched as the seller's own; another seller's
 * shipment reads as missing.
 */
export async function loader({ request, url, context }: LoaderArgs) {
  const asked = url.searchParams.getAll('shipment');
  const wanted = [...new Set(asked)];
  if (wanted.length === 0 || wanted.length > LABELS_AT_ONCE || !wanted.every((ref) => REFERENCE.test(ref)))
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(`Choose 1 to ${LABELS_AT_ONCE} shipments to print.`, { status: 400 });
  const labels = [];
  for (const invoiceNo of wanted) {
    const result = await requestApi(
      context.api,
      'GET',
      `/api/seller/shipments/${invoiceNo}/label`,
      ShipmentLabel,
    );
    if (result.ok) {
      labels.push(result.data);
      continue;
    }
    if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
    if (result.kind === 'refused' && result.status === 403) return redirect('/sellercentral/join');
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- one missing label spoils the batch
    if (result.kind === 'refused') throw data(SELLER_ORDER_MESSAGES.shipmentNotFound, { status: 404 });
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data('The labels could not be loaded. Please try again.', { status: 503 });
  }
  return { labels };
}

export function meta() {
  return [{ title: 'Shipping labels · Seller Central' }, { name: 'robots', content: 'noindex' }];
}

export default function ShipmentLabels() {
  const { labels } = useLoaderData<typeof loader>();
  return (
    <div className="sc-label-screen">
      <div className="sc-label-toolbar">
        <p className="sc-label-back">
          <Link to="/sellercentral/orders?tab=shipped">‹ Back to orders</Link>
        </p>
        <h1 className="sc-label-title">
          {labels.length} shipping {labels.length === 1 ? 'label' : 'labels'}
        </h1>
        <div className="sc-label-toolbar-end">
          <PrintButton />
        </div>
      </div>
      <div className="sc-label-batch">
        {labels.map((label) => (
          <LabelSheet key={label.invoiceNo} label={label} />
        ))}
      </div>
    </div>
  );
}
