import { formatInr } from '@marketplace/domain/money/money';
import { MONTH_PATTERN } from '@marketplace/domain/settlement/console-api';
import { SELLER_GST_MESSAGES, SellerGstMonth } from '@marketplace/domain/settlement/seller-gst';
import { data, Form, redirect, useLoaderData } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Table } from '../../components/ui/table.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/engagement.css';
import '../../components/seller-central/payments.css';

/**
 * requirements#seller-gst-returns: a seller's month for its GST returns, the last month that ended
 * unless one is chosen: its GSTR-1 Table 14(a) figures and the TCS we collected and reported for it.
 */
export async function loader({ request, url, context }: LoaderArgs) {
  const month = url.searchParams.get('month') ?? '';
  const query = month ? `?month=${encodeURIComponent(month)}` : '';
  const result = await requestApi(context.api, 'GET', `/api/seller/gst${query}`, SellerGstMonth);
  if (result.ok) return { typed: month, view: result.data, error: null };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 400)
    return data({ typed: month, view: null, error: result.message }, { status: 400 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('Your GST figures could not be loaded. Please try again.', { status: 503 });
}

export function meta() {
  return [{ title: 'GST returns · Seller Central' }];
}

/** An amount with its sign: a return that outweighs the month reads '−₹12.50', a true minus sign. */
const signed = (paise: number) => (paise < 0 ? `−${formatInr(-paise)}` : formatInr(paise));

function Table14({ view }: { view: SellerGstMonth }) {
  const t = view.table14;
  return (
    <dl className="sc-gst-figures">
      <div>
        <dt>Nature of supply</dt>
        <dd>{t.natureOfSupply}</dd>
      </div>
      <div>
        <dt>GSTIN of the e-commerce operator</dt>
        <dd className="sc-pay-mono">{view.operator.gstin}</dd>
      </div>
      <div>
        <dt>Net value of supplies</dt>
        <dd>{signed(t.netTaxablePaise)}</dd>
      </div>
      <div>
        <dt>Integrated tax</dt>
        <dd>{signed(t.igstPaise)}</dd>
      </div>
      <div>
        <dt>Central tax</dt>
        <dd>{signed(t.cgstPaise)}</dd>
      </div>
      <div>
        <dt>State/UT tax</dt>
        <dd>{signed(t.sgstPaise)}</dd>
      </div>
    </dl>
  );
}

function TcsCredit({ view }: { view: SellerGstMonth }) {
  if (view.tcsCredit.length === 0)
    return <p className="sc-eng-sub">No TCS was collected from you in {view.label}.</p>;
  return (
    <Table
      label="TCS credit by place of supply"
      className="sc-pay-table"
      stacked
      head={
        <tr>
          <th scope="col">Place of supply</th>
          <th scope="col" className="ui-num">
            Supplies made
          </th>
          <th scope="col" className="ui-num">
            Returned
          </th>
          <th scope="col" className="ui-num">
            Net
          </th>
          <th scope="col" className="ui-num">
            IGST
          </th>
          <th scope="col" className="ui-num">
            CGST
          </th>
          <th scope="col" className="ui-num">
            SGST
          </th>
        </tr>
      }
    >
      {view.tcsCredit.map((row) => (
        <tr key={row.placeOfSupply}>
          <td data-label="Place of supply">{row.placeOfSupply}</td>
          <td className="ui-num" data-label="Supplies made">
            {signed(row.supRPaise + row.supUPaise)}
          </td>
          <td className="ui-num" data-label="Returned">
            {signed(row.retsupRPaise + row.retsupUPaise)}
          </td>
          <td className="ui-num" data-label="Net">
            {signed(row.netPaise)}
          </td>
          <td className="ui-num" data-label="IGST">
            {signed(row.igstPaise)}
          </td>
          <td className="ui-num" data-label="CGST">
            {signed(row.cgstPaise)}
          </td>
          <td className="ui-num" data-label="SGST">
            {signed(row.sgstPaise)}
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** requirements#seller-gst-returns: what the seller files (Table 14) and claims (TCS) for a month. */
export default function SellerGst() {
  const { typed, view, error } = useLoaderData<typeof loader>();
  return (
    <div className="sc-pay">
      <div className="sc-eng-head">
        <h1>GST returns</h1>
        <p className="sc-eng-sub">
          What to report in your GSTR-1 for your sales through us, and the TCS we collected for you.
        </p>
      </div>
      <Form method="get" className="sc-gst-month" aria-label="Month">
        <Field
          label="Month"
          name="month"
          type="month"
          defaultValue={view?.month ?? (MONTH_PATTERN.test(typed) ? typed : '')}
          placeholder="YYYY-MM"
          error={error ?? undefined}
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {view && !view.registered && <Alert tone="info">{SELLER_GST_MESSAGES.notRegistered}</Alert>}
      {view && view.registered && (
        <>
          {!view.ended && (
            <Alert tone="info">{`${view.label} is still running: the figures hold what was invoiced so far.`}</Alert>
          )}
          <Card title={`GSTR-1 Table 14(a): ${view.label}`}>
            <p className="sc-eng-sub">
              Supplies made through an e-commerce operator that collects tax at source (CGST section 52).
              Report these figures against our GSTIN in Table 14 of your GSTR-1 for the month.
            </p>
            <Table14 view={view} />
            <p className="sc-gst-download">
              <a href={view.files[0]?.url} download>
                Download Table 14 for {view.label} (CSV)
              </a>
            </p>
          </Card>
          <Card title={`TCS credit: ${view.label}`}>
            <p className="sc-eng-sub">
              {`We collected ${formatInr(view.tcsTotalPaise)} of TCS on your sales in ${view.label} and reported it in our GSTR-8 (operator GSTIN ${view.operator.gstin}). It appears in your GSTR-2X to accept, and then in your electronic cash ledger.`}
            </p>
            <TcsCredit view={view} />
            <p className="sc-gst-download">
              <a href={view.files[1]?.url} download>
                Download the TCS credit statement for {view.label} (CSV)
              </a>
            </p>
          </Card>
        </>
      )}
    </div>
  );
}
