// requirements#seller-central: every seeded seller opens a console with work in it — business
// details on file, orders of the last 30 days in every state a seller works with, shoppers'
// requests and messages waiting, and campaigns of its own — plus one applicant waiting for review
// and one refused, so the operator's queue is not empty. Everything is drawn from its own random
// stream and written last, so the catalog and the demo shoppers' data stay as they were (ADR-0026).
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  applyPlatformPromo,
  chooseDeliveryOption,
  deliveryOptions,
  deliveryZone,
  normaliseSellerZones,
  ZONES,
} from '@marketplace/domain';
import { paidShares, refundPaise } from '@marketplace/domain/orders/refund';
import { gstinCheckCharacter, gstStateCodeOf, panOfGstin } from '@marketplace/domain/sellers/tax-identity';
import { dispatchDeadline } from '@marketplace/domain/sellers/dispatch';
import {
  addresses,
  bankAccounts,
  brandCampaigns,
  campaignEvents,
  itemRequestReasons,
  itemRequests,
  offers,
  orderItems,
  orders,
  payments,
  pincodes,
  products,
  reasonQuestions,
  refunds,
  sellerDocuments,
  sellerMessages,
  sellers,
  shipments,
  trackingEvents,
  TRACKING_STEPS,
  users,
} from '../schema/index.ts';
import { DEMO_BANKS } from './accounts.ts';
import { bulkInsert } from './bulk.ts';
import type { CatalogRefs } from './catalog.ts';
import { type SeedContext, DAY_MS, daysAgo, isoDate, seededOrderNo } from './context.ts';
import { FIRST_NAMES, LAST_NAMES } from './data/content.ts';
import { bannerSvg } from './images.ts';
import { brandHomeLeaf } from './marketing.ts';
import { slugify } from './media.ts';
import type { Random } from './random.ts';
import { DEFAULT_RATE_CARD } from './rate-card.ts';

const HOUR_MS = 3_600_000;
type Place = typeof pincodes.$inferSelect;
type TrackingStep = (typeof TRACKING_STEPS)[number];

/** The GST state code of the state a pincode lies in. */
export function gstStateCode(state: string): string {
  const code = gstStateCodeOf(state);
  if (!code) throw new Error(`no GST state code for ${state}`);
  return code;
}

/**
 * A GSTIN that passes the onboarding checks: the state code of the seller's pincode, a PAN whose
 * fourth letter says who holds it (C company, F firm or LLP, P a proprietor) and whose fifth is the
 * first letter of the name, registration 1, Z, and the check character.
 */
export function seededGstin(rng: Random, stateCode: string, legalName: string): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const l = () => letters[rng.int(0, 25)] ?? 'A';
  const holder = /private limited|pvt\.? ltd|limited/i.test(legalName)
    ? 'C'
    : /llp|partners/i.test(legalName)
      ? 'F'
      : 'P';
  const proprietor = /Proprietor: [^)]*?(\w+)\)/.exec(legalName)?.[1];
  const initial = (proprietor ?? legalName).trim().charAt(0).toUpperCase();
  const fifth = /[A-Z]/.test(initial) ? initial : l();
  const pan = `${l()}${l()}${l()}${holder}${fifth}${rng.int(1000, 9999)}${l()}`;
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

const PICKUP_LINES = [
  'Unit 4, Ground Floor, Shree Ganesh Industrial Estate',
  'Godown 12, Transport Nagar',
  'Plot 27, Industrial Area Phase 2',
  'Shop 3 and 4, Main Market',
  '1st Floor, Sai Complex, Station Road',
  'Warehouse B, Logistics Park',
  'No. 18, 2nd Cross, Old Market Road',
  'Gala 9, Laxmi Industrial Compound',
] as const;

/** Completes every seeded seller's business details (requirements#seller-onboarding): approved, on file. */
async function completeSellerDetails(ctx: SeedContext, rng: Random, refs: CatalogRefs, places: Places) {
  // the categories a seller trades in: the ones it named, or, for a brand's store, where its products are
  const sold = await ctx.db
    .selectDistinct({ sellerId: offers.sellerId, categoryId: products.categoryId })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId));
  const topOfLeaf = new Map(refs.leaves.map((l) => [l.id, refs.categoryIds.get(l.path[0] ?? '')]));
  const accounts = await ctx.db
    .select({ sellerId: sellers.id, email: users.email, mobile: users.mobile, legalName: sellers.legalName })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId));
  const accountOf = new Map(accounts.map((a) => [a.sellerId, a]));
  const rows: Record<string, string | number | null>[] = [];
  for (const seller of refs.sellers) {
    const account = accountOf.get(seller.id);
    const place = await places.get(seller.pincode);
    if (!account) throw new Error(`seller ${seller.name} has no login`);
    const named = seller.sells.map((name) => refs.categoryIds.get(name)).filter((id) => id !== undefined);
    const traded = [
      ...new Set(
        sold
          .filter((s) => s.sellerId === seller.id)
          .map((s) => topOfLeaf.get(s.categoryId))
          .filter((id) => id !== undefined),
      ),
    ];
    // a brand's store with nothing listed yet still trades in its brand's own line
    const ownLine = seller.brand ? brandHomeLeaf(refs.leaves, seller.brand)?.path[0] : undefined;
    const lineId = ownLine === undefined ? undefined : refs.categoryIds.get(ownLine);
    const categoryIds =
      named.length > 0 ? named : traded.length > 0 ? traded : lineId === undefined ? [] : [lineId];
    const gstin = seededGstin(rng, gstStateCode(place.state), account.legalName);
    const pickup = `${rng.pick(PICKUP_LINES)}, ${place.locality || place.city}, ${place.city}`;
    const contact = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    const bank = rng.pick(DEMO_BANKS);
    const joined = daysAgo(ctx.now, rng.int(120, 900));
    rows.push({
      id: seller.id,
      gstin,
      pan: panOfGstin(gstin),
      pickupAddress: pickup,
      returnAddress: pickup,
      returnPincode: seller.pincode,
      contactName: contact,
      contactEmail: account.email,
      contactMobile: account.mobile,
      bankAccountName: account.legalName.replace(/ \(Proprietor: .*\)$/, ''),
      bankAccountNumber: `${rng.int(10_000_000, 99_999_999)}${rng.int(1000, 9999)}`,
      bankIfsc: bank.ifsc,
      categoryIds: `{${categoryIds.sort((a, b) => a - b).join(',')}}`,
      submittedAt: joined.toISOString(),
      decidedAt: new Date(joined.getTime() + 2 * DAY_MS).toISOString(),
    });
  }
  const column = (key: string) => rows.map((r) => r[key] ?? null);
  await ctx.db.execute(sql`
    UPDATE ${sellers} s SET gstin = d.gstin, pan = d.pan, pickup_address = d.pickup, return_address = d.ret,
      return_pincode = d.ret_pincode, contact_name = d.contact, contact_email = d.email,
      contact_mobile = d.mobile, bank_account_name = d.bank_name, bank_account_number = d.bank_number,
      bank_ifsc = d.ifsc, category_ids = d.categories::integer[], status = 'approved',
      submitted_at = d.submitted, decided_at = d.decided
    FROM unnest(${sql.param(column('id'))}::integer[], ${sql.param(column('gstin'))}::text[], ${sql.param(column('pan'))}::text[],
      ${sql.param(column('pickupAddress'))}::text[], ${sql.param(column('returnAddress'))}::text[], ${sql.param(column('returnPincode'))}::text[],
      ${sql.param(column('contactName'))}::text[], ${sql.param(column('contactEmail'))}::text[], ${sql.param(column('contactMobile'))}::text[],
      ${sql.param(column('bankAccountName'))}::text[], ${sql.param(column('bankAccountNumber'))}::text[], ${sql.param(column('bankIfsc'))}::text[],
      ${sql.param(column('categoryIds'))}::text[], ${sql.param(column('submittedAt'))}::timestamptz[], ${sql.param(column('decidedAt'))}::timestamptz[])
      AS d(id, gstin, pan, pickup, ret, ret_pincode, contact, email, mobile, bank_name, bank_number, ifsc,
        categories, submitted, decided)
    WHERE s.id = d.id`);
}

