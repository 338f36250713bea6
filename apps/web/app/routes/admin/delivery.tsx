import {
  CodLimitInput,
  DELIVERY_MESSAGES,
  DeliverySettings,
  MAX_PINCODE_TEXT,
  PINCODE_CHANGE_LABELS,
  PINCODE_CHANGES,
  PincodeChangeResult,
  RateCardRow,
  RESTRICTED_SHOWN,
  rupeesTextToPaise,
  ZONE_LABELS,
} from '@marketplace/domain/admin/delivery-api';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { DELIVERY_LABELS } from '@marketplace/domain/delivery/constants';
import { formatInr } from '@marketplace/domain/money/money';
import { paiseToRupeesText } from '@marketplace/domain/sellers/inventory-csv';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, SelectField, TextAreaField } from '../../components/ui/field.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';

/** requirements#operator-delivery: the owner's delivery settings; the API decides who may see them. */
export async function loader({ request, context }: LoaderArgs) {
  const result = await requestApi(context.api, 'GET', '/api/admin/delivery', DeliverySettings);
  if (result.ok) return { settings: result.data };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The delivery settings could not be loaded. Please try again.', { status: 503 });
}

type Answer =
  | { intent: 'rate'; key: string; ok: boolean; message: string }
  | { intent: 'cod-limit'; ok: boolean; message: string; typed: string }
  | { intent: 'pincodes'; ok: boolean; message: string; result: PincodeChangeResult | null; typed: string };

const FAILED = 'The change did not reach us. Please try again.';
const RATE_KEY = /^(standard|express|twodays|oneday|sameday)\/(local|regional|national|remote)$/;

/**
 * The page's three forms, each working without scripts: one rate of the card, the limit, or a
 * list of pincodes typed or uploaded as a CSV (its text goes to the API).
 */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  if (!form)
    return data({ intent: 'rate', key: '', ok: false, message: FAILED } satisfies Answer, { status: 400 });
  const api = actionApi(context);
  const fields = formFields(form, ['intent', 'rate', 'charge', 'days', 'limit', 'change', 'pincodes']);
  const answer = (
    result: Awaited<ReturnType<typeof api.call>>,
    make: (ok: boolean, message: string) => Answer,
    done: string,
  ) => {
    if (result.ok) return data(make(true, done), { headers: api.headers });
    if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
    const message = result.kind === 'refused' ? result.message : FAILED;
    return data(make(false, message), { status: result.kind === 'refused' ? result.status : 503 });
  };

  if (fields.intent === 'rate') {
    const key = fields.rate;
    const make = (ok: boolean, message: string): Answer => ({ intent: 'rate', key, ok, message });
    if (!RATE_KEY.test(key)) return data(make(false, DELIVERY_MESSAGES.rateUnknown), { status: 400 });
    const chargePaise = rupeesTextToPaise(fields.charge);
    if (chargePaise === null) return data(make(false, DELIVERY_MESSAGES.charge), { status: 400 });
    const days = /^\d{1,2}$/.test(fields.days.trim()) ? Number(fields.days.trim()) : Number.NaN;
    const body = {
      isAvailable: form.get('available') === 'on',
      chargePaise,
      arrivingDays: Number.isNaN(days) ? -1 : days,
      hasCod: form.get('cod') === 'on',
    };
    const result = await api.call('PUT', `/api/admin/delivery/rates/${key}`, RateCardRow, body);
    return answer(result, make, 'Rate saved.');
  }
  if (fields.intent === 'cod-limit') {
    const typed = fields.limit;
    const make = (ok: boolean, message: string): Answer => ({ intent: 'cod-limit', ok, message, typed });
    const codLimitPaise = rupeesTextToPaise(typed);
    if (codLimitPaise === null) return data(make(false, DELIVERY_MESSAGES.codLimit), { status: 400 });
    const result = await api.call('PUT', '/api/admin/delivery/cod-limit', CodLimitInput, { codLimitPaise });
    return answer(result, make, `Cash on delivery now goes up to ${formatInr(codLimitPaise)}.`);
  }
  if (fields.intent === 'pincodes') {
    const file = form.get('file');
    const uploaded = file instanceof File && file.size > 0 ? await file.text() : '';
    const typed = fields.pincodes.slice(0, MAX_PINCODE_TEXT);
    const text = [typed, uploaded].filter((part) => part.trim() !== '').join('\n');
    const body = { change: fields.change, pincodes: text };
    const sent = await api.call('POST', '/api/admin/delivery/pincodes', PincodeChangeResult, body);
    const result = sent.ok ? sent.data : null;
    const done = result
      ? `${result.changed} pincode${result.changed === 1 ? '' : 's'} changed${
          result.unchanged > 0 ? `, ${result.unchanged} already so` : ''
        }.`
      : '';
    return answer(sent, (ok, message) => ({ intent: 'pincodes', ok, message, result, typed }), done);
  }
  return data({ intent: 'rate', key: '', ok: false, message: FAILED } satisfies Answer, { status: 400 });
}

