// requirements#ondc-catalog: the shop's catalog as the network's on_search. Each approved seller
// that delivers to the searched place is a provider; its offers are items with the retail
// contract's statutory fields; prices and stock are the shop's own at the moment of the search.
import { and, asc, eq, gt, ilike, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { categories, type Executor, offers, pincodes, products, sellers } from '@marketplace/db';
import { deliveryZone, servesZone, sellsWithinStateOnly } from '@marketplace/domain';
import { ONDC_CITIES } from '@marketplace/domain/ondc/cities';
import { ondcCategoryOf } from '@marketplace/domain/ondc/categories';
import { rupees } from '@marketplace/domain/ondc/protocol';
import type { OndcConfig } from './config.ts';

/** Items sent for one provider in one on_search: a search that wants more narrows by name or category. */
export const ITEMS_PER_PROVIDER = 200;
/** The retail contract shows stock as 99 (in stock) or 0. */
const IN_STOCK = '99';

export const SearchIntent = z.object({
  city: z.string(),
  domain: z.string(),
  pincode: z.string().nullable(),
  itemName: z.string().nullable(),
  categoryId: z.string().nullable(),
  providerId: z.string().nullable(),
});
export type SearchIntent = z.infer<typeof SearchIntent>;

/** ONDC's serviceability tag from the seller's zones: pan-India (type 12) or a radius around it (type 10). */
function serviceability(zones: readonly string[], locationId: string, categoryId: string) {
  const reach = zones.includes('national')
    ? [
        { code: 'type', value: '12' },
        { code: 'val', value: 'IND' },
        { code: 'unit', value: 'country' },
      ]
    : [
        { code: 'type', value: '10' },
        { code: 'val', value: zones.includes('regional') ? '300' : '50' },
        { code: 'unit', value: 'km' },
      ];
  return {
    code: 'serviceability',
    list: [{ code: 'location', value: locationId }, { code: 'category', value: categoryId }, ...reach],
  };
}

type Place = typeof pincodes.$inferSelect;

const gps = (place: Pick<Place, 'latitude' | 'longitude'>) =>
  `${place.latitude.toFixed(6)},${place.longitude.toFixed(6)}`;

/** The place a search stands for: its pincode when it gives one, else its city's centre; null for '*'. */
async function searchPlace(db: Executor, intent: SearchIntent): Promise<Place | null | 'UNKNOWN'> {
  const pincode = intent.pincode ?? (intent.city === '*' ? null : (ONDC_CITIES[intent.city]?.centre ?? null));
  if (!pincode) return intent.city === '*' ? null : 'UNKNOWN';
  const [place] = await db.select().from(pincodes).where(eq(pincodes.pincode, pincode));
  return place ?? 'UNKNOWN';
}

function categoryPaths(rows: { id: number; parentId: number | null; name: string }[]) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (id: number) => {
    const path: string[] = [];
    for (let at = byId.get(id), guard = 0; at && guard < 5; at = byId.get(at.parentId ?? -1), guard++)
      path.push(at.name);
    return path;
  };
}

