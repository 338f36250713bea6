import {
  ADMIN_SELLER_MESSAGES,
  AdminSellerDecided,
  AdminSellerDetail,
  SELLER_REASON_MAX,
  SellerDecisionInput,
} from '@marketplace/domain/admin/sellers-api';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import {
  SELLER_ACTIONS,
  SELLER_STATUS_LABELS,
  type SellerAction,
} from '@marketplace/domain/sellers/status-changes';
import type { SellerStatus } from '@marketplace/domain/sellers/statuses';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { PERFORMANCE_CAPTION, SellerPerformancePanel } from '../../components/admin/seller-performance.tsx';
import { ApplicationSummary } from '../../components/seller-central/onboarding-application.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { Badge, type BadgeTone } from '../../components/ui/table.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { formatMoment } from './format.ts';

const ID = /^[1-9]\d{0,9}$/;
const STATUS_TONES: Record<SellerStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  suspended: 'danger',
};

/** requirements#operator-sellers: one seller's page; the API decides who may see it. */
export async function loader({ request, params, context }: LoaderArgs) {
  const id = params.id ?? '';
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!ID.test(id)) throw data(ADMIN_SELLER_MESSAGES.notFound, { status: 404 });
  const result = await requestApi(context.api, 'GET', `/api/admin/sellers/${id}`, AdminSellerDetail);
  if (result.ok) return { seller: result.data };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && (result.status === 403 || result.status === 404))
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: result.status });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('This seller could not be loaded. Please try again.', { status: 503 });
}

type DecisionAnswer = { tone: 'success' | 'error'; message: string; action: string; reason?: string };

/** A decision form (approve, reject, suspend, reinstate), sent on to the console API; works without scripts. */
export async function action({ request, params, context, url }: ActionArgs) {
  const id = params.id ?? '';
  const form = await readForm(request);
  const fields = formFields(form ?? new FormData(), ['action', 'reason']);
  const answer = (tone: DecisionAnswer['tone'], message: string, status: number, keepReason = false) =>
    data<DecisionAnswer>(
      { tone, message, action: fields.action, ...(keepReason ? { reason: fields.reason } : {}) },
      { status },
    );
  if (!form || !ID.test(id)) return answer('error', 'This form was not understood. Please try again.', 400);
  const chosen = SELLER_ACTIONS.find((one) => one === fields.action);
  const input = SellerDecisionInput.safeParse(
    chosen === 'reject' || chosen === 'suspend'
      ? { action: chosen, reason: fields.reason }
      : { action: chosen },
  );
  if (!input.success)
    return answer('error', input.error.issues[0]?.message ?? ADMIN_SELLER_MESSAGES.chooseAction, 400, true);
  const api = actionApi(context);
  const result = await api.call('POST', `/api/admin/sellers/${id}/decision`, AdminSellerDecided, input.data);
  if (result.ok) return answer('success', result.data.message, 200);
  if (result.kind === 'unreachable')
    return answer('error', 'The decision could not be sent. Please try again.', 503, true);
  if (result.status === 401) return redirect(loginPathFor(url));
  if (result.status === 403) {
    const verify = result.message === STAFF_MESSAGES.needsSecondFactor;
    if (verify) return redirect(`/admin/verify?redirectTo=${encodeURIComponent(`/admin/sellers/${id}`)}`);
  }
  return answer('error', result.message, result.status, result.status === 400);
}

export function meta({ data: loaded }: { data?: { seller: AdminSellerDetail } }) {
  return [{ title: `${loaded?.seller.profile.displayName ?? 'Seller'} · Sellers · Console` }];
}

