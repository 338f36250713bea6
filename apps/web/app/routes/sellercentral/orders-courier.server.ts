// requirements#courier-batches: the orders list's "Ship with Bazaar courier" for the ticked orders, and the
// pickup of the batch, posted as plain forms (no scripts needed).
import {
  COURIER_BATCH_LIMIT,
  COURIER_BATCH_MESSAGES,
  type CourierBatchAnswer,
  CourierBatchView,
  CourierPickupView,
  pickupDays,
} from '@marketplace/domain/orders/courier-batch';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import { type AppLoadContext, data, redirect } from 'react-router';
import { actionApi, loginPathFor } from '../../lib/page-api.server.ts';

const SHIPMENT = /^[A-Za-z0-9-]{1,40}$/;
// a ticked row sends its order number and item id; the courier books the whole order
const CHOSEN = /^(OD\d{1,30}):[1-9]\d{0,9}$/;
const unreachable = 'The server could not be reached. Please try again.';

const answer = (fields: Partial<CourierBatchAnswer> & Pick<CourierBatchAnswer, 'message'>, status: number) =>
  data<CourierBatchAnswer>(
    {
      kind: 'courier',
      tone: 'error',
      lines: [],
      shipments: [],
      days: pickupDays(new Date()),
      pickup: null,
      ...fields,
    },
    { status },
  );

/** "Ship with Bazaar courier" for the ticked rows: each order booked on its own. */
export async function courierBatchAction(request: Request, form: FormData, context: AppLoadContext) {
  const chosen = form.getAll('item');
  if (chosen.length === 0) return answer({ message: COURIER_BATCH_MESSAGES.nothingChosen }, 400);
  const orderNos = new Set<string>();
  for (const value of chosen) {
    const orderNo = typeof value === 'string' ? CHOSEN.exec(value)?.[1] : undefined;
    if (!orderNo || !ORDER_NO_PATTERN.test(orderNo))
      return answer({ message: COURIER_BATCH_MESSAGES.badOrderNo }, 400);
    orderNos.add(orderNo);
  }
  if (orderNos.size > COURIER_BATCH_LIMIT) return answer({ message: COURIER_BATCH_MESSAGES.tooMany }, 413);
  const api = actionApi(context);
  const result = await api.call('POST', '/api/seller/courier-batches', CourierBatchView, {
    orderNos: [...orderNos],
  });
  if (!result.ok && result.kind === 'refused' && result.status === 401)
    return redirect(loginPathFor(request));
  if (!result.ok)
    return answer(
      { message: result.kind === 'refused' ? result.message : unreachable },
      result.kind === 'refused' ? result.status : 503,
    );
  const batch = result.data;
  return data<CourierBatchAnswer>(
    {
      kind: 'courier',
      tone: batch.lines.every((l) => l.booked) ? 'success' : 'error',
      message: batch.message,
      lines: batch.lines,
      shipments: batch.shipments,
      days: pickupDays(new Date()),
      pickup: null,
    },
    { status: batch.shipments.length > 0 ? 200 : 422, headers: api.headers },
  );
}

/** One pickup of the batch's parcels on the chosen day. */
export async function courierPickupAction(request: Request, form: FormData, context: AppLoadContext) {
  const shipments = form.getAll('shipment').filter((v): v is string => typeof v === 'string');
  const pickupDate = form.get('pickupDate');
  if (
    shipments.length === 0 ||
    shipments.length > COURIER_BATCH_LIMIT ||
    !shipments.every((s) => SHIPMENT.test(s))
  )
    return answer({ message: COURIER_BATCH_MESSAGES.noShipments }, 400);
  const keep = { shipments, message: COURIER_BATCH_MESSAGES.booked(shipments.length, shipments.length) };
  if (typeof pickupDate !== 'string' || !pickupDays(new Date()).includes(pickupDate))
    return answer(
      { ...keep, tone: 'success', pickup: { tone: 'error', message: COURIER_BATCH_MESSAGES.badPickupDay } },
      400,
    );
  const api = actionApi(context);
  const result = await api.call('POST', '/api/seller/courier-pickups', CourierPickupView, {
    shipments,
    pickupDate,
  });
  if (!result.ok && result.kind === 'refused' && result.status === 401)
    return redirect(loginPathFor(request));
  const pickup = result.ok
    ? { tone: 'success' as const, message: result.data.message }
    : { tone: 'error' as const, message: result.kind === 'refused' ? result.message : unreachable };
  return answer(
    { ...keep, tone: 'success', pickup },
    result.ok ? 200 : result.kind === 'refused' ? result.status : 503,
  );
}
