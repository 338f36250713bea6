// requirements#courier-batches: "Ship with Bazaar courier" for many orders. Each order is booked on its own by
// the one-order path (ADR-0051), so a refusal stops only its order; then the batch's labels as one
// PDF, the courier's manifest and one pickup for the day the seller chooses.
import { and, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { type Executor, shipments } from '@marketplace/db';
import { COURIER_MESSAGES } from '@marketplace/domain/orders/courier';
import { COURIER_BATCH_MESSAGES, type CourierBatchView } from '@marketplace/domain/orders/courier-batch';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import type { CourierProvider } from './provider.ts';
import { shipWithCourier, type ShipWithCourierResult } from './ship-with-courier.ts';

function lineOf(orderNo: string, result: ShipWithCourierResult): CourierBatchView['lines'][number] {
  const refused = (message: string) => ({
    orderNo,
    booked: false,
    message,
    invoiceNo: null,
    awbNo: null,
    chargePaise: null,
  });
  switch (result.code) {
    case 'BOOKED':
    case 'ALREADY_BOOKED':
      return {
        orderNo,
        booked: true,
        message:
          result.code === 'BOOKED'
            ? COURIER_MESSAGES.booked(result.courierName, result.awbNo)
            : COURIER_MESSAGES.alreadyBooked(result.courierName, result.awbNo),
        invoiceNo: result.invoiceNo,
        awbNo: result.awbNo,
        chargePaise: result.chargePaise,
      };
    // another seller's order reads exactly as one that does not exist
    case 'ORDER_NOT_FOUND':
    case 'ITEM_NOT_FOUND':
      return refused(FULFILMENT_MESSAGES.orderNotFound);
    case 'ORDER_NOT_PLACED':
      return refused(FULFILMENT_MESSAGES.orderNotPlaced);
    case 'NOTHING_TO_SHIP':
      return refused(COURIER_MESSAGES.nothingToShip);
    case 'SHIPPED_YOURSELF':
      return refused(COURIER_MESSAGES.shippedYourself);
    case 'ILLEGAL':
      return refused(result.message);
    case 'NOT_SERVICEABLE':
      return refused(COURIER_MESSAGES.notServiceable(result.reason));
    case 'UNAVAILABLE':
      return refused(COURIER_MESSAGES.unavailable);
  }
}

/** Books each order in turn, every item of the seller's still waiting to ship in one parcel. */
export async function bookCourierBatch(
  db: Executor,
  courier: CourierProvider,
  sellerId: number,
  orderNos: string[],
  now: Date,
): Promise<CourierBatchView> {
  const lines: CourierBatchView['lines'] = [];
  for (const orderNo of new Set(orderNos))
    lines.push(lineOf(orderNo, await shipWithCourier(db, courier, sellerId, orderNo, {}, now)));
  const booked = lines.filter((l) => l.booked);
  return {
    message: COURIER_BATCH_MESSAGES.booked(booked.length, lines.length),
    lines,
    shipments: booked.flatMap((l) => (l.invoiceNo ? [l.invoiceNo] : [])),
  };
}

/**
 * The AWBs of the seller's shipments booked with this courier, in the order asked; null when any
 * is another seller's, unknown or not booked with it, without saying which.
 */
export async function sellerCourierAwbs(
  db: Executor,
  courier: CourierProvider,
  sellerId: number,
  invoiceNos: string[],
): Promise<{ invoiceNo: string; awbNo: string }[] | null> {
  const wanted = [...new Set(invoiceNos)];
  const rows = await db
    .select({ invoiceNo: shipments.invoiceNo, awbNo: shipments.awbNo })
    .from(shipments)
    .where(
      and(
        eq(shipments.sellerId, sellerId),
        eq(shipments.courierProvider, courier.name),
        inArray(shipments.invoiceNo, wanted),
      ),
    );
  const byInvoice = new Map(rows.map((r) => [r.invoiceNo, r.awbNo]));
  const found = wanted.flatMap((invoiceNo) => {
    const awbNo = byInvoice.get(invoiceNo);
    return awbNo ? [{ invoiceNo, awbNo }] : [];
  });
  return found.length === wanted.length ? found : null;
}

/** The courier's labels of the parcels, one after another in one PDF; null if one is missing. */
export async function mergedLabels(courier: CourierProvider, awbNos: string[]): Promise<Uint8Array | null> {
  const merged = await PDFDocument.create();
  merged.setTitle(`${awbNos.length} shipping labels`);
  for (const awbNo of awbNos) {
    const label = await courier.label(awbNo);
    if (!label) return null;
    const source = await PDFDocument.load(label);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
