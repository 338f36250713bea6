// requirements#ondc-orders: select, init, confirm, status and cancel from buyer apps, answered with
// the shop's own checkout quote and placed with the shop's own order placement, so a network order
// costs what the shop's checkout would charge and takes stock the same way.
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  addresses,
  type Executor,
  ondcBuyerApps,
  ondcCallbacks,
  ondcOrders,
  orderItems,
  orders,
  pincodes,
  sellers,
  shipments,
  trackingEvents,
  users,
} from '@marketplace/db';
import type { DeliveryEstimate } from '@marketplace/domain/orders/checkout';
import {
  BUYER_CANCELLATION_REASONS,
  ondcFulfilmentState,
  ondcGps,
  ondcOrderState,
  ondcTracking,
  type OndcErrorName,
  paiseOf,
  rupees,
} from '@marketplace/domain/ondc/protocol';
import { cancelForShopper } from '../cancellations/index.ts';
import { estimateDelivery } from '../checkout/index.ts';
import { loadRateCard } from '../catalog/index.ts';
import { placeOrder } from '../orders/index.ts';
import { offersFor } from './catalog.ts';
import type { Context } from './envelope.ts';

export type Handled = { ok: true; message: unknown } | { ok: false; error: OndcErrorName; detail?: string };

const refuse = (error: OndcErrorName, detail?: string): Handled => ({ ok: false, error, detail });

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const rec = (v: unknown): Rec => (isRec(v) ? v : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const ID = /^[1-9]\d{0,8}$/;

type AskedLine = { productId: number; quantity: number };
type Asked = { sellerId: number; lines: AskedLine[]; pincode: string };

/** The provider, items and delivery pincode of a select, init or confirm; a refusal when malformed. */
async function readOrder(db: Executor, order: Rec): Promise<Asked | Handled> {
  const providerId = str(rec(order.provider).id);
  if (!providerId || !ID.test(providerId)) return refuse('providerNotFound');
  const [seller] = await db
    .select({ id: sellers.id, status: sellers.status })
    .from(sellers)
    .where(eq(sellers.id, Number(providerId)));
  if (!seller) return refuse('providerNotFound');
  if (seller.status !== 'approved') return refuse('merchantUnavailable');
  const items = arr(order.items);
  if (items.length === 0 || items.length > 50) return refuse('invalidRequest', 'order.items');
  const lines: AskedLine[] = [];
  for (const raw of items) {
    const item = rec(raw);
    const id = str(item.id);
    const count = rec(item.quantity).count;
    if (!id || !ID.test(id)) return refuse('itemNotFound');
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 100)
      return refuse('invalidRequest', 'order.items.quantity.count');
    if (lines.some((line) => line.productId === Number(id))) return refuse('invalidRequest', 'order.items');
    lines.push({ productId: Number(id), quantity: count });
  }
  const found = await offersFor(
    db,
    seller.id,
    lines.map((line) => line.productId),
  );
  for (const line of lines)
    if (!found.some(({ offer }) => offer.productId === line.productId && offer.isActive))
      return refuse('itemNotFound');
  const fulfillment = rec(arr(order.fulfillments)[0]);
  const pincode = str(rec(rec(rec(fulfillment.end).location).address).area_code);
  if (!pincode || !/^[1-9]\d{5}$/.test(pincode)) return refuse('dropoffNotServiceable');
  return { sellerId: seller.id, lines, pincode };
}

/** The shop's checkout quote for the lines (requirements#ondc-orders: the same pricing as checkout). */
async function quoteOf(
  db: Executor,
  asked: Asked,
  now: Date,
): Promise<{ estimate: DeliveryEstimate } | Handled> {
  const estimate = await estimateDelivery(
    db,
    {
      pincode: asked.pincode,
      lines: asked.lines.map((line) => ({
        productId: line.productId,
        sellerId: asked.sellerId,
        quantity: line.quantity,
      })),
    },
    await loadRateCard(db),
    now,
  );
  if (!estimate) return refuse('dropoffNotServiceable');
  for (const line of estimate.lines) {
    if (line.status === 'OUT_OF_STOCK' || line.status === 'QUANTITY_TOO_HIGH')
      return refuse('quantityUnavailable');
    if (line.status === 'NOT_DELIVERABLE') return refuse('dropoffNotServiceable');
    if (line.status !== 'AVAILABLE') return refuse('itemNotFound');
  }
  if (!estimate.summary?.isPlaceable) return refuse('dropoffNotServiceable');
  return { estimate };
}

