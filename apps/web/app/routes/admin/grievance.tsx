import {
  GrievanceStepDone,
  ResolveGrievanceInput,
  StaffGrievanceDetail,
  StaffGrievanceMessageInput,
} from '@marketplace/domain/admin/grievances-api';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import {
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_LIMITS,
  GRIEVANCE_STATUS_LABELS,
  TICKET_NO,
} from '@marketplace/domain/grievances/grievances';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { GrievanceThread } from '../../components/grievances/grievance-parts.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { fieldErrors, requestApi } from '../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { formatMoment } from './format.ts';
import { Deadline, GRIEVANCES_PATH } from './grievance-parts.tsx';

const notFound = () => data('This complaint was not found.', { status: 404 });
const INTENTS = ['acknowledge', 'reply', 'resolve'] as const;
type Intent = (typeof INTENTS)[number];

/** requirements#grievances: one complaint in the console: the shopper, the deadlines, the thread and the next step. */
export async function loader({ request, params, context }: LoaderArgs) {
  const ticketNo = params.ticketNo ?? '';
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!TICKET_NO.test(ticketNo)) throw notFound();
  const result = await requestApi(
    context.api,
    'GET',
    `/api/admin/grievances/${ticketNo}`,
    StaffGrievanceDetail,
  );
  if (result.ok) return { grievance: result.data };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (result.kind === 'refused' && result.status === 404) throw notFound();
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('This complaint could not be loaded. Please try again.', { status: 503 });
}

export async function action({ request, params, url, context }: ActionArgs) {
  const ticketNo = params.ticketNo ?? '';
  const form = await readForm(request);
  const fields = formFields(form ?? new FormData(), ['intent', 'text']);
  const intent = INTENTS.find((value) => value === fields.intent);
  const answer = (status: number, tone: 'success' | 'error', message: string) =>
    data({ intent: intent ?? null, tone, message, text: tone === 'error' ? fields.text : '' }, { status });
  if (!form || !intent || !TICKET_NO.test(ticketNo))
    return answer(400, 'error', 'This form was not understood. Please try again.');
  const api = actionApi(context);
  const base = `/api/admin/grievances/${ticketNo}`;
  let call;
  if (intent === 'resolve') {
    const input = ResolveGrievanceInput.safeParse({ resolution: fields.text });
    if (!input.success)
      return answer(400, 'error', fieldErrors(input.error).resolution ?? 'Check the resolution.');
    call = await api.call('POST', `${base}/resolution`, GrievanceStepDone, input.data);
  } else {
    const input = StaffGrievanceMessageInput.safeParse({ message: fields.text });
    if (!input.success) return answer(400, 'error', fieldErrors(input.error).message ?? 'Check the message.');
    const path = intent === 'acknowledge' ? 'acknowledgement' : 'replies';
    call = await api.call('POST', `${base}/${path}`, GrievanceStepDone, input.data);
  }
  if (call.ok) return answer(200, 'success', call.data.message);
  if (call.kind === 'refused' && call.status === 401) return redirect(loginPathFor(url));
  // a lapsed second factor goes to the code page and back here
  if (call.kind === 'refused' && call.status === 403 && call.message === STAFF_MESSAGES.needsSecondFactor)
    return redirect(`/admin/verify?redirectTo=${encodeURIComponent(url.pathname)}`);
  if (call.kind === 'refused') return answer(call.status, 'error', call.message);
  return answer(503, 'error', 'The complaint could not be updated. Please try again.');
}

export function meta({ params }: { params: { ticketNo?: string } }) {
  return [{ title: `Complaint ${params.ticketNo ?? ''} · Console` }];
}

