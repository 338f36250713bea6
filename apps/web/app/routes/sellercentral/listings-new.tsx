import {
  CatalogMatches,
  ListingChanged,
  OFFER_FORM_FIELDS,
  type OfferFormValues,
  formFieldsOfApi,
  offerFromForm,
} from '@marketplace/domain/sellers/listing-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { EMPTY_OFFER, OfferFields } from '../../components/seller-central/listings-offer-fields.tsx';
import '../../components/seller-central/listings.css';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Amount } from '../../components/ui/price.tsx';
import { flashCookie } from '../../lib/flash.server.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';

export async function loader({ request, context, url }: LoaderArgs) {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const productParam = url.searchParams.get('product') ?? '';
  const matches = q
    ? await loadFromApi(
        context,
        request,
        `/api/seller/products/catalog?${new URLSearchParams({ q })}`,
        CatalogMatches,
      )
    : null;
  const chosen = isRecordId(productParam)
    ? (matches?.products.find((product) => product.productId === Number(productParam)) ?? null)
    : null;
  return { q, matches: matches?.products ?? [], chosen };
}

type ActionAnswer = { values: OfferFormValues; errors: Record<string, string>; message: string };

/** "Sell this product": the offer form posted for a chosen catalog product. */
export async function action({ request, context }: ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  const values = formFields(form, OFFER_FORM_FIELDS);
  const { productId } = formFields(form, ['productId']);
  const answer = (status: number, message: string, errors: Record<string, string> = {}) =>
    data<ActionAnswer>({ values, errors, message }, { status });
  if (!isRecordId(productId)) return answer(400, 'Choose a product to sell.');
  const parsed = offerFromForm(values);
  if (!parsed.ok) return answer(400, 'Check the highlighted fields.', parsed.fields);
  const result = await actionApi(context).call('POST', '/api/seller/listings', ListingChanged, {
    productId: Number(productId),
    offer: parsed.value,
  });
  if (result.ok) {
    return redirect(`/sellercentral/listings/${result.data.offerId}`, {
      headers: { 'set-cookie': flashCookie({ kind: 'success', text: result.data.message }) },
    });
  }
  if (result.kind === 'unreachable') return answer(503, 'Something went wrong. Please try again.');
  if (result.status === 401) return redirect(loginPathFor(request));
  return answer(result.status, result.message, formFieldsOfApi(result.fields));
}

export function meta() {
  return [{ title: 'Sell an existing product · Seller Central' }];
}

/** requirements#seller-listings: find a catalog product, then give the seller's own offer for it. */
export default function SellExistingProduct() {
  const { q, matches, chosen } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="sc-listings-page">
      <div className="sc-listings-head">
        <h1>Sell an existing product</h1>
        <div className="sc-listings-head-actions">
          <ButtonLink to="/sellercentral/listings" variant="secondary">
            Back to listings
          </ButtonLink>
        </div>
      </div>
      <p className="sc-listings-muted">
        Find the product in our catalog and add your offer to its page. Not in the catalog?{' '}
        <Link to="/sellercentral/listings/new-product">Add a new product</Link>.
      </p>
      {chosen ? (
        <Form method="post" className="sc-listings-form" noValidate>
          <div className="sc-listings-match">
            <img src={chosen.image} alt="" width={64} height={64} />
            <div>
              <p>
                <strong>{chosen.name}</strong>
              </p>
              <p className="sc-listings-muted">
                {chosen.brandName} · {chosen.categoryName} · {chosen.offerCount} seller
                {chosen.offerCount === 1 ? '' : 's'}
              </p>
            </div>
            <Link to={`/sellercentral/listings/new?${new URLSearchParams({ q })}`}>Choose another</Link>
          </div>
          {answer?.message && <Alert tone="error">{answer.message}</Alert>}
          <input type="hidden" name="productId" value={chosen.productId} />
          <OfferFields values={answer?.values ?? EMPTY_OFFER} errors={answer?.errors ?? {}} />
          <div className="sc-listings-form-actions">
            <Button type="submit" busy={busy}>
              Start selling
            </Button>
          </div>
        </Form>
      ) : (
        <>
          <Form method="get" className="sc-listings-search" role="search">
            <Field
              label="Product name, brand or model"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={100}
              required
            />
            <Button type="submit">Search the catalog</Button>
          </Form>
          {q && matches.length === 0 && <Alert tone="info">No catalog products match “{q}”.</Alert>}
          {matches.length > 0 && (
            <ul className="sc-listings-matches" aria-label="Catalog products">
              {matches.map((product) => (
                <li key={product.productId} className="sc-listings-match">
                  <img src={product.image} alt="" width={64} height={64} loading="lazy" />
                  <div>
                    <p>
                      <strong>{product.name}</strong>
                    </p>
                    <p className="sc-listings-muted">
                      {product.brandName} · {product.categoryName} · {product.offerCount} seller
                      {product.offerCount === 1 ? '' : 's'}
                      {product.lowestPricePaise !== null && (
                        <>
                          {' '}
                          · from <Amount paise={product.lowestPricePaise} />
                        </>
                      )}
                    </p>
                  </div>
                  {product.isSoldByYou ? (
                    <span className="sc-listings-muted">You sell this</span>
                  ) : !product.isAllowed ? (
                    <span className="sc-listings-muted">Not in your categories</span>
                  ) : (
                    <ButtonLink
                      to={`/sellercentral/listings/new?${new URLSearchParams({ q, product: String(product.productId) })}`}
                      small
                      aria-label={`Sell ${product.name}`}
                    >
                      Sell this product
                    </ButtonLink>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
