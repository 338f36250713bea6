import { OfferImportList, OfferImportStarted } from '@marketplace/domain/sellers/inventory-api';
import { OFFER_CSV_COLUMNS, OFFER_CSV_LIMITS } from '@marketplace/domain/sellers/inventory-csv';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { ImportStatusBadge } from '../../components/seller-central/inventory-import-status.tsx';
import '../../components/seller-central/inventory.css';
import { Alert } from '../../components/ui/alert.tsx';
import { Table } from '../../components/ui/table.tsx';
import { actionApi, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { formatIndianDateTime } from '@marketplace/domain/text/dates';

export async function loader({ request, context }: LoaderArgs) {
  const list = await loadFromApi(context, request, '/api/seller/offer-imports', OfferImportList);
  return { imports: list?.imports ?? [] };
}

/** requirements#seller-bulk-inventory: the file goes to the API as it came; the upload's page follows its progress. */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const file = form?.get('file');
  if (!(file instanceof File) || (file.size === 0 && file.name === '')) {
    return data({ message: 'Choose the CSV file to upload.' }, { status: 400 });
  }
  const body = new FormData();
  body.set('file', file, file.name);
  const api = actionApi(context);
  const result = await api.call('POST', '/api/seller/offer-imports', OfferImportStarted, body);
  if (result.ok)
    return redirect(`/sellercentral/inventory/imports/${result.data.importId}`, { headers: api.headers });
  if (result.kind === 'unreachable')
    return data({ message: 'The upload did not reach us. Please try again.' }, { status: 503 });
  if (result.status === 401) return redirect(loginPathFor(request));
  return data({ message: result.message }, { status: result.status });
}

export function meta() {
  return [{ title: 'Upload prices and stock · Seller Central' }, { name: 'robots', content: 'noindex' }];
}

/** /sellercentral/inventory/upload: send an edited offers CSV; the latest uploads below. */
export default function InventoryUpload() {
  const { imports } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <div className="sc-inv">
      <p className="sc-inv-back">
        <Link to="/sellercentral/inventory">‹ Inventory</Link>
      </p>
      <h1>Upload prices and stock</h1>
      <div className="sc-inv-upload">
        <ol className="sc-inv-steps">
          <li>
            <a href="/api/seller/offers.csv" download>
              Download your offers as CSV
            </a>
            .
          </li>
          <li>
            Change <b>price</b>, <b>mrp</b>, <b>stock</b>, <b>max_per_order</b>, <b>dispatch_days</b> or{' '}
            <b>active</b> (yes or no). Leave a cell empty to keep its value; remove rows you do not change.
          </li>
          <li>Save as “CSV UTF-8” and upload it here. We check every row and apply the valid ones.</li>
        </ol>
        <p className="sc-inv-hint">
          Columns: {OFFER_CSV_COLUMNS.join(', ')} (sku is required; product_id and product_name are only for
          you to read). Prices in rupees, like 499 or 499.50; a price never above the M.R.P. At most{' '}
          {OFFER_CSV_LIMITS.maxBytes / 1024 / 1024} MB.
        </p>
        {answer && <Alert tone="error">{answer.message}</Alert>}
        <Form method="post" encType="multipart/form-data" className="sc-inv-upload-form">
          <label className="sc-inv-file">
            <span>CSV file</span>
            <input type="file" name="file" accept=".csv,text/csv" required />
          </label>
          <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Uploading…' : 'Upload'}
          </button>
        </Form>
      </div>
      <h2>Latest uploads</h2>
      {imports.length === 0 ? (
        <p className="sc-inv-empty">No uploads yet.</p>
      ) : (
        <Table
          label="Latest uploads"
          stacked
          head={
            <tr>
              <th scope="col">File</th>
              <th scope="col">Uploaded</th>
              <th scope="col">Status</th>
              <th scope="col" className="ui-num">
                Rows
              </th>
              <th scope="col" className="ui-num">
                Applied
              </th>
              <th scope="col" className="ui-num">
                Refused
              </th>
            </tr>
          }
        >
          {imports.map((item) => (
            <tr key={item.importId}>
              <td className="ui-cell-wide sc-inv-file-name">
                <Link to={`/sellercentral/inventory/imports/${item.importId}`}>{item.fileName}</Link>
              </td>
              <td data-label="Uploaded">{formatIndianDateTime(item.createdAt)}</td>
              <td data-label="Status">
                <ImportStatusBadge status={item.status} />
              </td>
              <td className="ui-num" data-label="Rows">
                {item.totalRows.toLocaleString('en-IN')}
              </td>
              <td className="ui-num" data-label="Applied">
                {item.appliedRows.toLocaleString('en-IN')}
              </td>
              <td className="ui-num" data-label="Refused">
                {item.errorRows.toLocaleString('en-IN')}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
