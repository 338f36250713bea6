import { formatInr } from '@marketplace/domain/money/money';
import {
  COUPON_STATUS_LABELS,
  CouponChanged,
  CouponPage,
  WEEKDAY_LABELS,
} from '@marketplace/domain/admin/promotions-api';
import { COUPON_STATUSES, type CouponStatus } from '@marketplace/domain/marketing/promotions';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Badge, type BadgeTone, Table } from '../../../components/ui/table.tsx';
import { formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { couponTarget } from './coupon-target.ts';
import { PromotionsNav } from './promotions-nav.tsx';
import { loadAdmin, writeAdmin } from './promotions-api.server.ts';
import './promotions.css';
import { formatCalendarDay } from '@marketplace/domain/text/dates';

/** requirements#operator-promotions: coupons by code or product, and by status; the API checks the filters. */
export async function loader({ request, url, context }: LoaderArgs) {
  const filters = { q: url.searchParams.get('q') ?? '', status: url.searchParams.get('status') ?? '' };
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.status) query.set('status', filters.status);
  const page = url.searchParams.get('page');
  if (page) query.set('page', page);
  const result = await loadAdmin(
    context,
    request,
    `/api/admin/promotions/coupons?${query.toString()}`,
    CouponPage,
  );
  return {
    filters,
    list: result.ok ? result.data : null,
    error: result.ok ? null : result.message,
    created: url.searchParams.get('saved') === '1',
  };
}

/** Pause or resume one coupon (a posted form per row, works without scripts). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, id } = formFields(form ?? new FormData(), ['intent', 'id']);
  if ((intent !== 'pause' && intent !== 'resume') || !isRecordId(id))
    return data({ ok: false, message: 'This coupon was not found.' }, { status: 400 });
  const result = await writeAdmin(
    context,
    request,
    'POST',
    `/api/admin/promotions/coupons/${id}/${intent}`,
    CouponChanged,
  );
  if (result.ok) return data({ ok: true, message: `${result.data.coupon.code}: ${result.data.message}` });
  return data({ ok: false, message: result.message }, { status: result.status });
}

export function meta() {
  return [{ title: 'Coupons · Promotions · Console' }];
}

export const COUPON_TONES: Record<CouponStatus, BadgeTone> = {
  active: 'success',
  scheduled: 'info',
  paused: 'neutral',
  expired: 'neutral',
  exhausted: 'warning',
};

const dayText = formatCalendarDay;

export default function Coupons() {
  const { filters, list, error, created } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyId = navigation.state !== 'idle' ? navigation.formData?.get('id') : null;
  return (
    <div>
      <PromotionsNav current="coupons" />
      <div className="promo-head">
        <h1>Coupons</h1>
        <ButtonLink to="/admin/promotions/coupons/new" small>
          Create a coupon
        </ButtonLink>
      </div>
      {created && <Alert tone="success">The coupon has been saved.</Alert>}
      {answer && <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>}
      <Form method="get" className="promo-filters" aria-label="Search coupons">
        <Field label="Code, name or id" name="q" defaultValue={filters.q} maxLength={100} type="search" />
        <SelectField label="Status" name="status" defaultValue={filters.status}>
          <option value="">Every status</option>
          {COUPON_STATUSES.map((status) => (
            <option key={status} value={status}>
              {COUPON_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {error && <Alert tone="error">{error}</Alert>}
      {list && (
        <>
          <p>
            {list.total === 1 ? '1 coupon' : `${list.total.toLocaleString('en-IN')} coupons`}
            {list.pageCount > 1 && `, page ${list.page} of ${list.pageCount}`}
          </p>
          {list.coupons.length > 0 && (
            <Table
              label="Coupons, newest first"
              stacked
              head={
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Status</th>
                  <th scope="col">Discount</th>
                  <th scope="col">Runs</th>
                  <th scope="col" className="ui-num">
                    Used
                  </th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              }
            >
              {list.coupons.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className="ui-cell-wide">
                    <span className="promo-title">{c.code}</span>
                    <span className="promo-sub">{couponTarget(c)}</span>
                  </th>
                  <td data-label="Status">
                    <Badge tone={COUPON_TONES[c.status]}>{COUPON_STATUS_LABELS[c.status]}</Badge>
                  </td>
                  <td data-label="Discount">
                    {c.offerType === 'cash' ? `${formatInr(c.value)} off` : `${c.value}% off`}
                  </td>
                  <td data-label="Runs">
                    {c.fromDate || c.toDate
                      ? `${c.fromDate ? dayText(c.fromDate) : 'Now'} – ${c.toDate ? dayText(c.toDate) : 'no end'}`
                      : 'No end date'}
                    <span className="promo-sub">
                      {c.days.length === 0 ? 'Every day' : c.days.map((d) => WEEKDAY_LABELS[d]).join(', ')}
                    </span>
                  </td>
                  <td className="ui-num" data-label="Used">
                    {c.redeemedCount.toLocaleString('en-IN')}
                    {c.totalLimit !== null && ` of ${c.totalLimit.toLocaleString('en-IN')}`}
                    <span className="promo-sub">
                      {c.redeemedToday} today{c.perDayLimit !== null && ` (limit ${c.perDayLimit})`}
                    </span>
                  </td>
                  <td>
                    <div className="promo-actions">
                      <ButtonLink
                        to={`/admin/promotions/coupons/${c.id}`}
                        variant="secondary"
                        small
                        aria-label={`Edit ${c.code}`}
                      >
                        Edit
                      </ButtonLink>
                      {(c.status !== 'expired' && c.status !== 'exhausted') || !c.isActive ? (
                        <Form method="post">
                          <input type="hidden" name="id" value={c.id} />
                          <Button
                            type="submit"
                            name="intent"
                            value={c.isActive ? 'pause' : 'resume'}
                            variant="secondary"
                            small
                            busy={busyId === String(c.id)}
                            aria-label={`${c.isActive ? 'Pause' : 'Resume'} ${c.code}`}
                          >
                            {c.isActive ? 'Pause' : 'Resume'}
                          </Button>
                        </Form>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <Pager page={list.page} pages={list.pageCount} />
        </>
      )}
    </div>
  );
}
