import {
  BREACH_CATEGORY_LABELS,
  BREACH_DATA_CATEGORIES,
  BREACH_LIMITS,
  BreachList,
  BreachPreview,
  BreachRecorded,
  discoveredAtFromForm,
} from '@marketplace/domain/admin/breaches-api';
import { GrievanceOfficer } from '@marketplace/domain/grievances/grievance-api';
import { randomUUID } from 'node:crypto';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Choice, Field, FieldError, RadioGroup, TextAreaField } from '../../components/ui/field.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { loadConsole } from './console-api.server.ts';
import './breaches.css';

const TEXTS = [
  'summary',
  'nature',
  'location',
  'consequences',
  'measures',
  'safetySteps',
  'contact',
  'circumstances',
  'causeFindings',
  'remedialMeasures',
] as const;
const FIELDS = [
  ...TEXTS,
  'submissionKey',
  'discoveredAt',
  'audienceKind',
  'from',
  'to',
  'sellerId',
  'list',
] as const;
type Values = Record<(typeof FIELDS)[number], string> & { categories: string[] };

const LABELS: Record<(typeof TEXTS)[number], string> = {
  summary: 'What happened',
  nature: 'Its nature and extent',
  location: 'Where it happened',
  consequences: 'Likely consequences for the people affected',
  measures: 'What we have done and are doing',
  safetySteps: 'What the people affected can do',
  contact: 'Whom they contact with questions',
  circumstances: 'Facts, circumstances and reasons (for the Board; may be added later)',
  causeFindings: 'Findings about who caused it (for the Board; may be added later)',
  remedialMeasures: 'Remedial measures against a repeat (for the Board; may be added later)',
};
const HINTS: Partial<Record<(typeof TEXTS)[number], string>> = {
  summary: 'Each person reads this in their email. Plain words, no jargon.',
  safetySteps: 'For example: change your password, never share an OTP, ignore calls asking for payment.',
  contact: 'The Grievance Officer’s name, email and phone.',
};

const AUDIENCES = [
  { value: 'signed-up', label: 'Every shopper who signed up between two days' },
  { value: 'seller-buyers', label: 'Every buyer of one seller’s orders' },
  { value: 'contacts', label: 'A list of email addresses or mobile numbers' },
] as const;

/** requirements#privacy-breach: the owner's form to record a breach; the API decides who may. */
export async function loader({ request, context }: LoaderArgs) {
  // the list is owners' only: a role that does not reach it sees the refusal, not the form
  await loadConsole({ request, context }, '/api/admin/breaches', BreachList);
  const officer = await requestApi(context.api, 'GET', '/api/admin/grievance-officer', GrievanceOfficer);
  const contact = officer.ok
    ? `${officer.data.name}, ${officer.data.designation}, ${officer.data.email}, ${officer.data.phone}`
    : '';
  return { submissionKey: randomUUID().replace(/-/g, ''), contact };
}

function audienceOf(values: Values) {
  if (values.audienceKind === 'signed-up') return { kind: 'signed-up', from: values.from, to: values.to };
  if (values.audienceKind === 'seller-buyers') return { kind: 'seller-buyers', sellerId: values.sellerId };
  if (values.audienceKind === 'contacts') return { kind: 'contacts', list: values.list };
  return undefined;
}

/** Errors the API names by field, the audience's rule under one name. */
function fieldsOf(fields: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields))
    out[key.startsWith('audience') ? 'audience' : (key.split('.')[0] ?? key)] ??= message;
  return out;
}

export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const values: Values = {
    ...formFields(form ?? new FormData(), FIELDS),
    categories: (form?.getAll('categories') ?? []).filter((v): v is string => typeof v === 'string'),
  };
  const intent = form?.get('intent') === 'record' ? 'record' : 'preview';
  type Answer = {
    tone: 'error' | 'info';
    message: string;
    fields: Record<string, string>;
    values: Values;
    preview: BreachPreview | null;
  };
  const answer = (status: number, rest: Omit<Answer, 'values'>) =>
    data({ ...rest, values } satisfies Answer, { status });
  if (!form)
    return answer(400, {
      tone: 'error',
      message: 'This form was not understood. Please try again.',
      fields: {},
      preview: null,
    });
  const api = actionApi(context);
  const audience = audienceOf(values);
  const refused = (result: Exclude<Awaited<ReturnType<typeof api.call>>, { ok: true }>) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from an action by a thrown Response
    if (result.kind === 'refused' && result.status === 401) throw redirect(loginPathFor(url));
    if (result.kind === 'refused')
      return answer(result.status, {
        tone: 'error',
        message: result.message,
        fields: fieldsOf(result.fields),
        preview: null,
      });
    return answer(503, {
      tone: 'error',
      message: 'Something went wrong. Please try again.',
      fields: {},
      preview: null,
    });
  };
  if (intent === 'preview') {
    const result = await api.call('POST', '/api/admin/breaches/preview', BreachPreview, { audience });
    if (!result.ok) return refused(result);
    return answer(200, { tone: 'info', message: '', fields: {}, preview: result.data });
  }
  const { from: _from, to: _to, sellerId: _seller, list: _list, audienceKind: _kind, ...rest } = values;
  const result = await api.call('POST', '/api/admin/breaches', BreachRecorded, {
    ...rest,
    discoveredAt: discoveredAtFromForm(values.discoveredAt),
    audience,
  });
  if (!result.ok) return refused(result);
  return redirect(`/admin/breaches/${result.data.id}?recorded=${result.data.affectedCount}`);
}

