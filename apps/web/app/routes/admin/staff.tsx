import { ROLE_LABELS, STAFF_ROLES } from '@marketplace/domain/admin/console';
import {
  ROLE_DESCRIPTIONS,
  STAFF_TEAM_MESSAGES,
  StaffChanged,
  StaffRemoved,
  type StaffMemberView,
  StaffTeam,
} from '@marketplace/domain/admin/staff-team-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, SelectField } from '../../components/ui/field.tsx';
import { Badge, Table } from '../../components/ui/table.tsx';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { loadConsole } from './console-api.server.ts';

/** requirements#operator-staff: the owners' staff screen; the API decides who may see it. */
export async function loader({ request, url, context }: LoaderArgs) {
  const team = await loadConsole({ request, context }, '/api/admin/staff', StaffTeam);
  const removing = url.searchParams.get('remove') ?? '';
  return {
    removed: url.searchParams.get('removed') === '1',
    team: team?.staff ?? [],
    confirm: team?.staff.find((member) => String(member.id) === removing && !member.isYou) ?? null,
  };
}

type Answer = {
  intent: 'invite' | 'role' | 'remove';
  ok: boolean;
  message: string;
  fields: Record<string, string>;
  typed: { email: string; role: string };
  id: string;
};

/** Three forms, each working without scripts: invite, change a role, remove (after a confirmation). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const typed = { email: '', role: '' };
  const fail = (answer: Omit<Answer, 'ok'>, status: number) => data({ ...answer, ok: false }, { status });
  if (!form)
    return fail(
      {
        intent: 'invite',
        message: 'The form could not be read. Please try again.',
        fields: {},
        typed,
        id: '',
      },
      400,
    );
  const fields = formFields(form, ['intent', 'email', 'role', 'id']);
  const intent = fields.intent === 'role' || fields.intent === 'remove' ? fields.intent : 'invite';
  const api = actionApi(context);
  const answered = (
    result: Awaited<ReturnType<typeof api.call>>,
    done: (message: string) => Response | Answer,
  ) => {
    if (result.ok) return done((result.data as { message: string }).message);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from an action by a thrown Response
    if (result.kind === 'refused' && result.status === 401) throw redirect(loginPathFor(request));
    const status = result.kind === 'refused' ? result.status : 503;
    const message = result.kind === 'refused' ? result.message : 'Something went wrong. Please try again.';
    return data(
      {
        intent,
        ok: false,
        message,
        fields: result.kind === 'refused' ? result.fields : {},
        typed: { email: fields.email.slice(0, 320), role: fields.role },
        id: fields.id,
      } satisfies Answer,
      { status },
    );
  };
  if (intent === 'invite') {
    const result = await api.call('POST', '/api/admin/staff', StaffChanged, {
      email: fields.email,
      role: fields.role,
    });
    return answered(result, (message) => ({ intent, ok: true, message, fields: {}, typed, id: '' }));
  }
  if (!isRecordId(fields.id))
    return fail({ intent, message: STAFF_TEAM_MESSAGES.notFound, fields: {}, typed, id: '' }, 404);
  if (intent === 'role') {
    const result = await api.call('PUT', `/api/admin/staff/${fields.id}/role`, StaffChanged, {
      role: fields.role,
    });
    return answered(result, (message) => ({ intent, ok: true, message, fields: {}, typed, id: fields.id }));
  }
  const result = await api.call('DELETE', `/api/admin/staff/${fields.id}`, StaffRemoved);
  return answered(result, () => redirect('/admin/staff?removed=1'));
}

export function meta() {
  return [{ title: 'Staff · Console' }];
}

const formatDay = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));

function Status({ member }: { member: StaffMemberView }) {
  if (member.isInvited) return <Badge tone="info">Invited</Badge>;
  if (!member.isEnrolled) return <Badge tone="warning">Setting up</Badge>;
  return <Badge tone="success">Active</Badge>;
}

export default function Staff() {
  const { team, confirm, removed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string, id = '') =>
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    (navigation.formData.get('id') ?? '') === id;
  const invite = answer?.intent === 'invite' ? answer : null;
  return (
    <div className="staff-page">
      <h1>Staff</h1>
      <p className="staff-lead">
        Who runs the marketplace and what each may do. Only owners see this page; every change is in the{' '}
        <Link to="/admin/audit">audit log</Link>.
      </p>
      {removed && !answer && <Alert tone="success">{STAFF_TEAM_MESSAGES.removed}</Alert>}
      {answer && answer.intent !== 'invite' && (
        <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>
      )}
      {confirm && (
        <section className="staff-confirm" aria-labelledby="staff-confirm-title">
          <h2 id="staff-confirm-title">Remove {confirm.name || confirm.email}?</h2>
          <p>
            {confirm.email} loses access to the console at once, in every session. Their account stays a
            shopper’s account, and the audit log keeps their changes.
          </p>
          <Form method="post" action="/admin/staff" className="staff-actions">
            <input type="hidden" name="id" value={confirm.id} />
            <Button type="submit" name="intent" value="remove" busy={busy('remove', String(confirm.id))}>
              Remove access
            </Button>
            <Link to="/admin/staff">Cancel</Link>
          </Form>
        </section>
      )}
      <Table
        label="Staff, owners first"
        stacked
        head={
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Role</th>
            <th scope="col">Added</th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        }
      >
        {team.map((member) => (
          <tr key={member.id}>
            <th scope="row" className="ui-cell-wide">
              <span className="staff-name">
                {member.name || member.email}
                {member.isYou && ' (you)'}
              </span>
              <span className="staff-sub">{member.email}</span>
            </th>
            <td data-label="Status">
              <Status member={member} />
            </td>
            <td data-label="Role">
              {member.isYou ? (
                ROLE_LABELS[member.role]
              ) : (
                <Form method="post" className="staff-role">
                  <input type="hidden" name="id" value={member.id} />
                  <label className="sr-only" htmlFor={`role-${member.id}`}>
                    Role of {member.email}
                  </label>
                  <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                  <Button
                    type="submit"
                    name="intent"
                    value="role"
                    variant="secondary"
                    small
                    busy={busy('role', String(member.id))}
                    aria-label={`Change the role of ${member.email}`}
                  >
                    Change
                  </Button>
                </Form>
              )}
            </td>
            <td data-label="Added">{formatDay(member.addedAt)}</td>
            <td>
              {!member.isYou && (
                <Link
                  to={`/admin/staff?remove=${member.id}`}
                  className="staff-remove"
                  aria-label={`Remove ${member.email}`}
                >
                  Remove
                </Link>
              )}
            </td>
          </tr>
        ))}
      </Table>

      <section className="staff-invite" aria-labelledby="staff-invite-title">
        <h2 id="staff-invite-title">Invite staff</h2>
        <p className="staff-sub">
          Someone with a Bazaar account gets the role at once; anyone else gets an email saying how to join.
          Each sets up an authenticator app on their first visit.
        </p>
        {/* a field's refusal is said beside the field, once */}
        {invite && (invite.ok || Object.keys(invite.fields).length === 0) && (
          <Alert tone={invite.ok ? 'success' : 'error'}>{invite.message}</Alert>
        )}
        {/* a new member in the list starts the form afresh; a refused one keeps what was typed */}
        <Form key={team.length} method="post" className="ui-form-grid" noValidate>
          <Field
            label="Email address"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={320}
            defaultValue={invite && !invite.ok ? invite.typed.email : ''}
            error={invite?.fields.email}
          />
          <SelectField
            label="Role"
            name="role"
            defaultValue={invite && !invite.ok ? invite.typed.role : 'support'}
            error={invite?.fields.role}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
              </option>
            ))}
          </SelectField>
          <div className="wide">
            <Button type="submit" name="intent" value="invite" busy={busy('invite')}>
              Send invitation
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
