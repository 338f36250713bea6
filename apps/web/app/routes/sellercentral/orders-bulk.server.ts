// requirements#seller-orders: the orders list's bulk action: a shipment per chosen order, each
// through the fulfilment API (the item's state machine decides), and their labels to print at once.
import {
  BULK_SHIP_LIMIT,
  BULK_SHIP_MESSAGES,
  ShipmentCreatedAnswer,
} from '@marketplace/domain/sellers/seller-orders';
import { type AppLoadContext, data, redirect } from 'react-router';
import { actionApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';

export type BulkShipAnswer = {
  tone: 'success' | 'error';
  message: string;
  /** the created shipments' references, for the labels page */
  shipments: string[];
  /** the orders that could not ship, with why */
  refused: { orderNo: string; message: string }[];
};

// a chosen row: its order number and item id, as the list's checkbox sends it
const CHOSEN = /^(OD\d{1,30}):([1-9]\d{0,9})$/;

export async function bulkShipAction(request: Request, context: AppLoadContext) {
  const answer = (message: string, status: number) =>
    data<BulkShipAnswer>({ tone: 'error', message, shipments: [], refused: [] }, { status });
  const form = await readForm(request);
  if (!form || form.get('intent') !== 'ship-selected') return answer(BULK_SHIP_MESSAGES.notUnderstood, 400);
  const chosen = form.getAll('item');
  if (chosen.length === 0) return answer(BULK_SHIP_MESSAGES.nothingChosen, 400);
  if (chosen.length > BULK_SHIP_LIMIT) return answer(BULK_SHIP_MESSAGES.tooMany, 413);
  const byOrder = new Map<string, number[]>();
  for (const value of chosen) {
    const match = typeof value === 'string' ? CHOSEN.exec(value) : null;
    if (!match?.[1] || !match[2]) return answer(BULK_SHIP_MESSAGES.notUnderstood, 400);
    byOrder.set(match[1], [...(byOrder.get(match[1]) ?? []), Number(match[2])]);
  }
  const api = actionApi(context);
  const shipments: string[] = [];
  const refused: BulkShipAnswer['refused'] = [];
  // one order after another: each is its own shipment, refused or made on its own
  for (const [orderNo, itemIds] of byOrder) {
    const call = await api.call('POST', `/api/seller/orders/${orderNo}/shipments`, ShipmentCreatedAnswer, {
      items: itemIds.map((itemId) => ({ itemId })),
    });
    if (call.ok) shipments.push(call.data.invoiceNo);
    else if (call.kind === 'refused' && call.status === 401) return redirect(loginPathFor(request));
    else
      refused.push({
        orderNo,
        message: call.kind === 'unreachable' ? 'The server could not be reached.' : call.message,
      });
  }
  const status = shipments.length > 0 ? 200 : refused.length > 0 ? 422 : 400;
  return data<BulkShipAnswer>(
    {
      tone: refused.length === 0 ? 'success' : 'error',
      message: BULK_SHIP_MESSAGES.created(shipments.length),
      shipments,
      refused,
    },
    { status, headers: api.headers },
  );
}
