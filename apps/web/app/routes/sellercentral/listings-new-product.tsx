import {
  CONTENT_FORM_FIELDS,
  type ContentFormValues,
  contentFromForm,
  formFieldsOfApi,
  LISTING_LIMITS,
  LISTING_MESSAGES,
  OFFER_FORM_FIELDS,
  type OfferFormValues,
  offerFromForm,
  ProductCreated,
  ProductFormOptions,
  ProductImageUploaded,
} from '@marketplace/domain/sellers/listing-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { ContentFields, EMPTY_CONTENT } from '../../components/seller-central/listings-content-fields.tsx';
import { hsnCodeOfForm } from '../../components/seller-central/listings-hsn-picker.tsx';
import { EMPTY_OFFER, OfferFields } from '../../components/seller-central/listings-offer-fields.tsx';
import '../../components/seller-central/listings.css';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field, FieldError, SelectField } from '../../components/ui/field.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { flashCookie } from '../../lib/flash.server.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { postedFiles } from '../../lib/upload-photos.server.ts';

export async function loader({ request, context, url }: LoaderArgs) {
  const category = url.searchParams.get('category') ?? '';
  const categoryId = isRecordId(category) ? Number(category) : null;
  const query = categoryId === null ? '' : `?categoryId=${categoryId}`;
  const options = await loadFromApi(
    context,
    request,
    `/api/seller/products/form-options${query}`,
    ProductFormOptions,
  );
  const chosen = options?.categories.find((leaf) => leaf.id === categoryId) ?? null;
  return { options, chosen };
}

const EXTRA_FIELDS = [
  'categoryId',
  'brandId',
  'variantMode',
  'variantLabel',
  'variantValue',
  'groupId',
] as const;
type Values = OfferFormValues &
  ContentFormValues &
  Record<(typeof EXTRA_FIELDS)[number], string> & { attributes: Record<string, string> };
type ActionAnswer = { values: Values; errors: Record<string, string>; message: string };

