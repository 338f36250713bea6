// requirements#e-invoicing, requirements#eway-bill: what a newly issued document sets waiting for the
// portal, in the transaction that issues it: its registration, and Part A of its consignment's e-way bill.
import { eq, inArray } from 'drizzle-orm';
import { eInvoices, type Executor, ewayBills, pincodes, taxDocuments } from '@marketplace/db';
import { isEInvoiceDue, portalDate, type TurnoverBand } from '@marketplace/domain/tax/e-invoice';
import {
  consignmentValuePaise,
  type EwayPartA,
  isEwayBillDue,
  roadDistanceKm,
} from '@marketplace/domain/tax/eway-bill';

type DocumentRow = typeof taxDocuments.$inferSelect;

/** A B2B document of a seller declaring above ₹5 crore waits for its IRN before it goes out. */
export async function queueEInvoice(
  tx: Executor,
  document: DocumentRow,
  band: TurnoverBand | null,
): Promise<void> {
  if (!isEInvoiceDue({ band, sellerGstin: document.sellerGstin, buyerGstin: document.buyerGstin })) return;
  await tx
    .insert(eInvoices)
    .values({ documentId: document.id, sellerId: document.sellerId, nextAttemptAt: document.issuedAt });
}

/**
 * An invoice whose consignment is worth more than ₹50,000 (CGST rule 138) gets Part A of its e-way bill,
 * generated once its e-invoice (when one is due) is registered.
 */
export async function queueEwayBill(
  tx: Executor,
  document: DocumentRow,
  lines: readonly {
    valuePaise: number;
    rateBp: number;
    hsnCode: string;
    kind: string;
    taxablePaise: number;
  }[],
  places: { sellerPincode: string; buyerPincode: string },
): Promise<void> {
  if (document.kind !== 'invoice' || document.shipmentId === null || !document.sellerGstin) return;
  const valuePaise = consignmentValuePaise(
    lines.map((l) => ({ valuePaise: l.valuePaise, ratePercent: l.rateBp / 100 })),
  );
  if (!isEwayBillDue(valuePaise)) return;
  const found = await tx
    .select({ pincode: pincodes.pincode, lat: pincodes.latitude, lng: pincodes.longitude })
    .from(pincodes)
    .where(inArray(pincodes.pincode, [places.sellerPincode, places.buyerPincode]));
  const from = found.find((p) => p.pincode === places.sellerPincode);
  const to = found.find((p) => p.pincode === places.buyerPincode);
  const distanceKm = from && to ? roadDistanceKm(from, to) : 1;
  const main = [...lines]
    .filter((l) => l.kind === 'goods')
    .sort((a, b) => b.taxablePaise - a.taxablePaise)[0];
  const partA: EwayPartA = {
    supplyType: 'O',
    subSupplyType: '1',
    docType: 'INV',
    docNo: document.number,
    docDate: portalDate(document.issuedAt),
    fromGstin: document.sellerGstin,
    fromPincode: Number(places.sellerPincode),
    fromStateCode: Number(document.sellerStateCode),
    toGstin: document.buyerGstin ?? 'URP',
    toPincode: Number(places.buyerPincode),
    toStateCode: Number(document.placeOfSupplyCode),
    totInvValue: document.valuePaise / 100,
    mainHsnCode: main?.hsnCode ?? lines[0]?.hsnCode ?? '',
    transDistance: distanceKm,
    transMode: '1',
  };
  await tx.insert(ewayBills).values({
    shipmentId: document.shipmentId,
    sellerId: document.sellerId,
    documentId: document.id,
    valuePaise,
    distanceKm,
    partA,
    nextAttemptAt: document.issuedAt,
  });
}

export type ShipmentCompliance = {
  eInvoice: {
    status: string;
    irn: string | null;
    errorCode: string | null;
    errorMessage: string | null;
  } | null;
  ewayBill: {
    status: string;
    ewbNo: string | null;
    validUntil: string | null;
    distanceKm: number;
    valuePaise: number;
    errorCode: string | null;
    errorMessage: string | null;
  } | null;
};

/** The e-invoice and e-way bill of each shipment's invoice, by shipment id (the seller's order page). */
export async function complianceOfShipments(db: Executor, shipmentIds: readonly number[]) {
  const result = new Map<number, ShipmentCompliance>();
  if (shipmentIds.length === 0) return result;
  const rows = await db
    .select({ shipmentId: taxDocuments.shipmentId, e: eInvoices, w: ewayBills })
    .from(taxDocuments)
    .leftJoin(eInvoices, eq(eInvoices.documentId, taxDocuments.id))
    .leftJoin(ewayBills, eq(ewayBills.documentId, taxDocuments.id))
    .where(inArray(taxDocuments.shipmentId, [...shipmentIds]));
  for (const { shipmentId, e, w } of rows) {
    if (shipmentId === null) continue;
    result.set(shipmentId, {
      eInvoice: e
        ? { status: e.status, irn: e.irn, errorCode: e.errorCode, errorMessage: e.errorMessage }
        : null,
      ewayBill: w
        ? {
            status: w.status,
            ewbNo: w.ewbNo,
            validUntil: w.validUntil?.toISOString() ?? null,
            distanceKm: w.distanceKm,
            valuePaise: w.valuePaise,
            errorCode: w.errorCode,
            errorMessage: w.errorMessage,
          }
        : null,
    });
  }
  return result;
}