/** Pincode rows, read once each. */
class Places {
  private readonly known = new Map<string, Place>();
  constructor(private readonly ctx: SeedContext) {}
  async load(list: readonly string[]) {
    const missing = [...new Set(list)].filter((p) => !this.known.has(p));
    if (missing.length === 0) return;
    for (const row of await this.ctx.db.select().from(pincodes).where(inArray(pincodes.pincode, missing)))
      this.known.set(row.pincode, row);
  }
  async get(pincode: string): Promise<Place> {
    await this.load([pincode]);
    const place = this.known.get(pincode);
    if (!place) throw new Error(`pincode ${pincode} is not in the pincode list`);
    return place;
  }
}

// ------------------------------------------------------------------------------------------------
// Buyers: shoppers of their own, so the demo shoppers' order history stays what their tests expect
// ------------------------------------------------------------------------------------------------

/** Homes across India; every seller's own pincode is added, so one that ships only nearby has buyers. */
const BUYER_PINCODES = [
  '110017', '400053', '560034', '600040', '700019', '500032', '411038', '380015', '302017',
  '226010', '682020', '160017', '462016', '800001', '751007', '781006', '641018', '452010',
  '440010', '395007', '530017', '141001', '695004', '570017', '122002', '201301', '744101',
] as const; // prettier-ignore

const BUILDINGS = ['Sri Sai Residency', 'Green Park Apartments', 'Shanti Nagar', 'Rose Villa', 'Gokul Dham', 'Lakshmi Enclave'] as const; // prettier-ignore

type Buyer = {
  id: number;
  name: string;
  email: string;
  mobile: string;
  address: string;
  place: Place;
  bankAccountId: number;
  bankLast4: string;
};

async function seedBuyers(
  ctx: SeedContext,
  rng: Random,
  refs: CatalogRefs,
  places: Places,
  passwordHash: string,
): Promise<Buyer[]> {
  const pins = [...new Set([...BUYER_PINCODES, ...refs.sellers.map((s) => s.pincode)])];
  await places.load(pins);
  const planned = [];
  for (const [i, pincode] of pins.entries()) {
    const place = await places.get(pincode);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    planned.push({
      first,
      last,
      place,
      email: `${slugify(`${first}.${last}`, 30).replace(/-/g, '.')}.${i + 1}@buyers.example.com`,
      mobile: `7${String(100_000_000 + i * 104_729).padStart(9, '0')}`,
      doorNo: `${rng.int(1, 240)}, ${rng.pick(BUILDINGS)}`,
      street: `${rng.pick(['Main Road', '1st Cross', '2nd Main', 'Temple Street', 'Station Road'])}, ${place.locality || place.city}`,
      landmark: `Near ${rng.pick(['the post office', 'the bus stand', 'the water tank', 'the school', 'the market'])}`,
      accountNumber: `${rng.int(100_000_000, 999_999_999)}${rng.int(100, 999)}`,
      bank: rng.pick(DEMO_BANKS),
    });
  }
  const since = daysAgo(ctx.now, 200);
  const ids = await bulkInsert(
    ctx.db,
    users,
    planned.map((b) => ({
      email: b.email,
      mobile: b.mobile,
      passwordHash,
      firstName: b.first,
      lastName: b.last,
      role: 'shopper',
      emailVerifiedAt: since,
      mobileVerifiedAt: since,
      createdAt: since,
    })),
    { withIds: true },
  );
  await bulkInsert(
    ctx.db,
    addresses,
    planned.map((b, i) => ({
      userId: ids[i] ?? 0,
      firstName: b.first,
      lastName: b.last,
      email: b.email,
      mobile: b.mobile,
      doorNo: b.doorNo,
      street: b.street,
      landmark: b.landmark,
      pincode: b.place.pincode,
      city: b.place.city,
      state: b.place.state,
      isDefault: true,
    })),
  );
  const bankIds = await bulkInsert(
    ctx.db,
    bankAccounts,
    planned.map((b, i) => ({
      userId: ids[i] ?? 0,
      accountName: `${b.first} ${b.last}`,
      accountNumber: b.accountNumber,
      ifsc: b.bank.ifsc,
      bankName: b.bank.bankName,
      accountType: 'savings',
      isDefault: true,
    })),
    { withIds: true },
  );
  return planned.map((b, i) => ({
    id: ids[i] ?? 0,
    name: `${b.first} ${b.last}`,
    email: b.email,
    mobile: b.mobile,
    address: [b.doorNo, b.street, b.landmark].join(', '),
    place: b.place,
    bankAccountId: bankIds[i] ?? 0,
    bankLast4: b.accountNumber.slice(-4),
  }));
}

// ------------------------------------------------------------------------------------------------
// Orders: each seller's last 30 days, in every state its console shows
// ------------------------------------------------------------------------------------------------

type Scenario = {
  key: string;
  /** days before the seed's today the order was placed; 0 is today, in the small hours */
  placed: number;
  lines?: number;
  /** the shipment's last step; null while the item waits for its invoice */
  tracking?: TrackingStep | null;
  /** days after placing it was delivered */
  deliveredAfter?: number;
  /** the product must take returns (or replacements) for this story */
  needs?: 'return' | 'replace';
  /** a returnable product when the seller has one */
  prefers?: 'return';
  cancelledBy?: 'customer' | 'seller';
  returned?: boolean;
  /** a shopper's request still waiting for the seller */
  open?: 'cancel' | 'return' | 'replace';
  /** the shopper wrote to the seller: a contact-seller conversation or a privilege claim */
  message?: 'seller' | 'privilege_claim';
};

