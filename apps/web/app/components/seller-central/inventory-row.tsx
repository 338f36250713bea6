import { type OfferRow, LOW_STOCK_LIMIT } from '@marketplace/domain/sellers/inventory-api';
import { paiseToRupeesText } from '@marketplace/domain/sellers/inventory-csv';
import { Link, useFetcher } from 'react-router';
import { Badge } from '../ui/table.tsx';

export type RowFields = Partial<Record<'price' | 'mrp' | 'stock', string>>;

/** What the inventory page's action answers for one row's save (requirements#seller-bulk-inventory). */
export type RowAnswer =
  | { offerId: number; ok: true }
  | {
      offerId: number;
      ok: false;
      message: string;
      fields: RowFields;
      values: { price: string; mrp: string; stock: string };
    };

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/**
 * One offer as a row of the table whose price, M.R.P. and stock are a small form: posted to the
 * page's action, in place with scripts (a fetcher per row), as a whole page without. The inputs
 * belong to the form in the last cell through their `form` attribute (a form cannot wrap a row).
 * On a phone the row is a card (the table is stacked): the same cells, so the same form.
 */
export function InventoryRow({ offer, answer }: { offer: OfferRow; answer: RowAnswer | undefined }) {
  const fetcher = useFetcher<RowAnswer>({ key: `offer-${offer.offerId}` });
  const result = fetcher.data ?? answer;
  const busy = fetcher.state !== 'idle';
  const formId = `offer-${offer.offerId}`;
  const failed = result && !result.ok ? result : null;
  const typed = failed?.values;
  const input = (name: 'price' | 'mrp' | 'stock', value: string, label: string) => (
    <input
      // a saved row comes back with a new time: its inputs start again from the saved values
      key={offer.updatedAt}
      form={formId}
      name={name}
      defaultValue={typed?.[name] ?? value}
      inputMode={name === 'stock' ? 'numeric' : 'decimal'}
      className={`sc-inv-input${failed?.fields[name] ? ' is-invalid' : ''}`}
      aria-label={`${label} of ${offer.sku}`}
      aria-invalid={failed?.fields[name] ? true : undefined}
      aria-describedby={failed ? `${formId}-status` : undefined}
      required
      maxLength={14}
    />
  );
  const low = offer.stock <= LOW_STOCK_LIMIT;
  return (
    <tr className={failed ? 'sc-inv-row has-error' : 'sc-inv-row'}>
      <td className="sc-inv-product">
        {/* a cell stays a table cell (its row's borders line up); the picture and name sit in a box */}
        <div className="sc-inv-product-box">
          {offer.imageUrl && <img src={offer.imageUrl} alt="" width={40} height={40} loading="lazy" />}
          <Link to={`/productdetails/${encodeURIComponent(offer.productName)}`} className="sc-inv-name">
            {offer.productName}
          </Link>
        </div>
      </td>
      <td className="sc-inv-sku" data-label="SKU">
        {offer.sku}
      </td>
      <td className="ui-num sc-inv-price" data-label="Price">
        <span className="sc-inv-rupee" aria-hidden="true">
          ₹
        </span>
        {input('price', paiseToRupeesText(offer.salePricePaise), 'Price')}
      </td>
      <td className="ui-num sc-inv-mrp" data-label="M.R.P.">
        <span className="sc-inv-rupee" aria-hidden="true">
          ₹
        </span>
        {input('mrp', paiseToRupeesText(offer.mrpPaise), 'M.R.P.')}
      </td>
      <td className="ui-num sc-inv-stock" data-label="Stock">
        {input('stock', String(offer.stock), 'Stock')}
      </td>
      <td className="sc-inv-state">
        <span className="sc-inv-badges">
          {offer.isActive ? <Badge tone="success">Active</Badge> : <Badge>Paused</Badge>}
          {low && (
            <Badge tone={offer.stock === 0 ? 'danger' : 'warning'}>
              {offer.stock === 0 ? 'Out of stock' : 'Low stock'}
            </Badge>
          )}
        </span>
      </td>
      <td className="sc-inv-updated" data-label="Updated">
        <time dateTime={offer.updatedAt}>{dateTime.format(new Date(offer.updatedAt))}</time>
      </td>
      <td className="sc-inv-save">
        <fetcher.Form method="post" id={formId} className="sc-inv-form">
          <input type="hidden" name="offerId" value={offer.offerId} />
          <button type="submit" className="btn btn-small" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </fetcher.Form>
        <span id={`${formId}-status`} className="sc-inv-status" role="status">
          {failed ? (
            <span className="sc-inv-error">{Object.values(failed.fields)[0] ?? failed.message}</span>
          ) : result?.ok && !busy ? (
            <span className="sc-inv-saved">✓ Saved</span>
          ) : null}
        </span>
      </td>
    </tr>
  );
}
