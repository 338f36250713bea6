import {
  canEditGrievanceOfficer,
  GRIEVANCE_OFFICER_MESSAGES,
} from '@marketplace/domain/admin/grievances-api';
import { STAFF_MESSAGES, StaffMe } from '@marketplace/domain/admin/staff-api';
import { GRIEVANCE_OFFICER_LIMITS, GrievanceOfficer } from '@marketplace/domain/grievances/grievance-api';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { fieldErrors, requestApi } from '../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { GRIEVANCES_PATH } from './grievance-parts.tsx';
import './grievances.css';

const FIELDS = ['name', 'designation', 'email', 'phone', 'address', 'hours'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  name: 'Name',
  designation: 'Designation',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  hours: 'Hours',
};

/**
 * requirements#grievances: the grievance officer the grievance and policy pages name. Support reads
 * it; owners change it (audited).
 */
export async function loader({ request, context }: LoaderArgs) {
  const [officer, me] = await Promise.all([
    requestApi(context.api, 'GET', '/api/admin/grievance-officer', GrievanceOfficer),
    requestApi(context.api, 'GET', '/api/admin/me', StaffMe),
  ]);
  if (!officer.ok && officer.kind === 'refused' && officer.status === 401)
    return redirect(loginPathFor(request));
  if (!officer.ok && officer.kind === 'refused' && officer.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(officer.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (!officer.ok && !(officer.kind === 'refused' && officer.status === 404))
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data('The grievance officer could not be loaded. Please try again.', { status: 503 });
  return {
    officer: officer.ok ? officer.data : null,
    canEdit: me.ok && canEditGrievanceOfficer(me.data.role),
  };
}

export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const values: Values = formFields(form ?? new FormData(), FIELDS);
  const answer = (
    status: number,
    tone: 'success' | 'error',
    message: string,
    fields: Record<string, string> = {},
  ) => data({ tone, message, fields, values }, { status });
  if (!form) return answer(400, 'error', 'This form was not understood. Please try again.');
  const parsed = GrievanceOfficer.safeParse(values);
  if (!parsed.success)
    return answer(400, 'error', 'Check the fields marked below.', fieldErrors(parsed.error));
  const result = await actionApi(context).call(
    'PUT',
    '/api/admin/grievance-officer',
    GrievanceOfficer,
    parsed.data,
  );
  if (result.ok) return answer(200, 'success', GRIEVANCE_OFFICER_MESSAGES.saved);
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
  if (result.kind === 'refused') return answer(result.status, 'error', result.message, result.fields);
  return answer(503, 'error', 'The grievance officer could not be saved. Please try again.');
}

export function meta() {
  return [{ title: 'Grievance officer · Console' }];
}

export default function GrievanceOfficerPage() {
  const { officer, canEdit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const valueOf = (name: (typeof FIELDS)[number]) =>
    answer?.tone === 'error' ? answer.values[name] : (officer?.[name] ?? '');
  return (
    <div className="admin-grv-officer">
      <p>
        <Link to={GRIEVANCES_PATH}>‹ All complaints</Link>
      </p>
      <h1>Grievance officer</h1>
      <p>The grievance page and every policy page show these details to shoppers.</p>
      {answer && <Alert tone={answer.tone}>{answer.message}</Alert>}
      <Card>
        <Form method="post" aria-label="The grievance officer" noValidate>
          <fieldset disabled={!canEdit} className="ui-form">
            {FIELDS.map((name) => (
              <Field
                key={name}
                label={LABELS[name]}
                name={name}
                type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                defaultValue={valueOf(name)}
                maxLength={GRIEVANCE_OFFICER_LIMITS[name]}
                error={answer?.fields[name]}
                required
              />
            ))}
          </fieldset>
          {canEdit ? (
            <Button type="submit" busy={busy}>
              Save
            </Button>
          ) : (
            <p>{GRIEVANCE_OFFICER_MESSAGES.ownersOnly}</p>
          )}
        </Form>
      </Card>
    </div>
  );
}
