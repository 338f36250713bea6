import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import {
  BAND_ROWS,
  basisPointsText,
  COMMISSION_RULE_FORM_FIELDS,
  COMMISSION_SCOPE_LABELS,
  commissionRuleFromForm,
  type CommissionRuleFormValues,
  CommissionRuleList,
  CommissionRuleSaved,
  type CommissionRuleView,
  RULE_STATUS_LABELS,
  RuleTarget,
} from '@marketplace/domain/settlement/console-api';
import { COMMISSION_SCOPES } from '@marketplace/domain/settlement/fees';
import { paiseToRupeesText } from '@marketplace/domain/sellers/inventory-csv';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError, RadioGroup, SelectField } from '../../../components/ui/field.tsx';
import { Badge, Table } from '../../../components/ui/table.tsx';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatDay } from './format.ts';
import './settlements.css';

/** requirements#settlement: finance and owners read the rules in force and scheduled; the API decides who. */
export async function loader({ request, url, context }: LoaderArgs) {
  const result = await requestApi(context.api, 'GET', '/api/admin/settlements/rules', CommissionRuleList);
  const added = url.searchParams.get('added');
  if (result.ok)
    return { list: result.data, added: added && /^\d{1,10}$/.test(added) ? Number(added) : null };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The commission rules could not be loaded. Please try again.', { status: 503 });
}

type Answer = {
  error: string | null;
  fields: Record<string, string>;
  values: CommissionRuleFormValues;
  /** the seller's or product's name, once its id was checked */
  target: string | null;
};

const FAILED = 'The rule did not reach us. Please try again.';

/**
 * The form, without scripts as with them: 'Check id' shows the name of the seller or product an id
 * names; 'Add rule' sends the rule to the API, which checks it again and writes it to the audit log.
 */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const values = formFields(form ?? new FormData(), COMMISSION_RULE_FORM_FIELDS);
  const intent = form?.get('intent') === 'check' ? 'check' : 'add';
  const api = actionApi(context);
  const answer = (status: number, rest: Omit<Answer, 'values'>) =>
    data({ ...rest, values } satisfies Answer, { status, headers: api.headers });
  if (!form) return answer(400, { error: FAILED, fields: {}, target: null });

  // the name of the seller or product the id names, shown back beside the id
  const lookUp = async () => {
    if (values.scope !== 'seller' && values.scope !== 'product') return null;
    const id = values.targetId.trim();
    if (!/^[1-9]\d{0,9}$/.test(id)) return null;
    const found = await api.call(
      'GET',
      `/api/admin/settlements/targets?scope=${values.scope}&id=${id}`,
      RuleTarget,
    );
    if (!found.ok && found.kind === 'refused' && found.status === 401)
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from an action by a thrown Response
      throw redirect(loginPathFor(request));
    return found.ok ? found.data.name : null;
  };

  if (intent === 'check') {
    if (values.scope !== 'seller' && values.scope !== 'product')
      return answer(400, {
        error: 'Choose “A seller” or “A product” to check an id.',
        fields: {},
        target: null,
      });
    const target = await lookUp();
    const fields: Record<string, string> = target ? {} : { scopeId: `No ${values.scope} has this id.` };
    return answer(target ? 200 : 400, { error: null, fields, target });
  }
  const parsed = commissionRuleFromForm(values);
  if (!parsed.ok)
    return answer(400, {
      error: 'Please correct the fields marked below.',
      fields: parsed.fields,
      target: await lookUp(),
    });
  const saved = await api.call('POST', '/api/admin/settlements/rules', CommissionRuleSaved, parsed.value);
  if (saved.ok)
    return redirect(`/admin/settlements/rules?added=${saved.data.rule.id}`, { headers: api.headers });
  if (saved.kind === 'refused' && saved.status === 401) return redirect(loginPathFor(request));
  if (saved.kind === 'unreachable') return answer(503, { error: FAILED, fields: {}, target: null });
  // the API names a band's field by its place ('closingFees.2.feePaise'): the form shows it by the bands
  const fields = Object.fromEntries(
    Object.entries(saved.fields).map(([key, text]) => [key.split('.')[0] ?? key, text]),
  );
  return answer(saved.status, { error: saved.message, fields, target: await lookUp() });
}

export function meta() {
  return [{ title: 'Commission rules · Console' }];
}

const rupees = (paise: number) => paiseToRupeesText(paise).replace(/\.00$/, '');

