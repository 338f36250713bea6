import { eq } from 'drizzle-orm';
import { type Executor, itemRequests, orderItems, type orders, type shipments } from '@marketplace/db';
import type { TrackShipmentInput } from '@marketplace/domain/orders/fulfilment';
import { trackReplacement } from '@marketplace/domain/orders/replacement';
import { isTrackingStatus } from '@marketplace/domain/orders/tracking';
import { applyEffects } from './item-state.ts';
import { recordTrackingStep, type TrackResult } from './shipment-rows.ts';

/**
 * Moves a replacement unit's shipment, inside the caller's transaction under the order's lock.
 * The same parcel rules as any shipment; the item itself stays delivered. When the new unit never
 * arrives (cancelled before pickup, back at the seller, lost), the shopper is refunded for those
 * units instead, as a refused replacement would be (docs/decisions/0012).
 */
export async function trackReplacementShipment(
  tx: Executor,
  order: typeof orders.$inferSelect,
  shipment: typeof shipments.$inferSelect & { replacementRequestId: number },
  input: TrackShipmentInput,
  now: Date,
): Promise<TrackResult> {
  const [request] = await tx
    .select()
    .from(itemRequests)
    .where(eq(itemRequests.id, shipment.replacementRequestId));
  const [item] = request
    ? await tx.select().from(orderItems).where(eq(orderItems.id, request.orderItemId))
    : [];
  if (!request || !item || !isTrackingStatus(shipment.status)) return { code: 'NOT_FOUND' };
  const moved = trackReplacement(request.quantity, shipment.status, input.status);
  if (!moved.ok) return { code: 'ILLEGAL', message: moved.message };

  // the replaced units are already counted as processed: refund them as the units they are
  const before = { ...item, replacedQuantity: Math.max(0, item.replacedQuantity - request.quantity) };
  const effects = await applyEffects(tx, {
    order,
    item: before,
    effects: {
      restockQuantity: moved.restockQuantity,
      takeStockQuantity: 0,
      refundQuantity: moved.refundQuantity,
      splitQuantity: 0,
      isDelivered: moved.isDelivered,
    },
    requestId: request.id,
    now,
  });
  await recordTrackingStep(tx, shipment.id, { ...input, isDelivered: moved.isDelivered }, now);
  return {
    code: 'TRACKED',
    invoiceNo: shipment.invoiceNo,
    status: input.status,
    refundPaise: 'refundPaise' in effects ? effects.refundPaise : 0,
  };
}
