import { splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, redirect, useActionData, useLoaderData, useLocation } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import {
  AfterSalesForm,
  type AfterSalesKind,
  AfterSalesRequestCreated,
  AfterSalesRequestInput,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
} from '@marketplace/domain/orders/returns';
import {
  checkRequest,
  draftOf,
  NO_ERRORS,
  PHOTOS_FIELD,
  type RequestErrors,
  type RequestValues,
  readRequestValues,
  requestErrors,
} from '../../components/after-sales/request-fields.ts';
import { firstValues, RequestForm, type RequestReply } from '../../components/after-sales/request-form.tsx';
import { RequestStatusText } from '../../components/after-sales/status.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { flashCookie, takeFlash } from '../../lib/flash.server.ts';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import { actionApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { postedFiles, uploadPostedPhotos } from '../../lib/upload-photos.server.ts';
import '../../components/feedback/feedback.css';
import '../../components/after-sales/after-sales.css';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { Alert } from '../../components/ui/alert.tsx';
import type { ReactNode } from 'react';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { useOrderDates, useOrdersText } from '../../components/orders/orders-i18n.ts';

const kindOf = (pathname: string): AfterSalesKind =>
  splitLanguage(pathname).path.toLowerCase().startsWith('/replacementitem') ? 'replace' : 'return';
const textsOf = (kind: AfterSalesKind) => (kind === 'return' ? RETURN_MESSAGES : REPLACEMENT_MESSAGES);
const noneFound = (kind: AfterSalesKind) =>
  kind === 'return' ? RETURN_MESSAGES.noReturns : REPLACEMENT_MESSAGES.noReplacements;

/** requirements#ids-in-urls: the order and seller are in the URL (?order=&seller=&item=), as My Orders links them. */
function formPathOf(url: URL): string | null {
  const order = url.searchParams.get('order') ?? '';
  const seller = url.searchParams.get('seller') ?? '';
  if (!/^[A-Za-z0-9-]{1,40}$/.test(order) || !isRecordId(seller)) return null;
  const query = new URLSearchParams({ kind: kindOf(url.pathname), order, seller });
  return `/api/item-requests/options?${query.toString()}`;
}

export async function loader({ request, url, context }: LoaderArgs) {
  const path = formPathOf(url);
  const item = url.searchParams.get('item') ?? '';
  const loaded = path
    ? await loadOrderPage(context, url, path, AfterSalesForm)
    : ({ kind: 'missing' } as const);
  const { flash, headers } = takeFlash(request);
  return data(
    { loaded, itemId: isRecordId(item) ? Number(item) : null, flash },
    { status: orderPageStatus(loaded), headers },
  );
}

const refuse = (
  values: RequestValues | null,
  errors: RequestErrors,
  failure: string | null,
  status: number,
) => data<RequestReply>({ values, errors, failure }, { status });

/**
 * Sends the request (requirements#return-form) and comes back to the page with the spec's message, the lists
 * reloaded and a fresh form. The products are those of the API's own form, read again; the photos
 * are the keys the page's scripts uploaded or, without scripts, the files the form carried, which
 * go to the upload endpoint first and are kept (by key) if the request is refused.
 */
