import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deliveryOptions, deliveryZone, type DeliveryType } from '@marketplace/domain';
import { openTestDatabase } from '@marketplace/db/testing';
import type { DatabaseHandle } from '../client.ts';
import { offers, pincodes, products, sellers } from '../schema/index.ts';
import { DEFAULT_RATE_CARD as rateCard } from './rate-card.ts';

// requirements#delivery-serviceability: the seed (with its default rate card) makes every serviceability rule visible on some
// products, at the islands, Ladakh and Sikkim, while the metros still get nearly everything.
const REMOTE = ['744101', '682555', '194101', '737101'] as const;
const METROS = ['600100', '110001', '400020', '560038'] as const;

type Offer = {
  productId: number;
  handling: string;
  sellerZones: string[];
  sellerPincode: string;
  parcelType: string;
  weightGrams: number;
};

let handle: DatabaseHandle;
let all: Offer[];
let places: Map<string, typeof pincodes.$inferSelect>;

beforeAll(async () => {
  handle = await openTestDatabase(inject('testDatabase'));
  const { db } = handle;
  all = await db
    .select({
      productId: offers.productId,
      handling: products.handling,
      sellerZones: sellers.shippingZones,
      sellerPincode: offers.sellerPincode,
      parcelType: offers.parcelType,
      weightGrams: offers.weightGrams,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(eq(offers.isActive, true));
  const codes = [...new Set([...REMOTE, ...METROS, ...all.map((o) => o.sellerPincode)])];
  places = new Map(
    (await db.select().from(pincodes).where(inArray(pincodes.pincode, codes))).map((p) => [p.pincode, p]),
  );
});
afterAll(() => handle.close());

const place = (pincode: string) => {
  const found = places.get(pincode);
  if (!found) throw new Error(`pincode ${pincode} is seeded`);
  return found;
};

/** The delivery types of one offer to a pincode, by the rules the checkout applies. */
const typesOf = (offer: Offer, pincode: string, rules = true): DeliveryType[] =>
  deliveryOptions({
    zone: deliveryZone(place(offer.sellerPincode), place(pincode)),
    rateCard,
    parcelType: offer.parcelType,
    weightGrams: offer.weightGrams,
    quantity: 1,
    sellerZones: rules ? offer.sellerZones : ['local', 'regional', 'national', 'remote'],
    handling: rules ? offer.handling : 'standard',
  }).map((option) => option.deliveryType);

const byProduct = () => {
  const map = new Map<number, Offer[]>();
  for (const offer of all) map.set(offer.productId, [...(map.get(offer.productId) ?? []), offer]);
  return map;
};

describe('serviceability in the seed', () => {
  it('flags bulky, fragile and hazardous kinds, and has sellers who ship locally or regionally only', () => {
    const classes = new Set(all.map((o) => o.handling));
    expect([...classes].sort()).toEqual(['bulky', 'fragile', 'hazardous', 'standard']);
    const share = all.filter((o) => o.handling !== 'standard').length / all.length;
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.3);
    const zoneSets = new Set(all.map((o) => o.sellerZones.join(',')));
    expect(zoneSets).toContain('local');
    expect(zoneSets).toContain('local,regional');
    expect(zoneSets).toContain('local,regional,national');
    expect(zoneSets).toContain('local,regional,national,remote');
  });

  it.each(REMOTE)(
    'makes some products unserviceable at %s, for each reason, while others still deliver',
    (pincode) => {
      let byHandling = 0;
      let bySellerZones = 0;
      let deliverable = 0;
      for (const offersOfProduct of byProduct().values()) {
        if (offersOfProduct.some((offer) => typesOf(offer, pincode).length > 0)) {
          deliverable++;
          continue;
        }
        // without the rules something would have reached it: the rules made it unserviceable
        if (!offersOfProduct.some((offer) => typesOf(offer, pincode, false).length > 0)) continue;
        if (offersOfProduct.every((offer) => offer.handling !== 'standard')) byHandling++;
        else bySellerZones++;
      }
      expect(byHandling, 'bulky, fragile or hazardous goods kept from a remote zone').toBeGreaterThan(20);
      expect(bySellerZones, 'standard goods whose sellers do not ship there').toBeGreaterThan(5);
      expect(deliverable, 'products that still reach it').toBeGreaterThan(byProduct().size / 2);
    },
  );

  it('never flies bulky or hazardous goods: they get no express where standard goods do', () => {
    const metro = METROS[0];
    const withExpress = (handling: string) =>
      all.filter((o) => o.handling === handling && typesOf(o, metro).includes('express')).length;
    expect(withExpress('standard')).toBeGreaterThan(100);
    expect(withExpress('fragile')).toBeGreaterThan(0);
    expect(withExpress('bulky')).toBe(0);
    expect(withExpress('hazardous')).toBe(0);
    expect(
      all.filter((o) => o.handling === 'bulky' && typesOf(o, metro).includes('standard')).length,
    ).toBeGreaterThan(0);
  });

  it.each(METROS)('still delivers nearly every product to %s', (pincode) => {
    const products = [...byProduct().values()];
    const deliverable = products.filter((offersOfProduct) =>
      offersOfProduct.some((offer) => typesOf(offer, pincode).length > 0),
    );
    expect(deliverable.length / products.length).toBeGreaterThan(0.95);
  });

  it('takes no cash on delivery on the islands, and does in Ladakh, Sikkim and the metros', () => {
    expect(place('744101').hasCod).toBe(false);
    expect(place('682555').hasCod).toBe(false);
    for (const pincode of ['194101', '737101', ...METROS]) expect(place(pincode).hasCod, pincode).toBe(true);
  });
});
