import {
  CONTENT_FIELD_LABELS,
  CONTENT_FORM_FIELDS,
  type ContentFormValues,
  contentFromForm,
  contentProblems,
  contentToForm,
  formFieldsOfApi,
  LISTING_MESSAGES,
  ListingChanged,
  OFFER_FORM_FIELDS,
  type OfferFormValues,
  offerFromForm,
  offerProblems,
  offerToForm,
  SellerListingDetail,
} from '@marketplace/domain/sellers/listing-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { ContentFields } from '../../components/seller-central/listings-content-fields.tsx';
import { hsnCodeOfForm } from '../../components/seller-central/listings-hsn-picker.tsx';
import { OfferFields } from '../../components/seller-central/listings-offer-fields.tsx';
import { ListingStatusBadge } from '../../components/seller-central/listings-status.tsx';
import '../../components/seller-central/listings.css';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Choice } from '../../components/ui/field.tsx';
import { flashCookie, takeFlash } from '../../lib/flash.server.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { formatIndianDate } from '@marketplace/domain/text/dates';

export async function loader({ request, context, params }: LoaderArgs) {
  const id = params.offerId ?? '';
  const detail = isRecordId(id)
    ? await loadFromApi(context, request, `/api/seller/listings/${id}`, SellerListingDetail)
    : null;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!detail) throw data('No such listing.', { status: 404 });
  const { flash, headers } = takeFlash(request);
  return data({ detail, flash }, { headers });
}

type ActionAnswer = {
  offer: OfferFormValues;
  content: ContentFormValues | null;
  errors: Record<string, string>;
  message: string;
};

/** Saves the offer (and the seller's own product's content), or closes the listing for good. */
export async function action({ request, context, params }: ActionArgs) {
  const id = params.offerId ?? '';
  const form = (await readForm(request)) ?? new FormData();
  const offerValues = formFields(form, OFFER_FORM_FIELDS);
  const hasContent = form.has('title');
  // requirements#gst-tax: the HSN code picked from the schedule, or typed before the page's scripts
  const contentValues = hasContent
    ? { ...formFields(form, CONTENT_FORM_FIELDS), hsnCode: hsnCodeOfForm(form) }
    : null;
  const answer = (status: number, message: string, errors: Record<string, string> = {}) =>
    data<ActionAnswer>({ offer: offerValues, content: contentValues, errors, message }, { status });
  if (!isRecordId(id)) return answer(404, 'No such listing.');
  const api = actionApi(context);
  const back = (text: string, kind: 'success' | 'error' = 'success') =>
    redirect(`/sellercentral/listings/${id}`, { headers: { 'set-cookie': flashCookie({ kind, text }) } });

  if (formFields(form, ['intent']).intent === 'close') {
    if (form.get('confirmClose') !== 'on')
      return answer(400, 'Tick the box to confirm that closing is final.');
    const closed = await api.call('POST', `/api/seller/listings/${id}/close`, ListingChanged);
    if (closed.ok) return back(closed.data.message);
    if (closed.kind === 'refused' && closed.status === 401) return redirect(loginPathFor(request));
    return answer(
      closed.kind === 'refused' ? closed.status : 503,
      closed.kind === 'refused' ? closed.message : 'Something went wrong. Please try again.',
    );
  }

  // the attributes stay as they are: the edit form shows them, moderation checks them
  const current = await loadFromApi(context, request, `/api/seller/listings/${id}`, SellerListingDetail);
  if (!current) return answer(404, 'No such listing.');
  const offer = offerFromForm(offerValues);
  const content =
    contentValues && current.product.content
      ? contentFromForm(contentValues, current.product.content.attributes)
      : null;
  const errors = { ...(offer.ok ? {} : offer.fields), ...(content && !content.ok ? content.fields : {}) };
  if (!offer.ok || (content && !content.ok)) return answer(400, 'Check the highlighted fields.', errors);
  const result = await api.call('PUT', `/api/seller/listings/${id}`, ListingChanged, {
    offer: offer.value,
    ...(content?.ok ? { content: content.value } : {}),
  });
  if (result.ok) return back(result.data.message);
  if (result.kind === 'unreachable') return answer(503, 'Something went wrong. Please try again.');
  if (result.status === 401) return redirect(loginPathFor(request));
  return answer(result.status, result.message, formFieldsOfApi(result.fields));
}

/** A day as every page writes it: Sat, 28 Nov 2026. */
const formatDay = formatIndianDate;

export function meta() {
  return [{ title: 'Edit listing · Seller Central' }];
}

