import { and, asc, eq } from 'drizzle-orm';
import {
  type Executor,
  itemRequests,
  orderItems,
  orders,
  pincodes,
  sellers,
  shipments,
} from '@marketplace/db';
import { paidShares } from '@marketplace/domain/orders/refund';
import type { ShipmentLabel } from '@marketplace/domain/sellers/seller-orders';
import { code128Svg } from './barcode.ts';

async function placeOf(db: Executor, pincode: string | null) {
  if (!pincode) return { city: '', state: '' };
  const [row] = await db
    .select({ city: pincodes.city, state: pincodes.state })
    .from(pincodes)
    .where(eq(pincodes.pincode, pincode));
  return row ?? { city: '', state: '' };
}

/**
 * requirements#seller-orders: what the packing slip and shipping label of one of the seller's
 * shipments print: the seller's pickup and return addresses, the ship-to address, order and invoice
 * numbers, the items, the cash to collect (the items' part of what the order costs the shopper) or
 * PREPAID, weight and parcel type, and the tracking number with its barcode. Another seller's
 * shipment reads as missing.
 */
export async function shipmentLabel(
  db: Executor,
  sellerId: number,
  invoiceNo: string,
): Promise<ShipmentLabel | null> {
  const [found] = await db
    .select({ shipment: shipments, order: orders, seller: sellers })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(sellers, eq(sellers.id, shipments.sellerId))
    .where(and(eq(shipments.invoiceNo, invoiceNo), eq(shipments.sellerId, sellerId)));
  if (!found) return null;
  const { shipment, order, seller } = found;
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const shares = paidShares(order.totalPaise, lines);

  let contents: { line: (typeof lines)[number]; quantity: number; collectPaise: number }[];
  if (shipment.replacementRequestId !== null) {
    // a replacement unit travels free: nothing to collect (ADR-0012)
    const [request] = await db
      .select({ itemId: itemRequests.orderItemId, quantity: itemRequests.quantity })
      .from(itemRequests)
      .where(eq(itemRequests.id, shipment.replacementRequestId));
    const line = lines.find((l) => l.id === request?.itemId);
    contents = line && request ? [{ line, quantity: request.quantity, collectPaise: 0 }] : [];
  } else {
    contents = lines.flatMap((line, index) =>
      line.shipmentId === shipment.id
        ? [{ line, quantity: line.quantity, collectPaise: shares[index] ?? 0 }]
        : [],
    );
  }
  const isCod = order.paymentMode === 'cod' && shipment.replacementRequestId === null;
  const collectPaise = isCod ? contents.reduce((sum, c) => sum + c.collectPaise, 0) : 0;
  const itemsPaise = contents.reduce((sum, c) => sum + c.line.unitPricePaise * c.quantity, 0);
  const couponPaise = isCod ? contents.reduce((sum, c) => sum + c.line.couponDiscountPaise, 0) : 0;
  const deliveryPaise = isCod ? contents.reduce((sum, c) => sum + c.line.deliveryChargePaise, 0) : 0;
  const trackingNo = shipment.awbNo ?? shipment.invoiceNo;
  const [pickupPlace, returnPlace, shipToPlace] = await Promise.all([
    placeOf(db, seller.pincode),
    placeOf(db, seller.returnPincode ?? seller.pincode),
    Promise.resolve({ city: order.deliveryCity, state: order.deliveryState }),
  ]);
  return {
    invoiceNo: shipment.invoiceNo,
    orderNo: order.orderNo,
    placedAt: order.createdAt.toISOString(),
    shippedAt: shipment.createdAt.toISOString(),
    carrier: shipment.carrier,
    trackingNo,
    barcodeSvg: code128Svg(trackingNo),
    paymentMode: isCod ? 'cod' : 'prepaid',
    codAmountPaise: collectPaise,
    // the parts add up to what is collected: the promo's share is what paidShares took off these lines
    collect: {
      itemsPaise: isCod ? itemsPaise : 0,
      couponPaise,
      deliveryPaise,
      promoPaise: isCod ? itemsPaise - couponPaise + deliveryPaise - collectPaise : 0,
      promoName: order.promoName,
      collectPaise,
    },
    // an item's weight is its offer's, per unit
    weightGrams: contents.reduce((sum, c) => sum + c.line.weightGrams * c.quantity, 0),
    parcelTypes: [...new Set(contents.map((c) => c.line.parcelType))],
    seller: {
      name: seller.legalName || seller.name,
      gstin: seller.gstin,
      pickup: {
        name: seller.name,
        address: seller.pickupAddress ?? '',
        pincode: seller.pincode,
        ...pickupPlace,
        phone: seller.contactMobile,
      },
      return: {
        name: seller.name,
        address: seller.returnAddress ?? seller.pickupAddress ?? '',
        pincode: seller.returnPincode ?? seller.pincode,
        ...returnPlace,
        phone: seller.contactMobile,
      },
    },
    shipTo: {
      name: order.deliveryName,
      address: order.deliveryAddress,
      pincode: order.deliveryPincode,
      ...shipToPlace,
      phone: order.deliveryPhone,
    },
    items: contents.map(({ line, quantity }) => ({
      productName: line.productName,
      sku: line.sku,
      quantity,
      unitPricePaise: line.unitPricePaise,
      amountPaise: line.unitPricePaise * quantity,
    })),
  };
}
