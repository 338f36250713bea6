// requirements#seller-orders: the forms of an order's page, each through the fulfilment API (the
// item's state machine decides; the page only reads the form and shows the answer).
import {
  CreateShipmentInput,
  SellerCancelInput,
  TrackShipmentInput,
} from '@marketplace/domain/orders/fulfilment';
import { FulfilmentDone, ORDER_PAGE_INTENTS } from '@marketplace/domain/sellers/seller-orders';
import { CourierBookedView } from '@marketplace/domain/orders/courier';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { type AppLoadContext, data, redirect } from 'react-router';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';

export type OrderActionAnswer = {
  intent: string;
  tone: 'success' | 'error';
  message: string;
  target?: string;
};

const SERVER_FAILED = 'The server could not be reached. Please try again.';
const firstIssue = (error: { issues: { message: string }[] }) =>
  error.issues[0]?.message ?? 'Check the form.';
/** Optional text: an empty field is left out rather than refused as empty. */
const optional = (value: string) => (value.trim() === '' ? undefined : value);

function shipmentInput(form: FormData) {
  const chosen = form.getAll('item').filter((v): v is string => typeof v === 'string' && isRecordId(v));
  const { carrier, awbNo } = formFields(form, ['carrier', 'awbNo']);
  return CreateShipmentInput.safeParse({
    items: chosen.map((itemId) => {
      const typed = form.get(`quantity-${itemId}`);
      const quantity = typeof typed === 'string' && typed.trim() !== '' ? Number(typed) : undefined;
      return { itemId: Number(itemId), ...(quantity === undefined ? {} : { quantity }) };
    }),
    carrier: optional(carrier),
    awbNo: optional(awbNo),
  });
}

export async function orderPageAction(request: Request, context: AppLoadContext, orderNo: string) {
  const form = await readForm(request);
  const { intent, invoiceNo, itemId, status, location, note, reason } = formFields(form ?? new FormData(), [
    'intent',
    'invoiceNo',
    'itemId',
    'status',
    'location',
    'note',
    'reason',
  ]);
  const known = ORDER_PAGE_INTENTS.find((value) => value === intent);
  const answer = (tone: OrderActionAnswer['tone'], message: string, status = 200, target?: string) =>
    data<OrderActionAnswer>(
      { intent: known ?? 'unknown', tone, message, ...(target ? { target } : {}) },
      { status },
    );
  if (!form || !known) return answer('error', 'This form was not understood. Please try again.', 400);

  const api = actionApi(context);
  let call;
  if (known === 'ship-courier') {
    // ADR-0051: every item waiting to ship, in one parcel booked with the courier
    call = await api.call(
      'POST',
      `/api/seller/orders/${encodeURIComponent(orderNo)}/courier-shipments`,
      CourierBookedView,
      {},
    );
  } else if (known === 'ship') {
    const input = shipmentInput(form);
    if (!input.success) return answer('error', firstIssue(input.error), 400);
    call = await api.call(
      'POST',
      `/api/seller/orders/${encodeURIComponent(orderNo)}/shipments`,
      FulfilmentDone,
      input.data,
    );
  } else if (known === 'track') {
    const input = TrackShipmentInput.safeParse({
      status,
      location: optional(location),
      note: optional(note),
    });
    if (!input.success || !/^[A-Za-z0-9-]{1,40}$/.test(invoiceNo))
      return answer(
        'error',
        input.success ? 'This shipment was not found.' : firstIssue(input.error),
        400,
        invoiceNo,
      );
    call = await api.call('POST', `/api/seller/shipments/${invoiceNo}/tracking`, FulfilmentDone, input.data);
  } else {
    const input = SellerCancelInput.safeParse({ reason: optional(reason) });
    if (!input.success || !isRecordId(itemId))
      return answer(
        'error',
        input.success ? 'This order item was not found.' : firstIssue(input.error),
        400,
        itemId,
      );
    call = await api.call('POST', `/api/seller/order-items/${itemId}/cancel`, FulfilmentDone, input.data);
  }
  const target = known === 'track' ? invoiceNo : known === 'cancel' ? itemId : undefined;
  if (call.ok)
    return data<OrderActionAnswer>(
      { intent: known, tone: 'success', message: call.data.message, ...(target ? { target } : {}) },
      { headers: api.headers },
    );
  if (call.kind === 'unreachable') return answer('error', SERVER_FAILED, 503, target);
  if (call.status === 401) return redirect(loginPathFor(request));
  const field = Object.values(call.fields)[0];
  return answer('error', field ?? call.message, call.status, target);
}
