// ADR-0062, docs/requirements.md#ondc: the seller app on ONDC through a local stand-in of the
// network (registry, gateway, buyer app) that signs and verifies as the network does.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  categories,
  offers,
  ondcCallbacks,
  ondcOrders,
  orders,
  pincodes,
  products,
  sellers,
  shipments,
} from '@marketplace/db';
import { ondcCategoryOf } from '@marketplace/domain/ondc/categories';
import { ondcGps, rupees } from '@marketplace/domain/ondc/protocol';
import { deliverableOffers } from '../../../test-support/orders.ts';
import {
  startOndcNetworkStandIn,
  type OndcNetworkStandIn,
} from '../../../test-support/ondc-network-stand-in.ts';
import {
  onCancelSchema,
  onConfirmSchema,
  onInitSchema,
  onSearchSchema,
  onSelectSchema,
  onStatusSchema,
  onTrackSchema,
} from '../../../test-support/ondc-retail-schemas.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import type { OndcConsole } from '@marketplace/domain/ondc/console-api';
import { callbackBuilder, createRegistry, deliverDueCallbacks, type OndcConfig } from './index.ts';
import { CALLBACK_ATTEMPTS, queueCallback } from './callbacks.ts';
import { generateOndcKeys, signRequestId } from './signing.ts';

const PINCODE = '600100';
const CITY = 'std:044';
const logger = pino({ level: 'silent' });
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validators = {
  on_search: ajv.compile(onSearchSchema),
  on_select: ajv.compile(onSelectSchema),
  on_init: ajv.compile(onInitSchema),
  on_confirm: ajv.compile(onConfirmSchema),
  on_status: ajv.compile(onStatusSchema),
  on_cancel: ajv.compile(onCancelSchema),
  on_track: ajv.compile(onTrackSchema),
};

type Money = { currency: string; value: string };
type Quote = { price: Money; breakup: { '@ondc/org/title_type': string; price: Money }[]; ttl: string };
type NetworkOrder = {
  id: string;
  state: string;
  quote: Quote;
  fulfillments: { state: { descriptor: { code: string } } }[];
};
type Answer = {
  context: Record<string, string>;
  message: {
    tracking: {
      status: string;
      location: { gps: string };
      tags: { code: string; list: { code: string; value: string }[] }[];
    };
    catalog: { 'bpp/providers': { id: string; items: { id: string; price: Money }[] }[] };
    order: NetworkOrder;
  };
};

let t: TestApp;
let network: OndcNetworkStandIn;
let config: OndcConfig;
const keys = generateOndcKeys();

async function flush() {
  await deliverDueCallbacks(t.db, config, logger, callbackBuilder(t.db, config));
}

/** The callback answering a request, checked against the retail contract's schema. */
async function answer(action: keyof typeof validators, messageId: string) {
  await flush();
  const got = network.callback(action, messageId);
  expect(got, `${action} for ${messageId}`).toBeDefined();
  if (!got) throw new Error('no callback');
  expect(got.verified).toBe(true);
  const valid = validators[action](got.body);
  expect(validators[action].errors ?? [], JSON.stringify(validators[action].errors)).toEqual([]);
  expect(valid).toBe(true);
  // checked against the contract's schema just above
  return got.body as unknown as Answer;
}

type Line = {
  productId: number;
  sellerId: number;
  quantity: number;
  salePricePaise: number;
  domain: string;
  categoryId: string;
};
let picked: Line[] = [];

const endLocation = {
  end: {
    location: {
      gps: '13.060000,80.250000',
      address: {
        area_code: PINCODE,
        building: '12',
        street: 'Anna Salai',
        locality: 'Mount Road',
        city: 'Chennai',
        state: 'Tamil Nadu',
      },
    },
    contact: { phone: '9876543210', email: 'buyer@example.in' },
    person: { name: 'Meena Raman' },
  },
};