export default function StaffGrievance() {
  const { grievance } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const { deadlines } = grievance;
  const errorFor = (intent: Intent) =>
    answer?.tone === 'error' && answer.intent === intent ? answer.message : undefined;
  const textFor = (intent: Intent) => (answer?.intent === intent ? answer.text : '');
  return (
    <div>
      <p>
        <Link to={GRIEVANCES_PATH}>‹ All complaints</Link>
      </p>
      <div className="admin-grv-head">
        <h1>
          Complaint{' '}
          <span className="admin-grv-ticket" data-testid="ticket-no">
            {grievance.ticketNo}
          </span>
        </h1>
        <span data-testid="grievance-status">{GRIEVANCE_STATUS_LABELS[grievance.status]}</span>
      </div>
      {answer?.tone === 'success' && <Alert tone="success">{answer.message}</Alert>}
      {answer?.tone === 'error' && answer.intent === null && <Alert tone="error">{answer.message}</Alert>}
      {deadlines.isOverdue && (
        <Alert tone="error">
          This complaint is past a limit of the Consumer Protection (E-Commerce) Rules, 2020.
        </Alert>
      )}
      <div className="admin-grv-grid">
        <div className="admin-grv-grid-main">
          <Card title={grievance.subject}>
            <dl className="grv-facts">
              <div>
                <dt>Filed</dt>
                <dd>
                  {formatMoment(grievance.filedAt)} ({grievance.age} ago)
                </dd>
              </div>
              <div>
                <dt>About</dt>
                <dd>{GRIEVANCE_CATEGORY_LABELS[grievance.category]}</dd>
              </div>
              <div>
                <dt>Order</dt>
                <dd>{grievance.orderNo ?? 'None'}</dd>
              </div>
              <div>
                <dt>Shopper</dt>
                <dd>
                  {grievance.shopper.name}
                  <span className="admin-grv-sub">{grievance.shopper.email}</span>
                  {grievance.shopper.mobile && (
                    <span className="admin-grv-sub">{grievance.shopper.mobile}</span>
                  )}
                </dd>
              </div>
              <div className="grv-wide">
                <dt>Acknowledgement (48 hours)</dt>
                <dd>
                  <Deadline due={deadlines.acknowledgeBy} state={deadlines.acknowledgement} />
                  {grievance.acknowledgedAt && ` · done ${formatMoment(grievance.acknowledgedAt)}`}
                </dd>
              </div>
              <div className="grv-wide">
                <dt>Resolution (one month)</dt>
                <dd>
                  <Deadline due={deadlines.resolveBy} state={deadlines.resolution} />
                  {grievance.resolvedAt && ` · done ${formatMoment(grievance.resolvedAt)}`}
                </dd>
              </div>
              <div className="grv-wide">
                <dt>What the shopper wrote</dt>
                <dd>
                  <p className="grv-description">{grievance.description}</p>
                </dd>
              </div>
            </dl>
          </Card>
          <Card title="Messages">
            <GrievanceThread messages={grievance.messages} authors={grievance.messageAuthors} />
          </Card>
        </div>
        <div className="admin-grv-forms">
          {grievance.status === 'open' && (
            <Card title="Acknowledge">
              <Form method="post" aria-label="Acknowledge the complaint">
                <input type="hidden" name="intent" value="acknowledge" />
                <TextAreaField
                  label="Message to the shopper"
                  name="text"
                  rows={4}
                  maxLength={GRIEVANCE_LIMITS.messageMax}
                  defaultValue={
                    textFor('acknowledge') ||
                    `We have received your complaint ${grievance.ticketNo} and are looking into it.`
                  }
                  error={errorFor('acknowledge')}
                />
                <Button type="submit" busy={busyIntent === 'acknowledge'}>
                  Acknowledge
                </Button>
              </Form>
            </Card>
          )}
          {grievance.status === 'acknowledged' && (
            <Card title="Reply">
              <Form method="post" aria-label="Reply to the shopper">
                <input type="hidden" name="intent" value="reply" />
                <TextAreaField
                  label="Reply to the shopper"
                  name="text"
                  rows={4}
                  maxLength={GRIEVANCE_LIMITS.messageMax}
                  defaultValue={textFor('reply')}
                  error={errorFor('reply')}
                  key={`reply-${grievance.messages.length}`}
                />
                <Button type="submit" variant="secondary" busy={busyIntent === 'reply'}>
                  Send reply
                </Button>
              </Form>
            </Card>
          )}
          {grievance.status !== 'resolved' ? (
            <Card title="Resolve">
              <Form method="post" aria-label="Resolve the complaint">
                <input type="hidden" name="intent" value="resolve" />
                <TextAreaField
                  label="Resolution"
                  name="text"
                  rows={5}
                  maxLength={GRIEVANCE_LIMITS.messageMax}
                  defaultValue={textFor('resolve')}
                  error={errorFor('resolve')}
                  hint="What was done: the shopper reads this and is emailed."
                />
                <Button type="submit" busy={busyIntent === 'resolve'}>
                  Resolve
                </Button>
              </Form>
            </Card>
          ) : (
            <Card title="Resolution">
              <p className="grv-description" data-testid="resolution">
                {grievance.resolution}
              </p>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
