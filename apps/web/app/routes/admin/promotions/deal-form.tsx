import {
  Deal,
  DEAL_FORM_FIELDS,
  DEAL_OFFER_LABELS,
  DEAL_PAGE_LABELS,
  DEAL_PAGES,
  DealChanged,
  dealFromForm,
  type DealFormValues,
} from '@marketplace/domain/admin/promotions-api';
import { momentToIndianLocal } from '@marketplace/domain/marketing/promotions';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, RadioGroup, SelectField } from '../../../components/ui/field.tsx';
import type { Picked } from '../../../components/ui/picker.tsx';
import { formFields, readForm } from '../../../lib/page-api.server.ts';
import { readPickers } from '../../../lib/pickers.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { PromotionsNav } from './promotions-nav.tsx';
import { TargetPicker, targetPickers } from './target-picker.tsx';
import { loadAdmin, writeAdmin } from './promotions-api.server.ts';
import './promotions.css';

type Answer = {
  error: string;
  fields: Record<string, string>;
  values: DealFormValues;
  shown: Record<string, Picked>;
};

// requirements#console-pickers: the deal's product and seller are chosen by name, as a coupon's are
const PICKERS = targetPickers('productId', 'sellerId');

const EMPTY: DealFormValues = {
  productId: '',
  sellerId: '',
  page: 'deals',
  offerType: 'deals',
  discountPercent: '',
  billingType: 'click',
  startsAt: '',
  endsAt: '',
};

const toForm = (deal: Deal): DealFormValues => ({
  productId: String(deal.productId),
  sellerId: String(deal.sellerId),
  page: deal.page,
  offerType: deal.offerType,
  discountPercent: String(deal.discountPercent),
  billingType: deal.billingType,
  startsAt: momentToIndianLocal(new Date(deal.startsAt)),
  endsAt: momentToIndianLocal(new Date(deal.endsAt)),
});

export async function loader({ request, params, context }: LoaderArgs) {
  if (params.id === undefined) return { deal: null };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!isRecordId(params.id)) throw data('This deal was not found.', { status: 404 });
  const result = await loadAdmin(context, request, `/api/admin/promotions/deals/${params.id}`, Deal);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!result.ok) throw data(result.message, { status: 400 });
  return { deal: result.data };
}

/** requirements#operator-promotions: times typed in Indian time, sent with their offset, stored in UTC. */
export async function action({ request, params, context }: ActionArgs) {
  const form = await readForm(request);
  const fail = (answer: Answer, status: number) => data(answer, { status });
  if (!form)
    return fail(
      { error: 'The form could not be read. Please try again.', fields: {}, values: EMPTY, shown: {} },
      400,
    );
  const picks = await readPickers(context, form, PICKERS);
  const values: DealFormValues = { ...formFields(form, DEAL_FORM_FIELDS), ...picks.ids };
  const shown = picks.shown;
  const parsed = dealFromForm(values);
  if (!parsed.ok || Object.keys(picks.fields).length > 0)
    return fail(
      {
        error: 'Please correct the fields marked below.',
        // a picker's own message (none or several match) says more than the schema's
        fields: { ...(parsed.ok ? {} : parsed.fields), ...picks.fields },
        values,
        shown,
      },
      400,
    );
  const editing = params.id !== undefined;
  if (editing && !isRecordId(params.id ?? ''))
    return fail({ error: 'This deal was not found.', fields: {}, values, shown }, 404);
  const result = await writeAdmin(
    context,
    request,
    editing ? 'PUT' : 'POST',
    editing ? `/api/admin/promotions/deals/${params.id ?? ''}` : '/api/admin/promotions/deals',
    DealChanged,
    parsed.value,
  );
  if (result.ok) return redirect(`/admin/promotions/deals?saved=1&q=${result.data.deal.id}`);
  return fail({ error: result.message, fields: result.fields, values, shown }, result.status);
}

export function meta() {
  return [{ title: 'Deal · Promotions · Console' }];
}

export default function DealForm() {
  const { deal } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const v = answer?.values ?? (deal ? toForm(deal) : EMPTY);
  const f = answer?.fields ?? {};
  const shown: Record<string, Picked | undefined> = answer?.shown ?? {
    productId: deal ? { id: String(deal.productId), label: deal.productName } : undefined,
    sellerId: deal ? { id: String(deal.sellerId), label: deal.sellerName } : undefined,
  };
  return (
    <div>
      <PromotionsNav current="deals" />
      <p>
        <Link to="/admin/promotions/deals">‹ Deals and offers</Link>
      </p>
      <div className="promo-head">
        <h1>{deal ? `Deal ${deal.id}: ${deal.productName}` : 'Create a deal'}</h1>
      </div>
      <Form method="post" className="ui-form-grid promo-form" noValidate>
        {answer && (
          <Alert tone="error" className="wide">
            {answer.error}
          </Alert>
        )}
        <RadioGroup
          legend="Kind"
          name="offerType"
          options={[
            { value: 'deals', label: DEAL_OFFER_LABELS.deals },
            { value: 'percentage_offer', label: DEAL_OFFER_LABELS.percentage_offer },
          ]}
          defaultValue={v.offerType}
          error={f.offerType}
          wide
        />
        <TargetPicker
          name="productId"
          required
          shown={shown}
          fields={f}
          hint="Type part of its name, or its id, and choose it from the list."
        />
        <TargetPicker
          name="sellerId"
          required
          shown={shown}
          fields={f}
          hint="The seller whose offer the deal shows."
        />
        <SelectField label="Shown on" name="page" defaultValue={v.page} error={f.page}>
          {DEAL_PAGES.map((page) => (
            <option key={page} value={page}>
              {DEAL_PAGE_LABELS[page]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Discount (%)"
          name="discountPercent"
          required
          inputMode="numeric"
          defaultValue={v.discountPercent}
          error={f.discountPercent}
          hint="A whole number from 1 to 100, shown on the deal's card."
        />
        <Field
          label="Starts (Indian time)"
          name="startsAt"
          type="datetime-local"
          required
          defaultValue={v.startsAt}
          error={f.startsAt}
        />
        <Field
          label="Ends (Indian time)"
          name="endsAt"
          type="datetime-local"
          required
          defaultValue={v.endsAt}
          error={f.endsAt}
        />
        <SelectField label="Billed" name="billingType" defaultValue={v.billingType} error={f.billingType}>
          <option value="click">Per click</option>
          <option value="impression">Per impression</option>
        </SelectField>
        <div className="wide promo-actions">
          <Button type="submit" busy={busy}>
            {deal ? 'Save deal' : 'Create deal'}
          </Button>
          <Link to="/admin/promotions/deals">Cancel</Link>
        </div>
      </Form>
    </div>
  );
}