export function meta() {
  return [{ title: 'Delivery · Console' }];
}

function RateRow({ rate, answer, busy }: { rate: RateCardRow; answer: Answer | undefined; busy: boolean }) {
  const key = `${rate.deliveryType}/${rate.zone}`;
  const formId = `rate-${rate.deliveryType}-${rate.zone}`;
  const name = `${DELIVERY_LABELS[rate.deliveryType]}, ${ZONE_LABELS[rate.zone]}`;
  const mine = answer?.intent === 'rate' && answer.key === key ? answer : null;
  return (
    <tr>
      <th scope="row" className="ui-cell-wide">
        {DELIVERY_LABELS[rate.deliveryType]} · {ZONE_LABELS[rate.zone]}
        <form id={formId} method="post" hidden>
          <input type="hidden" name="intent" value="rate" />
          <input type="hidden" name="rate" value={key} />
        </form>
      </th>
      <td data-label="Available">
        <input
          type="checkbox"
          form={formId}
          name="available"
          defaultChecked={rate.isAvailable}
          aria-label={`${name}: available`}
        />
      </td>
      <td data-label="Charge (₹)">
        <input
          form={formId}
          name="charge"
          defaultValue={paiseToRupeesText(rate.chargePaise)}
          inputMode="decimal"
          maxLength={12}
          className="admin-input-narrow"
          aria-label={`${name}: charge in rupees`}
        />
      </td>
      <td data-label="Days">
        <input
          form={formId}
          name="days"
          defaultValue={rate.arrivingDays}
          inputMode="numeric"
          maxLength={2}
          className="admin-input-narrow"
          aria-label={`${name}: days to arrive`}
        />
      </td>
      <td data-label="Cash on delivery">
        <input
          type="checkbox"
          form={formId}
          name="cod"
          defaultChecked={rate.hasCod}
          aria-label={`${name}: cash on delivery`}
        />
      </td>
      <td data-label="">
        <Button type="submit" form={formId} variant="secondary" small disabled={busy}>
          Save
        </Button>
        {mine && (
          <p role="status" className={mine.ok ? 'admin-saved' : 'admin-refused'}>
            {mine.message}
          </p>
        )}
      </td>
    </tr>
  );
}

