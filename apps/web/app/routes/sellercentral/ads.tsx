import { formatInr } from '@marketplace/domain/money/money';
import {
  AD_PAGE_LABELS,
  CAMPAIGN_STATE_LABELS,
  type SellerCampaign,
  SellerCampaignChanged,
  SellerCampaignList,
} from '@marketplace/domain/sellers/ads-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Badge, type BadgeTone, Table } from '../../components/ui/table.tsx';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/ads.css';
import '../../components/seller-central/engagement.css';
import { formatCalendarDay } from '@marketplace/domain/text/dates';

export async function loader({ request, url, context }: LoaderArgs) {
  const list = await loadFromApi(context, request, '/api/seller/campaigns', SellerCampaignList);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!list) throw data('Your campaigns could not be loaded. Please try again.', { status: 503 });
  return { campaigns: list.campaigns, created: url.searchParams.get('created') === '1' };
}

/** Pause or resume one campaign (a posted form per row, works without scripts). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, id } = formFields(form ?? new FormData(), ['intent', 'id']);
  if ((intent !== 'pause' && intent !== 'resume') || !isRecordId(id))
    return data({ ok: false, message: 'This campaign was not found.' }, { status: 400 });
  const result = await actionApi(context).call(
    'POST',
    `/api/seller/campaigns/${id}/${intent}`,
    SellerCampaignChanged,
  );
  if (result.ok) return data({ ok: true, message: result.data.message });
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  const message = result.kind === 'refused' ? result.message : 'Something went wrong. Please try again.';
  return data({ ok: false, message }, { status: result.kind === 'refused' ? result.status : 503 });
}

export function meta() {
  return [{ title: 'Advertising · Seller Central' }];
}

const STATE_TONES: Record<SellerCampaign['state'], BadgeTone> = {
  running: 'success',
  paused: 'neutral',
  scheduled: 'info',
  ended: 'neutral',
  budget_spent: 'danger',
  daily_budget_spent: 'warning',
  in_review: 'info',
  refused: 'danger',
};

const dayText = formatCalendarDay;

/** requirements#seller-ads: the seller's campaigns with what they cost and brought. */
export default function SellerAds() {
  const { campaigns, created } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyId = navigation.state !== 'idle' ? navigation.formData?.get('id') : null;
  return (
    <div className="sc-ads">
      <div className="sc-eng-head sc-ads-head">
        <h1>Advertising</h1>
        <ButtonLink to="/sellercentral/ads/new" small>
          Create a campaign
        </ButtonLink>
      </div>
      {created && <Alert tone="success">Your campaign has been created.</Alert>}
      {answer && <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>}
      {campaigns.length === 0 ? (
        <p className="sc-ads-empty">
          You have no campaigns yet. A sponsored brand or product campaign shows your ad on the page you
          choose and is paid per click.
        </p>
      ) : (
        <Table
          label="Your campaigns"
          className="sc-ads-table"
          stacked
          head={
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col">Status</th>
              <th scope="col">Dates</th>
              <th scope="col" className="ui-num">
                Budget
              </th>
              <th scope="col" className="ui-num">
                Bid
              </th>
              <th scope="col" className="ui-num">
                Impressions
              </th>
              <th scope="col" className="ui-num">
                Clicks
              </th>
              <th scope="col" className="ui-num">
                Spend
              </th>
              <th scope="col" className="ui-num">
                Orders
              </th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          }
        >
          {campaigns.map((c) => (
            <tr key={c.id}>
              <th scope="row" className="sc-ads-name ui-cell-wide">
                <span className="sc-ads-title">{c.name}</span>
                <span className="sc-ads-sub">
                  {c.kind === 'product' ? `Product: ${c.productName ?? ''}` : `Brand: ${c.brandName}`} ·{' '}
                  {AD_PAGE_LABELS[c.page]} · {c.adType === 'video' ? 'Video' : 'Image'}
                </span>
              </th>
              <td data-label="Status">
                <Badge tone={STATE_TONES[c.state]}>{CAMPAIGN_STATE_LABELS[c.state]}</Badge>
                {c.refusalReason && <span className="sc-ads-sub">Reason: {c.refusalReason}</span>}
              </td>
              <td className="sc-ads-dates" data-label="Dates">
                {dayText(c.fromDate)} – {dayText(c.toDate)}
              </td>
              <td className="ui-num" data-label="Budget">
                {formatInr(c.totalBudgetPaise)}
                {c.dailyBudgetPaise !== null && (
                  <span className="sc-ads-sub">{formatInr(c.dailyBudgetPaise)} a day</span>
                )}
              </td>
              <td className="ui-num" data-label="Bid">
                {formatInr(c.bidPaise)}
              </td>
              <td className="ui-num" data-label="Impressions">
                {c.impressions.toLocaleString('en-IN')}
              </td>
              <td className="ui-num" data-label="Clicks">
                {c.clicks.toLocaleString('en-IN')}
              </td>
              <td className="ui-num" data-label="Spend">
                {formatInr(c.spentPaise)}
                <span className="sc-ads-sub">{formatInr(c.spentTodayPaise)} today</span>
              </td>
              <td className="ui-num" data-label="Orders">
                {c.orders.toLocaleString('en-IN')}
              </td>
              <td>
                {c.state !== 'ended' && c.state !== 'budget_spent' && c.state !== 'refused' && (
                  <Form method="post">
                    <input type="hidden" name="id" value={c.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value={c.isActive ? 'pause' : 'resume'}
                      variant="secondary"
                      small
                      busy={busyId === String(c.id)}
                      aria-label={`${c.isActive ? 'Pause' : 'Resume'} ${c.name}`}
                    >
                      {c.isActive ? 'Pause' : 'Resume'}
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <p className="sc-ads-note">
        Orders: orders by a shopper who clicked the ad, for the advertised product (or a product of the brand)
        from you, placed within 7 days after the click. Campaign days run from midnight UTC (5:30 am in
        India).
      </p>
    </div>
  );
}