/** The catalog message of an on_search; null when the searched place is not one the shop knows. */
export async function buildCatalog(db: Executor, config: OndcConfig, intent: SearchIntent, now: Date) {
  const place = await searchPlace(db, intent);
  if (place === 'UNKNOWN') return null;
  const sellerFilter = [eq(sellers.status, 'approved')];
  if (intent.providerId) {
    if (!/^\d{1,9}$/.test(intent.providerId)) return emptyCatalog(config);
    sellerFilter.push(eq(sellers.id, Number(intent.providerId)));
  }
  const sellerRows = await db
    .select({ seller: sellers, place: pincodes })
    .from(sellers)
    .innerJoin(pincodes, eq(pincodes.pincode, sellers.pincode))
    .where(and(...sellerFilter))
    .orderBy(asc(sellers.id));
  const pathOf = categoryPaths(
    await db
      .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
      .from(categories),
  );
  const timestamp = now.toISOString();
  const providers = [];
  for (const { seller, place: sellerPlace } of sellerRows) {
    // requirements#ondc-serviceability: the seller's own shipping zones decide who it reaches
    const zone = place ? deliveryZone(sellerPlace, place) : null;
    const withinState =
      place && sellsWithinStateOnly(seller)
        ? { sellerState: sellerPlace.state, buyerState: place.state }
        : null;
    const offerFilter = [
      eq(offers.sellerId, seller.id),
      eq(offers.isActive, true),
      eq(offers.isHeldBySuspension, false),
      isNull(offers.closedAt),
      eq(products.isActive, true),
      eq(products.moderationStatus, 'approved'),
      gt(offers.stock, 0),
    ];
    if (intent.itemName)
      offerFilter.push(ilike(products.name, `%${intent.itemName.replace(/[%_\\]/g, '\\$&')}%`));
    const rows = await db
      .select({ offer: offers, product: products })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(and(...offerFilter))
      .orderBy(asc(offers.id))
      .limit(ITEMS_PER_PROVIDER * 2);
    const items = rows
      .filter(
        ({ product }) =>
          !zone ||
          servesZone({
            zone,
            sellerZones: seller.shippingZones ?? [],
            handling: product.handling,
            withinState,
          }),
      )
      .flatMap(({ offer, product }) => {
        const category = ondcCategoryOf(pathOf(product.categoryId));
        if (!category || category.domain !== intent.domain) return [];
        if (intent.categoryId && category.categoryId !== intent.categoryId) return [];
        return [catalogItem(config, seller, offer, product, category.categoryId, timestamp)];
      })
      .slice(0, ITEMS_PER_PROVIDER);
    if (items.length === 0) continue;
    providers.push(provider(seller, sellerPlace, items, timestamp));
  }
  return {
    catalog: {
      'bpp/fulfillments': [{ id: '1', type: 'Delivery' }],
      'bpp/descriptor': descriptor(config),
      'bpp/providers': providers,
    },
  };
}

function emptyCatalog(config: OndcConfig) {
  return {
    catalog: {
      'bpp/fulfillments': [{ id: '1', type: 'Delivery' }],
      'bpp/descriptor': descriptor(config),
      'bpp/providers': [],
    },
  };
}

function descriptor(config: OndcConfig) {
  return {
    name: config.name,
    symbol: `${config.subscriberUrl.replace(/\/ondc\/?$/, '')}/favicon.svg`,
    short_desc: `${config.name}: sellers across India`,
    long_desc: `${config.name} lists its approved sellers on ONDC.`,
    images: [],
    tags: [
      {
        code: 'bpp_terms',
        list: [
          { code: 'np_type', value: 'MSN' },
          { code: 'accept_bap_terms', value: 'Y' },
          { code: 'collect_payment', value: 'N' },
        ],
      },
    ],
  };
}

type SellerRow = typeof sellers.$inferSelect;

function provider(
  seller: SellerRow,
  place: Place,
  items: ReturnType<typeof catalogItem>[],
  timestamp: string,
) {
  return {
    id: String(seller.id),
    time: { label: 'enable', timestamp },
    fulfillments: [
      {
        id: '1',
        type: 'Delivery',
        contact: { phone: seller.contactMobile ?? '', email: seller.contactEmail ?? '' },
      },
    ],
    descriptor: {
      name: seller.name,
      symbol: '',
      short_desc: seller.name,
      long_desc: seller.legalName,
      images: [],
    },
    ttl: 'P1D',
    locations: [
      {
        id: `L${seller.id}`,
        // the shop's sellers dispatch every day; couriers collect in working hours
        time: {
          label: 'enable',
          timestamp,
          days: '1,2,3,4,5,6,7',
          schedule: { holidays: [] },
          range: { start: '0900', end: '1900' },
        },
        gps: gps(place),
        address: {
          locality: place.locality,
          street: seller.pickupAddress ?? place.locality,
          city: place.city,
          area_code: place.pincode,
          state: place.state,
        },
      },
    ],
    items,
    tags: [
      serviceability(seller.shippingZones ?? [], `L${seller.id}`, items[0]?.category_id ?? ''),
      {
        code: 'timing',
        list: [
          { code: 'type', value: 'All' },
          { code: 'location', value: `L${seller.id}` },
          { code: 'day_from', value: '1' },
          { code: 'day_to', value: '7' },
          { code: 'time_from', value: '0900' },
          { code: 'time_to', value: '1900' },
        ],
      },
    ],
  };
}

