import { ListingChanged, SellerListingsPage } from '@marketplace/domain/sellers/listing-api';
import { data, Form, Link, redirect, useLoaderData, useNavigation } from 'react-router';
import { ListingStatusBadge } from '../../components/seller-central/listings-status.tsx';
import '../../components/seller-central/listings.css';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Amount } from '../../components/ui/price.tsx';
import { Table } from '../../components/ui/table.tsx';
import { flashCookie, takeFlash } from '../../lib/flash.server.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';

const CHANGES = ['pause', 'resume', 'close'] as const;

export async function loader({ request, context, url }: LoaderArgs) {
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  const page = url.searchParams.get('page') ?? '1';
  const params = new URLSearchParams({ q, page: /^\d{1,6}$/.test(page) ? page : '1' });
  const list = await loadFromApi(context, request, `/api/seller/listings?${params}`, SellerListingsPage);
  const { flash, headers } = takeFlash(request);
  return data({ list, flash }, { headers });
}

/** Pause, resume or close one listing (each row's small forms), then back to the same page of the table. */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, offerId, back } = formFields(form ?? new FormData(), ['intent', 'offerId', 'back']);
  const change = CHANGES.find((value) => value === intent);
  const target = back.startsWith('/sellercentral/listings') ? back : '/sellercentral/listings';
  if (!change || !isRecordId(offerId))
    return data({ error: 'Choose a listing and an action.' }, { status: 400 });
  const result = await actionApi(context).call(
    'POST',
    `/api/seller/listings/${offerId}/${change}`,
    ListingChanged,
  );
  if (!result.ok && result.kind === 'refused' && result.status === 401)
    return redirect(loginPathFor(request));
  const flash = result.ok
    ? ({ kind: 'success', text: result.data.message } as const)
    : ({
        kind: 'error',
        text: result.kind === 'refused' ? result.message : 'Something went wrong. Please try again.',
      } as const);
  return redirect(target, { headers: { 'set-cookie': flashCookie(flash) } });
}

export function meta() {
  return [{ title: 'Listings · Seller Central' }];
}

/** requirements#seller-listings: the seller's listings with their state and lifecycle actions. */
export default function Listings() {
  const { list, flash } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const q = list?.q ?? '';
  const back = `/sellercentral/listings${list && (q || list.page > 1) ? `?${new URLSearchParams({ ...(q ? { q } : {}), ...(list.page > 1 ? { page: String(list.page) } : {}) })}` : ''}`;
  return (
    <div className="sc-listings-page">
      <div className="sc-listings-head">
        <h1>Listings{list ? ` (${list.total.toLocaleString('en-IN')})` : ''}</h1>
        <div className="sc-listings-head-actions">
          <ButtonLink to="/sellercentral/listings/new" small>
            Sell an existing product
          </ButtonLink>
          <ButtonLink to="/sellercentral/listings/new-product" variant="secondary" small>
            Add a new product
          </ButtonLink>
        </div>
      </div>
      {flash && <Alert tone={flash.kind === 'success' ? 'success' : 'error'}>{flash.text}</Alert>}
      <Form method="get" className="sc-listings-search" role="search">
        <Field
          label="Search by product name or SKU"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {!list || list.listings.length === 0 ? (
        <Alert tone="info">
          {q
            ? `No listings match “${q}”.`
            : 'You have no listings yet. Sell an existing product or add a new one.'}
        </Alert>
      ) : (
        <Table
          label="Your listings"
          className="sc-listings-table"
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
              <th scope="col">Actions</th>
            </tr>
          }
        >
          {list.listings.map((listing) => (
            <tr key={listing.offerId}>
              <td className="ui-cell-wide">
                <div className="sc-listings-product">
                  <img src={listing.productImage} alt="" width={48} height={48} loading="lazy" />
                  <Link to={`/sellercentral/listings/${listing.offerId}`}>{listing.productName}</Link>
                </div>
              </td>
              <td className="sc-listings-sku" data-label="SKU">
                {listing.sku}
              </td>
              <td className="ui-num" data-label="Price">
                <Amount paise={listing.salePricePaise} />
              </td>
              <td className="ui-num" data-label="M.R.P.">
                <Amount paise={listing.mrpPaise} />
              </td>
              <td className="ui-num" data-label="Stock">
                {listing.stock.toLocaleString('en-IN')}
              </td>
              <td data-label="Status">
                <ListingStatusBadge status={listing.status} />
                {listing.moderationReason && (
                  <span className="sc-listings-reason">{listing.moderationReason}</span>
                )}
              </td>
              <td className="sc-listings-actions-cell">
                <div className="sc-listings-actions">
                  <ButtonLink to={`/sellercentral/listings/${listing.offerId}`} variant="secondary" small>
                    Edit
                  </ButtonLink>
                  <Form method="post">
                    <input type="hidden" name="offerId" value={listing.offerId} />
                    <input type="hidden" name="back" value={back} />
                    {listing.status === 'paused' ? (
                      <Button
                        type="submit"
                        name="intent"
                        value="resume"
                        variant="secondary"
                        small
                        busy={busy}
                        aria-label={`Resume ${listing.sku}`}
                      >
                        Resume
                      </Button>
                    ) : (
                      <Button
                        type="submit"
                        name="intent"
                        value="pause"
                        variant="secondary"
                        small
                        busy={busy}
                        aria-label={`Pause ${listing.sku}`}
                      >
                        Pause
                      </Button>
                    )}
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {list && <Pager page={list.page} pages={list.pages} />}
    </div>
  );
}