/** The posted form: images go to the image endpoint one by one, then the product with its offer is created. */
export async function action({ request, context }: ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  const attributes: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith('attr:') && typeof value === 'string' && value !== '')
      attributes[key.slice(5, 65)] = value;
  }
  const values: Values = {
    ...formFields(form, OFFER_FORM_FIELDS),
    ...formFields(form, CONTENT_FORM_FIELDS),
    ...formFields(form, EXTRA_FIELDS),
    // requirements#gst-tax: the code picked from the schedule, or typed before the page's scripts
    hsnCode: hsnCodeOfForm(form),
    attributes,
  };
  const answer = (status: number, message: string, errors: Record<string, string> = {}) =>
    data<ActionAnswer>({ values, errors, message }, { status });
  const offer = offerFromForm(values);
  const content = contentFromForm(
    values,
    Object.entries(attributes).map(([name, value]) => ({ name, value })),
  );
  const errors = { ...(offer.ok ? {} : offer.fields), ...(content.ok ? {} : content.fields) };
  if (!isRecordId(values.brandId)) errors.brandId = LISTING_MESSAGES.unknownBrand;
  if (!isRecordId(values.categoryId)) errors.categoryId = LISTING_MESSAGES.notLeafCategory;
  const variant =
    values.variantMode === 'new'
      ? { mode: 'new', label: values.variantLabel, value: values.variantValue }
      : values.variantMode === 'join'
        ? {
            mode: 'join',
            groupId: isRecordId(values.groupId) ? Number(values.groupId) : 0,
            value: values.variantValue,
          }
        : { mode: 'none' };
  if (values.variantMode === 'new' && values.variantLabel.trim() === '')
    errors.variantLabel = 'Name the variant, like Colour or Size.';
  if (values.variantMode !== 'none' && values.variantMode !== '' && values.variantValue.trim() === '')
    errors.variantValue = 'Enter this product’s variant, like Blue or XL.';
  const files = postedFiles(form, 'images');
  if (files.length < 1 || files.length > LISTING_LIMITS.images) errors.images = LISTING_MESSAGES.images;
  if (files.some((file) => file.size > LISTING_LIMITS.imageBytes))
    errors.images = LISTING_MESSAGES.imageTooLarge;
  if (Object.keys(errors).length > 0 || !offer.ok || !content.ok)
    return answer(400, 'Check the highlighted fields.', errors);

  const images: string[] = [];
  for (const file of files) {
    const body = new FormData();
    body.append('file', file, file.name || 'image');
    const uploaded = await requestApi(
      (path, init) => context.api(path, init),
      'POST',
      '/api/seller/products/images',
      ProductImageUploaded,
      body,
    );
    if (!uploaded.ok) {
      if (uploaded.kind === 'refused' && uploaded.status === 401) return redirect(loginPathFor(request));
      const message =
        uploaded.kind === 'refused'
          ? `${file.name || 'An image'}: ${uploaded.message}`
          : 'Something went wrong. Please try again.';
      return answer(uploaded.kind === 'refused' ? uploaded.status : 503, message, { images: message });
    }
    images.push(uploaded.data.path);
  }
  const result = await actionApi(context).call('POST', '/api/seller/products', ProductCreated, {
    categoryId: Number(values.categoryId),
    brandId: Number(values.brandId),
    content: content.value,
    variant,
    images,
    offer: offer.value,
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
  return [{ title: 'Add a new product · Seller Central' }];
}

/** requirements#seller-listings: a new product in a leaf category with the seller's offer; it waits for moderation. */
export default function AddNewProduct() {
  const { options, chosen } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const values = answer?.values;
  const errors = answer?.errors ?? {};
  if (!options) return <Alert tone="error">This page could not be loaded. Please try again.</Alert>;
  return (
    <div className="sc-listings-page">
      <div className="sc-listings-head">
        <h1>Add a new product</h1>
        <div className="sc-listings-head-actions">
          <ButtonLink to="/sellercentral/listings" variant="secondary">
            Back to listings
          </ButtonLink>
        </div>
      </div>
      <p className="sc-listings-muted">
        A new product is checked by our catalog team before shoppers see it. Selling something already in the
        catalog? <a href="/sellercentral/listings/new">Sell an existing product</a> instead.
      </p>
      <Form method="get" className="sc-listings-search">
        <SelectField label="Category" name="category" defaultValue={chosen ? String(chosen.id) : ''} required>
          <option value="">Choose a category</option>
          {groupByTop(options.categories).map(([top, leaves]) => (
            <optgroup key={top} label={top}>
              {leaves.map((leaf) => (
                <option key={leaf.id} value={leaf.id}>
                  {leaf.path.slice(1).join(' › ')}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          {chosen ? 'Change category' : 'Continue'}
        </Button>
      </Form>
      {chosen && (
        <Form method="post" encType="multipart/form-data" className="sc-listings-form" noValidate>
          {answer?.message && <Alert tone="error">{answer.message}</Alert>}
          <input type="hidden" name="categoryId" value={chosen.id} />
          <fieldset className="sc-listings-fieldset">
            <legend>{chosen.path.join(' › ')}</legend>
            <div className="ui-form-grid">
              <SelectField
                label="Brand"
                name="brandId"
                defaultValue={values?.brandId ?? ''}
                error={errors.brandId}
                required
              >
                <option value="">Choose a brand</option>
                {options.brands.map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.name}
                  </option>
                ))}
              </SelectField>
              {options.attributes.map((attribute) => (
                <SelectField
                  key={attribute.name}
                  label={attribute.name}
                  name={`attr:${attribute.name}`}
                  defaultValue={values?.attributes[attribute.name] ?? ''}
                >
                  <option value="">Not stated</option>
                  {attribute.values.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </SelectField>
              ))}
              {errors.attributes && (
                <div className="wide">
                  <FieldError id="attributes-error">{errors.attributes}</FieldError>
                </div>
              )}
            </div>
          </fieldset>
          <ContentFields values={values ?? EMPTY_CONTENT} errors={errors} />
          <fieldset className="sc-listings-fieldset">
            <legend>Images and variants</legend>
            <div className="ui-form-grid">
              <Field
                label="Images (1 to 8)"
                name="images"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                multiple
                required
                wide
                error={errors.images}
                hint="JPEG, PNG, WebP or AVIF, up to 5 MB each; the first is the main image"
              />
              <SelectField
                label="Variants"
                name="variantMode"
                defaultValue={values?.variantMode ?? 'none'}
                error={errors.variant}
              >
                <option value="none">No variants</option>
                <option value="new">Start a variant group</option>
                {options.groups.length > 0 && <option value="join">Join one of my variant groups</option>}
              </SelectField>
              {options.groups.length > 0 && (
                <SelectField
                  label="Your variant group"
                  name="groupId"
                  defaultValue={values?.groupId ?? ''}
                  error={errors.groupId}
                >
                  <option value="">—</option>
                  {options.groups.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name} ({group.label})
                    </option>
                  ))}
                </SelectField>
              )}
              <Field
                label="Variant label (new group)"
                name="variantLabel"
                defaultValue={values?.variantLabel ?? ''}
                error={errors.variantLabel}
                maxLength={30}
                hint="Like Colour or Size"
              />
              <Field
                label="This product’s variant"
                name="variantValue"
                defaultValue={values?.variantValue ?? ''}
                error={errors.variantValue}
                maxLength={60}
                hint="Like Blue or XL"
              />
            </div>
          </fieldset>
          <OfferFields values={values ?? EMPTY_OFFER} errors={errors} />
          <div className="sc-listings-form-actions">
            <Button type="submit" busy={busy}>
              Submit for moderation
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}

function groupByTop(leaves: ProductFormOptions['categories']): [string, ProductFormOptions['categories']][] {
  const groups = new Map<string, ProductFormOptions['categories']>();
  for (const leaf of leaves) {
    const top = leaf.path[0] ?? '';
    groups.set(top, [...(groups.get(top) ?? []), leaf]);
  }
  return [...groups];
}
