import { formatInr } from '@marketplace/domain/money/money';
import {
  budgetFromForm,
  CAMPAIGN_REVIEW_LABELS,
  CAMPAIGN_REVIEW_STATUSES,
  CampaignChanged,
  CampaignRefuseInput,
  CampaignReviewPage,
  issuesByField,
  PROMOTION_LIMITS,
} from '@marketplace/domain/admin/promotions-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Badge, Table } from '../../../components/ui/table.tsx';
import { formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { PromotionsNav } from './promotions-nav.tsx';
import { loadAdmin, writeAdmin } from './promotions-api.server.ts';
import './promotions.css';
import { formatCalendarDay } from '@marketplace/domain/text/dates';

/** requirements#operator-promotions: the campaigns sellers submitted, by review status. */
export async function loader({ request, url, context }: LoaderArgs) {
  const status = url.searchParams.get('status') ?? 'pending';
  const query = new URLSearchParams({ status });
  const page = url.searchParams.get('page');
  if (page) query.set('page', page);
  const result = await loadAdmin(
    context,
    request,
    `/api/admin/promotions/campaigns?${query.toString()}`,
    CampaignReviewPage,
  );
  return { status, list: result.ok ? result.data : null, error: result.ok ? null : result.message };
}

type Answer = { ok: boolean; id: string; message: string; fields: Record<string, string> };

/** Approve, refuse with a reason, or change the budgets of one campaign (a form per row). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const fields = formFields(form ?? new FormData(), ['intent', 'id', 'reason', 'totalBudget', 'dailyBudget']);
  const { intent, id } = fields;
  const answer = (a: Omit<Answer, 'id'>, status = 200) => data({ ...a, id }, { status });
  if (!isRecordId(id)) return answer({ ok: false, message: 'This campaign was not found.', fields: {} }, 400);
  const path = `/api/admin/promotions/campaigns/${id}`;
  let body: unknown;
  let method: 'POST' | 'PUT' = 'POST';
  let target: string;
  if (intent === 'approve') target = `${path}/approve`;
  else if (intent === 'refuse') {
    const parsed = CampaignRefuseInput.safeParse({ reason: fields.reason });
    if (!parsed.success)
      return answer(
        { ok: false, message: 'Please give a reason.', fields: issuesByField(parsed.error.issues) },
        400,
      );
    target = `${path}/refuse`;
    body = parsed.data;
  } else if (intent === 'budget') {
    const parsed = budgetFromForm(fields);
    if (!parsed.ok)
      return answer({ ok: false, message: 'Please correct the budget.', fields: parsed.fields }, 400);
    target = `${path}/budget`;
    method = 'PUT';
    body = parsed.value;
  } else return answer({ ok: false, message: 'Choose approve, refuse or save budget.', fields: {} }, 400);
  const result = await writeAdmin(context, request, method, target, CampaignChanged, body);
  if (result.ok)
    return answer({ ok: true, message: `${result.data.campaign.name}: ${result.data.message}`, fields: {} });
  const named: Record<string, string> = {};
  if (result.fields.totalBudgetPaise) named.totalBudget = result.fields.totalBudgetPaise;
  if (result.fields.dailyBudgetPaise) named.dailyBudget = result.fields.dailyBudgetPaise;
  if (result.fields.reason) named.reason = result.fields.reason;
  return answer({ ok: false, message: result.message, fields: named }, result.status);
}

export function meta() {
  return [{ title: 'Brand campaigns · Promotions · Console' }];
}

const dayText = formatCalendarDay;
const rupees = (paise: number | null) =>
  paise === null ? '' : paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);

export default function Campaigns() {
  const { status, list, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (id: number, intent: string) =>
    navigation.state !== 'idle' &&
    navigation.formData?.get('id') === String(id) &&
    navigation.formData.get('intent') === intent;
  return (
    <div>
      <PromotionsNav current="campaigns" />
      <div className="promo-head">
        <h1>Brand campaigns</h1>
      </div>
      <nav className="promo-actions" aria-label="Review status">
        {CAMPAIGN_REVIEW_STATUSES.map((s) => (
          <Link key={s} to={`?status=${s}`} aria-current={s === status ? 'page' : undefined}>
            {CAMPAIGN_REVIEW_LABELS[s]}
            {s === 'pending' && list ? ` (${list.pendingCount})` : ''}
          </Link>
        ))}
      </nav>
      {answer && <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {list && (
        <>
          <p>
            {list.total === 1 ? '1 campaign' : `${list.total.toLocaleString('en-IN')} campaigns`}
            {status === 'pending' ? ', oldest first.' : '.'} Spend is what the campaign’s clicks have cost so
            far.
          </p>
          {list.campaigns.length > 0 && (
            <Table
              label={`${CAMPAIGN_REVIEW_LABELS[status as 'pending'] ?? 'Campaigns'}`}
              stacked
              head={
                <tr>
                  <th scope="col">Campaign</th>
                  <th scope="col">Ad</th>
                  <th scope="col">Dates</th>
                  <th scope="col" className="ui-num">
                    Spend
                  </th>
                  <th scope="col">Budget</th>
                  <th scope="col">Review</th>
                </tr>
              }
            >
              {list.campaigns.map((c) => {
                const mine = answer && answer.id === String(c.id) ? answer : null;
                return (
                  <tr key={c.id}>
                    <th scope="row" className="ui-cell-wide">
                      <span className="promo-title">{c.name}</span>
                      <span className="promo-sub">
                        {c.productName ? `Product: ${c.productName}` : `Brand: ${c.brandName}`} ·{' '}
                        {c.sellerName ?? 'the marketplace'} · page {c.page}
                      </span>
                      <span className="promo-sub">Submitted {formatMoment(c.createdAt)}</span>
                    </th>
                    <td data-label="Ad">
                      {c.media && c.adType === 'image' ? (
                        <img
                          className="promo-media"
                          src={c.media}
                          alt={`The ad of ${c.name}`}
                          loading="lazy"
                        />
                      ) : c.media ? (
                        <a href={c.media}>Video</a>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td data-label="Dates">
                      {dayText(c.fromDate)} – {dayText(c.toDate)}
                      <span className="promo-sub">bid {formatInr(c.bidPaise)} a click</span>
                    </td>
                    <td className="ui-num" data-label="Spend">
                      {formatInr(c.spentPaise)}
                      <span className="promo-sub">{c.clicks.toLocaleString('en-IN')} clicks</span>
                    </td>
                    <td data-label="Budget">
                      <Form method="post" className="promo-inline" aria-label={`Budget of ${c.name}`}>
                        <input type="hidden" name="id" value={c.id} />
                        <Field
                          label="Total (₹)"
                          name="totalBudget"
                          inputMode="decimal"
                          defaultValue={rupees(c.totalBudgetPaise)}
                          error={mine?.fields.totalBudget}
                        />
                        <Field
                          label="A day (₹)"
                          name="dailyBudget"
                          inputMode="decimal"
                          defaultValue={rupees(c.dailyBudgetPaise)}
                          error={mine?.fields.dailyBudget}
                        />
                        <Button
                          type="submit"
                          name="intent"
                          value="budget"
                          variant="secondary"
                          small
                          busy={busy(c.id, 'budget')}
                        >
                          Save
                        </Button>
                      </Form>
                    </td>
                    <td data-label="Review">
                      {c.reviewStatus === 'pending' ? (
                        <div className="promo-refuse">
                          <Form method="post">
                            <input type="hidden" name="id" value={c.id} />
                            <Button
                              type="submit"
                              name="intent"
                              value="approve"
                              small
                              busy={busy(c.id, 'approve')}
                              aria-label={`Approve ${c.name}`}
                            >
                              Approve
                            </Button>
                          </Form>
                          <Form method="post" className="promo-refuse" aria-label={`Refuse ${c.name}`}>
                            <input type="hidden" name="id" value={c.id} />
                            <Field
                              label="Reason to refuse"
                              name="reason"
                              maxLength={PROMOTION_LIMITS.reasonMax}
                              error={mine?.fields.reason}
                            />
                            <Button
                              type="submit"
                              name="intent"
                              value="refuse"
                              variant="secondary"
                              small
                              busy={busy(c.id, 'refuse')}
                            >
                              Refuse
                            </Button>
                          </Form>
                        </div>
                      ) : (
                        <>
                          <Badge tone={c.reviewStatus === 'approved' ? 'success' : 'danger'}>
                            {CAMPAIGN_REVIEW_LABELS[c.reviewStatus]}
                          </Badge>
                          {c.reviewReason && <span className="promo-sub">{c.reviewReason}</span>}
                          {c.reviewedAt && <span className="promo-sub">{formatMoment(c.reviewedAt)}</span>}
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </Table>
          )}
          <Pager page={list.page} pages={list.pageCount} />
        </>
      )}
    </div>
  );
}
