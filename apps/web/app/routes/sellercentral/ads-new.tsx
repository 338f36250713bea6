import { campaignDay } from '@marketplace/domain/marketing/ads';
import {
  AD_PAGE_LABELS,
  CREATE_CAMPAIGN_FIELDS,
  createCampaignInput,
  SELLER_AD_LIMITS,
  SELLER_AD_PAGES,
  SellerCampaignChanged,
  SellerCampaignList,
} from '@marketplace/domain/sellers/ads-api';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, RadioGroup, SelectField } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/account-api.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/ads.css';
import '../../components/seller-central/engagement.css';

type Values = Partial<Record<(typeof CREATE_CAMPAIGN_FIELDS)[number], string>>;
type Answer = { error: string; fields: Record<string, string>; values: Values };

export async function loader({ request, context }: LoaderArgs) {
  const list = await loadFromApi(context, request, '/api/seller/campaigns', SellerCampaignList);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!list) throw data('This page could not be loaded. Please try again.', { status: 503 });
  return { brands: list.brands, today: campaignDay(new Date()) };
}

/** Checks the form with the API's own rules, then sends it with its file to the API (multipart). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const fail = (answer: Answer, status: number) => data(answer, { status });
  if (!form)
    return fail({ error: 'The form could not be read. Please try again.', fields: {}, values: {} }, 400);
  const values: Values = formFields(form, CREATE_CAMPAIGN_FIELDS);
  const parsed = createCampaignInput(campaignDay(new Date())).safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return fail({ error: 'Please correct the fields marked below.', fields, values }, 400);
  }
  const file = form.get('file');
  const body = new FormData();
  for (const name of CREATE_CAMPAIGN_FIELDS) body.set(name, values[name] ?? '');
  if (file instanceof File && file.size > 0) body.set('file', file);
  const result = await actionApi(context).call('POST', '/api/seller/campaigns', SellerCampaignChanged, body);
  if (result.ok) return redirect('/sellercentral/ads?created=1');
  if (result.kind === 'unreachable')
    return fail({ error: 'The campaign could not be created. Please try again.', fields: {}, values }, 503);
  if (result.status === 401) return redirect(loginPathFor(request));
  return fail({ error: result.message, fields: result.fields, values }, result.status);
}

export function meta() {
  return [{ title: 'Create a campaign · Seller Central' }];
}

/** requirements#seller-ads: a sponsored brand or product campaign with its ad, page, dates and budgets. */
export default function NewSellerCampaign() {
  const { brands, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const v = answer?.values ?? {};
  const f = answer?.fields ?? {};
  return (
    <div className="sc-ads">
      <p className="sc-ads-back">
        <Link to="/sellercentral/ads">‹ Advertising</Link>
      </p>
      <div className="sc-eng-head">
        <h1>Create a campaign</h1>
      </div>
      <Form method="post" encType="multipart/form-data" className="ui-form-grid sc-ads-form" noValidate>
        {answer && (
          <Alert tone="error" className="wide">
            {answer.error}
          </Alert>
        )}
        <Field
          label="Campaign name"
          name="name"
          required
          maxLength={SELLER_AD_LIMITS.nameLength}
          defaultValue={v.name}
          error={f.name}
          wide
        />
        <RadioGroup
          legend="What it advertises"
          name="kind"
          options={[
            { value: 'brand', label: 'Sponsored brand: a brand you sell' },
            { value: 'product', label: 'Sponsored product: one of your products' },
          ]}
          defaultValue={v.kind ?? 'brand'}
          error={f.kind}
          wide
        />
        <SelectField
          label="Brand (for a brand campaign)"
          name="brandId"
          defaultValue={v.brandId ?? ''}
          error={f.brandId}
        >
          <option value="">Choose a brand</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </SelectField>
        <Field
          label="Product SKU (for a product campaign)"
          name="sku"
          maxLength={40}
          defaultValue={v.sku}
          error={f.sku}
          hint="The SKU of your offer, as in your inventory."
        />
        <SelectField label="Page" name="page" defaultValue={v.page ?? 'home'} error={f.page}>
          {SELLER_AD_PAGES.map((page) => (
            <option key={page} value={page}>
              {AD_PAGE_LABELS[page]}
            </option>
          ))}
        </SelectField>
        <RadioGroup
          legend="Ad"
          name="adType"
          options={[
            { value: 'image', label: 'Image (JPEG, PNG, WebP or GIF, up to 2 MB)' },
            { value: 'video', label: 'Video (MP4 or WebM, up to 20 MB)' },
          ]}
          defaultValue={v.adType ?? 'image'}
          error={f.adType}
        />
        <Field
          label="Image or video file"
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm"
          required
          error={f.file}
          hint="A wide banner (about 4 : 1) fills the slot best."
          wide
        />
        <Field
          label="Starts on"
          name="fromDate"
          type="date"
          required
          min={today}
          defaultValue={v.fromDate ?? today}
          error={f.fromDate}
        />
        <Field
          label="Ends on"
          name="toDate"
          type="date"
          required
          min={today}
          defaultValue={v.toDate}
          error={f.toDate}
        />
        <Field
          label="Daily budget (₹)"
          name="dailyBudget"
          inputMode="decimal"
          required
          defaultValue={v.dailyBudget}
          error={f.dailyBudget}
          hint="At most this is spent in a day."
        />
        <Field
          label="Total budget (₹)"
          name="totalBudget"
          inputMode="decimal"
          required
          defaultValue={v.totalBudget}
          error={f.totalBudget}
          hint="The campaign stops when this is spent."
        />
        <Field
          label="Bid per click (₹)"
          name="bid"
          inputMode="decimal"
          required
          defaultValue={v.bid}
          error={f.bid}
          hint="What one click costs. Higher bids are shown first."
        />
        <div className="sc-ads-actions">
          <Button type="submit" busy={busy}>
            Create campaign
          </Button>
          <Link to="/sellercentral/ads">Cancel</Link>
        </div>
      </Form>
    </div>
  );
}
