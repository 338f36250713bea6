import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import {
  COD_FORM_FIELD_OF,
  COD_LIMITS,
  COD_PAGE_SIZES,
  CodRemittanceResult,
  OutstandingCod,
  remittanceFromForm,
} from '@marketplace/domain/settlement/cod-api';
import { indianDay } from '@marketplace/domain/text/dates';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { Pager, usePageHref } from '../../../components/ui/pager.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { REMIT_FIELDS, RemitFields } from './cod-remit-fields.tsx';
import { formatDay } from './format.ts';
import './settlements.css';

const FAILED = 'The remittance could not be recorded. Please try again.';

/** The page's filters as they stand in its URL (the order number as `order`). */
function filtersOf(url: URL) {
  const get = (name: string) => url.searchParams.get(name)?.trim() ?? '';
  return {
    order: get('order'),
    carrier: get('carrier'),
    from: get('from'),
    to: get('to'),
    size: get('size'),
    page: get('page'),
    tickAll: get('tick') === 'all',
  };
}

/**
 * requirements#settlement: the cash couriers still owe for delivered COD parcels, oldest first, a
 * page at a time, filtered by order, courier and delivery days; the API refuses a bad filter.
 */
export async function loader({ request, url, context }: LoaderArgs) {
  const filters = filtersOf(url);
  const query = new URLSearchParams();
  if (filters.order) query.set('orderNo', filters.order.toUpperCase());
  for (const name of ['carrier', 'from', 'to', 'size', 'page'] as const)
    if (filters[name]) query.set(name, filters[name]);
  const outstanding = await requestApi(
    context.api,
    'GET',
    `/api/admin/settlements/cod${query.size > 0 ? `?${query.toString()}` : ''}`,
    OutstandingCod,
  );
  if (!outstanding.ok && outstanding.kind === 'refused' && outstanding.status === 401)
    return redirect(loginPathFor(request));
  if (!outstanding.ok && outstanding.kind === 'refused' && outstanding.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(outstanding.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (!outstanding.ok && outstanding.kind === 'refused' && outstanding.status === 400)
    return data(
      {
        outstanding: null,
        filters,
        error: outstanding.message,
        fields: outstanding.fields,
        today: indianDay(new Date()),
      },
      { status: 400 },
    );
  if (!outstanding.ok)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data('The collections could not be loaded. Please try again.', { status: 503 });
  return {
    outstanding: outstanding.data,
    filters,
    error: null,
    fields: {} as Record<string, string>,
    today: indianDay(new Date()),
  };
}

/**
 * Records the courier's transfer for the ticked shipments, its amounts typed in rupees (a form post:
 * it works without scripts).
 */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const api = actionApi(context);
  const none: Record<string, string> = {};
  if (!form)
    return data(
      { error: FAILED, fields: none, result: null, values: none, ticked: [] as string[] },
      { status: 400, headers: api.headers },
    );
  const invoiceNos = form.getAll('invoiceNo').filter((v): v is string => typeof v === 'string');
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.slice(0, 100) : '';
  };
  // what was typed and ticked, shown again when the remittance is refused
  const values = Object.fromEntries(REMIT_FIELDS.map((name) => [name, text(name)]));
  const ticked = invoiceNos.slice(0, COD_LIMITS.shipmentsPerRemittance);
  const typed = remittanceFromForm(text, invoiceNos);
  if (!typed.ok)
    return data(
      {
        error: 'Check the amounts: rupees with at most two decimals.',
        fields: typed.fields,
        result: null,
        values,
        ticked,
      },
      { status: 400, headers: api.headers },
    );
  const answer = await api.call(
    'POST',
    '/api/admin/settlements/cod/remittances',
    CodRemittanceResult,
    typed.body,
  );
  if (answer.ok)
    return data(
      { error: null, fields: none, result: answer.data, values: none, ticked: [] as string[] },
      { headers: api.headers },
    );
  if (answer.kind === 'refused' && answer.status === 401) return redirect(loginPathFor(request));
  const fields =
    answer.kind === 'refused'
      ? Object.fromEntries(
          Object.entries(answer.fields).map(([name, message]) => [
            COD_FORM_FIELD_OF[name] ?? name.split('.')[0] ?? name,
            message,
          ]),
        )
      : none;
  const error = answer.kind === 'refused' ? answer.message : FAILED;
  return data(
    { error, fields, result: null, values, ticked },
    { status: answer.kind === 'refused' ? answer.status : 503, headers: api.headers },
  );
}

export function meta() {
  return [{ title: 'Cash on delivery · Console' }];
}

/**
 * requirements#settlement: /admin/settlements/cod. Finance ticks the parcels a courier's bank transfer
 * covers and records it with the transfer's reference; their items then become payable to sellers.
 */