/** One seller's month. Pending items are to ship (late once past their dispatch days), delivered ones feed the sales chart. */
export const SELLER_SCENARIOS: readonly Scenario[] = [
  { key: 'new', placed: 0 },
  { key: 'new-two-lines', placed: 0, lines: 2 },
  { key: 'to-ship', placed: 1, message: 'seller' },
  { key: 'to-ship-late', placed: 5 },
  { key: 'to-ship-late-2', placed: 4 },
  { key: 'cancel-asked', placed: 1, open: 'cancel' },
  { key: 'manifested', placed: 2, tracking: 'manifested' },
  { key: 'in-transit', placed: 3, tracking: 'in_transit', message: 'seller' },
  { key: 'out-for-delivery', placed: 4, tracking: 'dispatched' },
  { key: 'delivered-recent', placed: 5, tracking: 'delivered', deliveredAfter: 3, prefers: 'return' },
  { key: 'return-asked', placed: 7, tracking: 'delivered', deliveredAfter: 3, needs: 'return', open: 'return', message: 'privilege_claim' },
  { key: 'replace-asked', placed: 8, tracking: 'delivered', deliveredAfter: 4, needs: 'replace', open: 'replace' },
  { key: 'cancelled-by-shopper', placed: 9, cancelledBy: 'customer' },
  { key: 'cancelled-by-seller', placed: 13, cancelledBy: 'seller' },
  { key: 'returned', placed: 21, tracking: 'delivered', deliveredAfter: 4, needs: 'return', returned: true },
  { key: 'delivered-11', placed: 11, tracking: 'delivered', deliveredAfter: 4 },
  { key: 'delivered-15', placed: 15, tracking: 'delivered', deliveredAfter: 3 },
  { key: 'delivered-18', placed: 18, tracking: 'delivered', deliveredAfter: 5 },
  { key: 'delivered-24', placed: 24, tracking: 'delivered', deliveredAfter: 4, lines: 2 },
  { key: 'delivered-29', placed: 29, tracking: 'delivered', deliveredAfter: 3 },
]; // prettier-ignore

const CARRIERS = ['Delhivery', 'Ekart', 'Blue Dart', 'India Post', 'Xpressbees', 'DTDC'] as const;
const SHOPPER_QUESTIONS = [
  'Hi, can you please confirm when this will be dispatched? I need it before the weekend.',
  'Is this the original product with the full manufacturer warranty?',
  'Please pack it well, it is a gift. Can you skip the price tag?',
  'The tracking has not moved for two days. Can you check with the courier?',
  'Can the delivery be made after 6 pm? Nobody is home during the day.',
] as const;
const SELLER_ANSWERS = [
  'Thank you for your order. It will be handed to the courier today and you will get the tracking details by SMS.',
  'Yes, it is sealed stock from the brand and the warranty card is inside the box.',
  'Noted, we will gift wrap it and leave the price tag out.',
] as const;
const SHOPPER_FOLLOW_UPS = [
  'Thanks for the quick reply!',
  'Okay, please share the AWB number once it is shipped.',
  'Great, waiting for it.',
] as const;
const PRIVILEGE_CLAIMS = [
  'I was promised a free carry pouch with this order under the privilege offer but it was not in the box. Please send it.',
  'The privilege offer said 10% cashback on this product. I have not received it yet, please help.',
  'As a privilege member I should get free installation. Please arrange a visit.',
] as const;
const REQUEST_NOTES: Record<'cancel' | 'return' | 'replace', readonly string[]> = {
  cancel: ['Ordered by mistake, please cancel before shipping.', 'Found a better delivery date elsewhere.'],
  return: [
    'The colour is quite different from the photos on the product page.',
    'The size does not fit; I would like my money back.',
    'Stopped working after one day of use.',
  ],
  replace: [
    'The box arrived crushed and one corner of the product is cracked.',
    'One of the parts is missing from the package.',
    'It has a manufacturing defect; please send a new one.',
  ],
};

type Stock = {
  offerId: number;
  productId: number;
  sellerId: number;
  name: string;
  image: string;
  sku: string;
  salePricePaise: number;
  mrpPaise: number;
  weightGrams: number;
  parcelType: string;
  sellerPincode: string;
  returnDays: number;
  replaceDays: number;
  handling: string;
  dispatchDays: number;
  maxPerOrder: number;
  codAllowed: boolean;
  sellerZones: string[];
};

type PlannedLine = {
  stock: Stock;
  quantity: number;
  zone: string;
  option: ReturnType<typeof deliveryOptions>[number];
};

