import { OfferImport } from '@marketplace/domain/sellers/inventory-api';
import { useEffect } from 'react';
import { data, Link, useLoaderData, useRevalidator } from 'react-router';
import { ImportStatusBadge } from '../../components/seller-central/inventory-import-status.tsx';
import '../../components/seller-central/inventory.css';
import { Alert } from '../../components/ui/alert.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Table } from '../../components/ui/table.tsx';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';

const NOT_FOUND = 'No such upload.';
const POLL_MS = 1000;

export async function loader({ request, params, context }: LoaderArgs) {
  const id = params.importId ?? '';
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!isRecordId(id)) throw data(NOT_FOUND, { status: 404 });
  const page = new URL(request.url).searchParams.get('page');
  const query = page && /^[1-9]\d{0,5}$/.test(page) ? `?page=${page}` : '';
  const found = await loadFromApi(context, request, `/api/seller/offer-imports/${id}${query}`, OfferImport);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- another seller's upload is not found
  if (!found) throw data(NOT_FOUND, { status: 404 });
  return { upload: found };
}

export function meta() {
  return [{ title: 'Upload progress · Seller Central' }, { name: 'robots', content: 'noindex' }];
}

/**
 * /sellercentral/inventory/imports/:importId: an upload's progress until it is done, then its
 * report. Without scripts the page refreshes itself every two seconds while it runs; with
 * scripts it asks again every second in place.
 */
export default function InventoryImport() {
  const { upload } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const running = upload.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const percent = upload.totalRows === 0 ? 100 : Math.floor((upload.processedRows / upload.totalRows) * 100);
  return (
    <div className="sc-inv">
      {running && (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <p className="sc-inv-back">
        <Link to="/sellercentral/inventory/upload">‹ Uploads</Link>
      </p>
      <div className="sc-inv-title-row">
        <h1 className="sc-inv-file-title">{upload.fileName}</h1>
        <ImportStatusBadge status={upload.status} />
      </div>
      <div className="sc-inv-progress-box">
        <progress
          className="sc-inv-progress"
          max={Math.max(upload.totalRows, 1)}
          value={upload.processedRows}
          aria-label="Rows checked"
        />
        <p role="status" className="sc-inv-progress-text">
          {running
            ? `Checking and applying… ${upload.processedRows.toLocaleString('en-IN')} of ${upload.totalRows.toLocaleString('en-IN')} rows (${percent}%)`
            : upload.status === 'done'
              ? `Finished: ${upload.totalRows.toLocaleString('en-IN')} rows checked.`
              : 'This upload stopped.'}
        </p>
        <dl className="sc-inv-figures">
          <div>
            <dt>Rows</dt>
            <dd>{upload.totalRows.toLocaleString('en-IN')}</dd>
          </div>
          <div>
            <dt>Applied</dt>
            <dd className="sc-inv-applied">{upload.appliedRows.toLocaleString('en-IN')}</dd>
          </div>
          <div>
            <dt>Refused</dt>
            <dd className={upload.errorRows > 0 ? 'sc-inv-refused' : undefined}>
              {upload.errorRows.toLocaleString('en-IN')}
            </dd>
          </div>
        </dl>
      </div>
      {upload.failure && <Alert tone="error">{upload.failure}</Alert>}
      {upload.errorRows > 0 && (
        <section aria-labelledby="refused-rows">
          <div className="sc-inv-head">
            <h2 id="refused-rows">Refused rows</h2>
            <a
              className="btn-secondary btn-small"
              href={`/api/seller/offer-imports/${upload.importId}/report.csv`}
              download
            >
              Download report
            </a>
          </div>
          <Table
            label="Refused rows"
            stacked
            head={
              <tr>
                <th scope="col" className="ui-num">
                  Line
                </th>
                <th scope="col">SKU</th>
                <th scope="col">Reason</th>
              </tr>
            }
          >
            {upload.errors.map((error) => (
              <tr key={error.line}>
                <td className="ui-num" data-label="Line">
                  {error.line}
                </td>
                <td className="sc-inv-sku" data-label="SKU">
                  {error.sku || '—'}
                </td>
                <td className="ui-cell-wide" data-label="Reason">
                  {error.reason}
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={upload.errorsPage} pages={upload.errorsPages} />
        </section>
      )}
      {!running && (
        <p className="sc-inv-next">
          <Link to="/sellercentral/inventory">Back to your inventory</Link> ·{' '}
          <Link to="/sellercentral/inventory/upload">Upload another file</Link>
        </p>
      )}
    </div>
  );
}
