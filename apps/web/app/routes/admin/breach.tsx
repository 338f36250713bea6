import {
  BREACH_CATEGORY_LABELS,
  BREACH_LIMITS,
  BREACH_MESSAGES,
  BreachDetail,
  BreachStepDone,
} from '@marketplace/domain/admin/breaches-api';
import { formatIndianDateTime } from '@marketplace/domain/text/dates';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Badge } from '../../components/ui/table.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { loadConsole } from './console-api.server.ts';
import './breaches.css';

const DETAILS = ['circumstances', 'causeFindings', 'remedialMeasures'] as const;
const DETAIL_LABELS: Record<(typeof DETAILS)[number], string> = {
  circumstances: 'Facts, circumstances and reasons',
  causeFindings: 'Findings about who caused it',
  remedialMeasures: 'Remedial measures against a repeat',
};

/** requirements#privacy-breach: one breach, its notices and the Board's report (owners only). */
export async function loader({ request, params, url, context }: LoaderArgs) {
  const id = params.id ?? '';
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!isRecordId(id)) throw data(BREACH_MESSAGES.notFound, { status: 404 });
  const breach = await loadConsole({ request, context }, `/api/admin/breaches/${id}`, BreachDetail);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!breach) throw data(BREACH_MESSAGES.notFound, { status: 404 });
  const recorded = url.searchParams.get('recorded');
  return { breach, recorded: recorded && /^\d{1,6}$/.test(recorded) ? Number(recorded) : null };
}

export async function action({ request, params, url, context }: ActionArgs) {
  const id = params.id ?? '';
  const form = await readForm(request);
  const fields = formFields(form ?? new FormData(), ['intent', ...DETAILS]);
  const answer = (status: number, ok: boolean, message: string, errors: Record<string, string> = {}) =>
    data({ ok, message, errors, typed: fields }, { status });
  if (!form || !isRecordId(id)) return answer(400, false, 'This form was not understood. Please try again.');
  const api = actionApi(context);
  const result =
    fields.intent === 'details'
      ? await api.call('PUT', `/api/admin/breaches/${id}/report-details`, BreachStepDone, {
          circumstances: fields.circumstances,
          causeFindings: fields.causeFindings,
          remedialMeasures: fields.remedialMeasures,
        })
      : await api.call(
          'POST',
          `/api/admin/breaches/${id}/board/${fields.intent === 'report' ? 'report' : 'intimation'}`,
          BreachStepDone,
        );
  if (result.ok) return answer(200, true, result.data.message);
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
  if (result.kind === 'refused') return answer(result.status, false, result.message, result.fields);
  return answer(503, false, 'Something went wrong. Please try again.');
}

export function meta() {
  return [{ title: 'Data breach · Console' }];
}

export default function Breach() {
  const { breach, recorded } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const detailOf = (name: (typeof DETAILS)[number]) =>
    answer && !answer.ok ? answer.typed[name] : breach[name];
  return (
    <div className="breach-page">
      <p>
        <Link to="/admin/breaches">‹ All breaches</Link>
      </p>
      <h1>{breach.summary}</h1>
      {recorded !== null && !answer && <Alert tone="success">{BREACH_MESSAGES.recorded(recorded)}</Alert>}
      {answer && <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>}
      <dl className="breach-facts">
        <dt>Discovered (IST)</dt>
        <dd>{formatIndianDateTime(breach.discoveredAt)}</dd>
        <dt>Board’s detailed report due (IST)</dt>
        <dd className={breach.isOverdue ? 'breach-overdue' : undefined}>
          {formatIndianDateTime(breach.reportDueAt)}{' '}
          {breach.isOverdue ? <Badge tone="danger">{breach.timeLeft}</Badge> : `(${breach.timeLeft})`}
        </dd>
        <dt>People affected</dt>
        <dd>
          {breach.affectedCount.toLocaleString('en-IN')}: {breach.audienceText}
        </dd>
        <dt>Emails sent</dt>
        <dd>
          {breach.sentCount.toLocaleString('en-IN')} of {breach.affectedCount.toLocaleString('en-IN')}
          {breach.failedCount > 0 && `; ${breach.failedCount.toLocaleString('en-IN')} could not be delivered`}
        </dd>
        <dt>Data exposed</dt>
        <dd>{breach.categories.map((category) => BREACH_CATEGORY_LABELS[category]).join('; ')}</dd>
        <dt>Recorded</dt>
        <dd>
          {formatIndianDateTime(breach.recordedAt)} by {breach.recordedBy}
        </dd>
      </dl>

      <section aria-labelledby="breach-board-title">
        <h2 id="breach-board-title">Report to the Board</h2>
        <Form method="post" className="breach-actions">
          {breach.boardIntimatedAt ? (
            <p>First intimation sent {formatIndianDateTime(breach.boardIntimatedAt)} IST.</p>
          ) : (
            <Button
              type="submit"
              name="intent"
              value="intimation"
              variant="secondary"
              busy={busy('intimation')}
            >
              Mark the first intimation sent
            </Button>
          )}
          {breach.boardReportedAt ? (
            <p>Detailed report sent {formatIndianDateTime(breach.boardReportedAt)} IST.</p>
          ) : (
            <Button type="submit" name="intent" value="report" variant="secondary" busy={busy('report')}>
              Mark the detailed report sent
            </Button>
          )}
        </Form>
        <p>
          <a href={`/api/admin/breaches/${breach.id}/board-report.txt`} download>
            Download the detailed report (rule 7(2))
          </a>
        </p>
        <pre className="breach-report" tabIndex={0} aria-label="The detailed report">
          {breach.boardReport}
        </pre>
        <Form method="post" className="ui-form-grid" noValidate aria-label="The report’s details">
          {DETAILS.map((name) => (
            <TextAreaField
              key={name}
              wide
              label={DETAIL_LABELS[name]}
              name={name}
              rows={3}
              maxLength={BREACH_LIMITS.textMax}
              defaultValue={detailOf(name)}
              error={answer?.errors[name]}
            />
          ))}
          <div className="wide">
            <Button type="submit" name="intent" value="details" busy={busy('details')}>
              Save the report’s details
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