/** The form's starting values: the default rule in force, to change from; tomorrow as the first day. */
function startingValues(list: CommissionRuleList): CommissionRuleFormValues {
  const base = list.rules.find((r) => r.scope === 'default' && r.status === 'in_force');
  const values = Object.fromEntries(
    COMMISSION_RULE_FORM_FIELDS.map((name) => [name, '']),
  ) as CommissionRuleFormValues;
  values.scope = 'category';
  values.effectiveFrom = list.firstDay;
  values.categoryId = String(list.categories[0]?.id ?? '');
  if (!base) {
    values.bandFrom0 = '0';
    return values;
  }
  values.percent = basisPointsText(base.percentBasisPoints);
  values.minimum = rupees(base.minimumPaise);
  values.shipping = rupees(base.shippingFeePerSlabPaise);
  base.closingFees.forEach((band, i) => {
    values[`bandFrom${i}` as keyof CommissionRuleFormValues] = rupees(band.fromPaise);
    values[`bandFee${i}` as keyof CommissionRuleFormValues] = rupees(band.feePaise);
  });
  return values;
}

const TARGET_LABELS = {
  default: 'Default',
  category: 'Category',
  seller: 'Seller',
  product: 'Product',
} as const;

function Bands({ rule }: { rule: CommissionRuleView }) {
  return (
    <ul className="settle-bands">
      {rule.closingFees.map((band) => (
        <li key={band.fromPaise}>
          from {formatInr(band.fromPaise)}: <strong>{formatInr(band.feePaise)}</strong>
        </li>
      ))}
    </ul>
  );
}

function RulesTable({ rules, added }: { rules: readonly CommissionRuleView[]; added: number | null }) {
  return (
    <Table
      label="Commission rules in force and scheduled"
      stacked
      head={
        <tr>
          <th scope="col">Applies to</th>
          <th scope="col" className="ui-num">
            Commission
          </th>
          <th scope="col" className="ui-num">
            Minimum per unit
          </th>
          <th scope="col">Closing fee per unit</th>
          <th scope="col" className="ui-num">
            Shipping per 500 g
          </th>
          <th scope="col">From</th>
          <th scope="col">Status</th>
        </tr>
      }
    >
      {rules.map((rule) => (
        <tr key={rule.id} className={rule.id === added ? 'settle-added' : undefined}>
          <th scope="row" className="ui-cell-wide">
            <span className="settle-title">
              {rule.scope === 'default' ? 'Every sale' : (rule.targetName ?? `#${rule.scopeId ?? ''}`)}
            </span>
            <span className="settle-sub">
              {rule.scope === 'default'
                ? 'Default rule'
                : `${TARGET_LABELS[rule.scope]} ${rule.scopeId ?? ''}`}
              {' · rule '}
              {rule.id}
            </span>
          </th>
          <td className="ui-num" data-label="Commission">
            {basisPointsText(rule.percentBasisPoints)}%
          </td>
          <td className="ui-num" data-label="Minimum per unit">
            {formatInr(rule.minimumPaise)}
          </td>
          <td data-label="Closing fee per unit">
            <Bands rule={rule} />
          </td>
          <td className="ui-num" data-label="Shipping per 500 g">
            {formatInr(rule.shippingFeePerSlabPaise)}
          </td>
          <td data-label="From">{formatDay(rule.effectiveFrom)}</td>
          <td data-label="Status">
            <Badge tone={rule.status === 'in_force' ? 'success' : 'info'}>
              {RULE_STATUS_LABELS[rule.status]}
            </Badge>
          </td>
        </tr>
      ))}
    </Table>
  );
}

