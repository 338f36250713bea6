import { formatInr } from '@marketplace/domain/money/money';
import {
  PlatformPromoChanged,
  PlatformPromoView,
  promoFromForm,
} from '@marketplace/domain/admin/promotions-api';
import { data, Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Choice, Field } from '../../../components/ui/field.tsx';
import { formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { PromotionsNav } from './promotions-nav.tsx';
import { loadAdmin, writeAdmin } from './promotions-api.server.ts';
import './promotions.css';

export async function loader({ request, context }: LoaderArgs) {
  const result = await loadAdmin(context, request, '/api/admin/promotions/platform-promo', PlatformPromoView);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!result.ok) throw data(result.message, { status: 400 });
  return { promo: result.data };
}

type Answer = {
  ok: boolean;
  message: string;
  fields: Record<string, string>;
  values: { amount: string; isEnabled: string };
};

/** requirements#operator-promotions: the promo's amount and switch, checked by the API's schema, then saved. */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const values = formFields(form ?? new FormData(), ['amount', 'isEnabled']);
  const answer = (a: Answer, status = 200) => data(a, { status });
  const parsed = promoFromForm(values);
  if (!parsed.ok)
    return answer(
      {
        ok: false,
        message: 'Please correct the amount.',
        fields: { amount: parsed.fields.amountPaise ?? '' },
        values,
      },
      400,
    );
  const result = await writeAdmin(
    context,
    request,
    'PUT',
    '/api/admin/promotions/platform-promo',
    PlatformPromoChanged,
    parsed.value,
  );
  if (result.ok) return answer({ ok: true, message: result.data.message, fields: {}, values });
  return answer(
    { ok: false, message: result.message, fields: { amount: result.fields.amountPaise ?? '' }, values },
    result.status,
  );
}

export function meta() {
  return [{ title: 'PromoJun · Promotions · Console' }];
}

const rupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

export default function PlatformPromo() {
  const { promo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const failed = answer && !answer.ok;
  return (
    <div>
      <PromotionsNav current="promo" />
      <div className="promo-head">
        <h1>PromoJun platform promo</h1>
      </div>
      <div className="promo-card">
        <p>
          {promo.isEnabled
            ? `Every order gets ${formatInr(promo.amountPaise)} off (never more than the order's total), shown as the ${promo.name} line.`
            : `${promo.name} is off: orders get no platform discount.`}{' '}
          {promo.isDefault
            ? 'This is the marketplace’s standing rule: ₹50 off every order, COD and online.'
            : promo.updatedAt && `Last changed ${formatMoment(promo.updatedAt)}.`}
        </p>
        {answer && <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>}
        <Form method="post" className="ui-form" noValidate>
          <Field
            label="Amount off each order (₹)"
            name="amount"
            inputMode="decimal"
            required
            defaultValue={failed ? answer.values.amount : rupees(promo.amountPaise)}
            error={answer?.fields.amount || undefined}
            hint="From ₹0 to ₹10,000. The checkout applies it from the next quote."
          />
          <Choice
            name="isEnabled"
            label={`${promo.name} is on`}
            defaultChecked={failed ? answer.values.isEnabled === 'on' : promo.isEnabled}
          />
          <div className="promo-actions">
            <Button type="submit" busy={busy}>
              Save promo
            </Button>
          </div>
        </Form>
      </div>
    </div>
  );
}