export default function Delivery() {
  const { settings } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const limitAnswer = answer?.intent === 'cod-limit' ? answer : null;
  const pincodeAnswer = answer?.intent === 'pincodes' ? answer : null;
  const { total, unserviceable, noCod } = settings.pincodes;
  return (
    <div className="admin-stack">
      <h1>Delivery</h1>

      <section aria-labelledby="cod-limit" className="admin-panel">
        <h2 id="cod-limit">Cash-on-delivery limit</h2>
        <p>
          Orders whose total is at most {formatInr(settings.codLimitPaise)} may be paid cash on delivery,
          where the rate and the pincode allow it.
        </p>
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="intent" value="cod-limit" />
          <Field
            label="Limit (₹)"
            name="limit"
            inputMode="decimal"
            maxLength={14}
            required
            defaultValue={
              limitAnswer && !limitAnswer.ok ? limitAnswer.typed : paiseToRupeesText(settings.codLimitPaise)
            }
            error={limitAnswer && !limitAnswer.ok ? limitAnswer.message : undefined}
          />
          <Button type="submit" disabled={busy}>
            Save limit
          </Button>
        </Form>
        {limitAnswer?.ok && <Alert tone="success">{limitAnswer.message}</Alert>}
      </section>

      <section aria-labelledby="rate-card" className="admin-panel">
        <h2 id="rate-card">Rate card</h2>
        <p>
          Each delivery type in each zone: whether it is offered, its charge, the days it takes and whether
          cash on delivery is allowed. Same-Day Delivery is for the local zone only. Product pages show a
          change within a minute; checkout at once.
        </p>
        {answer?.intent === 'rate' && !answer.ok && answer.key === '' && (
          <Alert tone="error">{answer.message}</Alert>
        )}
        <Table
          label="Rate card"
          stacked
          head={
            <tr>
              <th scope="col">Delivery · zone</th>
              <th scope="col">Available</th>
              <th scope="col">Charge (₹)</th>
              <th scope="col">Days</th>
              <th scope="col">Cash on delivery</th>
              <th scope="col">
                <span className="sr-only">Save</span>
              </th>
            </tr>
          }
        >
          {settings.rateCard.map((rate) => (
            <RateRow key={`${rate.deliveryType}/${rate.zone}`} rate={rate} answer={answer} busy={busy} />
          ))}
        </Table>
      </section>

      <section aria-labelledby="pincodes" className="admin-panel">
        <h2 id="pincodes">Pincodes</h2>
        <p>
          Of {total.toLocaleString('en-IN')} pincodes, {unserviceable.toLocaleString('en-IN')} get no delivery
          and {noCod.toLocaleString('en-IN')} no cash on delivery. Type or paste pincodes (separated by
          commas, spaces or lines), or upload a CSV whose first column holds them.
        </p>
        <Form method="post" encType="multipart/form-data" className="admin-pincode-form">
          <input type="hidden" name="intent" value="pincodes" />
          <SelectField label="Change" name="change" defaultValue={PINCODE_CHANGES[0]}>
            {PINCODE_CHANGES.map((change) => (
              <option key={change} value={change}>
                {PINCODE_CHANGE_LABELS[change]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Pincodes"
            name="pincodes"
            rows={4}
            maxLength={MAX_PINCODE_TEXT}
            defaultValue={pincodeAnswer && !pincodeAnswer.ok ? pincodeAnswer.typed : ''}
            error={pincodeAnswer && !pincodeAnswer.ok ? pincodeAnswer.message : undefined}
          />
          <Field label="Or a CSV file" name="file" type="file" accept=".csv,text/csv,text/plain" />
          <Button type="submit" disabled={busy}>
            Apply
          </Button>
        </Form>
        {pincodeAnswer?.ok && <Alert tone="success">{pincodeAnswer.message}</Alert>}
        {pincodeAnswer?.result && pincodeAnswer.result.problems.length > 0 && (
          <Table
            label="Entries left out"
            stacked
            head={
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Entry</th>
                <th scope="col">Why</th>
              </tr>
            }
          >
            {pincodeAnswer.result.problems.map((problem) => (
              <tr key={`${problem.line}-${problem.value}`}>
                <td data-label="Line">{problem.line}</td>
                <td data-label="Entry">{problem.value}</td>
                <td data-label="Why">{problem.reason}</td>
              </tr>
            ))}
          </Table>
        )}
        {settings.restricted.length > 0 && (
          <>
            <h3>
              Pincodes without delivery or cash on delivery
              {unserviceable + noCod > RESTRICTED_SHOWN && ` (the first ${RESTRICTED_SHOWN})`}
            </h3>
            <Table
              label="Pincodes without delivery or cash on delivery"
              stacked
              head={
                <tr>
                  <th scope="col">Pincode</th>
                  <th scope="col">Place</th>
                  <th scope="col">Delivery</th>
                  <th scope="col">Cash on delivery</th>
                </tr>
              }
            >
              {settings.restricted.map((row) => (
                <tr key={row.pincode}>
                  <th scope="row">{row.pincode}</th>
                  <td data-label="Place">
                    {row.city}, {row.state}
                  </td>
                  <td data-label="Delivery">
                    {row.isServiceable ? <Badge tone="success">Yes</Badge> : <Badge tone="danger">No</Badge>}
                  </td>
                  <td data-label="Cash on delivery">
                    {row.hasCod ? <Badge tone="success">Yes</Badge> : <Badge tone="warning">No</Badge>}
                  </td>
                </tr>
              ))}
            </Table>
          </>
        )}
      </section>
    </div>
  );
}
