import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { coupons, type Executor, offers, pincodes, products, sellers } from '@marketplace/db';
import {
  deliveryOptions,
  deliveryZone,
  type DeliveryOption,
  type OrderLineInput,
  type RateCardEntry,
} from '@marketplace/domain';
import type { PlaceOrderLine } from '@marketplace/domain/orders/place-order';
import { withinStateLimit } from '@marketplace/domain/delivery/serviceability';
import { couponIsUsable, productReach, type ProductReach, rowReachesLine } from '../promotions/index.ts';

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
  /** requirements#seller-orders: days the seller promised to dispatch in, kept with the item */
  dispatchDays: number;
  replaceDays: number;
  option: DeliveryOption;
  input: OrderLineInput;
};

export type LineRefusal =
  | { code: 'UNAVAILABLE'; productId: number }
  | { code: 'OUT_OF_STOCK'; productId: number }
  | { code: 'QUANTITY_TOO_HIGH'; productId: number }
  | { code: 'NOT_DELIVERABLE'; name: string }
  | { code: 'COUPON_NOT_APPLICABLE'; productId: number };

export type PriceLinesResult = { code: 'PRICED'; lines: PricedLine[] } | LineRefusal;

/** What a line names: the offer, how many, the coupon. The delivery type is picked per line. */
type LineRef = Pick<PlaceOrderLine, 'productId' | 'sellerId' | 'quantity'> & { couponId?: number | null };

/** The offers, seller places and live coupons of some lines, read once for all of them. */
export type PricingRows = Awaited<ReturnType<typeof loadPricingRows>>;

/**
 * Reads what pricing needs. With `lock`, the offers are locked (in offer id order, so concurrent
 * orders never deadlock) for the rest of the transaction; a quote reads without locking.
 */
