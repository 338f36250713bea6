// requirements#seller-returns: the forms of a request's page, each through the fulfilment API.
import {
  DecideRequestInput,
  ShipReplacementInput,
  TrackShipmentInput,
} from '@marketplace/domain/orders/fulfilment';
import { FulfilmentDone } from '@marketplace/domain/sellers/seller-orders';
import { isRejection, SELLER_REQUEST_MESSAGES } from '@marketplace/domain/sellers/seller-requests';
import { type AppLoadContext, data, redirect } from 'react-router';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';

const INTENTS = ['decide', 'pickup', 'ship', 'track'] as const;
export type ReturnActionAnswer = {
  intent: string;
  tone: 'success' | 'error';
  message: string;
  field?: string;
};
const optional = (value: string) => (value.trim() === '' ? undefined : value);
const firstIssue = (error: { issues: { message: string }[] }) =>
  error.issues[0]?.message ?? 'Check the form.';
const REFERENCE = /^[A-Za-z0-9-]{1,40}$/;

export async function returnPageAction(request: Request, context: AppLoadContext, refNo: string) {
  const form = await readForm(request);
  const fields = formFields(form ?? new FormData(), [
    'intent',
    'decision',
    'reason',
    'carrier',
    'awbNo',
    'invoiceNo',
    'status',
    'location',
    'note',
  ]);
  const intent = INTENTS.find((value) => value === fields.intent);
  const answer = (tone: ReturnActionAnswer['tone'], message: string, status = 200, field?: string) =>
    data<ReturnActionAnswer>(
      { intent: intent ?? 'unknown', tone, message, ...(field ? { field } : {}) },
      { status },
    );
  if (!form || !intent) return answer('error', 'This form was not understood. Please try again.', 400);

  const api = actionApi(context);
  const base = `/api/seller/item-requests/${refNo}`;
  let call;
  if (intent === 'decide') {
    if (fields.decision === '')
      return answer('error', SELLER_REQUEST_MESSAGES.chooseDecision, 400, 'decision');
    // a rejection says why (requirements#seller-returns)
    if (isRejection(fields.decision) && fields.reason.trim() === '')
      return answer('error', SELLER_REQUEST_MESSAGES.reasonNeeded, 400, 'reason');
    const input = DecideRequestInput.safeParse({
      decision: fields.decision,
      reason: optional(fields.reason),
    });
    if (!input.success) return answer('error', firstIssue(input.error), 400, 'reason');
    call = await api.call('POST', `${base}/decision`, FulfilmentDone, input.data);
  } else if (intent === 'pickup') {
    call = await api.call('POST', `${base}/pickup`, FulfilmentDone);
  } else if (intent === 'ship') {
    const input = ShipReplacementInput.safeParse({
      carrier: optional(fields.carrier),
      awbNo: optional(fields.awbNo),
    });
    if (!input.success) return answer('error', firstIssue(input.error), 400);
    call = await api.call('POST', `${base}/shipment`, FulfilmentDone, input.data);
  } else {
    const input = TrackShipmentInput.safeParse({
      status: fields.status,
      location: optional(fields.location),
      note: optional(fields.note),
    });
    if (!input.success || !REFERENCE.test(fields.invoiceNo))
      return answer('error', input.success ? 'This shipment was not found.' : firstIssue(input.error), 400);
    call = await api.call(
      'POST',
      `/api/seller/shipments/${fields.invoiceNo}/tracking`,
      FulfilmentDone,
      input.data,
    );
  }
  if (call.ok)
    return data<ReturnActionAnswer>(
      { intent, tone: 'success', message: call.data.message },
      { headers: api.headers },
    );
  if (call.kind === 'unreachable')
    return answer('error', 'The server could not be reached. Please try again.', 503);
  if (call.status === 401) return redirect(loginPathFor(request));
  return answer('error', Object.values(call.fields)[0] ?? call.message, call.status);
}
