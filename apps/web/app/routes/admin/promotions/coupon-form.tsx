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
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Choice, Field, RadioGroup } from '../../../components/ui/field.tsx';
import { formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { PromotionsNav } from './promotions-nav.tsx';
import { loadAdmin, writeAdmin } from './promotions-api.server.ts';
import './promotions.css';

type Answer = { error: string; fields: Record<string, string>; values: CouponFormValues };

const EMPTY: CouponFormValues = {
  code: '',
  productId: '',
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
    return fail({ error: 'The form could not be read. Please try again.', fields: {}, values: EMPTY }, 400);
  const values: CouponFormValues = {
    ...formFields(form, COUPON_FORM_FIELDS),
    days: form.getAll('days').filter((day): day is string => typeof day === 'string'),
  };
  const parsed = couponFromForm(values);
  if (!parsed.ok)
    return fail({ error: 'Please correct the fields marked below.', fields: parsed.fields, values }, 400);
  const editing = params.id !== undefined;
  if (editing && !isRecordId(params.id ?? ''))
    return fail({ error: 'This coupon was not found.', fields: {}, values }, 404);
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
  return fail({ error: result.message, fields: result.fields, values }, result.status);
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
          {coupon.productName} · used {coupon.redeemedCount} times, {coupon.redeemedToday} today
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
        <Field
          label="Product id"
          name="productId"
          required
          inputMode="numeric"
          defaultValue={v.productId}
          error={f.productId}
          hint="The number in the product's address in the console or catalog."
        />
        <Field
          label="Seller id"
          name="sellerId"
          inputMode="numeric"
          defaultValue={v.sellerId}
          error={f.sellerId}
          hint="Leave blank for every seller of the product."
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
