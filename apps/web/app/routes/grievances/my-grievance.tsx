import {
  GrievanceDetail,
  GrievanceMessageInput,
  GrievanceStepDone,
} from '@marketplace/domain/grievances/grievance-api';
import {
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_LIMITS,
  TICKET_NO,
} from '@marketplace/domain/grievances/grievances';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { GrievanceStatusBadge, GrievanceThread } from '../../components/grievances/grievance-parts.tsx';
import { MY_GRIEVANCES_PATH } from '../../components/grievances/paths.ts';
import { formatDay, formatMoment } from '../../components/orders/order-dates.ts';
import { NotFound } from '../../components/not-found.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/account-api.ts';
import { takeFlash } from '../../lib/flash.server.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';

/** requirements#grievances: one of the shopper's complaints: status, dates, answers, and a reply while open. */
export async function loader({ request, params, context }: LoaderArgs) {
  const ticketNo = params.ticketNo ?? '';
  const { flash, headers } = takeFlash(request);
  const found = TICKET_NO.test(ticketNo)
    ? await loadFromApi(context, request, `/api/grievances/${ticketNo}`, GrievanceDetail)
    : null;
  return data({ grievance: found, flash }, { headers, status: found ? 200 : 404 });
}

export async function action({ request, params, url, context }: ActionArgs) {
  const ticketNo = params.ticketNo ?? '';
  const form = await readForm(request);
  const { message } = formFields(form ?? new FormData(), ['message']);
  const answer = (status: number, text: string, tone: 'success' | 'error' = 'error', field?: string) =>
    data({ tone, text, field: field ?? null, message: tone === 'error' ? message : '' }, { status });
  if (!form || !TICKET_NO.test(ticketNo))
    return answer(400, 'This form was not understood. Please try again.');
  const parsed = GrievanceMessageInput.safeParse({ message });
  if (!parsed.success)
    return answer(400, fieldErrors(parsed.error).message ?? 'Check your reply.', 'error', 'message');
  const result = await actionApi(context).call(
    'POST',
    `/api/grievances/${ticketNo}/replies`,
    GrievanceStepDone,
    parsed.data,
  );
  if (result.ok) return answer(200, result.data.message, 'success');
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
  if (result.kind === 'refused') return answer(result.status, result.message, 'error', 'message');
  return answer(503, 'Your reply could not be added. Please try again.');
}

export function meta({ params }: { params: { ticketNo?: string } }) {
  return [{ title: `Complaint ${params.ticketNo ?? ''} · Bazaar` }];
}

export default function MyGrievancePage() {
  const { grievance, flash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  if (!grievance) return <NotFound />;
  const isResolved = grievance.status === 'resolved';
  return (
    <main id="main" tabIndex={-1} className="grv-page">
      <p>
        <Link to={MY_GRIEVANCES_PATH}>‹ My grievances</Link>
      </p>
      <h1>
        Complaint{' '}
        <span className="grv-ticket-no" data-testid="ticket-no">
          {grievance.ticketNo}
        </span>
      </h1>
      {flash && <Alert tone={flash.kind}>{flash.text}</Alert>}
      <Card title={grievance.subject}>
        <dl className="grv-facts">
          <div>
            <dt>Status</dt>
            <dd data-testid="grievance-status">
              <GrievanceStatusBadge status={grievance.status} />
            </dd>
          </div>
          <div>
            <dt>Filed</dt>
            <dd>{formatMoment(grievance.filedAt)}</dd>
          </div>
          <div>
            <dt>Acknowledged</dt>
            <dd>
              {grievance.acknowledgedAt
                ? formatMoment(grievance.acknowledgedAt)
                : `Expected by ${formatMoment(grievance.acknowledgeBy)}`}
            </dd>
          </div>
          <div>
            <dt>Resolved</dt>
            <dd>
              {grievance.resolvedAt
                ? formatMoment(grievance.resolvedAt)
                : `Expected by ${formatDay(grievance.resolveBy)}`}
            </dd>
          </div>
          <div>
            <dt>About</dt>
            <dd>{GRIEVANCE_CATEGORY_LABELS[grievance.category]}</dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd>
              {grievance.orderNo ? (
                <Link to={`/neworderdetail?order=${grievance.orderNo}`}>{grievance.orderNo}</Link>
              ) : (
                'None'
              )}
            </dd>
          </div>
          <div className="grv-wide">
            <dt>What you wrote</dt>
            <dd>
              <p className="grv-description">{grievance.description}</p>
            </dd>
          </div>
        </dl>
      </Card>
      {isResolved && grievance.resolution && (
        <section className="grv-resolution" aria-labelledby="grv-resolution-title">
          <h2 id="grv-resolution-title">Resolution</h2>
          <p className="grv-description" data-testid="resolution">
            {grievance.resolution}
          </p>
        </section>
      )}
      <Card title="Answers and replies">
        <GrievanceThread messages={grievance.messages} />
      </Card>
      {!isResolved && (
        <Card title="Add a reply">
          <Form method="post" className="grv-form" noValidate aria-label="Add a reply">
            {answer?.tone === 'success' && <Alert tone="success">{answer.text}</Alert>}
            <TextAreaField
              label="Your reply"
              name="message"
              rows={4}
              maxLength={GRIEVANCE_LIMITS.messageMax}
              defaultValue={answer?.message ?? ''}
              error={answer?.tone === 'error' ? answer.text : undefined}
              // a new textarea once a reply is added, so the box is empty again
              key={answer?.tone === 'success' ? grievance.messages.length : 'reply'}
              required
            />
            <div className="grv-form-actions">
              <Button type="submit" busy={busy}>
                Send reply
              </Button>
            </div>
          </Form>
        </Card>
      )}
    </main>
  );
}
