// ADR-0058: a failed delivery attempt (NDR): the shopper is told at once and chooses what the
// courier does next (another attempt on a day, a corrected address or phone, or send it back);
// the seller sees the parcels with failed attempts and may choose too. The choice reaches the
// courier through `ndrAction`; one choice per attempt, whoever is first.
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import {
  courierNdrActions,
  courierShipments,
  type Executor,
  orders,
  shipments,
  trackingEvents,
} from '@marketplace/db';
import {
  NDR_MESSAGES,
  type NdrChoiceInput,
  type NdrQueue,
  ndrSummary,
  type NdrView,
  reattemptDays,
} from '@marketplace/domain/orders/ndr';
import { MAX_DELIVERY_ATTEMPTS } from '@marketplace/domain/orders/sandbox-courier';
import type { CourierNdr, CourierNdrAction } from './provider.ts';

type Booking = typeof courierShipments.$inferSelect;

/**
 * Called in the scan's transaction when a failed attempt moved the shipment: the count goes up. The
 * shopper is told by the shipment's move itself (the order notices of the messages module), with
 * the link to the tracking page where they choose.
 */
export async function recordFailedAttempt(tx: Executor, booking: Booking) {
  await tx
    .update(courierShipments)
    .set({ failedAttempts: booking.failedAttempts + 1 })
    .where(eq(courierShipments.id, booking.id));
}

export type NdrParty = { kind: 'shopper'; userId: number } | { kind: 'seller'; sellerId: number };

/** The courier-booked shipment by reference, when it is this shopper's or this seller's. */
async function bookedShipmentOf(db: Executor, party: NdrParty, invoiceNo: string) {
  const [row] = await db
    .select({ booking: courierShipments, shipment: shipments, order: orders })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(courierShipments, eq(courierShipments.shipmentId, shipments.id))
    .where(
      and(
        eq(shipments.invoiceNo, invoiceNo),
        party.kind === 'shopper' ? eq(orders.userId, party.userId) : eq(shipments.sellerId, party.sellerId),
      ),
    );
  return row ?? null;
}

const choiceOf = (row: typeof courierNdrActions.$inferSelect | undefined) =>
  row
    ? {
        action: row.action as NdrChoiceInput['action'],
        chosenBy: row.chosenBy as 'shopper' | 'seller',
        summary: ndrSummary({ action: row.action, ...row.details } as NdrChoiceInput),
      }
    : null;

async function latestChoice(db: Executor, booking: Booking) {
  const [row] = await db
    .select()
    .from(courierNdrActions)
    .where(
      and(
        eq(courierNdrActions.courierShipmentId, booking.id),
        eq(courierNdrActions.attempt, booking.failedAttempts),
      ),
    );
  return row;
}

const isAwaiting = (status: string, booking: Booking, chosen: unknown) =>
  status === 'delivery_failed' &&
  booking.failedAttempts > 0 &&
  booking.failedAttempts < MAX_DELIVERY_ATTEMPTS &&
  !chosen;

/** The shopper's view of a parcel after a failed attempt; null when it is not theirs or not booked. */
export async function ndrView(
  db: Executor,
  party: NdrParty,
  invoiceNo: string,
  now: Date,
): Promise<NdrView | null> {
  const found = await bookedShipmentOf(db, party, invoiceNo);
  if (!found) return null;
  const chosen = await latestChoice(db, found.booking);
  return {
    invoiceNo,
    orderNo: found.order.orderNo,
    attempts: found.booking.failedAttempts,
    maxAttempts: MAX_DELIVERY_ATTEMPTS,
    isAwaitingChoice: isAwaiting(found.shipment.status, found.booking, chosen),
    choice: choiceOf(chosen),
    reattemptDays: reattemptDays(now),
    address: {
      address: found.order.deliveryAddress,
      pincode: found.order.deliveryPincode,
      phone: found.order.deliveryPhone,
    },
  };
}

export type NdrChoiceResult =
  | { code: 'ACCEPTED'; message: string; view: NdrView }
  | { code: 'NOT_FOUND' | 'NOT_AWAITING' | 'ALREADY_CHOSEN' | 'BAD_DATE' }
  | { code: 'REFUSED'; reason: string }
  | { code: 'UNAVAILABLE' };

const toCourier = (choice: NdrChoiceInput): CourierNdrAction => {
  switch (choice.action) {
    case 're_attempt':
      return { action: 're_attempt', date: choice.date };
    case 'change_address':
      return {
        action: 'change_address',
        address: choice.address,
        pincode: choice.pincode,
        phone: choice.phone ?? null,
      };
    case 'change_phone':
      return { action: 'change_phone', phone: choice.phone };
    case 'return_to_origin':
      return { action: 'return_to_origin' };
  }
};