async function seedSellerOrders(ctx: SeedContext, rng: Random, places: Places, buyers: Buyer[]) {
  const stock: Stock[] = await ctx.db
    .select({
      offerId: offers.id,
      productId: products.id,
      sellerId: offers.sellerId,
      name: products.name,
      image: products.mainImage,
      sku: offers.sku,
      salePricePaise: offers.salePricePaise,
      mrpPaise: offers.mrpPaise,
      weightGrams: offers.weightGrams,
      parcelType: offers.parcelType,
      sellerPincode: offers.sellerPincode,
      returnDays: products.returnDays,
      replaceDays: products.replaceDays,
      handling: products.handling,
      dispatchDays: offers.dispatchDays,
      maxPerOrder: offers.maxPerOrder,
      codAllowed: offers.codAllowed,
      sellerZones: sellers.shippingZones,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(and(gt(offers.stock, 0), eq(offers.isActive, true), eq(products.isActive, true)))
    .orderBy(offers.sellerId, offers.id);
  const bySeller = new Map<number, Stock[]>();
  for (const s of stock) bySeller.set(s.sellerId, [...(bySeller.get(s.sellerId) ?? []), s]);
  await places.load(stock.map((s) => s.sellerPincode));
  const reasons = await ctx.db.select().from(reasonQuestions).orderBy(reasonQuestions.id);
  const taken = new Set(
    (await ctx.db.select({ orderNo: orders.orderNo }).from(orders)).map((o) => o.orderNo),
  );

  type PlannedOrder = {
    scenario: Scenario;
    buyer: Buyer;
    sellerId: number;
    orderNo: string;
    placedAt: Date;
    mode: 'cod' | 'prepaid';
    lines: PlannedLine[];
    totals: { items: number; delivery: number; promo: number; payable: number };
    deliveredAt: Date | null;
    shippedAt: Date | null;
    carrier: string;
    awbNo: string;
  };
  const planned: PlannedOrder[] = [];
  const deliveryTo = async (s: Stock, buyer: Buyer, quantity: number) => {
    const zone = deliveryZone(await places.get(s.sellerPincode), buyer.place);
    const option = chooseDeliveryOption(
      deliveryOptions({
        zone,
        rateCard: DEFAULT_RATE_CARD,
        parcelType: s.parcelType,
        weightGrams: s.weightGrams,
        quantity,
        sellerZones: s.sellerZones,
        handling: s.handling,
      }),
    );
    return option ? { zone, option } : null;
  };

  for (const [sellerId, own] of bySeller) {
    let cursor = rng.int(0, own.length - 1);
    for (const scenario of SELLER_SCENARIOS) {
      // an open request needs its window still open today; a finished return, a few days of window
      const sinceDelivery = scenario.placed - (scenario.deliveredAfter ?? scenario.placed);
      const needed = scenario.open ? sinceDelivery + 1 : 3;
      const fits = own.filter((s) =>
        scenario.needs === 'return'
          ? s.returnDays >= needed
          : scenario.needs === 'replace'
            ? s.replaceDays >= needed
            : true,
      );
      if (fits.length === 0) continue;
      if (scenario.prefers === 'return' && fits.some((s) => s.returnDays >= 3))
        fits.splice(0, fits.length, ...fits.filter((s) => s.returnDays >= 3));
      const first = rng.int(0, buyers.length - 1);
      let chosen: { buyer: Buyer; lines: PlannedLine[] } | null = null;
      // the first buyer (from a drawn start) whom the seller's next products reach
      for (let step = 0; step < buyers.length && !chosen; step++) {
        const buyer = buyers[(first + step) % buyers.length];
        if (!buyer) continue;
        const lines: PlannedLine[] = [];
        for (let k = 0; k < fits.length && lines.length < (scenario.lines ?? 1); k++) {
          const s = fits[(cursor + k) % fits.length];
          if (!s || lines.some((l) => l.stock.productId === s.productId)) continue;
          const quantity = Math.min(
            s.maxPerOrder,
            scenario.open || scenario.returned ? 1 : rng.chance(0.25) ? 2 : 1,
          );
          const found = await deliveryTo(s, buyer, quantity);
          if (found) lines.push({ stock: s, quantity, ...found });
        }
        if (lines.length > 0) chosen = { buyer, lines };
      }
      if (!chosen) continue;
      cursor += chosen.lines.length;
      const { buyer, lines } = chosen;
      const placedAt =
        scenario.placed === 0
          ? // today, before the seed's "now" (the start of the day in UTC, 05:30 in India)
            new Date(ctx.now.getTime() - rng.int(10, 300) * 60_000)
          : daysAgo(ctx.now, scenario.placed, rng.int(4, 16));
      const hasCod = lines.every((l) => l.option.hasCod && l.stock.codAllowed);
      const mode = hasCod && rng.chance(0.55) ? 'cod' : 'prepaid';
      let orderNo = seededOrderNo(placedAt, rng.int(1_000_000_000, 9_999_999_999));
      while (taken.has(orderNo)) orderNo = seededOrderNo(placedAt, rng.int(1_000_000_000, 9_999_999_999));
      taken.add(orderNo);
      const items = lines.reduce((sum, l) => sum + l.stock.salePricePaise * l.quantity, 0);
      const delivery = lines.reduce((sum, l) => sum + l.option.chargePaise, 0);
      const { promoPaise, payablePaise } = applyPlatformPromo(items + delivery);
      const dispatchDays = Math.min(...lines.map((l) => l.stock.dispatchDays));
      // shipped within its dispatch days: half a day to the deadline's morning
      const shippedAt = scenario.tracking
        ? new Date(
            Math.min(
              placedAt.getTime() + rng.int(6, 30) * HOUR_MS,
              dispatchDeadline(placedAt, dispatchDays).getTime() - 6 * HOUR_MS,
              ctx.now.getTime() - 2 * HOUR_MS,
            ),
          )
        : null;
      planned.push({
        scenario,
        buyer,
        sellerId,
        orderNo,
        placedAt,
        mode,
        lines,
        totals: { items, delivery, promo: promoPaise, payable: payablePaise },
        deliveredAt:
          scenario.deliveredAfter === undefined
            ? null
            : daysAgo(ctx.now, scenario.placed - scenario.deliveredAfter, rng.int(10, 18)),
        shippedAt,
        carrier: rng.pick(CARRIERS),
        awbNo: String(rng.int(100_000_000, 999_999_999)) + String(rng.int(100, 999)),
      });
    }
  }

  const isPaid = (o: PlannedOrder) => o.mode === 'prepaid' || o.scenario.tracking === 'delivered';
  const isRefunded = (o: PlannedOrder) =>
    o.mode === 'prepaid' && (o.scenario.cancelledBy !== undefined || o.scenario.returned === true);
  const orderIds = await bulkInsert(
    ctx.db,
    orders,
    planned.map((o) => ({
      orderNo: o.orderNo,
      userId: o.buyer.id,
      status: 'placed',
      paymentMode: o.mode,
      paymentStatus: isRefunded(o) ? 'refunded' : isPaid(o) ? 'paid' : 'pending',
      itemsTotalPaise: o.totals.items,
      couponDiscountPaise: 0,
      deliveryChargePaise: o.totals.delivery,
      promoName: 'PromoJun',
      promoDiscountPaise: o.totals.promo,
      totalPaise: o.totals.payable,
      deliveryName: o.buyer.name,
      deliveryPhone: o.buyer.mobile,
      deliveryEmail: o.buyer.email,
      deliveryAddress: o.buyer.address,
      deliveryPincode: o.buyer.place.pincode,
      deliveryCity: o.buyer.place.city,
      deliveryState: o.buyer.place.state,
      createdAt: o.placedAt,
      updatedAt: o.placedAt,
    })),
    { withIds: true },
  );
  const orderId = (i: number) => {
    const id = orderIds[i];
    if (id === undefined) throw new Error('order id missing after insert');
    return id;
  };
  await bulkInsert(
    ctx.db,
    payments,
    planned.flatMap((o, i) =>
      o.mode === 'prepaid'
        ? [
            {
              orderId: orderId(i),
              provider: 'sandbox',
              providerOrderId: `sandbox_order_${o.orderNo}`,
              providerPaymentId: `sandbox_pay_${o.orderNo}`,
              amountPaise: o.totals.payable,
              status: 'paid',
              createdAt: o.placedAt,
              updatedAt: o.placedAt,
            },
          ]
        : [],
    ),
  );

  // one invoice and shipment per shipped order (all its lines are this seller's)
  const shippedOrders = planned.map((o, i) => ({ o, i })).filter(({ o }) => o.shippedAt !== null);
  const shipmentIds = await bulkInsert(
    ctx.db,
    shipments,
    shippedOrders.map(({ o, i }) => ({
      invoiceNo: `SHP-${o.orderNo.replace(/^OD/, '')}-1`,
      orderId: orderId(i),
      sellerId: o.sellerId,
      status: o.scenario.tracking ?? 'manifested',
      carrier: o.carrier,
      awbNo: o.awbNo,
      createdAt: o.shippedAt ?? o.placedAt,
      deliveredAt: o.deliveredAt,
    })),
    { withIds: true },
  );
  const shipmentOf = new Map(shippedOrders.map(({ i }, k) => [i, shipmentIds[k]]));
  const sellerCity = async (o: PlannedOrder) =>
    (await places.get(o.lines[0]?.stock.sellerPincode ?? '')).city;
  const events: (typeof trackingEvents.$inferInsert)[] = [];
  for (const { o, i } of shippedOrders) {
    const shipmentId = shipmentOf.get(i);
    if (shipmentId === undefined || !o.shippedAt) continue;
    const last = o.scenario.tracking ?? 'manifested';
    const steps = TRACKING_STEPS.slice(0, TRACKING_STEPS.indexOf(last) + 1);
    const from = o.shippedAt.getTime();
    const to = (o.deliveredAt ?? new Date(ctx.now.getTime() - HOUR_MS)).getTime();
    const origin = await sellerCity(o);
    steps.forEach((status, k) => {
      events.push({
        shipmentId,
        status,
        location: k < 2 ? origin : k < 4 ? `${o.buyer.place.city} hub` : o.buyer.place.city,
        occurredAt: new Date(from + ((to - from) * k) / Math.max(1, steps.length - 1)),
      });
    });
  }
  await bulkInsert(ctx.db, trackingEvents, events);

  const itemRows: (typeof orderItems.$inferInsert)[] = [];
  const itemPlan: { o: PlannedOrder; i: number; line: PlannedLine }[] = [];
  planned.forEach((o, i) => {
    for (const line of o.lines) {
      const cancelled = o.scenario.cancelledBy !== undefined;
      itemRows.push({
        orderId: orderId(i),
        productId: line.stock.productId,
        offerId: line.stock.offerId,
        sellerId: o.sellerId,
        shipmentId: shipmentOf.get(i) ?? null,
        productName: line.stock.name,
        productImage: line.stock.image,
        sku: line.stock.sku,
        quantity: line.quantity,
        unitPricePaise: line.stock.salePricePaise,
        mrpPaise: line.stock.mrpPaise,
        deliveryType: line.option.deliveryType,
        deliveryDays: line.option.arrivingDays,
        dispatchDays: line.stock.dispatchDays,
        deliveryChargePaise: line.option.chargePaise,
        parcelType: line.option.parcelType,
        weightGrams: line.stock.weightGrams,
        zone: line.zone,
        status: cancelled
          ? 'cancelled'
          : o.scenario.tracking === 'delivered'
            ? 'delivered'
            : o.scenario.tracking
              ? 'shipped'
              : 'pending',
        cancelledQuantity: cancelled ? line.quantity : 0,
        returnedQuantity: o.scenario.returned ? line.quantity : 0,
        returnWindowDays: line.stock.returnDays,
        replaceWindowDays: line.stock.replaceDays,
        deliveredAt: o.deliveredAt,
        createdAt: o.placedAt,
        updatedAt: o.deliveredAt ?? o.shippedAt ?? o.placedAt,
      });
      itemPlan.push({ o, i, line });
    }
  });
  const itemIds = await bulkInsert(ctx.db, orderItems, itemRows, { withIds: true });

  // requests: decided ones behind cancelled and returned items, pending ones waiting for the seller
  type PlannedRequest = {
    row: typeof itemRequests.$inferInsert;
    reasons: number[];
    refund: { orderIndex: number; amount: number; at: Date } | null;
    o: PlannedOrder;
  };
  const requests: PlannedRequest[] = [];
  const messages: (typeof sellerMessages.$inferInsert)[] = [];
  const reasonIds = (kind: 'cancel' | 'return' | 'replace') => {
    const own = reasons.filter((r) => r.kind === kind);
    return rng.sample(own, rng.int(1, 2)).map((r) => r.id);
  };
  itemPlan.forEach(({ o, i, line }, k) => {
    const itemId = itemIds[k];
    if (itemId === undefined) throw new Error('order item id missing after insert');
    const ref = (kind: 'cancel' | 'return' | 'replace') =>
      `${{ cancel: 'CN', return: 'RT', replace: 'RP' }[kind]}${o.orderNo.replace(/^OD/, '')}${itemId}`;
    const share = () => {
      const shares = paidShares(
        o.totals.payable,
        o.lines.map((l) => ({
          quantity: l.quantity,
          unitPricePaise: l.stock.salePricePaise,
          couponDiscountPaise: 0,
          deliveryChargePaise: l.option.chargePaise,
        })),
      );
      return refundPaise(shares[o.lines.indexOf(line)] ?? 0, line.quantity, 0, line.quantity);
    };
    const { scenario } = o;
    if (scenario.cancelledBy) {
      const decidedAt = new Date(o.placedAt.getTime() + rng.int(2, 20) * HOUR_MS);
      const byShopper = scenario.cancelledBy === 'customer';
      requests.push({
        o,
        row: {
          refNo: ref('cancel'),
          kind: 'cancel',
          orderItemId: itemId,
          userId: o.buyer.id,
          quantity: line.quantity,
          status: 'completed',
          requestedBy: scenario.cancelledBy,
          additionalInfo: byShopper ? rng.pick(REQUEST_NOTES.cancel) : 'Out of stock at the warehouse.',
          decidedAt,
          createdAt: byShopper ? new Date(decidedAt.getTime() - 2 * HOUR_MS) : decidedAt,
          updatedAt: decidedAt,
        },
        reasons: byShopper ? reasonIds('cancel') : [],
        // nothing was taken for a cash order that never shipped
        refund: o.mode === 'prepaid' ? { orderIndex: i, amount: share(), at: decidedAt } : null,
      });
    }
    if (scenario.returned && o.deliveredAt) {
      const askedAt = new Date(o.deliveredAt.getTime() + rng.int(1, 2) * DAY_MS);
      const decidedAt = new Date(askedAt.getTime() + rng.int(4, 20) * HOUR_MS);
      requests.push({
        o,
        row: {
          refNo: ref('return'),
          kind: 'return',
          orderItemId: itemId,
          userId: o.buyer.id,
          quantity: line.quantity,
          status: 'refund-with-reverse',
          requestedBy: 'customer',
          additionalInfo: rng.pick(REQUEST_NOTES.return),
          pickupDate: isoDate(decidedAt),
          decidedAt,
          // requirements#return-pickup: picked up on the day it was accepted; the refund starts then
          pickedUpAt: decidedAt,
          createdAt: askedAt,
          updatedAt: decidedAt,
        },
        reasons: reasonIds('return'),
        refund: { orderIndex: i, amount: share(), at: decidedAt },
      });
    }
    if (scenario.open) {
      const kind = scenario.open;
      const askedAt =
        kind === 'cancel'
          ? new Date(o.placedAt.getTime() + rng.int(1, 5) * HOUR_MS)
          : new Date(Math.min((o.deliveredAt ?? o.placedAt).getTime() + DAY_MS, ctx.now.getTime() - HOUR_MS));
      requests.push({
        o,
        row: {
          refNo: ref(kind),
          kind,
          orderItemId: itemId,
          userId: o.buyer.id,
          quantity: line.quantity,
          status: 'pending',
          requestedBy: 'customer',
          additionalInfo: rng.pick(REQUEST_NOTES[kind]),
          pickupDate:
            kind === 'cancel' ? null : isoDate(new Date(ctx.now.getTime() + rng.int(1, 3) * DAY_MS)),
          createdAt: askedAt,
          updatedAt: askedAt,
        },
        reasons: reasonIds(kind),
        refund: null,
      });
    }
    if (scenario.message && line === o.lines[0]) {
      const at = (hours: number) =>
        new Date(Math.min(o.placedAt.getTime() + hours * HOUR_MS, ctx.now.getTime() - HOUR_MS));
      const base = { orderItemId: itemId, sellerId: o.sellerId, userId: o.buyer.id };
      if (scenario.message === 'privilege_claim') {
        messages.push({
          ...base,
          author: 'shopper',
          topic: 'privilege_claim',
          body: rng.pick(PRIVILEGE_CLAIMS),
          readAt: null,
          createdAt: new Date(
            Math.min((o.deliveredAt ?? o.placedAt).getTime() + 5 * HOUR_MS, ctx.now.getTime() - HOUR_MS),
          ),
        });
      } else if (scenario.tracking) {
        // asked, answered and read, then a new question the seller has not opened yet
        messages.push(
          { ...base, author: 'shopper', topic: 'seller', body: rng.pick(SHOPPER_QUESTIONS), readAt: at(3), createdAt: at(2) },
          { ...base, author: 'seller', topic: 'seller', body: rng.pick(SELLER_ANSWERS), readAt: at(6), createdAt: at(4) },
          { ...base, author: 'shopper', topic: 'seller', body: rng.pick(SHOPPER_FOLLOW_UPS), readAt: null, createdAt: at(7) },
        ); // prettier-ignore
      } else {
        messages.push({ ...base, author: 'shopper', topic: 'seller', body: rng.pick(SHOPPER_QUESTIONS), readAt: null, createdAt: at(1) }); // prettier-ignore
      }
    }
  });
  const requestIds = await bulkInsert(
    ctx.db,
    itemRequests,
    requests.map((r) => r.row),
    { withIds: true },
  );
  await bulkInsert(
    ctx.db,
    itemRequestReasons,
    requests.flatMap((r, k) => r.reasons.map((reasonId) => ({ requestId: requestIds[k] ?? 0, reasonId }))),
  );
  await bulkInsert(
    ctx.db,
    refunds,
    requests.flatMap((r, k) => {
      if (!r.refund || r.refund.amount <= 0) return [];
      const requestId = requestIds[k] ?? 0;
      const prepaid = r.o.mode === 'prepaid';
      // went through the sandbox: taken when decided, settled three days later
      const settledAt = new Date(r.refund.at.getTime() + 3 * DAY_MS);
      return [
        {
          orderId: orderId(r.refund.orderIndex),
          requestId,
          amountPaise: r.refund.amount,
          status: 'completed',
          method: prepaid ? 'original_payment' : 'bank_account',
          bankAccountLast4: prepaid ? null : r.o.buyer.bankLast4,
          bankAccountId: prepaid ? null : r.o.buyer.bankAccountId,
          provider: 'sandbox',
          providerRefundId: `sandbox_${prepaid ? 'rfnd' : 'pout'}_seed${requestId}`,
          processedAt: r.refund.at,
          completedAt: settledAt,
          createdAt: r.refund.at,
          updatedAt: settledAt,
        },
      ];
    }),
  );
  await bulkInsert(ctx.db, sellerMessages, messages);
  return {
    orders: planned.length,
    items: itemRows.length,
    requests: requests.length,
    messages: messages.length,
  };
}

// ------------------------------------------------------------------------------------------------
// Sellers' own campaigns: paused or finished, so the storefront's running ads stay the operator's
// ------------------------------------------------------------------------------------------------

async function seedSellerCampaigns(ctx: SeedContext, rng: Random, refs: CatalogRefs) {
  const sold = await ctx.db
    .select({
      sellerId: offers.sellerId,
      productId: products.id,
      brandId: products.brandId,
      categoryId: products.categoryId,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .orderBy(offers.sellerId, offers.id);
  const brandName = new Map([...refs.brandIds].map(([name, id]) => [id, name]));
  const homeLeaf = new Map(
    [...refs.brandIds].map(([name, id]) => [id, brandHomeLeaf(refs.leaves, name)?.id]),
  );
  const campaigns: (typeof brandCampaigns.$inferInsert)[] = [];
  const plans: { clicks: number; impressions: number; from: Date; to: Date }[] = [];
  for (const [index, seller] of refs.sellers.entries()) {
    // a few sellers advertise: every third one
    if (index % 3 !== 0) continue;
    // a product of its brand's own line, as the storefront's campaigns advertise
    const product = sold.find((p) => p.sellerId === seller.id && homeLeaf.get(p.brandId) === p.categoryId);
    const brand = product ? brandName.get(product.brandId) : undefined;
    const leaf = product ? refs.leaves.find((l) => l.id === product.categoryId) : undefined;
    if (!product || !brand || !leaf) continue;
    const paused = (index / 3) % 2 === 0;
    const from = daysAgo(ctx.now, paused ? rng.int(12, 20) : rng.int(40, 60));
    const to = paused
      ? new Date(ctx.now.getTime() + rng.int(20, 60) * DAY_MS)
      : daysAgo(ctx.now, rng.int(3, 10));
    const bidPaise = rng.int(2, 12) * 100;
    const clicks = rng.int(5, 20);
    const impressions = clicks * rng.int(10, 25);
    const page = rng.pick(['home', 'category', 'search', 'product'] as const);
    const size =
      page === 'home'
        ? '970x250'
        : page === 'search'
          ? '1200x300'
          : page === 'category'
            ? '728x90'
            : '300x250';
    const [width, height] = size.split('x').map(Number) as [number, number];
    const adImage = await ctx.media.svg(
      'campaigns',
      `${seller.name}-${brand}-${size}`,
      bannerSvg({
        width,
        height,
        headline: brand,
        subline: `Sold by ${seller.name}`,
        kind: leaf.leaf.kind,
        palette: index,
      }),
    );
    campaigns.push({
      name: `${seller.name}: ${brand} ${page} ${paused ? 'always on' : 'festive push'}`,
      brandId: product.brandId,
      productId: product.productId,
      adType: 'image',
      adImage,
      adSize: size,
      page,
      type: 'sponsored_brand',
      fromDate: isoDate(from),
      toDate: isoDate(to),
      maximumSpendLimitPaise: Math.max(clicks * bidPaise * 2, rng.int(20, 80) * 10_000),
      dailyBudgetPaise: rng.int(2, 10) * 10_000,
      bidPaise,
      spentPaise: clicks * bidPaise,
      impressions,
      clicks,
      isActive: !paused,
      sellerId: seller.id,
      createdAt: from,
    });
    plans.push({ clicks, impressions, from, to: new Date(Math.min(to.getTime(), ctx.now.getTime())) });
  }
  const ids = await bulkInsert(ctx.db, brandCampaigns, campaigns, { withIds: true });
  // every impression and click the figures count, with what each click cost
  const events: (typeof campaignEvents.$inferInsert)[] = [];
  campaigns.forEach((c, k) => {
    const plan = plans[k];
    const campaignId = ids[k];
    if (!plan || campaignId === undefined) return;
    const span = Math.max(HOUR_MS, plan.to.getTime() - plan.from.getTime());
    const when = () => new Date(plan.from.getTime() + Math.floor(rng.next() * span));
    for (let n = 0; n < plan.impressions; n++)
      events.push({
        campaignId,
        kind: 'impression',
        productId: c.productId,
        costPaise: 0,
        occurredAt: when(),
      });
    for (let n = 0; n < plan.clicks; n++)
      events.push({
        campaignId,
        kind: 'click',
        productId: c.productId,
        costPaise: c.bidPaise,
        occurredAt: when(),
      });
  });
  await bulkInsert(ctx.db, campaignEvents, events);
  return campaigns.length + (await seedCampaignsInReview(ctx, sold, refs, brandName, homeLeaf));
}

/**
 * requirements#operator-promotions: a few sellers' campaigns submitted in the last days, waiting in
 * the console's review queue (fixed figures: the seed's random sequence stays as it was).
 */
async function seedCampaignsInReview(
  ctx: SeedContext,
  sold: { sellerId: number; productId: number; brandId: number; categoryId: number }[],
  refs: CatalogRefs,
  brandName: Map<number, string>,
  homeLeaf: Map<number, number | undefined>,
) {
  const waiting: (typeof brandCampaigns.$inferInsert)[] = [];
  for (const [index, seller] of refs.sellers.entries()) {
    if (index % 3 !== 1 || waiting.length === 3) continue;
    const product = sold.find((p) => p.sellerId === seller.id && homeLeaf.get(p.brandId) === p.categoryId);
    const brand = product ? brandName.get(product.brandId) : undefined;
    const leaf = product ? refs.leaves.find((l) => l.id === product.categoryId) : undefined;
    if (!product || !brand || !leaf) continue;
    const n = waiting.length;
    const adImage = await ctx.media.svg(
      'campaigns',
      `${seller.name}-${brand}-review-970x250`,
      bannerSvg({
        width: 970,
        height: 250,
        headline: brand,
        subline: `Sold by ${seller.name}`,
        kind: leaf.leaf.kind,
        palette: index,
      }),
    );
    waiting.push({
      name: `${seller.name}: ${brand} ${['winter launch', 'weekend offer', 'new range'][n] ?? 'launch'}`,
      brandId: product.brandId,
      productId: n === 1 ? null : product.productId,
      adType: 'image',
      adImage,
      adSize: '970x250',
      page: 'home',
      type: 'sponsored_brand',
      fromDate: isoDate(new Date(ctx.now.getTime() + (n + 1) * DAY_MS)),
      toDate: isoDate(new Date(ctx.now.getTime() + (n + 15) * DAY_MS)),
      maximumSpendLimitPaise: (n + 2) * 250_000,
      dailyBudgetPaise: (n + 1) * 20_000,
      bidPaise: 500 + n * 250,
      reviewStatus: 'pending',
      sellerId: seller.id,
      createdAt: daysAgo(ctx.now, 3 - n),
    });
  }
  if (waiting.length > 0) await bulkInsert(ctx.db, brandCampaigns, waiting);
  return waiting.length;
}

// ------------------------------------------------------------------------------------------------
// Applicants: three waiting for the operator, one refused with a reason; none has listings
// ------------------------------------------------------------------------------------------------

export const SELLER_APPLICANTS = [
  {
    name: 'Nilgiri Naturals',
    legalName: 'Nilgiri Naturals LLP',
    pincode: '643001',
    categories: ['Beauty & Personal Care', 'Home & Kitchen'],
    status: 'pending',
    rejectionReason: null,
    submittedDaysAgo: 2,
  },
  {
    name: 'Sabarmati Traders',
    legalName: 'Sabarmati Traders (Proprietor: Jignesh Patel)',
    pincode: '380009',
    categories: ['Electronics'],
    status: 'rejected',
    rejectionReason:
      'The GST certificate names another business than the legal name given. Upload the certificate of Sabarmati Traders and apply again.',
    submittedDaysAgo: 9,
  },
  // requirements#operator-sellers: the console's onboarding queue has more than one waiting
  {
    name: 'Malabar Spice Route',
    legalName: 'Malabar Spice Route Private Limited',
    pincode: '682001',
    categories: ['Home & Kitchen'],
    status: 'pending',
    rejectionReason: null,
    submittedDaysAgo: 1,
  },
  {
    name: 'Jaipur Block Print Studio',
    legalName: 'Jaipur Block Print Studio (Proprietor: Meenal Sharma)',
    pincode: '302001',
    categories: ['Home & Kitchen', 'Beauty & Personal Care'],
    status: 'pending',
    rejectionReason: null,
    submittedDaysAgo: 1,
  },
] as const;

async function seedApplicants(
  ctx: SeedContext,
  rng: Random,
  refs: CatalogRefs,
  places: Places,
  passwordHash: string,
  mediaDir: string,
) {
  for (const [index, applicant] of SELLER_APPLICANTS.entries()) {
    const slug = slugify(applicant.name, 40);
    const place = await places.get(applicant.pincode);
    const submittedAt = daysAgo(ctx.now, applicant.submittedDaysAgo, 10);
    const email = `${slug}@sellers.example.com`;
    const mobile = `6${String(300_000_000 + index * 7_919).padStart(9, '0')}`;
    const [user] = await ctx.db
      .insert(users)
      .values({
        email,
        mobile,
        passwordHash,
        firstName: applicant.name.split(' ')[0] ?? applicant.name,
        lastName: 'Seller Desk',
        role: 'seller',
        emailVerifiedAt: submittedAt,
        mobileVerifiedAt: submittedAt,
        createdAt: submittedAt,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('applicant user was not inserted');
    const gstin = seededGstin(rng, gstStateCode(place.state), applicant.legalName);
    const pickup = `${rng.pick(PICKUP_LINES)}, ${place.locality || place.city}, ${place.city}`;
    const bank = rng.pick(DEMO_BANKS);
    const [seller] = await ctx.db
      .insert(sellers)
      .values({
        userId: user.id,
        name: applicant.name,
        legalName: applicant.legalName,
        type: 'seller',
        pincode: applicant.pincode,
        gstin,
        pan: panOfGstin(gstin),
        shippingZones: normaliseSellerZones(ZONES),
        shipsWithCourier: true,
        status: applicant.status,
        rejectionReason: applicant.rejectionReason,
        pickupAddress: pickup,
        returnAddress: pickup,
        returnPincode: applicant.pincode,
        contactName: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
        contactEmail: email,
        contactMobile: mobile,
        bankAccountName: applicant.legalName.replace(/ \(Proprietor: .*\)$/, ''),
        bankAccountNumber: `${rng.int(10_000_000, 99_999_999)}${rng.int(1000, 9999)}`,
        bankIfsc: bank.ifsc,
        categoryIds: applicant.categories.map((name) => {
          const id = refs.categoryIds.get(name);
          if (id === undefined) throw new Error(`applicant category ${name} is not seeded`);
          return id;
        }),
        submittedAt,
        decidedAt: applicant.status === 'rejected' ? new Date(submittedAt.getTime() + DAY_MS) : null,
        createdAt: submittedAt,
      })
      .returning({ id: sellers.id });
    if (!seller) throw new Error('applicant was not inserted');
    const certificate = gstCertificatePdf({ legalName: applicant.legalName, gstin, address: `${pickup} ${place.pincode}`, state: place.state }); // prettier-ignore
    const cheque = cancelledChequePng(index);
    const documents = [
      { kind: 'gst_certificate', fileName: 'GST-REG-06.pdf', contentType: 'application/pdf', content: certificate },
      { kind: 'cancelled_cheque', fileName: 'cancelled-cheque.png', contentType: 'image/png', content: cheque },
    ] as const; // prettier-ignore
    for (const doc of documents) {
      const key = await writeUpload(mediaDir, `${applicant.name}:${doc.kind}`, doc.content);
      await ctx.db.insert(sellerDocuments).values({
        sellerId: seller.id,
        kind: doc.kind,
        key,
        fileName: doc.fileName,
        contentType: doc.contentType,
        sizeBytes: doc.content.length,
        createdAt: submittedAt,
      });
    }
  }
}

/**
 * Writes a seeded seller document where the disk upload store keeps uploads (DATA_DIR/uploads,
 * beside the media folder: two hex levels, then the 32-hex key), never under the public /media:
 * a GST certificate or a cheque is shown only to its seller and staff. The key is derived from
 * the label, so a reseed writes the same file.
 */
async function writeUpload(mediaDir: string, label: string, content: Buffer): Promise<string> {
  const key = createHash('sha256').update(`seeded-seller-document:${label}`).digest('hex').slice(0, 32);
  const path = join(mediaDir, '..', 'uploads', key.slice(0, 2), key.slice(2, 4), key);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
  return key;
}

/** A one-page PDF in the shape of a GST registration certificate (Form GST REG-06). */
export function gstCertificatePdf(p: {
  legalName: string;
  gstin: string;
  address: string;
  state: string;
}): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const lines = [
    ['F2', 16, 'Government of India'],
    ['F2', 14, 'Form GST REG-06: Registration Certificate'],
    ['F1', 11, `Registration Number: ${p.gstin}`],
    ['F1', 11, `Legal Name: ${p.legalName}`],
    ['F1', 11, 'Constitution of Business: as declared'],
    ['F1', 11, `Address of Principal Place of Business: ${p.address}`],
    ['F1', 11, `State: ${p.state}`],
    ['F1', 11, 'Type of Registration: Regular'],
    ['F1', 9, 'Demo document generated by the marketplace seed. Not a government record.'],
  ] as const;
  const stream = lines
    .map(([font, size, text], i) => `BT /${font} ${size} Tf 56 ${780 - i * 30} Td (${escape(text)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small PNG of a cheque leaf crossed out in ink: the payout account's proof. */
export function cancelledChequePng(variant: number): Buffer {
  const width = 480;
  const height = 220;
  const tint = [
    [226, 240, 250],
    [238, 246, 228],
  ][variant % 2] ?? [226, 240, 250];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      let [r, g, b] = tint as [number, number, number];
      const border = x < 6 || y < 6 || x >= width - 6 || y >= height - 6;
      const ruled = (y === 70 || y === 110 || y === 150) && x > 30 && x < 330;
      const amountBox = x > 350 && x < 450 && (y === 100 || y === 130);
      const micr = y > 185 && y < 200 && x > 40 && x < 420 && x % 9 < 5;
      // two parallel strokes across the leaf: "CANCELLED"
      const d = y - (height - (x * height) / width);
      const crossed = Math.abs(d) < 4 || Math.abs(d - 26) < 4;
      if (border || ruled || amountBox) [r, g, b] = [70, 90, 120];
      if (micr) [r, g, b] = [30, 30, 30];
      if (crossed) [r, g, b] = [20, 40, 160];
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Gives every seeded seller a populated Seller Central, and the operator an applicant to review and one refused. */
export async function seedSellerCentral(
  ctx: SeedContext,
  refs: CatalogRefs,
  hashes: { shopper: string; seller: string },
  mediaDir: string,
) {
  const rng = ctx.rng.fork('seller-central');
  const places = new Places(ctx);
  await completeSellerDetails(ctx, rng.fork('details'), refs, places);
  const buyers = await seedBuyers(ctx, rng.fork('buyers'), refs, places, hashes.shopper);
  const made = await seedSellerOrders(ctx, rng.fork('orders'), places, buyers);
  const campaigns = await seedSellerCampaigns(ctx, rng.fork('campaigns'), refs);
  await seedApplicants(ctx, rng.fork('applicants'), refs, places, hashes.seller, mediaDir);
  ctx.progress(
    `seller consoles: ${buyers.length} buyers, ${made.orders} orders (${made.items} items), ${made.requests} requests, ${made.messages} messages, ${campaigns} seller campaigns, ${SELLER_APPLICANTS.length} applicants`,
  );
}
