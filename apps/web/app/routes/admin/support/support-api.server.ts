// requirements#operator-support: the support pages' calls to the console's API: a page's data, and
// the forms (cancel for the shopper, mark a shipment lost, send a failed refund again), each an
// action that works before the scripts arrive; the server's state machine decides.
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { ShipmentLostInput, SupportCancelInput, SupportDone } from '@marketplace/domain/admin/support-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { type AppLoadContext, data, redirect } from 'react-router';
import type { z } from 'zod';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../../lib/page-api.server.ts';

/** A support page's data; a refused search (400) comes back as its message and fields. */
export async function loadSupport<T extends z.ZodType>(
  context: AppLoadContext,
  request: Request,
  path: string,
  schema: T,
): Promise<
  | { ok: true; data: z.infer<T> }
  | { ok: false; status: 400 | 404; message: string; fields: Record<string, string> }
> {
  const result = await requestApi(context.api, 'GET', path, schema);
  if (result.ok) return { ok: true, data: result.data };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
  if (result.kind === 'refused' && result.status === 401) throw redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (result.kind === 'refused' && (result.status === 400 || result.status === 404))
    return { ok: false, status: result.status, message: result.message, fields: result.fields };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('This page could not be loaded. Please try again.', { status: 503 });
}

export const SUPPORT_INTENTS = ['cancel', 'lost', 'retry'] as const;
export type SupportIntent = (typeof SUPPORT_INTENTS)[number];

export type SupportAnswer = {
  intent: SupportIntent | 'unknown';
  tone: 'success' | 'error';
  message: string;
  /** the item, shipment or refund the form was about */
  target?: string;
  fields?: Record<string, string>;
};

const REFERENCE = /^[A-Za-z0-9-]{1,40}$/;
const firstIssue = (error: { issues: { message: string }[] }) =>
  error.issues[0]?.message ?? 'Check the form.';

/** The order page's and the failed-refunds queue's forms, by their `intent`. */
export async function supportAction(request: Request, context: AppLoadContext, orderNo: string | null) {
  const form = await readForm(request);
  const fields = formFields(form ?? new FormData(), [
    'intent',
    'itemId',
    'quantity',
    'reasonId',
    'note',
    'invoiceNo',
    'refundId',
  ]);
  const intent = SUPPORT_INTENTS.find((value) => value === fields.intent);
  const target = intent === 'cancel' ? fields.itemId : intent === 'lost' ? fields.invoiceNo : fields.refundId;
  const answer = (
    tone: SupportAnswer['tone'],
    message: string,
    status: number,
    more: Partial<SupportAnswer> = {},
  ) => data<SupportAnswer>({ intent: intent ?? 'unknown', tone, message, target, ...more }, { status });
  if (!form || !intent) return answer('error', 'This form was not understood. Please try again.', 400);

  const api = actionApi(context);
  let call;
  if (intent === 'cancel') {
    const input = SupportCancelInput.safeParse({
      items: isRecordId(fields.itemId)
        ? [{ itemId: Number(fields.itemId), quantity: Number(fields.quantity) }]
        : [],
      reasonId: isRecordId(fields.reasonId) ? Number(fields.reasonId) : undefined,
      note: fields.note.trim() === '' ? undefined : fields.note,
    });
    if (!input.success || orderNo === null || !REFERENCE.test(orderNo))
      return answer('error', input.success ? 'This order was not found.' : firstIssue(input.error), 400);
    call = await api.call('POST', `/api/admin/orders/${orderNo}/cancellations`, SupportDone, input.data);
  } else if (intent === 'lost') {
    const input = ShipmentLostInput.safeParse({ note: fields.note.trim() === '' ? undefined : fields.note });
    if (!input.success || !REFERENCE.test(fields.invoiceNo))
      return answer('error', input.success ? 'This shipment was not found.' : firstIssue(input.error), 400);
    call = await api.call('POST', `/api/admin/shipments/${fields.invoiceNo}/lost`, SupportDone, input.data);
  } else {
    if (!isRecordId(fields.refundId)) return answer('error', 'This refund was not found.', 400);
    call = await api.call('POST', `/api/admin/refunds/${fields.refundId}/retry`, SupportDone, {});
  }
  if (call.ok)
    return data<SupportAnswer>(
      { intent, tone: 'success', message: call.data.message, target },
      { headers: api.headers },
    );
  if (call.kind === 'unreachable')
    return answer('error', 'The server could not be reached. Please try again.', 503);
  if (call.status === 401) return redirect(loginPathFor(request));
  return answer('error', Object.values(call.fields)[0] ?? call.message, call.status, { fields: call.fields });
}