export async function loadPricingRows(tx: Executor, requested: readonly LineRef[], now: Date, lock: boolean) {
  // the sellers' places come with their offers (one round trip); FOR UPDATE OF offers leaves the
  // pincode rows unlocked
  const query = tx
    .select({
      offer: offers,
      name: products.name,
      image: products.mainImage,
      isProductActive: products.isActive,
      returnDays: products.returnDays,
      replaceDays: products.replaceDays,
      handling: products.handling,
      sellerZones: sellers.shippingZones,
      sellerTaxIdentity: { gstin: sellers.gstin, enrolmentNo: sellers.enrolmentNo },
      place: pincodes,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .leftJoin(pincodes, eq(pincodes.pincode, offers.sellerPincode))
    .where(
      or(
        ...requested.map((line) =>
          and(eq(offers.productId, line.productId), eq(offers.sellerId, line.sellerId)),
        ),
      ),
    )
    .orderBy(asc(offers.id));
  const rows = lock ? await query.for('update', { of: offers }) : await query;
  const places = [...new Map(rows.flatMap(({ place }) => (place ? [[place.pincode, place]] : []))).values()];
  const couponIds = requested.flatMap((line) => (line.couponId == null ? [] : [line.couponId]));
  const couponRows = couponIds.length
    ? await tx
        .select()
        .from(coupons)
        .where(
          // requirements#coupons: active, in its dates and weekdays, under its per-day and total limits
          and(inArray(coupons.id, couponIds), couponIsUsable(now)),
        )
    : [];
  // requirements#coupon-scopes: a category's, brand's or seller's coupon reads the product's brand and categories
  const reach: Map<number, ProductReach> = couponRows.length
    ? await productReach(
        tx,
        requested.map((line) => line.productId),
      )
    : new Map<number, ProductReach>();
  return { rows, places, couponRows, reach };
}

export type LinePricing =
  | { code: 'PRICED'; line: PricedLine; options: DeliveryOption[] }
  | (LineRefusal & { options: DeliveryOption[] });

/** The offer row of a line, when it exists (active or not). */
export const offerOf = (loaded: PricingRows, line: LineRef) =>
  loaded.rows.find((row) => row.offer.productId === line.productId && row.offer.sellerId === line.sellerId);

/**
 * Prices one line, the same way for an order and for a quote: the offer exists and is active,
 * stock and the per-order maximum hold (`wanted` counts the same offer on several lines once),
 * the product is deliverable to the buyer with the option `pick` chooses, and the coupon reaches
 * this line (requirements#coupon-scopes). The options offered are returned either way, for the delivery pages.
 */
export function priceLine(
  loaded: PricingRows,
  request: LineRef,
  pick: (options: readonly DeliveryOption[]) => DeliveryOption | null,
  buyer: BuyerPlace,
  rateCard: readonly RateCardEntry[],
  wanted: Map<number, number>,
): LinePricing {
  const row = offerOf(loaded, request);
  if (!row || !row.offer.isActive || !row.isProductActive) {
    return { code: 'UNAVAILABLE', productId: request.productId, options: [] };
  }
  const { offer } = row;
  const seller = loaded.places.find((place) => place.pincode === offer.sellerPincode);
  const options =
    seller && buyer.isServiceable
      ? deliveryOptions({
          zone: deliveryZone(seller, buyer),
          rateCard,
          parcelType: offer.parcelType,
          weightGrams: offer.weightGrams,
          quantity: request.quantity,
          sellerZones: row.sellerZones,
          handling: row.handling,
          withinState: withinStateLimit(row.sellerTaxIdentity, seller.state, buyer.state),
        })
      : [];
  const total = (wanted.get(offer.id) ?? 0) + request.quantity;
  wanted.set(offer.id, total);
  if (total > offer.maxPerOrder) return { code: 'QUANTITY_TOO_HIGH', productId: request.productId, options };
  if (total > offer.stock) return { code: 'OUT_OF_STOCK', productId: request.productId, options };

  // requirements#checkout-lines: no options at the pincode names the product; a missing chosen option names its id
  if (options.length === 0) return { code: 'NOT_DELIVERABLE', name: row.name, options };
  const option = pick(options);
  const rate = rateCard.find((r) => r.deliveryType === option?.deliveryType && r.zone === option.zone);
  if (!option || !rate) return { code: 'UNAVAILABLE', productId: request.productId, options };

  let coupon: OrderLineInput['coupon'] = null;
  if (request.couponId != null) {
    const found = loaded.couponRows.find((c) => c.id === request.couponId);
    const fits =
      found &&
      rowReachesLine(found, loaded.reach, request) &&
      (found.offerType === 'cash' || found.offerType === 'percentage');
    if (!found || !fits) return { code: 'COUPON_NOT_APPLICABLE', productId: request.productId, options };
    coupon = { offerType: found.offerType === 'cash' ? 'cash' : 'percentage', value: found.value };
  }
  return {
    code: 'PRICED',
    options,
    line: {
      request: {
        productId: request.productId,
        sellerId: request.sellerId,
        quantity: request.quantity,
        deliveryType: option.deliveryType,
        couponId: request.couponId ?? null,
      },
      offerId: offer.id,
      productName: row.name,
      productImage: row.image,
      sku: offer.sku,
      mrpPaise: offer.mrpPaise,
      returnDays: row.returnDays,
      dispatchDays: offer.dispatchDays,
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
    },
  };
}

/**
 * Locks the offers of the requested lines, then prices each with exactly the delivery type it
 * names; the first line that cannot be ordered refuses the whole order. Runs inside the order's
 * transaction.
 */
export async function priceLines(
  tx: Executor,
  requested: readonly PlaceOrderLine[],
  buyer: BuyerPlace,
  rateCard: readonly RateCardEntry[],
  now: Date,
): Promise<PriceLinesResult> {
  const loaded = await loadPricingRows(tx, requested, now, true);
  const wanted = new Map<number, number>();
  const lines: PricedLine[] = [];
  for (const request of requested) {
    const pick = (options: readonly DeliveryOption[]) =>
      options.find((candidate) => candidate.deliveryType === request.deliveryType) ?? null;
    const { options: _, ...result } = priceLine(loaded, request, pick, buyer, rateCard, wanted);
    if (result.code !== 'PRICED') return result;
    lines.push(result.line);
  }
  return { code: 'PRICED', lines };
}
