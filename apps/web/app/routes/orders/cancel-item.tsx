import { useState } from 'react';
import {
  CANCEL_MESSAGES,
  CancelCodeSent,
  CancelConfirmed,
  CancelForm,
  CancelRequestInput,
  CancelVerifyInput,
} from '@marketplace/domain/orders/cancel';
import { data, redirect, useActionData, useLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { firstSelection, readCancelSelection } from '../../components/orders/cancel-fields.ts';
import { CancelItemForm, type CancelReply } from '../../components/orders/cancel-item-form.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { flashCookie } from '../../lib/flash.server.ts';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import { actionApi, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import '../../components/orders/cancel.css';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { Alert } from '../../components/ui/alert.tsx';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { useT } from '../../i18n/intl.tsx';

/** requirements#ids-in-urls: the order, the seller's group and the item are in the URL (/cancelitem?order=&seller=&item=). */
function formPathOf(url: URL): string | null {
  const order = url.searchParams.get('order') ?? '';
  const seller = url.searchParams.get('seller') ?? '';
  if (!/^[A-Za-z0-9-]{1,40}$/.test(order)) return null;
  const query = new URLSearchParams({ order, ...(isRecordId(seller) ? { seller } : {}) });
  return `/api/cancellations/form?${query.toString()}`;
}

export async function loader({ url, context }: LoaderArgs) {
  const path = formPathOf(url);
  const item = url.searchParams.get('item') ?? '';
  const loaded = path ? await loadOrderPage(context, url, path, CancelForm) : ({ kind: 'missing' } as const);
  const itemId = isRecordId(item) ? Number(item) : null;
  return data({ loaded, itemId }, { status: orderPageStatus(loaded) });
}

/** The page the action answers: the step shown, the selection kept, and the spec's messages. */
const answer = (fields: Partial<CancelReply>, status = 200) =>
  data<CancelReply>(
    { step: 'select', selection: null, rowErrors: {}, alert: null, sentTo: null, codeError: null, ...fields },
    { status },
  );

/**
 * requirements#cancellation: the selection asks for the code (sent to the shopper), the
 * code confirms it and the shopper goes to My Orders with the message. The code travels only in
 * the POST body. The rows are the API's own cancel form, read again, so an id the page did not
 * offer is ignored.
 */
export async function action({ request, url, context }: ActionArgs) {
  const path = formPathOf(url);
  const form = await readForm(request);
  if (!form) return answer({ alert: CANCEL_MESSAGES.failed }, 400);
  if (!path) return answer({ alert: CANCEL_MESSAGES.orderNotFound }, 404);
  const api = actionApi(context);
  const shown = await api.call('GET', path, CancelForm);
  if (!shown.ok) {
    if (shown.kind === 'refused' && shown.status === 401) return redirect(loginPathFor(url));
    if (shown.kind === 'refused' && (shown.status === 404 || shown.status === 400))
      return answer({ alert: CANCEL_MESSAGES.orderNotFound }, 404);
    return answer({ alert: CANCEL_MESSAGES.failed }, 503);
  }
  const read = readCancelSelection(form, shown.data.items);
  const { selection } = read;
  const intent = form.get('intent');
  if (intent === 'change') return answer({ selection });
  if (intent === 'verify') {
    const sent = form.get('sentTo');
    const sentTo = typeof sent === 'string' ? sent.slice(0, 120) : '';
    const checked = CancelVerifyInput.safeParse({ code: form.get('code') ?? '' });
    if (!checked.success)
      return answer(
        {
          step: 'code',
          selection,
          sentTo,
          codeError: checked.error.issues[0]?.message ?? CANCEL_MESSAGES.invalidOtp,
        },
        400,
      );
    const result = await api.call('POST', '/api/cancellations/verify', CancelConfirmed, checked.data);
    if (result.ok) {
      api.headers.append('set-cookie', flashCookie({ kind: 'success', text: result.data.message }));
      return redirect(localizedPath(splitLanguage(url.pathname).language, '/myorder'), {
        headers: api.headers,
      });
    }
    if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
    // requirements#cancel-form: the server's message for a wrong OTP, else 'Invalid OTP'; anything else: try again
    if (result.kind === 'refused' && (result.status === 422 || result.status === 409))
      return answer(
        { step: 'code', selection, sentTo, codeError: result.message || CANCEL_MESSAGES.invalidOtp },
        result.status,
      );
    return answer({ step: 'code', selection, sentTo, codeError: CANCEL_MESSAGES.failed }, 503);
  }
  if (read.alert || Object.keys(read.rowErrors).length > 0)
    return answer({ selection, rowErrors: read.rowErrors, alert: read.alert }, 400);
  const info = selection.additionalInfo.trim();
  const input = CancelRequestInput.safeParse({
    orderNo: shown.data.orderNo,
    items: read.lines,
    ...(info ? { additionalInfo: info } : {}),
  });
  if (!input.success)
    return answer({ selection, alert: input.error.issues[0]?.message ?? CANCEL_MESSAGES.failed }, 400);
  const result = await api.call('POST', '/api/cancellations', CancelCodeSent, input.data);
  if (result.ok) return answer({ step: 'code', selection, sentTo: result.data.sentTo });
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
  if (result.kind === 'refused')
    return answer({ selection, alert: result.message || CANCEL_MESSAGES.failed }, result.status);
  return answer({ selection, alert: CANCEL_MESSAGES.failed }, 503);
}

/** /cancelitem: tick items, choose quantities and reasons, submit, then confirm with the OTP (requirements#cancellation, requirements#cancel-form). */
export default function CancelItem() {
  const { loaded, itemId } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const t = useT();
  // the rows start from the link's item; after a post, from what was posted (scripts or not)
  const [initial] = useState(() =>
    loaded.kind === 'found' ? (reply?.selection ?? firstSelection(loaded.data.items, itemId)) : null,
  );
  if (loaded.kind !== 'found' || !initial) {
    return (
      <OrderActionPage>
        <Alert tone="error" className="account-notice">
          {loaded.kind === 'failed' ? t('orders.cancel.failed') : t('orders.orderNotFound')}
        </Alert>
        <Link to="/myorder" className="btn-secondary">
          {t('orders.backToMyOrders')}
        </Link>
      </OrderActionPage>
    );
  }
  return (
    <OrderActionPage>
      <CancelItemForm form={loaded.data} initial={initial} reply={reply ?? null} />
    </OrderActionPage>
  );
}
