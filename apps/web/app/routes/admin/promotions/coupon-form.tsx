import {
  COUPON_FORM_FIELDS,
  Coupon,
  CouponChanged,
  couponFromForm,
  type CouponFormValues,
  couponToForm,
  PROMOTION_LIMITS,
  WEEKDAY_LABELS,
} from '@marketplace/domain/admin/promotions-api';
import { COUPON_SCOPE_LABELS, COUPON_SCOPES } from '@marketplace/domain/pricing/coupon-scope';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Choice, Field, RadioGroup } from '../../../components/ui/field.tsx';
import type { Picked } from '../../../components/ui/picker.tsx';
import { formFields, readForm } from '../../../lib/page-api.server.ts';
import { readPickers } from '../../../lib/pickers.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { couponTarget } from './coupon-target.ts';
import { PromotionsNav } from './promotions-nav.tsx';
import { TargetPicker, targetPickers } from './target-picker.tsx';
import { loadAdmin, writeAdmin } from './promotions-api.server.ts';
import './promotions.css';

type Answer = {
  error: string;
  fields: Record<string, string>;
  values: CouponFormValues;
  shown: Record<string, Picked>;
};

// requirements#console-pickers: what the coupon is for is chosen by name
const PICKERS = targetPickers('productId', 'categoryId', 'brandId', 'sellerId');

/** The scopes with a picker of their own, and what each picker's hint says. */
const SCOPE_HINTS = [
  ['product', 'Type part of its name, or its id, and choose it from the list.'],
  ['category', 'Every product in the category and the categories below it.'],
  ['brand', 'Every product of the brand.'],
] as const;

const EMPTY: CouponFormValues = {
  code: '',
  scope: 'product',
  productId: '',
  categoryId: '',
  brandId: '',
  sellerId: '',
  offerType: 'cash',
  value: '',
  days: [],
  fromDate: '',
  toDate: '',
  perDayLimit: '',
  totalLimit: '',
};

/** A new coupon (no id), or the coupon to edit. */
export async function loader({ request, params, context }: LoaderArgs) {
  if (params.id === undefined) return { coupon: null };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!isRecordId(params.id)) throw data('This coupon was not found.', { status: 404 });
  const result = await loadAdmin(context, request, `/api/admin/promotions/coupons/${params.id}`, Coupon);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!result.ok) throw data(result.message, { status: 400 });
  return { coupon: result.data };
}

/** requirements#operator-promotions: the form checked by the API's own schema, then created or saved. */
export async function action({ request, params, context }: ActionArgs) {
  const form = await readForm(request);
  const fail = (answer: Answer, status: number) => data(answer, { status });
  if (!form)
    return fail(
      { error: 'The form could not be read. Please try again.', fields: {}, values: EMPTY, shown: {} },
      400,
    );
  const scope = formFields(form, ['scope']).scope;
  // only the pickers the chosen scope reads (the seller narrows any scope) are resolved
  const wanted = PICKERS.filter((p) => p.name === 'sellerId' || p.name === `${scope}Id`);
  const picks = await readPickers(context, form, wanted);
  const values: CouponFormValues = {
    ...formFields(form, COUPON_FORM_FIELDS),
    ...picks.ids,
    days: form.getAll('days').filter((day): day is string => typeof day === 'string'),
  };
  const shown = picks.shown;
  const parsed = couponFromForm(values);
  if (!parsed.ok || Object.keys(picks.fields).length > 0)
    return fail(
      {
        error: 'Please correct the fields marked below.',
        fields: { ...(parsed.ok ? {} : parsed.fields), ...picks.fields },
        values,
        shown,
      },
      400,
    );
  const editing = params.id !== undefined;
  if (editing && !isRecordId(params.id ?? ''))
    return fail({ error: 'This coupon was not found.', fields: {}, values, shown }, 404);
  const result = await writeAdmin(
    context,
    request,
    editing ? 'PUT' : 'POST',
    editing ? `/api/admin/promotions/coupons/${params.id ?? ''}` : '/api/admin/promotions/coupons',
    CouponChanged,
    parsed.value,
  );
  if (result.ok)
    return redirect(`/admin/promotions?saved=1&q=${encodeURIComponent(result.data.coupon.code)}`);
  return fail({ error: result.message, fields: result.fields, values, shown }, result.status);
}

export function meta() {
  return [{ title: 'Coupon · Promotions · Console' }];
}

