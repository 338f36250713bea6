import { type OfferRow, LOW_STOCK_LIMIT } from '@marketplace/domain/sellers/inventory-api';
import { shownText, rowFieldName, type RowText } from '@marketplace/domain/sellers/inventory-bulk';
import { type MouseEvent, useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import { Badge } from '../ui/table.tsx';

export type RowFields = Partial<Record<'price' | 'mrp' | 'stock', string>>;

/** A row a save refused: why, by field where a field is wrong, and what the seller typed. */
export type RowRefusal = { message: string; fields: RowFields; values: RowText };

/** What the inventory page's action answers for a save (requirements#seller-bulk-inventory). */
export type SaveAnswer = {
  kind: 'save';
  /** Save all (a summary shows) rather than one row's Save */
  all: boolean;
  saved: number[];
  refused: Record<string, RowRefusal>;
  /** a message for the whole form: nothing edited, too many rows, or the save did not happen */
  message: string | null;
};

/** One row's part of a save. */
export type RowAnswer = { offerId: number; ok: true } | ({ offerId: number; ok: false } & RowRefusal);

export function rowAnswer(save: SaveAnswer | undefined, offerId: number): RowAnswer | undefined {
  if (!save) return undefined;
  const refused = save.refused[offerId];
  if (refused) return { offerId, ok: false, ...refused };
  return save.saved.includes(offerId) ? { offerId, ok: true } : undefined;
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/**
 * One offer as a row of the table, whose price, M.R.P. and stock belong to the page's one form:
 * "Save all" posts them with the other rows, the row's Save posts this row (in place with
 * scripts, a fetcher per row; as a whole page without). Each row sends back the version it shows,
 * so a row changed since (an order took stock) is refused rather than overwritten.
 * On a phone the row is a card (the table is stacked): the same cells, so the same form.
 */
export function InventoryRow({ offer, pageAnswer }: { offer: OfferRow; pageAnswer: SaveAnswer | undefined }) {
  const fetcher = useFetcher<SaveAnswer>({ key: `offer-${offer.offerId}` });
  // a later Save all speaks for the row: the row's own last answer gives way
  useEffect(() => {
    if (pageAnswer && fetcher.state === 'idle' && fetcher.data) fetcher.reset();
  }, [pageAnswer]);
  const result = rowAnswer(fetcher.data ?? pageAnswer, offer.offerId);
  const busy = fetcher.state !== 'idle';
  const rowId = `offer-${offer.offerId}`;
  const failed = result && !result.ok ? result : null;
  const typed = failed?.values;
  const shown = shownText(offer).split('|');
  const input = (name: 'price' | 'mrp' | 'stock', value: string, label: string) => (
    <input
      // a saved (or since changed) row comes back with a new version: its inputs start again
      key={offer.version}
      name={rowFieldName(name, offer.offerId)}
      defaultValue={typed?.[name] ?? value}
      data-shown={value}
      inputMode={name === 'stock' ? 'numeric' : 'decimal'}
      className={`sc-inv-input${failed?.fields[name] ? ' is-invalid' : ''}${typed && typed[name] !== value ? ' is-edited' : ''}`}
      aria-label={`${label} of ${offer.sku}`}
      aria-invalid={failed?.fields[name] ? true : undefined}
      aria-describedby={failed ? `${rowId}-status` : undefined}
      required
      maxLength={14}
    />
  );
  /** With scripts, the row's Save posts only this row, in place. */
  const saveRow = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    const all = new FormData(form);
    const body = new FormData();
    body.set('saveRow', String(offer.offerId));
    for (const field of ['price', 'mrp', 'stock', 'version', 'shown'] as const) {
      const name = rowFieldName(field, offer.offerId);
      const value = all.get(name);
      body.set(name, typeof value === 'string' ? value : '');
    }
    void fetcher.submit(body, { method: 'post' });
  };
  const low = offer.stock <= LOW_STOCK_LIMIT;
  return (
    <tr className={failed ? 'sc-inv-row has-error' : 'sc-inv-row'} id={rowId}>
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
        {input('price', shown[0] ?? '', 'Price')}
      </td>
      <td className="ui-num sc-inv-mrp" data-label="M.R.P.">
        <span className="sc-inv-rupee" aria-hidden="true">
          ₹
        </span>
        {input('mrp', shown[1] ?? '', 'M.R.P.')}
      </td>
      <td className="ui-num sc-inv-stock" data-label="Stock">
        {input('stock', shown[2] ?? '', 'Stock')}
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
        <input type="hidden" name={rowFieldName('version', offer.offerId)} value={offer.version} />
        <input type="hidden" name={rowFieldName('shown', offer.offerId)} value={shownText(offer)} />
        <button
          type="submit"
          name="saveRow"
          value={offer.offerId}
          className="btn btn-small"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={saveRow}
        >
          {busy ? 'Saving…' : 'Save'}
        </button>
        <span id={`${rowId}-status`} className="sc-inv-status" role="status">
          {failed ? (
            <span className="sc-inv-error">{failed.message}</span>
          ) : result?.ok && !busy ? (
            <span className="sc-inv-saved">✓ Saved</span>
          ) : null}
        </span>
      </td>
    </tr>
  );
}
