import {
  DEAL_OFFER_LABELS,
  DEAL_PAGE_LABELS,
  DEAL_STATUS_LABELS,
  DealChanged,
  DealPage,
} from '@marketplace/domain/admin/promotions-api';
import { DEAL_STATUSES, type DealStatus } from '@marketplace/domain/marketing/promotions';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Badge, type BadgeTone, Table } from '../../../components/ui/table.tsx';
import { formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { PromotionsNav } from './promotions-nav.tsx';
import { loadAdmin, writeAdmin } from './promotions-api.server.ts';
import './promotions.css';

/** requirements#operator-promotions: lightning deals and percentage offers, live, upcoming or ended. */
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
    `/api/admin/promotions/deals?${query.toString()}`,
    DealPage,
  );
  return {
    filters,
    list: result.ok ? result.data : null,
    error: result.ok ? null : result.message,
    saved: url.searchParams.get('saved') === '1',
  };
}

/** End a live deal now (a posted form per row). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const { id } = formFields(form ?? new FormData(), ['id']);
  if (!isRecordId(id)) return data({ ok: false, message: 'This deal was not found.' }, { status: 400 });
  const result = await writeAdmin(
    context,
    request,
    'POST',
    `/api/admin/promotions/deals/${id}/end`,
    DealChanged,
  );
  if (result.ok)
    return data({ ok: true, message: `${result.data.deal.productName}: ${result.data.message}` });
  return data({ ok: false, message: result.message }, { status: result.status });
}

export function meta() {
  return [{ title: 'Deals and offers · Promotions · Console' }];
}

const TONES: Record<DealStatus, BadgeTone> = { live: 'success', upcoming: 'info', ended: 'neutral' };

export default function Deals() {
  const { filters, list, error, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyId = navigation.state !== 'idle' ? navigation.formData?.get('id') : null;
  return (
    <div>
      <PromotionsNav current="deals" />
      <div className="promo-head">
        <h1>Deals and offers</h1>
        <ButtonLink to="/admin/promotions/deals/new" small>
          Create a deal
        </ButtonLink>
      </div>
      {saved && <Alert tone="success">The deal has been saved.</Alert>}
      {answer && <Alert tone={answer.ok ? 'success' : 'error'}>{answer.message}</Alert>}
      <Form method="get" className="promo-filters" aria-label="Search deals">
        <Field
          label="Product, seller or id"
          name="q"
          defaultValue={filters.q}
          maxLength={100}
          type="search"
        />
        <SelectField label="Status" name="status" defaultValue={filters.status}>
          <option value="">Live, upcoming and ended</option>
          {DEAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {DEAL_STATUS_LABELS[status]}
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
            {list.total === 1 ? '1 deal' : `${list.total.toLocaleString('en-IN')} deals`}
            {list.pageCount > 1 && `, page ${list.page} of ${list.pageCount}`}. Times are Indian time.
          </p>
          {list.deals.length > 0 && (
            <Table
              label="Deals: live first, then upcoming, then ended"
              stacked
              head={
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Status</th>
                  <th scope="col">Kind</th>
                  <th scope="col" className="ui-num">
                    Discount
                  </th>
                  <th scope="col">Runs</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              }
            >
              {list.deals.map((d) => (
                <tr key={d.id}>
                  <th scope="row" className="ui-cell-wide">
                    <span className="promo-title">{d.productName}</span>
                    <span className="promo-sub">
                      Deal {d.id} · product {d.productId} · {d.sellerName}
                    </span>
                  </th>
                  <td data-label="Status">
                    <Badge tone={TONES[d.status]}>{DEAL_STATUS_LABELS[d.status]}</Badge>
                  </td>
                  <td data-label="Kind">
                    {DEAL_OFFER_LABELS[d.offerType]}
                    <span className="promo-sub">{DEAL_PAGE_LABELS[d.page]}</span>
                  </td>
                  <td className="ui-num" data-label="Discount">
                    {d.discountPercent}%
                  </td>
                  <td data-label="Runs">
                    {formatMoment(d.startsAt)}
                    <span className="promo-sub">to {formatMoment(d.endsAt)}</span>
                  </td>
                  <td>
                    <div className="promo-actions">
                      {d.status !== 'ended' && (
                        <ButtonLink
                          to={`/admin/promotions/deals/${d.id}`}
                          variant="secondary"
                          small
                          aria-label={`Edit deal ${d.id}`}
                        >
                          Edit
                        </ButtonLink>
                      )}
                      {d.status === 'live' && (
                        <Form method="post">
                          <input type="hidden" name="id" value={d.id} />
                          <Button
                            type="submit"
                            variant="secondary"
                            small
                            busy={busyId === String(d.id)}
                            aria-label={`End deal ${d.id} now`}
                          >
                            End now
                          </Button>
                        </Form>
                      )}
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
