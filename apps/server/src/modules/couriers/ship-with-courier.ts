// ADR-0051: "Ship with Bazaar courier": the seller's items of an order become one shipment (its
// invoice, as "Ship myself" makes it), booked with the courier, whose AWB and label it carries
// and whose scans move it from then on.
import { eq } from 'drizzle-orm';
import { courierShipments, type Executor, sellers } from '@marketplace/db';
import type { ShipWithCourierInput } from '@marketplace/domain/orders/courier';
import {
  assignCourier,
  createShipment,
  lockOrder,
  pendingParcelOf,
  sellerShipmentOf,
  shipmentLabel,
} from '../fulfilment/index.ts';
import type { CourierProvider, CourierQuote } from './provider.ts';
import { CourierUnreachableError } from './unreachable.ts';

/** the courier's answer, or UNAVAILABLE when it could not be reached after every try */
async function reachable<T>(work: () => Promise<T>): Promise<T | { code: 'UNAVAILABLE'; reason: string }> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CourierUnreachableError) return { code: 'UNAVAILABLE', reason: error.message };
    throw error;
  }
}

export type CourierQuoteResult =
  | { code: 'ORDER_NOT_FOUND' }
  | { code: 'NOTHING_TO_SHIP' }
  | { code: 'UNAVAILABLE'; reason: string }
  | CourierQuote;

/** requirements#courier-opt-in: whether the seller ships with Bazaar courier by default. */
export async function shipsWithCourier(db: Executor, sellerId: number): Promise<boolean> {
  const [row] = await db
    .select({ shipsWithCourier: sellers.shipsWithCourier })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  return row?.shipsWithCourier ?? false;
}

/** What the courier would charge for the seller's items of the order still waiting to ship. */
export async function quoteOrder(
  db: Executor,
  courier: CourierProvider,
  sellerId: number,
  orderNo: string,
): Promise<CourierQuoteResult> {
  const parcel = await pendingParcelOf(db, sellerId, orderNo);
  if (!parcel) return { code: 'ORDER_NOT_FOUND' };
  if (parcel.itemIds.length === 0) return { code: 'NOTHING_TO_SHIP' };
  return reachable(() => courier.quote(parcel));
}

export type ShipWithCourierResult =
  | {
      code: 'BOOKED' | 'ALREADY_BOOKED';
      invoiceNo: string;
      awbNo: string;
      courierName: string;
      chargePaise: number;
    }
  | {
      code:
        'ORDER_NOT_FOUND' | 'ITEM_NOT_FOUND' | 'ORDER_NOT_PLACED' | 'NOTHING_TO_SHIP' | 'SHIPPED_YOURSELF';
    }
  | { code: 'NOT_SERVICEABLE' | 'UNAVAILABLE'; reason: string }
  | { code: 'ILLEGAL'; message: string };

export async function shipWithCourier(
  db: Executor,
  courier: CourierProvider,
  sellerId: number,
  orderNo: string,
  input: ShipWithCourierInput,
  now: Date = new Date(),
): Promise<ShipWithCourierResult> {
  const parcel = await pendingParcelOf(db, sellerId, orderNo);
  if (!parcel) return { code: 'ORDER_NOT_FOUND' };
  const items = input.items ?? parcel.itemIds.map((itemId) => ({ itemId }));
  if (items.length === 0) return { code: 'NOTHING_TO_SHIP' };
  // an address the courier cannot serve is refused before anything is invoiced
  if (input.items === undefined) {
    const quote = await reachable(() => courier.quote(parcel));
    if (quote.code === 'NOT_SERVICEABLE' || quote.code === 'UNAVAILABLE') return quote;
  }

  const shipped = await createShipment(db, sellerId, orderNo, { items }, now);
  if (shipped.code !== 'SHIPPED' && shipped.code !== 'ALREADY_SHIPPED') return shipped;
  const { invoiceNo } = shipped;
  const label = await shipmentLabel(db, sellerId, invoiceNo);
  const shipment = await sellerShipmentOf(db, sellerId, invoiceNo);
  if (!label || !shipment) throw new Error(`shipment ${invoiceNo} vanished`);

  const bookingOf = async (executor: Executor) => {
    const [row] = await executor
      .select()
      .from(courierShipments)
      .where(eq(courierShipments.shipmentId, shipment.id));
    return row
      ? {
          code: 'ALREADY_BOOKED' as const,
          invoiceNo,
          awbNo: row.awbNo,
          courierName: row.courierName,
          chargePaise: row.chargePaise,
        }
      : null;
  };
  const had = await bookingOf(db);
  if (had) return had;
  if (shipped.code === 'ALREADY_SHIPPED' && shipment.carrier !== null) return { code: 'SHIPPED_YOURSELF' };
  // no lock is held while the courier answers: it books one reference once (the shipment's),
  // so two clicks at once get the same AWB and the second record below is a no-op
  const answer = await reachable(() =>
    courier.book({
      reference: invoiceNo,
      orderNo,
      pickup: label.seller.pickup,
      delivery: label.shipTo,
      weightGrams: Math.max(1, label.weightGrams),
      paymentMode: label.paymentMode,
      codPaise: label.codAmountPaise,
      contents: label.items.map((i) => `${i.productName} × ${i.quantity}`).join(', '),
      bookedAt: now,
    }),
  );
  // otherwise the shipment stays, invoiced and unbooked: the same click books it again
  if (answer.code !== 'BOOKED') return answer;
  return db.transaction(async (tx): Promise<ShipWithCourierResult> => {
    await lockOrder(tx, shipment.orderId);
    const [made] = await tx
      .insert(courierShipments)
      .values({
        shipmentId: shipment.id,
        sellerId,
        provider: courier.name,
        awbNo: answer.awbNo,
        courierName: answer.courierName,
        chargePaise: answer.chargePaise,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: courierShipments.id });
    if (!made) return (await bookingOf(tx)) ?? { code: 'UNAVAILABLE', reason: 'booking not recorded' };
    await assignCourier(tx, shipment.id, {
      provider: courier.name,
      carrier: answer.courierName,
      awbNo: answer.awbNo,
    });
    return {
      code: 'BOOKED',
      invoiceNo,
      awbNo: answer.awbNo,
      courierName: answer.courierName,
      chargePaise: answer.chargePaise,
    };
  });
}

/** The courier's label of the seller's shipment; null for another seller's or an unbooked one. */
export async function courierLabel(
  db: Executor,
  courier: CourierProvider,
  sellerId: number,
  invoiceNo: string,
) {
  const shipment = await sellerShipmentOf(db, sellerId, invoiceNo);
  if (!shipment || shipment.courierProvider !== courier.name || !shipment.awbNo) return null;
  const pdf = await reachable(() => courier.label(shipment.awbNo as string));
  if (pdf !== null && 'code' in pdf) return pdf;
  return pdf ? { pdf, awbNo: shipment.awbNo } : null;
}
