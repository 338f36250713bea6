import {
  MERGE_MOVES,
  MergeDone,
  MergePreview,
  MODERATION_LIMITS,
  type ProductSummary,
  ProductSearchResults,
} from '@marketplace/domain/admin/moderation-api';
import { pickerSource } from '@marketplace/domain/admin/pickers-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { type Picked, Picker } from '../../components/ui/picker.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { flashCookie, takeFlash } from '../../lib/flash.server.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import { type PickerField, readPickers } from '../../lib/pickers.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import './moderation.css';
import { loadConsole, unshown } from './console-api.server.ts';

// requirements#console-pickers: the two products are chosen in product pickers
const PICKERS: readonly PickerField[] = [
  { name: 'keep', kind: 'products' },
  { name: 'duplicate', kind: 'products' },
];

/**
 * The two products from their pickers: an id chosen (or linked from the search's table), else the
 * name or id typed before the scripts ran, which must name one product.
 */
async function readPair(args: LoaderArgs) {
  const params = args.url.searchParams;
  const form = new FormData();
  for (const [name, value] of params) form.append(name, value);
  const picks = await readPickers(args.context, form, PICKERS);
  for (const { name } of PICKERS) {
    const id = params.get(name)?.trim() ?? '';
    // a link from the search's table carries the id alone
    if (!params.has(`${name}Text`) && isRecordId(id)) picks.ids[name] = id;
  }
  return picks;
}

/** The search, the two products and (once both are given) the preview of what the merge moves. */
export async function loader(args: LoaderArgs) {
  const q = args.url.searchParams.get('q')?.trim() ?? '';
  const picks = await readPair(args);
  const keep = picks.ids.keep ?? '';
  const duplicate = picks.ids.duplicate ?? '';
  const { flash, headers } = takeFlash(args.request);
  let results: ProductSummary[] | null = null;
  let error: string | null = null;
  const fields = picks.fields;
  if (q) {
    const found = await requestApi(
      args.context.api,
      'GET',
      `/api/admin/catalog/products?${new URLSearchParams({ q }).toString()}`,
      ProductSearchResults,
    );
    if (found.ok) results = found.data.products;
    else if (found.kind === 'refused' && found.status === 400) error = found.message;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router shows a thrown answer
    else throw unshown(found, args.request);
  }
  let preview: MergePreview | null = null;
  if (Object.keys(fields).length > 0) error = 'Please correct the fields marked below.';
  else if (keep || duplicate) {
    if (!isRecordId(keep) || !isRecordId(duplicate))
      error = 'Choose both products: the one to keep and its duplicate.';
    else {
      preview = await loadConsole(
        args,
        `/api/admin/catalog/merge?${new URLSearchParams({ keep, duplicate }).toString()}`,
        MergePreview,
      );
      if (!preview) error = 'No such product. Choose it again.';
    }
  }
  // the pickers show the products by name once the preview has them
  const shown: Record<string, Picked> = {
    keep: preview ? { id: String(preview.keep.id), label: preview.keep.name } : (picks.shown.keep ?? EMPTY),
    duplicate: preview
      ? { id: String(preview.duplicate.id), label: preview.duplicate.name }
      : (picks.shown.duplicate ?? EMPTY),
  };
  return data({ q, keep, duplicate, results, preview, error, fields, shown, flash }, { headers });
}

/** requirements#operator-catalog: the merge itself, posted from the preview (with scripts or without). */
export async function action({ request, context }: ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  const { keepId, duplicateId } = formFields(form, ['keepId', 'duplicateId']);
  if (!isRecordId(keepId) || !isRecordId(duplicateId))
    return data({ message: 'Enter both product ids: the one to keep and its duplicate.' }, { status: 400 });
  const result = await actionApi(context).call('POST', '/api/admin/catalog/merge', MergeDone, {
    keepId: Number(keepId),
    duplicateId: Number(duplicateId),
  });
  if (result.ok)
    return redirect(`/admin/catalog/merge?q=${encodeURIComponent(String(result.data.keepId))}`, {
      headers: { 'set-cookie': flashCookie({ kind: 'success', text: result.data.message }) },
    });
  if (result.kind === 'unreachable')
    return data({ message: 'Something went wrong. Please try again.' }, { status: 503 });
  if (result.status === 401) return redirect(loginPathFor(request));
  return data({ message: result.message }, { status: result.status });
}

export function meta() {
  return [{ title: 'Merge products · Console' }];
}

function statusOf(product: ProductSummary) {
  if (product.mergedIntoId !== null) return <Badge tone="neutral">Merged into {product.mergedIntoId}</Badge>;
  if (product.isActive) return <Badge tone="success">Live</Badge>;
  if (product.moderationStatus === 'pending') return <Badge tone="warning">Waiting for moderation</Badge>;
  if (product.moderationStatus === 'rejected') return <Badge tone="danger">Rejected</Badge>;
  return <Badge tone="neutral">Off sale</Badge>;
}