type QuoteLineOut = {
  productId: number;
  name: string;
  quantity: number;
  unitPaise: number;
  itemsPaise: number;
};

/** The retail contract's quote: items, delivery and the shop's promotion, adding up to the price. */
function ondcQuote(lines: QuoteLineOut[], deliveryPaise: number, discountPaise: number, totalPaise: number) {
  const breakup: Rec[] = lines.map((line) => ({
    '@ondc/org/item_id': String(line.productId),
    '@ondc/org/item_quantity': { count: line.quantity },
    title: line.name,
    '@ondc/org/title_type': 'item',
    price: { currency: 'INR', value: rupees(line.itemsPaise) },
    item: { price: { currency: 'INR', value: rupees(line.unitPaise) } },
  }));
  breakup.push({
    '@ondc/org/item_id': '1',
    title: 'Delivery charges',
    '@ondc/org/title_type': 'delivery',
    price: { currency: 'INR', value: rupees(deliveryPaise) },
  });
  if (discountPaise > 0)
    breakup.push({
      '@ondc/org/item_id': '1',
      title: 'Discount',
      '@ondc/org/title_type': 'discount',
      price: { currency: 'INR', value: rupees(-discountPaise) },
    });
  return { price: { currency: 'INR', value: rupees(totalPaise) }, breakup, ttl: 'P1D' };
}

function quoteFromEstimate(estimate: DeliveryEstimate) {
  const summary = estimate.summary;
  if (!summary) throw new Error('an estimate without a summary was quoted');
  const lines = estimate.lines.map((line) => ({
    productId: line.productId,
    name: line.name ?? '',
    quantity: line.quantity,
    unitPaise: line.unitPricePaise ?? 0,
    itemsPaise: (line.amounts?.itemsPaise ?? 0) - (line.amounts?.couponDiscountPaise ?? 0),
  }));
  return ondcQuote(lines, summary.deliveryChargePaise, summary.promoDiscountPaise, summary.totalPaise);
}

function fulfilmentOf(estimate: DeliveryEstimate, sellerName: string) {
  const days = Math.max(
    ...estimate.lines.map(
      (line) => line.options.find((o) => o.deliveryType === line.chosen)?.arrivingDays ?? 0,
    ),
  );
  return {
    id: '1',
    '@ondc/org/provider_name': sellerName,
    tracking: false,
    '@ondc/org/category': 'Standard Delivery',
    '@ondc/org/TAT': `P${days}D`,
    state: { descriptor: { code: 'Serviceable' } },
  };
}

async function sellerName(db: Executor, sellerId: number) {
  const [row] = await db.select({ name: sellers.name }).from(sellers).where(eq(sellers.id, sellerId));
  return row?.name ?? '';
}

export async function handleSelect(db: Executor, message: Rec, now: Date): Promise<Handled> {
  const asked = await readOrder(db, rec(message.order));
  if ('ok' in asked) return asked;
  const quoted = await quoteOf(db, asked, now);
  if ('ok' in quoted) return quoted;
  const { estimate } = quoted;
  return {
    ok: true,
    message: {
      order: {
        provider: { id: String(asked.sellerId) },
        items: asked.lines.map((line) => ({ id: String(line.productId), fulfillment_id: '1' })),
        fulfillments: [fulfilmentOf(estimate, await sellerName(db, asked.sellerId))],
        quote: quoteFromEstimate(estimate),
      },
    },
  };
}