type OfferRow = typeof offers.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/** Net quantity as the Legal Metrology facts store it ("500 g", "1 N"), split into unit and value. */
function measure(netQuantity: string | null): { unit: string; value: string } {
  const match = netQuantity?.trim().match(/^(\d+(?:\.\d{1,2})?)\s*([A-Za-z]+)$/);
  if (!match?.[1] || !match[2]) return { unit: 'unit', value: '1' };
  const units: Record<string, string> = {
    g: 'gram',
    kg: 'kilogram',
    ml: 'millilitre',
    l: 'litre',
    n: 'unit',
    u: 'unit',
  };
  return { unit: units[match[2].toLowerCase()] ?? match[2].toLowerCase(), value: match[1] };
}

export function catalogItem(
  config: OndcConfig,
  seller: SellerRow,
  offer: OfferRow,
  product: ProductRow,
  categoryId: string,
  timestamp: string,
) {
  const manufacturer = offer.manufacturerName ?? offer.packerName ?? offer.importerName ?? seller.legalName;
  return {
    id: String(product.id),
    time: { label: 'enable', timestamp },
    descriptor: {
      name: product.name,
      ...(product.hsnCode ? { code: `4:${product.hsnCode}` } : {}),
      symbol: product.mainImage,
      short_desc: product.name,
      long_desc: product.description || product.name,
      images: [product.mainImage, ...product.images.filter((image) => image !== product.mainImage)].slice(
        0,
        8,
      ),
    },
    quantity: {
      unitized: { measure: measure(product.netQuantity) },
      available: { count: offer.stock > 0 ? IN_STOCK : '0' },
      maximum: { count: String(Math.min(offer.stock, offer.maxPerOrder)) },
    },
    price: {
      currency: 'INR',
      value: rupees(offer.salePricePaise),
      maximum_value: rupees(Math.max(offer.mrpPaise, offer.salePricePaise)),
    },
    category_id: categoryId,
    fulfillment_id: '1',
    location_id: `L${seller.id}`,
    '@ondc/org/returnable': product.hasReturn,
    '@ondc/org/cancellable': true,
    '@ondc/org/return_window': `P${Math.max(product.returnDays, 0)}D`,
    '@ondc/org/seller_pickup_return': product.hasReturn,
    '@ondc/org/time_to_ship': `P${offer.dispatchDays}D`,
    '@ondc/org/available_on_cod': offer.codAllowed,
    '@ondc/org/contact_details_consumer_care': `${config.consumerCare.name},${config.consumerCare.email},${config.consumerCare.phone}`,
    '@ondc/org/statutory_reqs_packaged_commodities': {
      manufacturer_or_packer_name: manufacturer,
      manufacturer_or_packer_address: seller.pickupAddress ?? seller.legalName,
      common_or_generic_name_of_commodity: product.name,
      month_year_of_manufacture_packing_import: 'Please refer to the package',
    },
    tags: [
      {
        code: 'origin',
        list: [{ code: 'country', value: countryCode(product.countryOfOrigin ?? offer.origin) }],
      },
    ],
  };
}

// ISO 3166-1 alpha-3 codes of the countries the shop's products name as their origin
const COUNTRIES: Record<string, string> = {
  india: 'IND',
  china: 'CHN',
  japan: 'JPN',
  'south korea': 'KOR',
  taiwan: 'TWN',
  singapore: 'SGP',
  'united states': 'USA',
  germany: 'DEU',
  france: 'FRA',
  italy: 'ITA',
  switzerland: 'CHE',
  vietnam: 'VNM',
  bangladesh: 'BGD',
  'united kingdom': 'GBR',
  thailand: 'THA',
};

export function countryCode(name: string): string {
  const trimmed = name.trim();
  if (/^[A-Z]{3}$/.test(trimmed)) return trimmed;
  // a country the table does not know is sent as the seller wrote it, never guessed
  return COUNTRIES[trimmed.toLowerCase()] ?? trimmed;
}

/** Offers named by provider and item ids, for select and init. */
export async function offersFor(db: Executor, sellerId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ offer: offers, product: products })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(
      and(eq(offers.sellerId, sellerId), inArray(offers.productId, [...productIds]), isNull(offers.closedAt)),
    );
}