const orderOf = (line: Line, quantity = 1) => ({
  provider: { id: String(line.sellerId), locations: [{ id: `L${line.sellerId}` }] },
  items: [{ id: String(line.productId), location_id: `L${line.sellerId}`, quantity: { count: quantity } }],
  fulfillments: [endLocation],
});

beforeAll(async () => {
  network = await startOndcNetworkStandIn({
    send: (path, init) => Promise.resolve(t.app.request(path, init)),
  });
  config = {
    subscriberId: 'bazaar.test',
    subscriberUrl: 'https://bazaar.test/ondc',
    uniqueKeyId: 'bpp-k1',
    keys,
    registryUrl: network.registryUrl,
    registryEncryptionPublicKey: network.registryKeys.encryptionPublicKey,
    siteVerificationRequestId: 'req-0f2b9c',
    name: 'Bazaar',
    consumerCare: { name: 'Bazaar Care', email: 'care@bazaar.test', phone: '18001234567' },
  };
  network.register({
    subscriber_id: config.subscriberId,
    ukId: config.uniqueKeyId,
    type: 'BPP',
    signing_public_key: keys.signingPublicKey,
    encr_public_key: keys.encryptionPublicKey,
    subscriber_url: config.subscriberUrl,
  });
  t = await createTestApp({ ondc: { config, registry: createRegistry(network.registryUrl) } });
  // two sellers' offers that reach the pincode, in one ONDC retail domain
  const all = await t.db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories);
  const byId = new Map(all.map((c) => [c.id, c]));
  const pathOf = (id: number) => {
    const path: string[] = [];
    for (let at = byId.get(id); at; at = at.parentId ? byId.get(at.parentId) : undefined) path.push(at.name);
    return path;
  };
  const candidates: Line[] = [];
  for (const row of await deliverableOffers(t.db, PINCODE)) {
    const [product] = await t.db.select().from(products).where(eq(products.id, row.offer.productId));
    const category =
      product && product.moderationStatus === 'approved' ? ondcCategoryOf(pathOf(product.categoryId)) : null;
    if (category)
      candidates.push({
        productId: row.offer.productId,
        sellerId: row.offer.sellerId,
        quantity: 1,
        salePricePaise: row.offer.salePricePaise,
        ...category,
      });
  }
  for (const line of candidates) {
    const other = candidates.find((c) => c.domain === line.domain && c.sellerId !== line.sellerId);
    if (other) {
      picked = [line, other];
      break;
    }
  }
  expect(picked).toHaveLength(2);
});

afterAll(async () => {
  await t.close();
  await network.close();
});

