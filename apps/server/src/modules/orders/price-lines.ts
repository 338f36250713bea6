import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { coupons, type Executor, offers, pincodes, products } from '@marketplace/db';
import {
  deliveryOptions,
  deliveryZone,
  type DeliveryOption,
  type OrderLineInput,
  type RateCardEntry,
} from '@marketplace/domain';
import type { PlaceOrderLine } from '@marketplace/domain/orders/place-order';

export type BuyerPlace = {
  pincode: string;
  district: string;
  state: string;
  latitude: number;
  longitude: number;
  isServiceable: boolean;
  hasCod: boolean;
};

/** A line with everything the order row needs, priced from the database only. */
export type PricedLine = {
  request: PlaceOrderLine;
  offerId: number;
  productName: string;
  productImage: string;
  sku: string;
  mrpPaise: number;
  returnDays: number;
  replaceDays: number;
  option: DeliveryOption;
  input: OrderLineInput;
};

export type PriceLinesResult =
  | { code: 'PRICED'; lines: PricedLine[] }
  | { code: 'UNAVAILABLE'; productId: number }
  | { code: 'OUT_OF_STOCK'; productId: number }
  | { code: 'QUANTITY_TOO_HIGH'; productId: number }
  | { code: 'NOT_DELIVERABLE'; name: string }
  | { code: 'COUPON_NOT_APPLICABLE'; productId: number };

/**
 * Locks the offers of the requested lines (in offer id order, so concurrent orders never
 * deadlock), then checks each line: the offer exists and is active, stock and the per-order
 * maximum hold, the product is deliverable to the buyer with the chosen type, and the coupon is
 * this product's. Runs inside the order's transaction.
 */
export async function priceLines(
  tx: Executor,
  requested: readonly PlaceOrderLine[],
  buyer: BuyerPlace,
  rateCard: readonly RateCardEntry[],
  now: Date,
): Promise<PriceLinesResult> {
  const rows = await tx
    .select({
      offer: offers,
      name: products.name,
      image: products.mainImage,
      isProductActive: products.isActive,
      returnDays: products.returnDays,
      replaceDays: products.replaceDays,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(
      or(
        ...requested.map((line) =>
          and(eq(offers.productId, line.productId), eq(offers.sellerId, line.sellerId)),
        ),
      ),
    )
    .orderBy(asc(offers.id))
    .for('update', { of: offers });
  const findOffer = (line: PlaceOrderLine) =>
    rows.find((row) => row.offer.productId === line.productId && row.offer.sellerId === line.sellerId);

  const sellerPincodes = [...new Set(rows.map((row) => row.offer.sellerPincode))];
  const places = sellerPincodes.length
    ? await tx.select().from(pincodes).where(inArray(pincodes.pincode, sellerPincodes))
    : [];
  const couponIds = requested.flatMap((line) => (line.couponId == null ? [] : [line.couponId]));
  const couponRows = couponIds.length
    ? await tx
        .select()
        .from(coupons)
        .where(
          and(
            inArray(coupons.id, couponIds),
            eq(coupons.isActive, true),
            or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
            or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
            or(isNull(coupons.totalLimit), gt(coupons.totalLimit, coupons.redeemedCount)),
          ),
        )
    : [];

  // the same offer on two lines counts once against its stock
  const wanted = new Map<number, number>();
  const lines: PricedLine[] = [];
  for (const request of requested) {
    const row = findOffer(request);
    if (!row || !row.offer.isActive || !row.isProductActive) {
      return { code: 'UNAVAILABLE', productId: request.productId };
    }
    const { offer } = row;
    const total = (wanted.get(offer.id) ?? 0) + request.quantity;
    wanted.set(offer.id, total);
    if (total > offer.maxPerOrder) return { code: 'QUANTITY_TOO_HIGH', productId: request.productId };
    if (total > offer.stock) return { code: 'OUT_OF_STOCK', productId: request.productId };

    const seller = places.find((place) => place.pincode === offer.sellerPincode);
    const options =
      seller && buyer.isServiceable
        ? deliveryOptions({
            zone: deliveryZone(seller, buyer),
            rateCard,
            parcelType: offer.parcelType,
            weightGrams: offer.weightGrams,
            quantity: request.quantity,
          })
        : [];
    // spec §5: no options at the pincode names the product; a missing chosen option names its id
    if (options.length === 0) return { code: 'NOT_DELIVERABLE', name: row.name };
    const option = options.find((candidate) => candidate.deliveryType === request.deliveryType);
    const rate = rateCard.find((r) => r.deliveryType === option?.deliveryType && r.zone === option.zone);
    if (!option || !rate) return { code: 'UNAVAILABLE', productId: request.productId };

    let coupon: OrderLineInput['coupon'] = null;
    if (request.couponId != null) {
      const found = couponRows.find((c) => c.id === request.couponId);
      const fits =
        found &&
        found.productId === request.productId &&
        (found.sellerId === null || found.sellerId === request.sellerId) &&
        (found.offerType === 'cash' || found.offerType === 'percentage');
      if (!found || !fits) return { code: 'COUPON_NOT_APPLICABLE', productId: request.productId };
      coupon = { offerType: found.offerType === 'cash' ? 'cash' : 'percentage', value: found.value };
    }
    lines.push({
      request,
      offerId: offer.id,
      productName: row.name,
      productImage: row.image,
      sku: offer.sku,
      mrpPaise: offer.mrpPaise,
      returnDays: row.returnDays,
      replaceDays: row.replaceDays,
      option,
      input: {
        sellerId: offer.sellerId,
        salePricePaise: offer.salePricePaise,
        quantity: request.quantity,
        coupon,
        delivery: {
          parcelType: offer.parcelType,
          ratePaise: rate.chargePaise,
          weightGrams: offer.weightGrams,
          hasCod: option.hasCod,
        },
      },
    });
  }
  return { code: 'PRICED', lines };
}
