import { FeeInvoiceList } from '@marketplace/domain/settlement/fee-invoices';
import { data, Link, useLoaderData } from 'react-router';
import { FeeInvoicesTable } from '../../components/seller-central/fee-invoices.tsx';
import { Card } from '../../components/ui/card.tsx';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/engagement.css';
import '../../components/seller-central/fee-invoices.css';

/** requirements#fee-invoices: the seller's fee invoices, part of Payments. */
export async function loader({ request, context }: LoaderArgs) {
  const list = await loadFromApi(context, request, '/api/seller/fee-invoices', FeeInvoiceList);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!list) throw data('Your fee invoices could not be loaded. Please try again.', { status: 503 });
  return list;
}

export function meta() {
  return [{ title: 'Fee invoices · Payments · Seller Central' }];
}

export default function SellerFeeInvoices() {
  const { invoices, gstRatePercent } = useLoaderData<typeof loader>();
  return (
    <div className="sc-pay">
      <div className="sc-eng-head">
        <p className="sc-eng-sub">
          <Link to="/sellercentral/payments">Payments</Link>
        </p>
        <h1>Fee invoices</h1>
        <p className="sc-eng-sub">
          Our tax invoice for each month’s commission, closing and shipping fees, with GST at {gstRatePercent}
          {'\u00a0'}%. Claim the GST as input tax credit: the invoices also reach your GSTR-2B.
        </p>
      </div>
      <Card title="Fee invoices">
        <p className="sc-fee-lead">
          Issued once each month has ended, for the fees deducted from your sales that month. A month whose
          returns gave back more fees than it charged gets a credit note instead.
        </p>
        <FeeInvoicesTable invoices={invoices} label="Fee invoices" />
      </Card>
    </div>
  );
}