describe('ONDC seller app: the order journey through the network stand-in', () => {
  let transactionId = '';
  let onSelectQuote: Quote = { price: { currency: 'INR', value: '0' }, breakup: [], ttl: '' };

  it('answers a search with ACK at once and sends both sellers as providers in on_search', async () => {
    const [first, second] = picked;
    if (!first || !second) throw new Error('no lines');
    const sent = await network.send(
      'search',
      { intent: { fulfillment: { type: 'Delivery', ...endLocation } } },
      { city: CITY, domain: first.domain },
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const { context, message } = await answer('on_search', sent.messageId);
    expect(context).toMatchObject({
      bpp_id: 'bazaar.test',
      bpp_uri: 'https://bazaar.test/ondc',
      transaction_id: sent.transactionId,
    });
    const providers = message.catalog['bpp/providers'] as {
      id: string;
      items: { id: string; price: { value: string } }[];
    }[];
    for (const line of [first, second]) {
      const provider = providers.find((p) => p.id === String(line.sellerId));
      expect(provider, `seller ${line.sellerId}`).toBeDefined();
      expect(provider?.items.find((i) => i.id === String(line.productId))?.price.value).toBe(
        rupees(line.salePricePaise),
      );
    }
  });

  it('quotes in on_select what the shop’s own checkout estimate charges', async () => {
    const [line] = picked;
    if (!line) throw new Error('no line');
    const sent = await network.send(
      'select',
      { order: orderOf(line, 2) },
      { city: CITY, domain: line.domain },
    );
    expect(sent.body).toEqual({ message: { ack: { status: 'ACK' } } });
    transactionId = sent.transactionId;
    const { message } = await answer('on_select', sent.messageId);
    const shop = await t.postJson('/api/checkout/estimate', {
      pincode: PINCODE,
      lines: [{ productId: line.productId, sellerId: line.sellerId, quantity: 2 }],
    });
    const estimate = (await shop.json()) as { summary: { totalPaise: number; deliveryChargePaise: number } };
    onSelectQuote = message.order.quote;
    expect(onSelectQuote.price.value).toBe(rupees(estimate.summary.totalPaise));
    const delivery = onSelectQuote.breakup.find((b) => b['@ondc/org/title_type'] === 'delivery');
    expect(delivery?.price.value).toBe(rupees(estimate.summary.deliveryChargePaise));
    const sum = onSelectQuote.breakup.reduce(
      (total, b) => total + Math.round(Number(b.price.value) * 100),
      0,
    );
    expect(rupees(sum)).toBe(onSelectQuote.price.value);
  });

  it('holds init to the same quote', async () => {
    const [line] = picked;
    if (!line) throw new Error('no line');
    const sent = await network.send(
      'init',
      {
        order: {
          ...orderOf(line, 2),
          billing: { name: 'Meena Raman', phone: '9876543210', address: endLocation.end.location.address },
        },
      },
      { city: CITY, domain: line.domain, transactionId },
    );
    expect(sent.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const { message } = await answer('on_init', sent.messageId);
    expect(message.order.quote).toEqual(onSelectQuote);
  });

  let ondcOrderId = '';
  it('confirm places a real order, takes the stock and answers on_confirm', async () => {
    const [line] = picked;
    if (!line) throw new Error('no line');
    const [before] = await t.db
      .select({ stock: offers.stock })
      .from(offers)
      .where(sql`${offers.productId} = ${line.productId} AND ${offers.sellerId} = ${line.sellerId}`);
    ondcOrderId = `O-${Date.now()}`;
    const confirm = {
      order: {
        id: ondcOrderId,
        state: 'Created',
        ...orderOf(line, 2),
        billing: { name: 'Meena Raman', phone: '9876543210' },
        quote: onSelectQuote,
        payment: {
          type: 'ON-FULFILLMENT',
          collected_by: 'BPP',
          status: 'NOT-PAID',
          params: { currency: 'INR', amount: onSelectQuote.price.value },
        },
      },
    };
    const sent = await network.send('confirm', confirm, { city: CITY, domain: line.domain, transactionId });
    expect(sent.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const { message } = await answer('on_confirm', sent.messageId);
    expect(message.order).toMatchObject({ id: ondcOrderId, state: 'Accepted' });
    expect(message.order.quote.price).toEqual(onSelectQuote.price);
    const [link] = await t.db.select().from(ondcOrders).where(eq(ondcOrders.ondcOrderId, ondcOrderId));
    expect(link).toMatchObject({ bapId: network.buyer.id, providerId: String(line.sellerId), transactionId });
    const [order] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, link?.orderId ?? 0));
    expect(rupees(order?.totalPaise ?? 0)).toBe(onSelectQuote.price.value);
    expect(order).toMatchObject({
      paymentMode: 'cod',
      deliveryPincode: PINCODE,
      deliveryName: 'Meena Raman',
    });
    const [after] = await t.db
      .select({ stock: offers.stock })
      .from(offers)
      .where(sql`${offers.productId} = ${line.productId} AND ${offers.sellerId} = ${line.sellerId}`);
    expect((before?.stock ?? 0) - (after?.stock ?? 0)).toBe(2);
    // the same order confirmed again (a new message) places nothing more
    const again = await network.send('confirm', confirm, { city: CITY, domain: line.domain, transactionId });
    expect(again.body).toEqual({ message: { ack: { status: 'ACK' } } });
    expect(await t.db.$count(ondcOrders, eq(ondcOrders.ondcOrderId, ondcOrderId))).toBe(1);
  });

  it('reports the order in on_status and refuses an order it does not know', async () => {
    const [line] = picked;
    if (!line) throw new Error('no line');
    const sent = await network.send(
      'status',
      { order_id: ondcOrderId },
      { city: CITY, domain: line.domain, transactionId },
    );
    expect(sent.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const { message } = await answer('on_status', sent.messageId);
    expect(message.order).toMatchObject({ id: ondcOrderId, state: 'Accepted' });
    expect(message.order.fulfillments[0]?.state.descriptor.code).toBe('Pending');
    // another buyer app, listed and signing correctly, cannot read this buyer app's order
    const other = generateOndcKeys();
    network.register({
      subscriber_id: 'other-buyer.stand-in.example',
      ukId: 'o1',
      type: 'BAP',
      signing_public_key: other.signingPublicKey,
      encr_public_key: other.encryptionPublicKey,
    });
    const theirs = await network.send(
      'status',
      { order_id: ondcOrderId },
      {
        city: CITY,
        domain: line.domain,
        as: { id: 'other-buyer.stand-in.example', ukId: 'o1', privateKey: other.signingPrivateKey },
      },
    );
    expect(theirs.body).toMatchObject({ error: { code: '30018' } });
    const theirCancel = await network.send(
      'cancel',
      { order_id: ondcOrderId, cancellation_reason_id: '010' },
      {
        city: CITY,
        domain: line.domain,
        as: { id: 'other-buyer.stand-in.example', ukId: 'o1', privateKey: other.signingPrivateKey },
      },
    );
    expect(theirCancel.body).toMatchObject({ error: { code: '30018' } });
    const unknown = await network.send(
      'status',
      { order_id: 'O-nobody' },
      { city: CITY, domain: line.domain },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: { ack: { status: 'NACK' } }, error: { code: '30018' } });
  });

  // retail 1.2 track / on_track (ONDC-RET-Specifications api/components/Examples/B2C/track, on_track)
  it('answers track with where the parcel was last known, active only while it is on its way', async () => {
    const [line] = picked;
    if (!line) throw new Error('no line');
    const track = async () => {
      const sent = await network.send(
        'track',
        { order_id: ondcOrderId },
        { city: CITY, domain: line.domain, transactionId },
      );
      expect(sent.body).toEqual({ message: { ack: { status: 'ACK' } } });
      return (await answer('on_track', sent.messageId)).message.tracking;
    };
    const [order] = await t.db
      .select({ id: ondcOrders.orderId })
      .from(ondcOrders)
      .where(eq(ondcOrders.ondcOrderId, ondcOrderId));
    if (!order) throw new Error('the network order');
    const place = async (pincode: string) => {
      const [row] = await t.db.select().from(pincodes).where(eq(pincodes.pincode, pincode));
      if (!row) throw new Error(`pincode ${pincode}`);
      return ondcGps(row.latitude, row.longitude);
    };
    const [seller] = await t.db
      .select({ pincode: sellers.pincode })
      .from(sellers)
      .where(eq(sellers.id, line.sellerId));
    // nothing has left the seller yet
    const waiting = await track();
    expect(waiting.status).toBe('inactive');
    expect(waiting.location.gps).toBe(await place(seller?.pincode ?? ''));
    // the parcel is with the courier, then out for delivery near the buyer
    const [parcel] = await t.db
      .insert(shipments)
      .values({
        invoiceNo: `ONDC-TRACK-${order.id}`,
        orderId: order.id,
        sellerId: line.sellerId,
        status: 'in_transit',
        carrier: 'Delhivery',
        awbNo: 'AWB7001',
      })
      .returning({ id: shipments.id });
    if (!parcel) throw new Error('a parcel');
    try {
      const moving = await track();
      expect(moving.status).toBe('active');
      expect(moving.location.gps).toBe(await place(seller?.pincode ?? ''));
      expect(moving.tags[0]?.list).toEqual(
        expect.arrayContaining([
          { code: 'courier', value: 'Delhivery' },
          { code: 'awb', value: 'AWB7001' },
        ]),
      );
      await t.db.update(shipments).set({ status: 'dispatched' }).where(eq(shipments.id, parcel.id));
      const near = await track();
      expect(near.status).toBe('active');
      expect(near.location.gps).toBe(await place(PINCODE));
      await t.db.update(shipments).set({ status: 'delivered' }).where(eq(shipments.id, parcel.id));
      expect((await track()).status).toBe('inactive');
    } finally {
      await t.db.delete(shipments).where(eq(shipments.id, parcel.id));
    }
    // another buyer app's order, or none, is not found
    const unknown = await network.send(
      'track',
      { order_id: 'O-nobody' },
      { city: CITY, domain: line.domain },
    );
    expect(unknown.body).toMatchObject({ message: { ack: { status: 'NACK' } }, error: { code: '30018' } });
  });

  it('cancels with an ONDC reason code, stock back; an unknown reason is refused', async () => {
    const [line] = picked;
    if (!line) throw new Error('no line');
    const bad = await network.send(
      'cancel',
      { order_id: ondcOrderId, cancellation_reason_id: '999' },
      { city: CITY, domain: line.domain },
    );
    expect(bad.body).toMatchObject({ error: { code: '30012' } });
    const [before] = await t.db
      .select({ stock: offers.stock })
      .from(offers)
      .where(sql`${offers.productId} = ${line.productId} AND ${offers.sellerId} = ${line.sellerId}`);
    const sent = await network.send(
      'cancel',
      { order_id: ondcOrderId, cancellation_reason_id: '010' },
      { city: CITY, domain: line.domain, transactionId },
    );
    expect(sent.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const { message } = await answer('on_cancel', sent.messageId);
    expect(message.order.state).toBe('Cancelled');
    const [after] = await t.db
      .select({ stock: offers.stock })
      .from(offers)
      .where(sql`${offers.productId} = ${line.productId} AND ${offers.sellerId} = ${line.sellerId}`);
    expect((after?.stock ?? 0) - (before?.stock ?? 0)).toBe(2);
    const twice = await network.send(
      'cancel',
      { order_id: ondcOrderId, cancellation_reason_id: '010' },
      { city: CITY, domain: line.domain },
    );
    expect(twice.body).toMatchObject({ error: { code: '50001' } });
  });
});

describe('ONDC seller app: refusals (NACK with the protocol’s error codes)', () => {
  const domain = () => picked[0]?.domain ?? 'ONDC:RET14';

  it('refuses unsigned, wrongly signed, tampered and expired requests with 401 and 30016', async () => {
    for (const options of [
      { signer: 'none' as const },
      { signer: 'stranger' as const },
      { tamper: (body: string) => body.replace('"intent":{}', '"intent":{"x":1}') },
      { createdAt: Math.floor(Date.now() / 1000) - 3600 },
      { gatewaySigns: false },
    ]) {
      const sent = await network.send('search', { intent: {} }, { city: CITY, domain: domain(), ...options });
      expect(sent.status, JSON.stringify(Object.keys(options))).toBe(401);
      expect(sent.body).toMatchObject({ message: { ack: { status: 'NACK' } }, error: { code: '30016' } });
    }
  });

  it('refuses a replayed message_id, also when two arrive at once, and a stale timestamp with 30022', async () => {
    const messageId = `m-${Date.now()}`;
    const first = await network.send('search', { intent: {} }, { city: CITY, domain: domain(), messageId });
    expect(first.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const replay = await network.send('search', { intent: {} }, { city: CITY, domain: domain(), messageId });
    expect(replay.body).toMatchObject({ message: { ack: { status: 'NACK' } }, error: { code: '30022' } });
    const together = `m2-${Date.now()}`;
    const both = await Promise.all(
      [0, 1].map(() =>
        network.send('search', { intent: {} }, { city: CITY, domain: domain(), messageId: together }),
      ),
    );
    expect(both.map((r) => JSON.stringify(r.body).includes('"NACK"')).sort()).toEqual([false, true]);
    const stale = await network.send(
      'search',
      { intent: {} },
      { city: CITY, domain: domain(), timestamp: new Date(Date.now() - 3_600_000).toISOString() },
    );
    expect(stale.body).toMatchObject({ error: { code: '30022' } });
  });

  it('refuses unknown providers and items, and creates nothing', async () => {
    const [line] = picked;
    if (!line) throw new Error('no line');
    const provider = await network.send(
      'select',
      { order: { ...orderOf(line), provider: { id: '999999' } } },
      { city: CITY, domain: line.domain },
    );
    expect(provider.body).toMatchObject({ error: { code: '30001' } });
    const item = await network.send(
      'select',
      { order: { ...orderOf(line), items: [{ id: '999999', quantity: { count: 1 } }] } },
      { city: CITY, domain: line.domain },
    );
    expect(item.body).toMatchObject({ error: { code: '30004' } });
    const tooMany = await network.send(
      'select',
      { order: orderOf(line, 100_000) },
      { city: CITY, domain: line.domain },
    );
    expect(tooMany.body).toMatchObject({ error: { code: '30000' } });
    const nowhere = await network.send(
      'select',
      {
        order: {
          ...orderOf(line),
          fulfillments: [{ end: { location: { address: { area_code: '999999' } } } }],
        },
      },
      { city: CITY, domain: line.domain },
    );
    expect(nowhere.body).toMatchObject({ error: { code: '30009' } });
    expect(await t.db.$count(ondcCallbacks, eq(ondcCallbacks.messageId, provider.messageId))).toBe(0);
  });

  it('refuses an init whose price moved since select (40003), and a confirm whose amounts do not add up', async () => {
    const [, line] = picked;
    if (!line) throw new Error('no line');
    const selected = await network.send(
      'select',
      { order: orderOf(line) },
      { city: CITY, domain: line.domain },
    );
    const { message } = await answer('on_select', selected.messageId);
    await t.db
      .update(offers)
      .set({ salePricePaise: sql`${offers.salePricePaise} + 100` })
      .where(sql`${offers.productId} = ${line.productId} AND ${offers.sellerId} = ${line.sellerId}`);
    const init = await network.send(
      'init',
      { order: { ...orderOf(line), billing: { name: 'A B', phone: '9876543210' } } },
      { city: CITY, domain: line.domain, transactionId: selected.transactionId },
    );
    expect(init.body).toMatchObject({ error: { code: '40003' } });
    const quote = message.order.quote;
    const ordersBefore = await t.db.$count(orders);
    const confirm = (q: unknown, id: string) =>
      network.send(
        'confirm',
        {
          order: {
            id,
            ...orderOf(line),
            billing: { name: 'A B', phone: '9876543210' },
            quote: q,
            payment: { type: 'ON-FULFILLMENT', collected_by: 'BPP' },
          },
        },
        { city: CITY, domain: line.domain, transactionId: selected.transactionId },
      );
    const unbalanced = await confirm({ ...quote, price: { currency: 'INR', value: '1.00' } }, 'O-unbalanced');
    expect(unbalanced.body).toMatchObject({ error: { code: '30000' } });
    const stalePrice = await confirm(quote, 'O-stale');
    expect(stalePrice.body).toMatchObject({ error: { code: '40003' } });
    const prepaid = await network.send(
      'confirm',
      {
        order: {
          id: 'O-prepaid',
          ...orderOf(line),
          quote,
          payment: { type: 'ON-ORDER', collected_by: 'BAP' },
        },
      },
      { city: CITY, domain: line.domain },
    );
    expect(prepaid.body).toMatchObject({ error: { code: '40004' } });
    expect(await t.db.$count(orders)).toBe(ordersBefore);
  });

  it('answers malformed, oversized and hostile bodies with a NACK, never a 500', async () => {
    const cases: [string, RequestInit, number][] = [
      [
        'not JSON',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"context":' },
        400,
      ],
      [
        'broken UTF-8',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: new Uint8Array([0x7b, 0xff, 0x7d]),
        },
        400,
      ],
      ['no context', { method: 'POST', body: '{"message":{}}' }, 400],
      [
        'a NUL byte in the context',
        { method: 'POST', body: JSON.stringify({ context: { domain: 'ONDC:RET14\u0000' }, message: {} }) },
        400,
      ],
      [
        'oversized',
        { method: 'POST', body: `{"context":{},"message":{"x":"${'a'.repeat(1_100_000)}"}}` },
        413,
      ],
    ];
    for (const [name, init, status] of cases) {
      const response = await t.request('/ondc/search', init);
      expect(response.status, name).toBe(status);
      expect(await response.json(), name).toMatchObject({ message: { ack: { status: 'NACK' } } });
    }
    const unknown = await t.request('/ondc/%zz', { method: 'POST', body: '{}' });
    expect(unknown.status).toBeLessThan(500);
    const action = await t.request('/ondc/rate', { method: 'POST', body: '{}' });
    expect(action.status).toBe(404);
  });

  it('looks keys up once and keeps them', async () => {
    const before = network.lookups;
    await network.send('search', { intent: {} }, { city: CITY, domain: domain() });
    await network.send('search', { intent: {} }, { city: CITY, domain: domain() });
    expect(network.lookups - before).toBe(0);
  });
});

describe('ONDC callbacks', () => {
  it('retries a callback the buyer app does not take, with backoff, and keeps it as failed after the last try', async () => {
    const now = new Date();
    await t.db.transaction((tx) =>
      queueCallback(
        tx,
        {
          action: 'on_status',
          // a closed port: nothing listens there
          bapUri: 'http://127.0.0.1:9/bap',
          bapId: network.buyer.id,
          messageId: 'retry-1',
          transactionId: 'tx-retry',
          body: { context: { message_id: 'retry-1' }, message: {} },
        },
        now,
      ),
    );
    const rowOf = async () =>
      (await t.db.select().from(ondcCallbacks).where(eq(ondcCallbacks.messageId, 'retry-1')))[0];
    await flush();
    const once = await rowOf();
    expect(once).toMatchObject({ status: 'pending', attempts: 1 });
    expect(once?.lastError).toBeTruthy();
    expect(once?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    await t.db
      .update(ondcCallbacks)
      .set({ attempts: CALLBACK_ATTEMPTS - 1, nextAttemptAt: now })
      .where(eq(ondcCallbacks.messageId, 'retry-1'));
    await flush();
    expect(await rowOf()).toMatchObject({ status: 'failed', attempts: CALLBACK_ATTEMPTS });
  });

  it('signs every callback: a buyer app refuses one signed with a key the registry does not list', async () => {
    const wrongKeys = { ...config, keys: generateOndcKeys() };
    const line = picked[0];
    if (!line) throw new Error('no line');
    const sent = await network.send('status', { order_id: 'O-nobody' }, { city: CITY, domain: line.domain });
    expect(sent.status).toBe(400);
    await t.db.transaction((tx) =>
      queueCallback(
        tx,
        {
          action: 'on_status',
          bapUri: network.buyer.uri,
          bapId: network.buyer.id,
          messageId: 'wrong-key-1',
          transactionId: 'tx-wrong-key',
          body: { context: { message_id: 'wrong-key-1' }, message: {} },
        },
        new Date(),
      ),
    );
    await deliverDueCallbacks(t.db, wrongKeys, logger, callbackBuilder(t.db, wrongKeys));
    expect(network.callback('on_status', 'wrong-key-1')?.verified).toBe(false);
    const [row] = await t.db.select().from(ondcCallbacks).where(eq(ondcCallbacks.messageId, 'wrong-key-1'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('401');
  });
});

describe('ONDC in the operator console', () => {
  it('shows support the network orders, the registry listing and the failed callbacks, and sends one again', async () => {
    const support = (await verifiedStaff(t, 'ondc-support@staff.example.com', 'support')).cookie;
    const catalog = (await verifiedStaff(t, 'ondc-catalog@staff.example.com', 'catalog')).cookie;
    const get = (cookie?: string) => t.request('/api/admin/ondc', { headers: cookie ? { cookie } : {} });
    expect((await get()).status).toBe(401);
    expect((await get(await t.loginCookie('priya@example.com'))).status).toBe(403);
    expect((await get(catalog)).status).toBe(403);
    const response = await get(support);
    expect(response.status).toBe(200);
    const view = (await response.json()) as OndcConsole;
    expect(view.network).toMatchObject({ enabled: true, subscriberId: 'bazaar.test', registry: 'listed' });
    expect(view.orders.length).toBeGreaterThan(0);
    expect(view.orders[0]).toMatchObject({ bapId: network.buyer.id });
    const failed = view.callbacks.failedList.find((row) => row.action === 'on_status');
    expect(failed).toBeDefined();
    const retry = (id: string, cookie = support) =>
      t.request(`/api/admin/ondc/callbacks/${id}/retry`, { method: 'POST', headers: { cookie } });
    expect((await retry(String(failed?.id), catalog)).status).toBe(403);
    expect((await retry('abc')).status).toBe(400);
    expect((await retry('%00')).status).toBe(400);
    expect((await retry('99999999')).status).toBe(404);
    const again = await retry(String(failed?.id));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id: failed?.id, status: 'pending', sendsNow: true });
    expect((await retry(String(failed?.id))).status).toBe(404);
    const [row] = await t.db
      .select()
      .from(ondcCallbacks)
      .where(eq(ondcCallbacks.id, failed?.id ?? 0));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(
      await t.db.$count(
        auditLog,
        and(eq(auditLog.action, 'ondc.callback-retry'), eq(auditLog.targetId, String(failed?.id))),
      ),
    ).toBe(1);

    // the console's page, rendered on the server, and its form without scripts
    await t.db
      .update(ondcCallbacks)
      .set({ status: 'failed' })
      .where(eq(ondcCallbacks.id, failed?.id ?? 0));
    const page = await t.request('/admin/orders/ondc', { headers: { cookie: support } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Orders from buyer apps');
    expect(html).toContain('Listed: the registry has the current key');
    expect(html).toContain(`Send callback ${failed?.id} again`);
    const form = (body: string) =>
      t.request('/admin/orders/ondc', {
        method: 'POST',
        headers: { cookie: support, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    const sentAgain = await form(`callbackId=${failed?.id}`);
    expect(sentAgain.status).toBe(200);
    expect(await sentAgain.text()).toContain(
      `Callback ${failed?.id} is queued again and goes out within seconds.`,
    );
    const twice = await form(`callbackId=${failed?.id}`);
    expect(twice.status).toBe(404);
    expect(await twice.text()).toContain('only failed callbacks are sent again');
    expect((await form('callbackId=%00')).status).toBe(400);
    expect((await form('')).status).toBe(400);
  });
});

describe('ONDC registry', () => {
  it('answers the registry’s on_subscribe challenge and serves the site-verification page', async () => {
    const challenge = network.challengeFor(keys.encryptionPublicKey, 'prove-it-4711');
    const response = await t.postJson('/ondc/on_subscribe', { subscriber_id: 'bazaar.test', challenge });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ answer: 'prove-it-4711' });
    const wrong = await t.postJson('/ondc/on_subscribe', { subscriber_id: 'bazaar.test', challenge: 'AAAA' });
    expect(wrong.status).toBe(400);
    const page = await t.request('/ondc-site-verification.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`content="${signRequestId('req-0f2b9c', keys.signingPrivateKey)}"`);
  });
});