/** The quote the shop sent in this transaction's on_select, to hold init to it. */
async function lastSelectQuote(db: Executor, bapId: string, transactionId: string) {
  const [row] = await db
    .select({ body: ondcCallbacks.body })
    .from(ondcCallbacks)
    .where(
      and(
        eq(ondcCallbacks.bapId, bapId),
        eq(ondcCallbacks.transactionId, transactionId),
        eq(ondcCallbacks.action, 'on_select'),
      ),
    )
    .orderBy(desc(ondcCallbacks.id))
    .limit(1);
  return row ? str(rec(rec(rec(rec(rec(row.body).message).order).quote).price).value) : null;
}

export async function handleInit(db: Executor, context: Context, message: Rec, now: Date): Promise<Handled> {
  const order = rec(message.order);
  const asked = await readOrder(db, order);
  if ('ok' in asked) return asked;
  const quoted = await quoteOf(db, asked, now);
  if ('ok' in quoted) return quoted;
  const { estimate } = quoted;
  const quote = quoteFromEstimate(estimate);
  // requirements#ondc-orders: init holds to the select's quote; a price that moved since is refused
  const selected = await lastSelectQuote(db, context.bap_id, context.transaction_id);
  if (selected === null || selected !== quote.price.value) return refuse('quoteUnavailable');
  const billing = rec(order.billing);
  if (!str(billing.name) || !str(billing.phone)) return refuse('invalidRequest', 'order.billing');
  return {
    ok: true,
    message: {
      order: {
        provider: { id: String(asked.sellerId) },
        provider_location: { id: `L${asked.sellerId}` },
        items: asked.lines.map((line) => ({
          id: String(line.productId),
          fulfillment_id: '1',
          quantity: { count: line.quantity },
        })),
        billing: order.billing,
        fulfillments: [{ ...rec(arr(order.fulfillments)[0]), id: '1', type: 'Delivery', tracking: false }],
        quote,
        payment: {
          type: 'ON-FULFILLMENT',
          collected_by: 'BPP',
          '@ondc/org/buyer_app_finder_fee_type': 'percent',
          '@ondc/org/buyer_app_finder_fee_amount': '0',
          '@ondc/org/settlement_basis': 'delivery',
          '@ondc/org/settlement_window': 'P1D',
          '@ondc/org/withholding_amount': '0.00',
        },
        tags: [
          { code: 'bpp_terms', list: [{ code: 'tax_number', value: await sellerGstin(db, asked.sellerId) }] },
        ],
      },
    },
  };
}

async function sellerGstin(db: Executor, sellerId: number) {
  const [row] = await db.select({ gstin: sellers.gstin }).from(sellers).where(eq(sellers.id, sellerId));
  return row?.gstin ?? '';
}

