import {
  type InventorySort,
  OfferRow,
  OffersPage,
  OffersQuery,
  readPriceStockForm,
} from '@marketplace/domain/sellers/inventory-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { useRef } from 'react';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import {
  InventoryRow,
  type RowFields,
  type SaveAnswer,
} from '../../components/seller-central/inventory-row.tsx';
import { SaveAllBar, useSaveAll } from '../../components/seller-central/inventory-save-all.tsx';
import '../../components/seller-central/inventory.css';
import { Pager } from '../../components/ui/pager.tsx';
import { Table } from '../../components/ui/table.tsx';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { saveRows } from './inventory-save.server.ts';

const SORT_LABELS: Record<InventorySort, string> = {
  updated: 'Recently updated',
  sku: 'SKU',
  name: 'Product name',
  price: 'Price, low to high',
  stock: 'Stock, low to high',
};

/** requirements#seller-bulk-inventory: the table's filters live in the URL, so links and Back work. */
export async function loader({ request, context }: LoaderArgs) {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  for (const name of ['q', 'status', 'lowStock', 'sort', 'page']) {
    const value = url.searchParams.get(name);
    if (value) params.set(name, value);
  }
  const checked = OffersQuery.safeParse(Object.fromEntries(params));
  // a hand-typed bad filter shows the whole table rather than an error page
  const query = checked.success ? params.toString() : '';
  const page = await loadFromApi(
    context,
    request,
    `/api/seller/offers${query ? `?${query}` : ''}`,
    OffersPage,
  );
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!page) throw data('Your offers could not be loaded.', { status: 404 });
  return { page, filters: checked.success ? checked.data : OffersQuery.parse({}) };
}

/**
 * The table's saves: Save all and a row's Save post the table's one form (saveRows); a single row
 * posted as offerId, price, mrp and stock (an older page's form) is saved as before.
 */
export async function action(args: ActionArgs) {
  const { request, context } = args;
  const form = (await readForm(request)) ?? new FormData();
  if (!form.has('offerId')) return saveRows(args, form);
  const fields = formFields(form, ['offerId', 'price', 'mrp', 'stock']);
  const offerId = isRecordId(fields.offerId) ? Number(fields.offerId) : 0;
  const values = { price: fields.price, mrp: fields.mrp, stock: fields.stock };
  const refuse = (message: string, found: RowFields, status: number) =>
    data<SaveAnswer>(
      {
        kind: 'save',
        all: false,
        saved: [],
        refused: { [offerId]: { message, fields: found, values } },
        message: offerId ? null : message,
      },
      { status },
    );
  if (!offerId) return refuse('Choose an offer to save.', {}, 400);
  const read = readPriceStockForm(values);
  if (!read.ok) return refuse(Object.values(read.fields)[0] ?? 'Check the values.', read.fields, 400);
  const api = actionApi(context);
  const result = await api.call('PATCH', `/api/seller/offers/${offerId}`, OfferRow, read.input);
  if (result.ok) {
    return data<SaveAnswer>(
      { kind: 'save', all: false, saved: [offerId], refused: {}, message: null },
      { headers: api.headers },
    );
  }
  if (result.kind === 'unreachable') return refuse('Not saved: please try again.', {}, 503);
  if (result.status === 401) return redirect(loginPathFor(request));
  const byField = {
    price: result.fields.salePricePaise,
    mrp: result.fields.mrpPaise,
    stock: result.fields.stock,
  };
  const known = Object.fromEntries(Object.entries(byField).filter(([, v]) => v !== undefined));
  return refuse(result.message, known, result.status);
}

export function meta() {
  return [{ title: 'Inventory · Seller Central' }, { name: 'robots', content: 'noindex' }];
}

/** /sellercentral/inventory: every open offer with price, M.R.P. and stock edited in place. */
export default function Inventory() {
  const { page, filters } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const { edited, recount, onSubmit } = useSaveAll(formRef, page);
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save-all';
  const onPage = new Set(page.offers.map((offer) => String(offer.offerId)));
  const notShown = Object.entries(answer?.refused ?? {})
    .filter(([id]) => !onPage.has(id))
    .map(([id, refusal]) => `Offer ${id}: ${refusal.message}`);
  const filtered = Boolean(filters.q || filters.status || filters.lowStock);
  return (
    <div className="sc-inv">
      <div className="sc-inv-head">
        <h1>Inventory</h1>
        <div className="sc-inv-actions">
          <a className="btn-secondary btn-small" href="/api/seller/offers.csv" download>
            Download CSV
          </a>
          <Link className="btn btn-small" to="/sellercentral/inventory/upload">
            Upload CSV
          </Link>
        </div>
      </div>
      <Form method="get" className="sc-inv-filters" role="search" aria-label="Filter offers">
        <label className="sc-inv-filter sc-inv-search">
          <span>Search</span>
          <input
            type="search"
            name="q"
            defaultValue={filters.q ?? ''}
            placeholder="Product name or SKU"
            maxLength={100}
          />
        </label>
        <label className="sc-inv-filter">
          <span>Status</span>
          <select name="status" defaultValue={filters.status ?? ''}>
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="paused">Paused</option>
          </select>
        </label>
        <label className="sc-inv-filter">
          <span>Sort by</span>
          <select name="sort" defaultValue={filters.sort}>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="sc-inv-check">
          <input type="checkbox" name="lowStock" value="1" defaultChecked={filters.lowStock} />
          <span>Low stock (≤ 5)</span>
        </label>
        <button type="submit" className="btn btn-small">
          Apply
        </button>
        {filtered && (
          <Link to="/sellercentral/inventory" className="sc-inv-clear">
            Clear
          </Link>
        )}
      </Form>
      <p className="sc-inv-count">
        {page.moreThanTotal
          ? `More than ${page.total.toLocaleString('en-IN')} offers match: add to your search to narrow it`
          : `${page.total.toLocaleString('en-IN')} ${page.total === 1 ? 'offer' : 'offers'}`}
        {page.lowStockCount > 0 && !filters.lowStock && (
          <>
            {' · '}
            <Link to="/sellercentral/inventory?lowStock=1">
              {page.lowStockCount.toLocaleString('en-IN')} low on stock
            </Link>
          </>
        )}
      </p>
      {page.offers.length === 0 ? (
        <div className="sc-inv-empty">
          <p>{filtered ? 'No offers match these filters.' : 'You have no listings yet.'}</p>
        </div>
      ) : (
        <Form
          method="post"
          ref={formRef}
          className="sc-inv-table-form"
          aria-label="Your offers’ prices and stock"
          noValidate
          onSubmit={onSubmit}
          onInput={recount}
        >
          <SaveAllBar edited={edited} busy={saving} answer={answer} notShown={notShown} />
          <Table
            label="Your offers"
            className="sc-inv-table"
            stacked
            head={
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col" className="ui-num">
                  Price
                </th>
                <th scope="col" className="ui-num">
                  M.R.P.
                </th>
                <th scope="col" className="ui-num">
                  Stock
                </th>
                <th scope="col">Status</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="sr-only">Save</span>
                </th>
              </tr>
            }
          >
            {page.offers.map((offer) => (
              <InventoryRow key={offer.offerId} offer={offer} pageAnswer={answer} />
            ))}
          </Table>
        </Form>
      )}
      <Pager page={page.page} pages={page.pages} />
    </div>
  );
}