export default function CodRemittances() {
  const { outstanding, filters, error, fields, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const href = usePageHref();
  const fieldError = (name: string) => answer?.fields[name] ?? undefined;
  const collections = outstanding?.collections ?? [];
  const filtered = Boolean(filters.order || filters.carrier || filters.from || filters.to);
  return (
    <div className="settle-page">
      <h1>Cash on delivery</h1>
      <p className="settle-lead">
        Cash a courier collected at the door is owed to the marketplace until the courier remits it. The
        parcels’ items are paid to their sellers only after that.
        {outstanding &&
          ` ${outstanding.count} parcels, ${formatInr(outstanding.totalPaise)} in all, wait for remittance.`}{' '}
        <Link to="/admin/settlements/cod/receivables">What couriers still owe after their transfers</Link>
        {' · '}
        <Link to="/admin/settlements/cod/courier-import">Import from courier</Link>
      </p>
      {answer?.result && (
        <Alert tone="success">
          {answer.result.message} Parcels’ cash {formatInr(answer.result.amountPaise)}; transferred{' '}
          {formatInr(answer.result.remittedPaise)}; COD charges and freight{' '}
          {formatInr(answer.result.acceptedPaise)}.
          {answer.result.receivablePaise > 0 && (
            <>
              {' '}
              <Link to="/admin/settlements/cod/receivables">See what couriers still owe</Link>.
            </>
          )}
        </Alert>
      )}
      {answer?.error && <Alert tone="error">{answer.error}</Alert>}
      <Form method="get" className="settle-filters settle-cod-filters" aria-label="Find parcels">
        <Field
          label="Order number"
          name="order"
          defaultValue={filters.order}
          placeholder="OD…"
          maxLength={30}
          error={fields.orderNo}
        />
        <SelectField label="Courier" name="carrier" defaultValue={filters.carrier} error={fields.carrier}>
          <option value="">All couriers</option>
          {(outstanding?.carriers ?? []).map((carrier) => (
            <option key={carrier} value={carrier}>
              {carrier}
            </option>
          ))}
        </SelectField>
        <Field
          label="Delivered from"
          name="from"
          type="date"
          defaultValue={filters.from}
          error={fields.from}
        />
        <Field label="Delivered to" name="to" type="date" defaultValue={filters.to} error={fields.to} />
        <SelectField
          label="Parcels a page"
          name="size"
          defaultValue={filters.size || '50'}
          error={fields.size}
        >
          {COD_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          Show parcels
        </Button>
      </Form>
      {error && <Alert tone="error">{error}</Alert>}
      {outstanding && (
        <Form method="post" aria-label="Record a remittance">
          <section className="settle-section" aria-labelledby="cod-heading">
            <h2 id="cod-heading">Waiting for remittance</h2>
            {collections.length === 0 ? (
              <p className="settle-note">
                {filtered
                  ? 'No waiting parcel matches these filters.'
                  : 'No cash is waiting for a courier’s remittance.'}
              </p>
            ) : (
              <>
                <p className="settle-note">
                  {outstanding.matching.count === 1 ? '1 parcel' : `${outstanding.matching.count} parcels`}
                  {filtered ? ' match' : ' wait'}, {formatInr(outstanding.matching.totalPaise)}
                  {outstanding.pageCount > 1 &&
                    `; page ${outstanding.page} of ${outstanding.pageCount}, ${outstanding.pageSize} a page`}
                  .{' '}
                  {filters.tickAll ? (
                    <Link to={tickHref(href(outstanding.page), false)}>Untick all</Link>
                  ) : (
                    <Link to={tickHref(href(outstanding.page), true)}>
                      Tick all {collections.length} on this page
                    </Link>
                  )}
                </p>
                <Table
                  label="Parcels waiting for remittance"
                  stacked
                  head={
                    <tr>
                      <th scope="col">Remitted</th>
                      <th scope="col">Parcel</th>
                      <th scope="col">Seller</th>
                      <th scope="col">Courier</th>
                      <th scope="col">Delivered</th>
                      <th scope="col" className="ui-num">
                        Cash
                      </th>
                    </tr>
                  }
                >
                  {collections.map((c) => (
                    <tr key={`${c.invoiceNo}-${filters.tickAll ? 'all' : ''}`}>
                      <td data-label="Remitted">
                        <input
                          type="checkbox"
                          name="invoiceNo"
                          value={c.invoiceNo}
                          defaultChecked={filters.tickAll || (answer?.ticked.includes(c.invoiceNo) ?? false)}
                          aria-label={`Remitted: ${c.invoiceNo}`}
                        />
                      </td>
                      <th scope="row" className="ui-cell-wide">
                        <span className="settle-title">{c.invoiceNo}</span>
                        <span className="settle-sub">Order {c.orderNo}</span>
                      </th>
                      <td data-label="Seller">{c.sellerName}</td>
                      <td data-label="Courier">{c.carrier ?? 'Not given'}</td>
                      <td data-label="Delivered">{formatDay(c.collectedAt)}</td>
                      <td className="ui-num" data-label="Cash">
                        {formatInr(c.amountPaise)}
                      </td>
                    </tr>
                  ))}
                </Table>
                <Pager page={outstanding.page} pages={outstanding.pageCount} />
              </>
            )}
            {fieldError('invoiceNos') && <p className="settle-note">{fieldError('invoiceNos')}</p>}
            <div className="settle-remit">
              <h3>The courier’s transfer</h3>
              <p className="settle-note">
                Tick the parcels the transfer covers (up to {COD_LIMITS.shipmentsPerRemittance}: filter by its
                courier and days, and show up to {COD_LIMITS.shipmentsPerRemittance} a page), then enter the
                transfer as the bank and the courier’s remittance report show it. COD charges and freight are
                our cost; a short payment, and whatever the amounts leave unexplained, stays owed by the
                courier until it pays or we write it off.
              </p>
              <RemitFields
                carriers={outstanding.carriers}
                carrier={filters.carrier}
                today={today}
                values={answer?.values ?? {}}
                fieldError={fieldError}
              />
              <Button type="submit" disabled={busy || collections.length === 0}>
                Record remittance
              </Button>
            </div>
          </section>
        </Form>
      )}
    </div>
  );
}

/** This page's address with every box ticked (or none): works before scripts, as a link. */
function tickHref(pageHref: string, tick: boolean) {
  const [path = '', search = ''] = pageHref.split('?');
  const params = new URLSearchParams(search);
  if (tick) params.set('tick', 'all');
  else params.delete('tick');
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}`;
}