export default function CommissionRules() {
  const { list, added } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const v = answer?.values ?? startingValues(list);
  const f = answer?.fields ?? {};
  const addedRule = list.rules.find((rule) => rule.id === added);
  return (
    <div className="settle-page">
      <h1>Commission rules</h1>
      <p className="settle-lead">
        Each sale is charged by the most specific rule in force on the day it is invoiced: the product’s, else
        the seller’s, else its nearest category’s, else the default. <strong>Rules are never edited.</strong>{' '}
        To change the terms, add a rule for the same target starting on a later day: it replaces the one in
        force from 00:00 that day (Indian time), and sales already invoiced keep the fees they were charged.
      </p>
      {addedRule && (
        <Alert tone="success">
          The rule for {addedRule.targetName ?? 'every sale'} has been added. It starts on{' '}
          {formatDay(addedRule.effectiveFrom)}.
        </Alert>
      )}
      <RulesTable rules={list.rules} added={added} />
      {list.supersededCount > 0 && (
        <p className="settle-note">
          {list.supersededCount === 1
            ? '1 earlier rule was replaced by a later one; it is kept for the record.'
            : `${list.supersededCount} earlier rules were replaced by later ones; they are kept for the record.`}
        </p>
      )}

      <section className="admin-panel settle-form-panel" aria-labelledby="add-rule">
        <h2 id="add-rule">Add a rule</h2>
        <Form method="post" className="ui-form-grid settle-form" noValidate>
          {answer?.error && (
            <Alert tone="error" className="wide">
              {answer.error}
            </Alert>
          )}
          <RadioGroup
            legend="Applies to"
            name="scope"
            options={COMMISSION_SCOPES.map((scope) => ({
              value: scope,
              label: COMMISSION_SCOPE_LABELS[scope],
            }))}
            defaultValue={v.scope}
            error={f.scope}
            wide
          />
          <SelectField
            label="Category"
            name="categoryId"
            defaultValue={v.categoryId}
            error={v.scope === 'category' ? f.scopeId : undefined}
            hint="For a category rule: a top-level category or one of its groups."
          >
            {list.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.parentName ? `${category.parentName} › ${category.name}` : category.name}
              </option>
            ))}
          </SelectField>
          <div className="settle-target">
            <Field
              label="Seller or product id"
              name="targetId"
              inputMode="numeric"
              defaultValue={v.targetId}
              error={v.scope === 'seller' || v.scope === 'product' ? f.scopeId : undefined}
              hint={
                answer?.target ? (
                  <span className="settle-found">
                    {v.scope === 'seller' ? 'Seller' : 'Product'}: <strong>{answer.target}</strong>
                  </span>
                ) : (
                  'For a seller or product rule.'
                )
              }
            />
            <Button type="submit" name="intent" value="check" variant="secondary" small formNoValidate>
              Check id
            </Button>
          </div>
          <Field
            label="Commission (%)"
            name="percent"
            inputMode="decimal"
            defaultValue={v.percent}
            error={f.percentBasisPoints}
            hint="Of what the shopper paid for the goods, tax included; up to two decimals."
          />
          <Field
            label="Minimum commission per unit (₹)"
            name="minimum"
            inputMode="decimal"
            defaultValue={v.minimum}
            error={f.minimumPaise}
          />
          <fieldset
            className={`ui-field wide settle-bands-field${f.closingFees ? ' has-error' : ''}`}
            aria-describedby={f.closingFees ? 'bands-error' : undefined}
          >
            <legend>Closing fee per unit, by unit price</legend>
            <p className="settle-note">
              Up to {BAND_ROWS} bands, the first from ₹0, each starting at a higher price. Leave unused rows
              blank.
            </p>
            {f.closingFees && <FieldError id="bands-error">{f.closingFees}</FieldError>}
            <div className="settle-band-grid">
              <span aria-hidden="true">Unit price from (₹)</span>
              <span aria-hidden="true">Fee per unit (₹)</span>
              {Array.from({ length: BAND_ROWS }, (_, i) => (
                <BandRow key={i} index={i} values={v} />
              ))}
            </div>
          </fieldset>
          <Field
            label="Shipping fee per 500 g slab (₹)"
            name="shipping"
            inputMode="decimal"
            defaultValue={v.shipping}
            error={f.shippingFeePerSlabPaise}
            hint="Per unit, for each 500 g of its weight or part of it."
          />
          <Field
            label="First day"
            name="effectiveFrom"
            type="date"
            min={list.firstDay}
            defaultValue={v.effectiveFrom}
            error={f.effectiveFrom}
            hint="The rule starts at 00:00 that day, Indian time: tomorrow at the earliest."
          />
          <div className="wide settle-actions">
            <Button type="submit" name="intent" value="add" busy={busy}>
              Add rule
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

function BandRow({ index, values }: { index: number; values: CommissionRuleFormValues }) {
  const from = `bandFrom${index}` as keyof CommissionRuleFormValues;
  const fee = `bandFee${index}` as keyof CommissionRuleFormValues;
  return (
    <>
      <input
        name={from}
        inputMode="decimal"
        aria-label={`Band ${index + 1}: unit price from (₹)`}
        defaultValue={values[from]}
      />
      <input
        name={fee}
        inputMode="decimal"
        aria-label={`Band ${index + 1}: fee per unit (₹)`}
        defaultValue={values[fee]}
      />
    </>
  );
}