export default function SellerPage() {
  const { seller } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { profile } = seller;
  return (
    <div className="admin-seller">
      <p className="admin-back">
        <Link to={`/admin/sellers?status=${profile.status}`}>
          ‹ {SELLER_STATUS_LABELS[profile.status]} sellers
        </Link>
      </p>
      <div className="admin-seller-head">
        <div>
          <h1>{profile.displayName}</h1>
          <p className="admin-seller-sub">
            {profile.legalName} · {seller.email}
          </p>
        </div>
        <Badge tone={STATUS_TONES[profile.status]}>{SELLER_STATUS_LABELS[profile.status]}</Badge>
      </div>
      {answer && (
        <Alert tone={answer.tone} className="admin-answer">
          {answer.message}
        </Alert>
      )}
      {profile.status === 'rejected' && profile.rejectionReason && (
        <Alert tone="warning" title="Rejected: the seller reads">
          {profile.rejectionReason}
        </Alert>
      )}
      {profile.status === 'suspended' && profile.suspensionReason && (
        <Alert tone="warning" title="Suspended: the seller reads">
          {profile.suspensionReason}
        </Alert>
      )}
      <div className="admin-seller-grid">
        <div className="admin-seller-main">
          <ApplicationSummary
            application={profile}
            documentHref={(document) => `/api/admin/sellers/${profile.sellerId}/documents/${document.id}`}
          />
        </div>
        <div className="admin-seller-side">
          <Decisions actions={seller.actions} answer={answer} name={profile.displayName} />
          {(profile.status === 'approved' || profile.status === 'suspended') && (
            // a seller that never traded has nothing to measure
            <Card title={`Performance · ${PERFORMANCE_CAPTION}`}>
              <SellerPerformancePanel performance={seller.performance} />
              <p className="admin-offers-line">
                {seller.offers.selling} of {seller.offers.open} open listings selling now
              </p>
            </Card>
          )}
          <Card title="Status history">
            <ol className="admin-history">
              {[...seller.history].reverse().map((event) => (
                <li key={`${event.at}-${event.to}`}>
                  <span className="admin-history-what">
                    {event.from === null
                      ? 'Applied'
                      : `${SELLER_STATUS_LABELS[event.from]} → ${SELLER_STATUS_LABELS[event.to]}`}
                  </span>
                  <span className="admin-history-when">
                    {formatMoment(event.at)} · {event.actor === 'seller' ? 'the seller' : event.actor}
                  </span>
                  {event.reason && <span className="admin-history-reason">“{event.reason}”</span>}
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
    </div>
  );
}

const REASON_HINTS: Record<'reject' | 'suspend', string> = {
  reject: 'The seller reads this on its joining page and corrects its application.',
  suspend:
    'The seller reads this in Seller Central. Its listings leave the shop; its open orders are still shipped.',
};

function Decisions({
  actions,
  answer,
  name,
}: {
  actions: SellerAction[];
  answer: DecisionAnswer | undefined;
  name: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  if (actions.length === 0) {
    return (
      <Card title="Decision">
        <p>Nothing to decide: a rejected seller corrects its application and sends it again.</p>
      </Card>
    );
  }
  const failed = answer?.tone === 'error' ? answer : null;
  return (
    <Card title="Decision">
      <div className="admin-decisions">
        {actions.map((one) =>
          one === 'approve' || one === 'reinstate' ? (
            <Form method="post" key={one} className="admin-decision">
              <input type="hidden" name="action" value={one} />
              <p>
                {one === 'approve'
                  ? `Approve ${name}: it can list and sell at once.`
                  : `Reinstate ${name}: the listings the suspension took off come back.`}
              </p>
              <Button type="submit" disabled={busy}>
                {one === 'approve' ? 'Approve' : 'Reinstate'}
              </Button>
            </Form>
          ) : (
            <Form method="post" key={one} className="admin-decision">
              <input type="hidden" name="action" value={one} />
              <TextAreaField
                label={one === 'reject' ? 'Reason for rejecting' : 'Reason for suspending'}
                name="reason"
                rows={3}
                maxLength={SELLER_REASON_MAX}
                required
                hint={REASON_HINTS[one]}
                defaultValue={failed?.action === one ? (failed.reason ?? '') : ''}
                error={failed?.action === one ? failed.message : undefined}
              />
              <Button type="submit" variant="secondary" disabled={busy}>
                {one === 'reject' ? 'Reject' : 'Suspend'}
              </Button>
            </Form>
          ),
        )}
      </div>
    </Card>
  );
}