function ProductCard({ title, product }: { title: string; product: ProductSummary }) {
  return (
    <div className="admin-mod-merge-card">
      <h3>{title}</h3>
      <img src={product.image} alt="" width={96} height={96} />
      <p>
        <strong>{product.name}</strong> <span className="admin-mod-muted">#{product.id}</span>
      </p>
      <p>
        {product.brandName} · {statusOf(product)}
      </p>
      <p className="admin-mod-muted">
        {product.offerCount === 1 ? '1 open offer' : `${product.offerCount} open offers`} ·{' '}
        {product.ratingCount === 1 ? '1 rating' : `${product.ratingCount} ratings`}
      </p>
      {product.isActive && <Link to={product.url}>View in the shop</Link>}
    </div>
  );
}

const EMPTY: Picked = { id: '', label: '' };

export default function CatalogMerge() {
  const { q, keep, duplicate, results, preview, error, fields, shown, flash } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="admin-mod">
      <div className="admin-mod-head">
        <h1>Merge duplicate products</h1>
        <ButtonLink to="/admin/catalog" variant="secondary">
          Back to the queue
        </ButtonLink>
      </div>
      {flash && <Alert tone={flash.kind === 'success' ? 'success' : 'error'}>{flash.text}</Alert>}
      {answer?.message && <Alert tone="error">{answer.message}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <p className="admin-mod-muted">
        The duplicate’s offers, reviews, ratings, saved and viewed entries, order items and promotions move to
        the product kept; the duplicate leaves the shop and its address leads to the product kept.
      </p>
      <Form method="get" className="admin-mod-find" aria-label="Find products">
        <Field
          label="Find a product by name or id"
          name="q"
          defaultValue={q}
          maxLength={MODERATION_LIMITS.searchMax}
        />
        <input type="hidden" name="keep" value={keep} />
        <input type="hidden" name="duplicate" value={duplicate} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {results && (
        <Table
          label="Products found"
          stacked
          head={
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Product</th>
              <th scope="col">Status</th>
              <th scope="col">Offers</th>
              <th scope="col">Ratings</th>
              <th scope="col">Choose</th>
            </tr>
          }
        >
          {results.length === 0 ? (
            <tr>
              <td colSpan={6}>No product matches “{q}”.</td>
            </tr>
          ) : (
            results.map((product) => (
              <tr key={product.id}>
                <td data-label="Id">{product.id}</td>
                <td data-label="Product">{product.name}</td>
                <td data-label="Status">{statusOf(product)}</td>
                <td data-label="Offers">{product.offerCount}</td>
                <td data-label="Ratings">{product.ratingCount}</td>
                <td data-label="Choose">
                  <span className="admin-mod-choose">
                    <Link
                      to={`?${new URLSearchParams({ q, keep: String(product.id), duplicate }).toString()}`}
                    >
                      Keep this
                    </Link>
                    <Link
                      to={`?${new URLSearchParams({ q, keep, duplicate: String(product.id) }).toString()}`}
                    >
                      Duplicate
                    </Link>
                  </span>
                </td>
              </tr>
            ))
          )}
        </Table>
      )}
      <Form method="get" className="admin-mod-find admin-mod-pair" aria-label="Choose the two products">
        <input type="hidden" name="q" value={q} />
        {/* keyed by the chosen ids: a link from the table above shows its product in the picker */}
        <Picker
          key={`keep-${keep}`}
          label="Product to keep"
          name="keep"
          source={pickerSource('products')}
          defaultValue={shown.keep}
          error={fields.keep}
          hint="Type part of its name, or its id, and choose it from the list."
        />
        <Picker
          key={`duplicate-${duplicate}`}
          label="Duplicate"
          name="duplicate"
          source={pickerSource('products')}
          defaultValue={shown.duplicate}
          error={fields.duplicate}
          hint="The product that leaves the shop."
        />
        <Button type="submit" variant="secondary">
          Preview the merge
        </Button>
      </Form>
      {preview && (
        <section className="admin-mod-section" aria-labelledby="preview-title">
          <h2 id="preview-title">What the merge does</h2>
          <div className="admin-mod-merge-pair">
            <ProductCard title="Duplicate (leaves the shop)" product={preview.duplicate} />
            <span className="admin-mod-merge-arrow" aria-hidden="true">
              →
            </span>
            <ProductCard title="Product kept" product={preview.keep} />
          </div>
          <Table
            label="What moves to the product kept"
            head={
              <tr>
                <th scope="col">What</th>
                <th scope="col">Moves</th>
              </tr>
            }
          >
            {MERGE_MOVES.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>{preview.moves[key]}</td>
              </tr>
            ))}
          </Table>
          {preview.conflicts.length > 0 && (
            <ul aria-label="Sellers selling both">
              {preview.conflicts.map((conflict) => (
                <li key={conflict.duplicateSku}>
                  {conflict.sellerName}: SKU {conflict.keepSku} on the product kept, SKU{' '}
                  {conflict.duplicateSku} on the duplicate
                </li>
              ))}
            </ul>
          )}
          {preview.refusal ? (
            <Alert tone="warning">{preview.refusal}</Alert>
          ) : (
            <Form method="post" aria-label="Merge">
              <input type="hidden" name="keepId" value={preview.keep.id} />
              <input type="hidden" name="duplicateId" value={preview.duplicate.id} />
              <Button type="submit" busy={busy}>
                Merge “{preview.duplicate.name}” into “{preview.keep.name}”
              </Button>
            </Form>
          )}
        </section>
      )}
    </div>
  );
}