/**
 * Sends the shopper's or the seller's choice for the last failed attempt to the courier. The
 * choice is recorded first (one per attempt, so two at once send one); a courier that refuses or
 * cannot be reached leaves the attempt open again.
 */
export async function chooseNdr(
  db: Executor,
  courier: CourierNdr,
  party: NdrParty,
  invoiceNo: string,
  choice: NdrChoiceInput,
  now: Date,
): Promise<NdrChoiceResult> {
  const found = await bookedShipmentOf(db, party, invoiceNo);
  if (!found) return { code: 'NOT_FOUND' };
  if (choice.action === 're_attempt' && !reattemptDays(now).includes(choice.date))
    return { code: 'BAD_DATE' };
  const { booking } = found;
  if (!isAwaiting(found.shipment.status, booking, await latestChoice(db, booking)))
    return { code: 'NOT_AWAITING' };
  const { action, ...details } = choice;
  const [recorded] = await db
    .insert(courierNdrActions)
    .values({
      courierShipmentId: booking.id,
      attempt: booking.failedAttempts,
      action,
      details: Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v ?? null])),
      chosenBy: party.kind,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: courierNdrActions.id });
  if (!recorded) return { code: 'ALREADY_CHOSEN' };
  const forget = () => db.delete(courierNdrActions).where(eq(courierNdrActions.id, recorded.id));
  let answer: Awaited<ReturnType<CourierNdr['ndrAction']>>;
  try {
    answer = await courier.ndrAction(booking.awbNo, toCourier(choice));
  } catch {
    await forget();
    return { code: 'UNAVAILABLE' };
  }
  if (answer.code !== 'ACCEPTED') {
    await forget();
    return answer.code === 'REFUSED' ? answer : { code: 'NOT_FOUND' };
  }
  await db.update(courierNdrActions).set({ acceptedAt: now }).where(eq(courierNdrActions.id, recorded.id));
  if (choice.action === 'change_address' || choice.action === 'change_phone') {
    // the order's delivery address follows, so the page, label copies and support read the new one
    await db
      .update(orders)
      .set(
        choice.action === 'change_address'
          ? {
              deliveryAddress: choice.address,
              deliveryPincode: choice.pincode,
              ...(choice.phone ? { deliveryPhone: choice.phone } : {}),
              updatedAt: now,
            }
          : { deliveryPhone: choice.phone, updatedAt: now },
      )
      .where(eq(orders.id, found.order.id));
  }
  const view = await ndrView(db, party, invoiceNo, now);
  if (!view) return { code: 'NOT_FOUND' };
  const message =
    choice.action === 're_attempt'
      ? NDR_MESSAGES.chosen.re_attempt(choice.date)
      : NDR_MESSAGES.chosen[choice.action];
  return { code: 'ACCEPTED', message, view };
}

/**
 * The seller's NDR queue: its courier parcels with a failed attempt that are still out (waiting
 * for a choice, or for the next attempt), newest first, with the shopper's choice if any.
 */
export async function sellerNdrQueue(db: Executor, sellerId: number, now: Date): Promise<NdrQueue> {
  const rows = await db
    .select({ booking: courierShipments, shipment: shipments, orderNo: orders.orderNo })
    .from(courierShipments)
    .innerJoin(shipments, eq(shipments.id, courierShipments.shipmentId))
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(
        eq(courierShipments.sellerId, sellerId),
        gt(courierShipments.failedAttempts, 0),
        inArray(shipments.status, ['delivery_failed', 'dispatched', 'return_to_origin']),
      ),
    )
    .orderBy(desc(courierShipments.id))
    .limit(200);
  const out: NdrQueue['rows'] = [];
  for (const { booking, shipment, orderNo } of rows) {
    // a parcel back at the seller has left the queue
    if (booking.rtoReceivedAt) continue;
    const chosen = await latestChoice(db, booking);
    const [last] = await db
      .select({ at: trackingEvents.occurredAt })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.shipmentId, shipment.id), eq(trackingEvents.status, 'delivery_failed')))
      .orderBy(desc(trackingEvents.occurredAt))
      .limit(1);
    out.push({
      invoiceNo: shipment.invoiceNo,
      orderNo,
      awbNo: booking.awbNo,
      courierName: booking.courierName,
      status: shipment.status,
      attempts: booking.failedAttempts,
      lastAttemptAt: last?.at.toISOString() ?? null,
      choice: choiceOf(chosen),
      isAwaitingChoice: isAwaiting(shipment.status, booking, chosen),
    });
  }
  return { rows: out, reattemptDays: reattemptDays(now) };
}
