import {
  GrievanceDetail,
  GrievanceMessageInput,
  GrievanceStepDone,
} from '@marketplace/domain/grievances/grievance-api';
import { GRIEVANCE_LIMITS, TICKET_NO } from '@marketplace/domain/grievances/grievances';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import {
  GRIEVANCE_REPLY_TEXTS,
  useProfileDates,
  useProfileText,
} from '../../components/account/profile-texts.ts';
import {
  GrievanceStatusBadge,
  GrievanceThread,
  type GrievanceThreadTexts,
} from '../../components/grievances/grievance-parts.tsx';
import { MY_GRIEVANCES_PATH } from '../../components/grievances/paths.ts';
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
  if (!form || !TICKET_NO.test(ticketNo)) return answer(400, GRIEVANCE_REPLY_TEXTS.notUnderstood);
  const parsed = GrievanceMessageInput.safeParse({ message });
  if (!parsed.success)
    return answer(
      400,
      fieldErrors(parsed.error).message ?? GRIEVANCE_REPLY_TEXTS.checkReply,
      'error',
      'message',
    );
  const result = await actionApi(context).call(
    'POST',
    `/api/grievances/${ticketNo}/replies`,
    GrievanceStepDone,
    parsed.data,
  );
  if (result.ok) return answer(200, result.data.message, 'success');
  if (result.kind === 'refused' && result.status === 401)
    return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(url)));
  if (result.kind === 'refused') return answer(result.status, result.message, 'error', 'message');
  return answer(503, GRIEVANCE_REPLY_TEXTS.failed);
}

export function meta({ params }: { params: { ticketNo?: string } }) {
  return [{ title: `Complaint ${params.ticketNo ?? ''} · Bazaar` }];
}

export default function MyGrievancePage() {
  const { grievance, flash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  const say = useProfileText();
  const dates = useProfileDates();
  if (!grievance) return <NotFound />;
  const isResolved = grievance.status === 'resolved';
  const thread: GrievanceThreadTexts = {
    you: t('profile.grievances.you'),
    team: t('profile.grievances.team'),
    none: t('profile.grievances.noAnswers'),
    kinds: {
      acknowledgement: t('profile.grievances.kind.acknowledgement'),
      reply: t('profile.grievances.kind.reply'),
      resolution: t('profile.grievances.kind.resolution'),
    },
    at: dates.moment,
  };
  return (
    <main id="main" tabIndex={-1} className="grv-page">
      <p>
        <Link to={MY_GRIEVANCES_PATH}>{t('profile.grievances.back')}</Link>
      </p>
      <h1>
        {t('profile.grievances.complaint')}{' '}
        <span className="grv-ticket-no" data-testid="ticket-no" translate="no">
          {grievance.ticketNo}
        </span>
      </h1>
      {flash && <Alert tone={flash.kind}>{say(flash.text)}</Alert>}
      {/* the shopper's own words (subject, description) and the team's resolution show as written */}
      <Card title={<span translate="no">{grievance.subject}</span>}>
        <dl className="grv-facts">
          <div>
            <dt>{t('profile.grievances.status')}</dt>
            <dd data-testid="grievance-status">
              <GrievanceStatusBadge
                status={grievance.status}
                label={t(`profile.grievances.statusLabel.${grievance.status}`)}
              />
            </dd>
          </div>
          <div>
            <dt>{t('profile.grievances.filed')}</dt>
            <dd>{dates.moment(grievance.filedAt)}</dd>
          </div>
          <div>
            <dt>{t('profile.grievances.acknowledged')}</dt>
            <dd>
              {grievance.acknowledgedAt
                ? dates.moment(grievance.acknowledgedAt)
                : t('profile.grievances.expectedBy', { date: dates.moment(grievance.acknowledgeBy) })}
            </dd>
          </div>
          <div>
            <dt>{t('profile.grievances.resolved')}</dt>
            <dd>
              {grievance.resolvedAt
                ? dates.moment(grievance.resolvedAt)
                : t('profile.grievances.expectedBy', { date: dates.day(grievance.resolveBy) })}
            </dd>
          </div>
          <div>
            <dt>{t('profile.grievances.about')}</dt>
            <dd>{t(`profile.grievances.category.${grievance.category}`)}</dd>
          </div>
          <div>
            <dt>{t('profile.grievances.order')}</dt>
            <dd>
              {grievance.orderNo ? (
                <Link to={`/neworderdetail?order=${grievance.orderNo}`} translate="no">
                  {grievance.orderNo}
                </Link>
              ) : (
                t('profile.grievances.noOrder')
              )}
            </dd>
          </div>
          <div className="grv-wide">
            <dt>{t('profile.grievances.wrote')}</dt>
            <dd>
              <p className="grv-description" translate="no">
                {grievance.description}
              </p>
            </dd>
          </div>
        </dl>
      </Card>
      {isResolved && grievance.resolution && (
        <section className="grv-resolution" aria-labelledby="grv-resolution-title">
          <h2 id="grv-resolution-title">{t('profile.grievances.resolution')}</h2>
          <p className="grv-description" data-testid="resolution" translate="no">
            {grievance.resolution}
          </p>
        </section>
      )}
      <Card title={t('profile.grievances.thread')}>
        <GrievanceThread messages={grievance.messages} texts={thread} />
      </Card>
      {!isResolved && (
        <Card title={t('profile.grievances.addReply')}>
          <Form method="post" className="grv-form" noValidate aria-label={t('profile.grievances.addReply')}>
            {answer?.tone === 'success' && <Alert tone="success">{say(answer.text)}</Alert>}
            <TextAreaField
              label={t('profile.grievances.yourReply')}
              name="message"
              rows={4}
              maxLength={GRIEVANCE_LIMITS.messageMax}
              defaultValue={answer?.message ?? ''}
              error={answer?.tone === 'error' ? say(answer.text) : undefined}
              // a new textarea once a reply is added, so the box is empty again
              key={answer?.tone === 'success' ? grievance.messages.length : 'reply'}
              required
            />
            <div className="grv-form-actions">
              <Button type="submit" busy={busy}>
                {t('profile.grievances.sendReply')}
              </Button>
            </div>
          </Form>
        </Card>
      )}
    </main>
  );
}