export function meta() {
  return [{ title: 'Record a data breach · Console' }];
}

export default function NewBreach() {
  const { submissionKey, contact } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const typed = answer?.values;
  const valueOf = (name: (typeof FIELDS)[number]) => typed?.[name] ?? '';
  const fields = answer?.fields ?? {};
  const kind = typed?.audienceKind ?? '';
  const preview = answer?.preview ?? null;
  return (
    <div className="breach-page">
      <p>
        <Link to="/admin/breaches">‹ All breaches</Link>
      </p>
      <h1>Record a data breach</h1>
      <p className="breach-lead">
        DPDP Rules 2025, rule 7: each person affected is emailed without delay; the Board’s detailed report is
        due within 72 hours of discovery. Check the count, then confirm: the emails go out at once, one per
        person.
      </p>
      {answer?.tone === 'error' && <Alert tone="error">{answer.message}</Alert>}
      <Form method="post" className="ui-form-grid" noValidate aria-label="The breach">
        <input type="hidden" name="submissionKey" value={typed?.submissionKey || submissionKey} />
        {TEXTS.slice(0, 2).map((name) => (
          <TextAreaField
            key={name}
            wide
            label={LABELS[name]}
            name={name}
            rows={3}
            maxLength={BREACH_LIMITS.textMax}
            required
            defaultValue={valueOf(name)}
            hint={HINTS[name]}
            error={fields[name]}
          />
        ))}
        <Field
          label="Discovered at (IST)"
          name="discoveredAt"
          type="datetime-local"
          required
          defaultValue={valueOf('discoveredAt')}
          error={fields.discoveredAt}
        />
        <Field
          label={LABELS.location}
          name="location"
          maxLength={BREACH_LIMITS.locationMax}
          required
          defaultValue={valueOf('location')}
          error={fields.location}
        />
        <fieldset className={`ui-field wide${fields.categories ? ' has-error' : ''}`}>
          <legend>Personal data exposed</legend>
          <div className="ui-choices breach-categories">
            {BREACH_DATA_CATEGORIES.map((category) => (
              <Choice
                key={category}
                name="categories"
                value={category}
                label={BREACH_CATEGORY_LABELS[category]}
                defaultChecked={typed?.categories.includes(category)}
              />
            ))}
          </div>
          {fields.categories && <FieldError alert>{fields.categories}</FieldError>}
        </fieldset>
        {(['consequences', 'measures', 'safetySteps'] as const).map((name) => (
          <TextAreaField
            key={name}
            wide
            label={LABELS[name]}
            name={name}
            rows={3}
            maxLength={BREACH_LIMITS.textMax}
            required
            defaultValue={valueOf(name)}
            hint={HINTS[name]}
            error={fields[name]}
          />
        ))}
        <Field
          wide
          label={LABELS.contact}
          name="contact"
          maxLength={BREACH_LIMITS.contactMax}
          required
          defaultValue={typed ? valueOf('contact') : contact}
          hint={HINTS.contact}
          error={fields.contact}
        />
        <RadioGroup
          wide
          legend="Who was affected"
          name="audienceKind"
          options={AUDIENCES}
          defaultValue={kind}
          error={fields.audience}
        />
        <Field label="Signed up from" name="from" type="date" defaultValue={valueOf('from')} />
        <Field label="Signed up to" name="to" type="date" defaultValue={valueOf('to')} />
        <Field
          label="Seller number (for a seller’s buyers)"
          name="sellerId"
          inputMode="numeric"
          defaultValue={valueOf('sellerId')}
          hint="As the Sellers page shows it."
        />
        <TextAreaField
          wide
          label="Email addresses or mobile numbers (for a list)"
          name="list"
          rows={4}
          defaultValue={valueOf('list')}
          hint={`One a line, up to ${BREACH_LIMITS.contactsListMax.toLocaleString('en-IN')}.`}
        />
        <details className="wide breach-later" open={Boolean(typed?.circumstances || typed?.causeFindings)}>
          <summary>For the Board’s detailed report (may be added later)</summary>
          {(['circumstances', 'causeFindings', 'remedialMeasures'] as const).map((name) => (
            <TextAreaField
              key={name}
              label={LABELS[name]}
              name={name}
              rows={3}
              maxLength={BREACH_LIMITS.textMax}
              defaultValue={valueOf(name)}
              error={fields[name]}
            />
          ))}
        </details>
        {preview && (
          <div className="wide breach-preview" role="status">
            <p>
              <strong>
                {preview.count.toLocaleString('en-IN')} {preview.count === 1 ? 'person' : 'people'}
              </strong>{' '}
              will be emailed: {preview.audienceText}.
              {preview.unmatched > 0 &&
                ` ${preview.unmatched.toLocaleString('en-IN')} of the pasted entries ${preview.unmatched === 1 ? 'matches' : 'match'} no account.`}
            </p>
          </div>
        )}
        <div className="wide breach-actions">
          <Button type="submit" name="intent" value="preview" variant="secondary" busy={busy('preview')}>
            Count the people affected
          </Button>
          {preview && preview.count > 0 && (
            <Button type="submit" name="intent" value="record" busy={busy('record')}>
              Record and email {preview.count.toLocaleString('en-IN')}{' '}
              {preview.count === 1 ? 'person' : 'people'}
            </Button>
          )}
        </div>
      </Form>
    </div>
  );
}