export default function CouponForm() {
  const { coupon } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const v = answer?.values ?? (coupon ? couponToForm(coupon) : EMPTY);
  const f = answer?.fields ?? {};
  const named = (id: number | null, label: string | null): Picked | undefined =>
    id !== null && label !== null ? { id: String(id), label } : undefined;
  const shown: Record<string, Picked | undefined> = answer?.shown ?? {
    productId: coupon ? named(coupon.productId, coupon.productName) : undefined,
    categoryId: coupon ? named(coupon.categoryId, coupon.categoryName) : undefined,
    brandId: coupon ? named(coupon.brandId, coupon.brandName) : undefined,
    sellerId: coupon ? named(coupon.sellerId, coupon.sellerName) : undefined,
  };
  return (
    <div>
      <PromotionsNav current="coupons" />
      <p>
        <Link to="/admin/promotions">‹ Coupons</Link>
      </p>
      <div className="promo-head">
        <h1>{coupon ? `Coupon ${coupon.code}` : 'Create a coupon'}</h1>
      </div>
      {coupon && (
        <p className="promo-note">
          {couponTarget(coupon)} · used {coupon.redeemedCount} times, {coupon.redeemedToday} today
        </p>
      )}
      <Form method="post" className="ui-form-grid promo-form" noValidate>
        {answer && (
          <Alert tone="error" className="wide">
            {answer.error}
          </Alert>
        )}
        <Field
          label="Code"
          name="code"
          required
          maxLength={PROMOTION_LIMITS.codeMax}
          defaultValue={v.code}
          error={f.code}
          hint="3 to 20 letters or digits; shoppers see it in capitals."
          autoCapitalize="characters"
        />
        <RadioGroup
          legend="Coupon for"
          name="scope"
          wide
          options={COUPON_SCOPES.map((scope) => ({ value: scope, label: COUPON_SCOPE_LABELS[scope] }))}
          defaultValue={v.scope || 'product'}
          error={f.scope}
        />
        {SCOPE_HINTS.map(([scope, hint]) => (
          <TargetPicker key={scope} name={`${scope}Id`} scope={scope} hint={hint} shown={shown} fields={f} />
        ))}
        <TargetPicker
          name="sellerId"
          shown={shown}
          fields={f}
          hint="For a seller’s coupon, the seller. Otherwise leave blank for every seller, or choose one to limit the coupon to its offers."
        />
        <RadioGroup
          legend="Discount kind"
          name="offerType"
          options={[
            { value: 'cash', label: 'Cash (₹ off each unit)' },
            { value: 'percentage', label: 'Percentage of the price' },
          ]}
          defaultValue={v.offerType || 'cash'}
          error={f.offerType}
        />
        <Field
          label="Discount (₹ or %)"
          name="value"
          required
          inputMode="decimal"
          defaultValue={v.value}
          error={f.value}
          hint="Cash: ₹1 to ₹1,00,000. Percentage: a whole number from 1 to 100."
        />
        <fieldset className={`ui-field wide${f.days ? ' has-error' : ''}`}>
          <legend>Days of the week (none ticked: every day)</legend>
          <div className="promo-days">
            {WEEKDAY_LABELS.map((label, day) => (
              <Choice
                key={label}
                name="days"
                value={String(day)}
                label={label}
                defaultChecked={v.days.includes(String(day))}
              />
            ))}
          </div>
          {f.days && <small className="ui-field-error">{f.days}</small>}
        </fieldset>
        <Field
          label="First day"
          name="fromDate"
          type="date"
          defaultValue={v.fromDate}
          error={f.fromDate}
          hint="Blank: from now."
        />
        <Field
          label="Last day"
          name="toDate"
          type="date"
          defaultValue={v.toDate}
          error={f.toDate}
          hint="Blank: no end."
        />
        <Field
          label="Uses a day"
          name="perDayLimit"
          inputMode="numeric"
          defaultValue={v.perDayLimit}
          error={f.perDayLimit}
          hint="Blank: no daily limit. Days are Indian days."
        />
        <Field
          label="Uses in all"
          name="totalLimit"
          inputMode="numeric"
          defaultValue={v.totalLimit}
          error={f.totalLimit}
          hint="Blank: no total limit."
        />
        <div className="wide promo-actions">
          <Button type="submit" busy={busy}>
            {coupon ? 'Save coupon' : 'Create coupon'}
          </Button>
          <Link to="/admin/promotions">Cancel</Link>
        </div>
      </Form>
    </div>
  );
}