export async function action({ request, url, context }: ActionArgs) {
  const kind = kindOf(url.pathname);
  const texts = textsOf(kind);
  const path = formPathOf(url);
  const form = await readForm(request);
  if (!form) return refuse(null, NO_ERRORS, texts.failed, 400);
  if (!path) return refuse(null, NO_ERRORS, noneFound(kind), 404);
  const api = actionApi(context);
  const shown = await api.call('GET', path, AfterSalesForm);
  if (!shown.ok) {
    if (shown.kind === 'refused' && shown.status === 401) return redirect(loginPathFor(url));
    if (shown.kind === 'refused' && (shown.status === 404 || shown.status === 400))
      return refuse(null, NO_ERRORS, noneFound(kind), 404);
    return refuse(null, NO_ERRORS, texts.failed, 503);
  }
  const values = readRequestValues(form, kind, shown.data.items);
  const files = postedFiles(form, PHOTOS_FIELD);
  // photos the form carried (no scripts) are stored first, so a refusal keeps them by key
  const [aboutItem] = values.selected;
  if (aboutItem !== undefined && files.length > 0) {
    const sent = await uploadPostedPhotos(context, aboutItem, files, values.images.length);
    if (!sent.ok)
      return sent.status >= 500
        ? refuse(values, NO_ERRORS, texts.failed, 503)
        : refuse(values, { form: { images: sent.message }, items: {} }, null, sent.status);
    values.images = [...values.images, ...sent.uploads];
  }
  const missing = checkRequest(
    kind,
    values,
    values.images.length + (aboutItem === undefined ? files.length : 0),
  );
  if (missing) return refuse(values, missing, null, 400);
  const input = AfterSalesRequestInput.safeParse(draftOf(kind, values));
  if (!input.success) return refuse(values, requestErrors(input.error.issues, values.selected), null, 400);
  const result = await api.call('POST', '/api/item-requests', AfterSalesRequestCreated, input.data);
  if (result.ok) {
    // requirements#return-form: the lists reload after a successful submit, and the form starts again
    api.headers.append('set-cookie', flashCookie({ kind: 'success', text: result.data.message }));
    return redirect(url.pathname + url.search, { headers: api.headers });
  }
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
  if (result.kind === 'refused') {
    const issues = Object.entries(result.fields).map(([field, message]) => ({
      path: field.split('.').map((part) => (/^[0-9]+$/.test(part) ? Number(part) : part)),
      message,
    }));
    return refuse(
      values,
      requestErrors(issues, values.selected),
      result.message || texts.failed,
      result.status,
    );
  }
  return refuse(values, NO_ERRORS, texts.failed, 503);
}

/** /returnitem and /replacementitem?order=&seller=&item=: the request form and the requests made. */
export default function AfterSalesRequestPage() {
  const { loaded, itemId, flash } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const kind = kindOf(useLocation().pathname);
  const texts = textsOf(kind);
  const t = useT();
  const rich = useRichT();
  const say = useOrdersText();
  const dates = useOrderDates();
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <Alert tone="error" className="account-notice">
          {say(loaded.kind === 'missing' ? noneFound(kind) : texts.failed)}
        </Alert>
        <Link to="/myorder" className="btn">
          {t('orders.goToMyOrders')}
        </Link>
      </OrderActionPage>
    );
  }
  const form = loaded.data;
  const title = kind === 'return' ? t('orders.return.yourRequests') : t('orders.replace.yourRequests');
  const name = (chunks: ReactNode[]) => <span translate="no">{chunks}</span>;
  return (
    <OrderActionPage>
      <p className="as-order-line">
        {rich('orders.afterSales.orderLine', {
          orderNo: form.orderNo,
          seller: form.sellerName,
          b: (chunks) => <strong translate="no">{chunks}</strong>,
          name,
        })}
      </p>
      {flash && (
        <Alert tone={flash.kind} className="account-notice">
          {say(flash.text)}
        </Alert>
      )}
      <div className="as-layout">
        <section
          className="as-main"
          aria-label={kind === 'return' ? t('orders.return.form') : t('orders.replace.form')}
        >
          <RequestForm
            // a new form after each request sent: everything resets (requirements#return-form)
            key={`${kind}-${form.requests.map((r) => r.refNo).join(',')}`}
            kind={kind}
            form={form}
            initial={reply?.values ?? firstValues(form, itemId)}
            reply={reply ?? null}
          />
        </section>
        <section className="as-requests" aria-labelledby="as-requests-title">
          <h2 id="as-requests-title">{title}</h2>
          {form.requests.length === 0 ? (
            <p className="as-empty">{say(noneFound(kind))}</p>
          ) : (
            <ul>
              {form.requests.map((request) => (
                <li key={request.id} className="as-request">
                  <p className="as-request-name" translate="no">
                    {request.productName}
                  </p>
                  <p className="as-request-meta">
                    {rich('orders.afterSales.requestMeta', {
                      refNo: request.refNo,
                      quantity: request.quantity,
                      date: dates.day(request.addedAt),
                      name,
                    })}
                  </p>
                  <RequestStatusText kind={kind} status={request.status} />
                  <Link to={request.detailHref} className="btn-secondary btn-small">
                    {t('orders.afterSales.viewDetail')}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </OrderActionPage>
  );
}