/** requirements#seller-listings: one listing: its offer, and for the seller's own product its content. */
export default function EditListing() {
  const { detail, flash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const { listing, product } = detail;
  const isClosed = listing.status === 'closed';
  const ownContent = product.content;
  // requirements#seller-listings: details stored under older rules are shown, marked to correct
  const problems = isClosed
    ? {}
    : { ...offerProblems(detail.offer), ...(ownContent ? contentProblems(ownContent) : {}) };
  const errors = answer?.errors ?? problems;
  return (
    <div className="sc-listings-page">
      <div className="sc-listings-head">
        <h1>Edit listing</h1>
        <div className="sc-listings-head-actions">
          <ButtonLink to="/sellercentral/listings" variant="secondary">
            Back to listings
          </ButtonLink>
        </div>
      </div>
      {flash && <Alert tone={flash.kind === 'success' ? 'success' : 'error'}>{flash.text}</Alert>}
      <div className="sc-listings-match">
        <img src={listing.productImage} alt="" width={64} height={64} />
        <div>
          <p>
            <strong>{listing.productName}</strong>
          </p>
          <p className="sc-listings-muted">
            {product.brandName} · {product.categoryPath} · SKU {listing.sku}
          </p>
          {listing.moderationReason && (
            <p className="sc-listings-muted">Rejected: {listing.moderationReason}</p>
          )}
        </div>
        <div>
          <ListingStatusBadge status={listing.status} />{' '}
          {listing.status === 'live' && <Link to={listing.productUrl}>View in the shop</Link>}
        </div>
      </div>
      {isClosed ? (
        <Alert tone="info">This listing is closed. It never sells again.</Alert>
      ) : (
        <>
          <Form method="post" className="sc-listings-form" noValidate>
            {answer?.message && <Alert tone="error">{answer.message}</Alert>}
            {!answer && <ProblemList problems={problems} />}
            {ownContent && (
              <>
                {product.moderationStatus === 'approved' && (
                  <Alert tone="warning">
                    You added this product: changes to its details wait for moderation, and shoppers see the
                    approved details until they are approved. Changes to your offer are live at once.
                  </Alert>
                )}
                {product.revision?.status === 'pending' && (
                  <Alert tone="info">
                    Your edit of {formatDay(product.revision.submittedAt)} waits for moderation. The form
                    shows it; saving again replaces it.
                  </Alert>
                )}
                {product.revision?.status === 'rejected' && product.revision.reason && (
                  <Alert tone="error">Your last edit was not approved: {product.revision.reason}</Alert>
                )}
                <div className="sc-listings-gallery" aria-label="Product images">
                  {product.images.map((image) => (
                    <img key={image} src={image} alt="" width={96} height={96} />
                  ))}
                </div>
                <ContentFields
                  values={answer?.content ?? contentToForm(ownContent)}
                  errors={errors}
                  rateToday={answer ? null : product.gstToday}
                />
              </>
            )}
            <OfferFields values={answer?.offer ?? offerToForm(detail.offer)} errors={errors} />
            <div className="sc-listings-form-actions">
              <Button type="submit" busy={busy}>
                Save changes
              </Button>
            </div>
          </Form>
          <Form method="post" className="sc-listings-fieldset">
            <h2 className="sc-listings-close-title">Close this listing</h2>
            <p className="sc-listings-muted">
              Closing is final: the offer leaves the shop and never sells again. To stop for a while, pause
              it.
            </p>
            <Choice label="I understand that closing is final" name="confirmClose" />
            <div className="sc-listings-form-actions">
              <Button type="submit" name="intent" value="close" variant="secondary" busy={busy}>
                Close listing
              </Button>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}

const OFFER_FIELD_LABELS: Record<(typeof OFFER_FORM_FIELDS)[number], string> = {
  sku: 'SKU',
  price: 'Selling price',
  mrp: 'M.R.P.',
  stock: 'Stock',
  maxPerOrder: 'Maximum per order',
  dispatchDays: 'Dispatch days',
  warranty: 'Warranty',
  parcelType: 'Parcel type',
  weightGrams: 'Packed weight',
  lengthCm: 'Length',
  widthCm: 'Width',
  heightCm: 'Height',
  codAllowed: 'Cash on Delivery',
};
const FIELD_LABELS: Record<string, string> = { ...CONTENT_FIELD_LABELS, ...OFFER_FIELD_LABELS };

/** The stored details today's rules refuse, each with what to do, above the form that corrects them. */
function ProblemList({ problems }: { problems: Record<string, string> }) {
  const entries = Object.entries(problems);
  if (entries.length === 0) return null;
  return (
    <Alert tone="warning" title="Correct these details before saving">
      <p>{LISTING_MESSAGES.fixFirst}</p>
      <ul className="sc-listings-problems">
        {entries.map(([field, message]) => (
          <li key={field}>
            <strong>{FIELD_LABELS[field] ?? 'Filter attributes'}</strong>: {message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