/** The buyer app's account in the shop: made at its first order (ADR-0062). */
async function buyerAppUser(tx: Executor, bapId: string, now: Date): Promise<number> {
  const [known] = await tx
    .select({ userId: ondcBuyerApps.userId })
    .from(ondcBuyerApps)
    .where(eq(ondcBuyerApps.bapId, bapId));
  if (known) return known.userId;
  const handle = createHash('sha256').update(bapId).digest('hex').slice(0, 16);
  const [user] = await tx
    .insert(users)
    .values({
      email: `ondc-${handle}@buyer-apps.invalid`,
      // no password opens this account: it only carries the buyer app's orders
      passwordHash: '!',
      firstName: 'ONDC buyer app',
      lastName: bapId.slice(0, 100),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('the buyer app account was not inserted');
  await tx.insert(ondcBuyerApps).values({ bapId, userId: user.id, createdAt: now });
  return user.id;
}

const mobileOf = (phone: string | null) => {
  const digits = (phone ?? '').replace(/\D/g, '').slice(-10);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
};

export async function handleConfirm(
  db: Executor,
  context: Context,
  message: Rec,
  now: Date,
  /** where the quote reads: the request's transaction */
  reader: Executor = db,
): Promise<Handled> {
  const order = rec(message.order);
  const ondcOrderId = str(order.id);
  if (!ondcOrderId || !/^[A-Za-z0-9_\-:.]{1,64}$/.test(ondcOrderId))
    return refuse('invalidRequest', 'order.id');
  const asked = await readOrder(db, order);
  if ('ok' in asked) return asked;
  const payment = rec(order.payment);
  if (str(payment.type) !== 'ON-FULFILLMENT') return refuse('paymentNotSupported');
  // the amounts must add up, and to the shop's own price now
  const quote = rec(order.quote);
  const pricePaise = paiseOf(rec(quote.price).value);
  const parts = arr(quote.breakup).map((line) => {
    const value = str(rec(rec(line).price).value);
    return value?.startsWith('-') ? -(paiseOf(value.slice(1)) ?? NaN) : (paiseOf(value) ?? NaN);
  });
  if (
    pricePaise === null ||
    parts.length === 0 ||
    parts.some(Number.isNaN) ||
    parts.reduce((a, b) => a + b, 0) !== pricePaise
  )
    return refuse('invalidRequest', 'order.quote');
  const fulfillment = rec(arr(order.fulfillments)[0]);
  const end = rec(fulfillment.end);
  const address = rec(rec(end.location).address);
  const contact = rec(end.contact);
  const mobile = mobileOf(str(contact.phone));
  const name = (str(rec(end.person).name) ?? str(address.name) ?? '').trim();
  if (!mobile || !name) return refuse('invalidRequest', 'order.fulfillments.end');
  // priced from the shop's checkout quote before the transaction; placement prices again under
  // its locks, and a total that moved in between refuses the whole confirm
  const quoted = await quoteOf(reader, asked, now);

  return db
    .transaction(async (tx): Promise<Handled> => {
      const [existing] = await tx
        .select({ orderId: ondcOrders.orderId })
        .from(ondcOrders)
        .where(and(eq(ondcOrders.bapId, context.bap_id), eq(ondcOrders.ondcOrderId, ondcOrderId)));
      if (existing)
        return { ok: true, message: { order: await networkOrder(tx, existing.orderId, ondcOrderId) } };
      if ('ok' in quoted) return quoted;
      const ours = quoteFromEstimate(quoted.estimate);
      if (ours.price.value !== rupees(pricePaise)) return refuse('quoteUnavailable');
      const [place] = await tx.select().from(pincodes).where(eq(pincodes.pincode, asked.pincode));
      if (!place) return refuse('dropoffNotServiceable');
      const userId = await buyerAppUser(tx, context.bap_id, now);
      const [first = name, ...rest] = name.split(/\s+/);
      const [saved] = await tx
        .insert(addresses)
        .values({
          userId,
          firstName: first.slice(0, 100),
          lastName: (rest.join(' ') || '.').slice(0, 100),
          email: (str(contact.email) ?? '').slice(0, 200),
          mobile,
          doorNo: (str(address.building) ?? str(address.door) ?? '').slice(0, 200),
          street: (str(address.street) ?? '').slice(0, 200),
          landmark: (str(address.locality) ?? '').slice(0, 200),
          pincode: place.pincode,
          city: place.city,
          state: place.state,
          isDefault: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: addresses.id });
      if (!saved) throw new Error('the delivery address was not inserted');
      const placed = await placeOrder(
        tx,
        userId,
        {
          idempotencyKey: `ondc-${createHash('sha256').update(`${context.bap_id}|${ondcOrderId}`).digest('hex').slice(0, 48)}`,
          addressId: saved.id,
          paymentMode: 'cod',
          lines: quoted.estimate.lines.map((line) => ({
            productId: line.productId,
            sellerId: line.sellerId,
            quantity: line.quantity,
            deliveryType: line.chosen ?? 'standard',
            couponId: null,
          })),
          business: null,
        },
        await loadRateCard(tx),
        now,
      );
      if (placed.code !== 'PLACED' && placed.code !== 'ALREADY_PLACED') {
        // nothing of a refused order stays: the address and account go with the transaction
        throw new Refusal(
          placed.code === 'OUT_OF_STOCK' || placed.code === 'QUANTITY_TOO_HIGH'
            ? 'quantityUnavailable'
            : 'orderConfirmError',
        );
      }
      if (placed.totalPaise !== pricePaise) throw new Refusal('quoteUnavailable');
      await tx.insert(ondcOrders).values({
        bapId: context.bap_id,
        bapUri: context.bap_uri,
        ondcOrderId,
        transactionId: context.transaction_id,
        orderId: placed.orderId,
        providerId: String(asked.sellerId),
        city: context.city,
        domain: context.domain,
        createdAt: now,
      });
      return { ok: true, message: { order: await networkOrder(tx, placed.orderId, ondcOrderId) } };
    })
    .catch((error: unknown) => {
      if (error instanceof Refusal) return refuse(error.errorName);
      throw error;
    });
}

class Refusal extends Error {
  constructor(readonly errorName: OndcErrorName) {
    super(errorName);
  }
}

/** The order as the network sees it (on_confirm, on_status, on_cancel). */
export async function networkOrder(db: Executor, orderId: number, ondcOrderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  const items = await db
    .select({ item: orderItems, tracking: shipments.status })
    .from(orderItems)
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const statuses = items.map(({ item }) => item.status);
  const sellerId = items[0]?.item.sellerId ?? 0;
  const live = items.filter(({ item }) => item.status !== 'cancelled');
  const quote = ondcQuote(
    live.map(({ item }) => ({
      productId: item.productId,
      name: item.productName,
      quantity: item.quantity,
      unitPaise: item.unitPricePaise,
      itemsPaise: item.unitPricePaise * item.quantity - item.couponDiscountPaise,
    })),
    live.reduce((sum, { item }) => sum + item.deliveryChargePaise, 0),
    live.length === items.length ? order.promoDiscountPaise : 0,
    live.length === items.length
      ? order.totalPaise
      : live.reduce(
          (sum, { item }) =>
            sum + item.unitPricePaise * item.quantity - item.couponDiscountPaise + item.deliveryChargePaise,
          0,
        ),
  );
  return {
    id: ondcOrderId,
    state: ondcOrderState(statuses),
    provider: { id: String(sellerId), locations: [{ id: `L${sellerId}` }] },
    items: items.map(({ item }) => ({
      id: String(item.productId),
      fulfillment_id: item.status === 'cancelled' ? 'C1' : '1',
      quantity: { count: item.quantity },
    })),
    billing: {
      name: order.deliveryName,
      phone: order.deliveryPhone ?? '',
      address: { area_code: order.deliveryPincode },
    },
    fulfillments: [
      {
        id: '1',
        type: 'Delivery',
        tracking: false,
        state: {
          descriptor: {
            code: ondcFulfilmentState(
              statuses,
              items.map(({ tracking }) => tracking),
            ),
          },
        },
        end: {
          location: {
            address: {
              city: order.deliveryCity,
              state: order.deliveryState,
              area_code: order.deliveryPincode,
            },
          },
          person: { name: order.deliveryName },
          contact: { phone: order.deliveryPhone ?? '' },
        },
      },
    ],
    quote,
    payment: {
      type: 'ON-FULFILLMENT',
      collected_by: 'BPP',
      status: order.paymentStatus === 'paid' ? 'PAID' : 'NOT-PAID',
      params: { currency: 'INR', amount: quote.price.value },
    },
    tags: [{ code: 'bazaar', list: [{ code: 'order_no', value: order.orderNo }] }],
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

async function findNetworkOrder(db: Executor, bapId: string, ondcOrderId: string | null) {
  if (!ondcOrderId || ondcOrderId.length > 64) return null;
  const [row] = await db
    .select()
    .from(ondcOrders)
    .where(and(eq(ondcOrders.bapId, bapId), eq(ondcOrders.ondcOrderId, ondcOrderId)));
  return row ?? null;
}

export async function handleStatus(db: Executor, context: Context, message: Rec): Promise<Handled> {
  // another buyer app's order reads as missing
  const found = await findNetworkOrder(db, context.bap_id, str(message.order_id));
  if (!found) return refuse('orderNotFound');
  return { ok: true, message: { order: await networkOrder(db, found.orderId, found.ondcOrderId) } };
}

/**
 * on_track (retail 1.2): the order's parcel, "active" while the courier has it on its way, with the
 * place it was last known at (the pickup or the delivery pincode's centre: couriers scan hubs, not
 * riders) and when; the courier and AWB in the tags. An order no parcel has left for is "inactive".
 */
export async function handleTrack(db: Executor, context: Context, message: Rec): Promise<Handled> {
  const found = await findNetworkOrder(db, context.bap_id, str(message.order_id));
  if (!found) return refuse('orderNotFound');
  const [order] = await db
    .select({
      deliveryPincode: orders.deliveryPincode,
      updatedAt: orders.updatedAt,
      sellerPincode: sellers.pincode,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .where(eq(orders.id, found.orderId))
    .limit(1);
  if (!order) return refuse('orderNotFound');
  const [parcel] = await db
    .select({
      id: shipments.id,
      status: shipments.status,
      carrier: shipments.carrier,
      awbNo: shipments.awbNo,
      createdAt: shipments.createdAt,
    })
    .from(shipments)
    .where(eq(shipments.orderId, found.orderId))
    .orderBy(desc(shipments.id))
    .limit(1);
  const [lastScan] = parcel
    ? await db
        .select({ occurredAt: trackingEvents.occurredAt })
        .from(trackingEvents)
        .where(eq(trackingEvents.shipmentId, parcel.id))
        .orderBy(desc(trackingEvents.occurredAt), desc(trackingEvents.id))
        .limit(1)
    : [];
  const tracking = ondcTracking(parcel?.status ?? null);
  const pincode =
    tracking.end === 'buyer' ? order.deliveryPincode : (order.sellerPincode ?? order.deliveryPincode);
  const [place] = await db
    .select({ latitude: pincodes.latitude, longitude: pincodes.longitude })
    .from(pincodes)
    .where(eq(pincodes.pincode, pincode));
  const seenAt = (lastScan?.occurredAt ?? parcel?.createdAt ?? order.updatedAt).toISOString();
  return {
    ok: true,
    message: {
      tracking: {
        id: '1',
        ...(place
          ? {
              location: {
                gps: ondcGps(place.latitude, place.longitude),
                time: { timestamp: seenAt },
                updated_at: seenAt,
              },
            }
          : {}),
        status: tracking.status,
        tags: [
          {
            code: 'parcel',
            list: [
              { code: 'pincode', value: pincode },
              ...(parcel?.carrier ? [{ code: 'courier', value: parcel.carrier }] : []),
              ...(parcel?.awbNo ? [{ code: 'awb', value: parcel.awbNo }] : []),
            ],
          },
        ],
      },
    },
  };
}

export async function handleCancel(
  db: Executor,
  context: Context,
  message: Rec,
  now: Date,
): Promise<Handled> {
  const found = await findNetworkOrder(db, context.bap_id, str(message.order_id));
  if (!found) return refuse('orderNotFound');
  const reason = str(message.cancellation_reason_id);
  if (!reason || !Object.hasOwn(BUYER_CANCELLATION_REASONS, reason))
    return refuse('invalidCancellationReason');
  return db.transaction(async (tx): Promise<Handled> => {
    const [owner] = await tx
      .select({ userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, found.orderId));
    if (!owner) return refuse('orderNotFound');
    const pending = await tx
      .select({ id: orderItems.id, quantity: orderItems.quantity })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, found.orderId), sql`${orderItems.status} = 'pending'`));
    if (pending.length === 0) return refuse('cancellationNotPossible');
    const result = await cancelForShopper(
      tx,
      {
        userId: owner.userId,
        orderId: found.orderId,
        lines: pending.map((item) => ({ itemId: item.id, quantity: item.quantity, reasonIds: [] })),
        additionalInfo: `ONDC ${reason}: ${BUYER_CANCELLATION_REASONS[reason] ?? ''}`,
      },
      now,
    );
    if (result.code !== 'CANCELLED') return refuse('cancellationNotPossible');
    const order = await networkOrder(tx, found.orderId, found.ondcOrderId);
    return {
      ok: true,
      message: {
        order: {
          ...order,
          tags: [
            ...order.tags,
            {
              code: 'cancellation',
              list: [
                { code: 'reason_id', value: reason },
                { code: 'initiated_by', value: context.bap_id },
              ],
            },
          ],
        },
      },
    };
  });
}
