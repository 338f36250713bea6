import { sql } from 'drizzle-orm';
import { discountPercent, normaliseSellerZones, ZONES } from '@marketplace/domain';
import { LOCKED_PASSWORD_HASH } from '../password.ts';
import {
  brands,
  categories,
  coupons,
  offers,
  productAttributes,
  productGroups,
  products,
  reviews,
  sellers,
  users,
} from '../schema/index.ts';
import { bulkInsert } from './bulk.ts';
import {
  type SeedContext,
  DAY_MS,
  daysAgo,
  insertInBatches,
  seededOrderNo,
  shopPriceRupees,
} from './context.ts';
import { BRANDS, CATEGORY_TREE, type LeafCategory, SELLERS } from './data/catalog.ts';
import { FIRST_NAMES, LAST_NAMES, REVIEW_TEXTS, SELLER_REPLIES } from './data/content.ts';
import { brandLogoSvg, categoryImageSvg, productImageSvg } from './images.ts';
import { handlingOf, KIND_TAX, type ProductKind, SWATCH_COLOURS, type SwatchColour } from './kinds.ts';
import { slugify } from './media.ts';
import type { Random } from './random.ts';

export type SeededLeaf = { id: number; leaf: LeafCategory; path: readonly string[] };
export type SeededSeller = {
  id: number;
  name: string;
  pincode: string;
  code: string;
  sells: readonly string[];
  brand: string | null;
};
export type CatalogRefs = {
  leaves: SeededLeaf[];
  categoryIds: Map<string, number>;
  brandIds: Map<string, number>;
  sellers: SeededSeller[];
  reviewerIds: number[];
};

const CATEGORY_COLOURS = Object.values(SWATCH_COLOURS).filter((c) => c !== '#f4f4f4');

export async function seedCategories(ctx: SeedContext): Promise<Pick<CatalogRefs, 'leaves' | 'categoryIds'>> {
  const { db, media } = ctx;
  const categoryIds = new Map<string, number>();
  const leaves: SeededLeaf[] = [];
  const insert = async (
    name: string,
    level: number,
    parentId: number | null,
    position: number,
    kind: ProductKind,
  ) => {
    const colour = CATEGORY_COLOURS[(categoryIds.size * 7) % CATEGORY_COLOURS.length] ?? '#1e63c6';
    const imagePath = await media.svg(
      `categories/level-${level}`,
      name,
      categoryImageSvg({ name, kind, colour }),
    );
    const [row] = await db
      .insert(categories)
      .values({ name, level, parentId, position, imagePath })
      .returning({ id: categories.id });
    if (!row) throw new Error(`category ${name} was not inserted`);
    categoryIds.set(name, row.id);
    return row.id;
  };
  for (const [i1, c1] of CATEGORY_TREE.entries()) {
    const firstKind = c1.children[0]?.children[0]?.children[0]?.kind ?? 'softtoy';
    const id1 = await insert(c1.name, 1, null, i1, firstKind);
    for (const [i2, c2] of c1.children.entries()) {
      const id2 = await insert(c2.name, 2, id1, i2, c2.children[0]?.children[0]?.kind ?? firstKind);
      for (const [i3, c3] of c2.children.entries()) {
        const id3 = await insert(c3.name, 3, id2, i3, c3.children[0]?.kind ?? firstKind);
        for (const [i4, leaf] of c3.children.entries()) {
          const id4 = await insert(leaf.name, 4, id3, i4, leaf.kind);
          leaves.push({ id: id4, leaf, path: [c1.name, c2.name, c3.name, leaf.name] });
        }
      }
    }
  }
  ctx.progress(`categories: ${categoryIds.size} in four levels, ${leaves.length} leaves`);
  return { leaves, categoryIds };
}

export async function seedBrands(ctx: SeedContext): Promise<Map<string, number>> {
  const rows = [];
  for (const brand of BRANDS) {
    rows.push({
      name: brand.name,
      isRegistry: brand.isRegistry,
      country: brand.country,
      tagline: brand.tagline,
      logoPath: await ctx.media.svg('brands', brand.name, brandLogoSvg(brand.name)),
    });
  }
  const inserted = await ctx.db.insert(brands).values(rows).returning({ id: brands.id, name: brands.name });
  ctx.progress(`brands: ${inserted.length}`);
  return new Map(inserted.map((b) => [b.name, b.id]));
}

export async function seedSellers(ctx: SeedContext, sellerPasswordHash: string): Promise<SeededSeller[]> {
  const result: SeededSeller[] = [];
  for (const [index, seller] of SELLERS.entries()) {
    const slug = slugify(seller.name, 40);
    const [user] = await ctx.db
      .insert(users)
      .values({
        email: `${slug}@sellers.example.com`,
        mobile: `9${String(800_000_000 + index * 7_919).padStart(9, '0')}`,
        passwordHash: sellerPasswordHash,
        firstName: seller.name.split(' ')[0] ?? seller.name,
        lastName: 'Seller Desk',
        role: 'seller',
        emailVerifiedAt: ctx.now,
        mobileVerifiedAt: ctx.now,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('seller user was not inserted');
    const [row] = await ctx.db
      .insert(sellers)
      .values({
        userId: user.id,
        name: seller.name,
        legalName: seller.legalName,
        type: seller.type,
        pincode: seller.pincode,
        shippingZones: normaliseSellerZones(seller.shipsTo ?? ZONES),
        // requirements#courier-opt-in: the sellers who ship everywhere use Bazaar courier; the small
        // shops that ship nearby hand parcels to a courier of their own
        shipsWithCourier: seller.shipsTo === undefined,
        gstin: gstin(ctx.rng, index),
      })
      .returning({ id: sellers.id });
    if (!row) throw new Error('seller was not inserted');
    result.push({
      id: row.id,
      name: seller.name,
      pincode: seller.pincode,
      code: slug.replace(/-/g, '').slice(0, 5).toUpperCase(),
      sells: seller.sells,
      brand: seller.brand ?? null,
    });
  }
  ctx.progress(`sellers: ${result.length}, each with a seller login`);
  return result;
}

function gstin(rng: Random, index: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const l = () => letters[rng.int(0, 25)] ?? 'A';
  return `${String((index % 36) + 1).padStart(2, '0')}${l()}${l()}${l()}${l()}${l()}${rng.int(1000, 9999)}${l()}1Z${rng.int(1, 9)}`;
}

export async function seedReviewers(ctx: SeedContext, count: number): Promise<number[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const first = ctx.rng.pick(FIRST_NAMES);
    const last = ctx.rng.pick(LAST_NAMES);
    return {
      email: `${slugify(`${first}.${last}`, 30).replace(/-/g, '.')}.${i + 1}@shoppers.example.com`,
      passwordHash: LOCKED_PASSWORD_HASH,
      firstName: first,
      lastName: last,
      role: 'shopper',
      emailVerifiedAt: ctx.now,
    };
  });
  const ids: number[] = [];
  await insertInBatches(rows, 500, async (batch) => {
    const inserted = await ctx.db.insert(users).values(batch).returning({ id: users.id });
    ids.push(...inserted.map((r) => r.id));
  });
  return ids;
}

// ------------------------------------------------------------------------------------------------
// Products, offers, attributes, reviews and coupons, generated and inserted a chunk at a time so
// that a million-product seed keeps memory flat.
// ------------------------------------------------------------------------------------------------

type PlannedOffer = Omit<typeof offers.$inferInsert, 'productId'>;
type PlannedReview = Omit<typeof reviews.$inferInsert, 'productId'>;
type PlannedCoupon = Omit<typeof coupons.$inferInsert, 'productId'>;
type PlannedProduct = {
  row: typeof products.$inferInsert;
  group: number | null; // index into the chunk's groups
  attributes: { name: string; value: string }[];
  offers: PlannedOffer[];
  reviews: PlannedReview[];
  coupon: PlannedCoupon | null;
};

const VARIANT_SUFFIXES = [
  ' Pro',
  ' Plus',
  ' Max',
  ' Lite',
  ' Neo',
  ' Prime',
  ' Ultra',
  ' Air',
  ' Mini',
  ' Edge',
  ' Star',
  ' Classic',
];
const OFFER_COUNT_WEIGHTS = [30, 30, 20, 12, 8];
const CHUNK_PRODUCTS = 1_000;

export async function seedProducts(
  ctx: SeedContext,
  refs: CatalogRefs,
  target: number,
): Promise<{ products: number; offers: number; reviews: number }> {
  const rng = ctx.rng.fork('products');
  const names = new NameSet();
  const totals = { products: 0, offers: 0, reviews: 0 };
  let groupIndex = 0;
  let chunk: PlannedProduct[] = [];
  let groups: (typeof productGroups.$inferInsert)[] = [];
  const started = performance.now();

  const write = async (planned: PlannedProduct[], plannedGroups: (typeof productGroups.$inferInsert)[]) => {
    await ctx.db.transaction(async (tx) => {
      const groupIds = await bulkInsert(tx, productGroups, plannedGroups, { withIds: true });
      const productIds = await bulkInsert(
        tx,
        products,
        planned.map((p) => ({ ...p.row, groupId: p.group === null ? null : (groupIds[p.group] ?? null) })),
        { withIds: true },
      );
      const offerRows: (typeof offers.$inferInsert)[] = [];
      const attributeRows: (typeof productAttributes.$inferInsert)[] = [];
      const reviewRows: (typeof reviews.$inferInsert)[] = [];
      const couponRows: (typeof coupons.$inferInsert)[] = [];
      planned.forEach((p, i) => {
        const productId = productIds[i];
        if (productId === undefined) throw new Error('product id missing after insert');
        for (const o of p.offers) offerRows.push({ ...o, productId, sku: `${o.sku}-${productId}` });
        for (const a of p.attributes) attributeRows.push({ ...a, productId });
        for (const r of p.reviews) reviewRows.push({ ...r, productId });
        if (p.coupon) couponRows.push({ ...p.coupon, productId });
      });
      await bulkInsert(tx, offers, offerRows);
      await bulkInsert(tx, productAttributes, attributeRows);
      await bulkInsert(tx, reviews, reviewRows);
      await bulkInsert(tx, coupons, couponRows);
      totals.offers += offerRows.length;
      totals.reviews += reviewRows.length;
    });
    const before = totals.products;
    totals.products += planned.length;
    // progress every 5% (at least every 1,000 products), and at the end
    const step = Math.max(1_000, Math.round(target / 20));
    if (Math.floor(before / step) === Math.floor(totals.products / step) && totals.products !== target)
      return;
    const seconds = (performance.now() - started) / 1000;
    ctx.progress(
      `products: ${totals.products.toLocaleString('en-IN')} / ${target.toLocaleString('en-IN')} (${Math.round(totals.products / Math.max(seconds, 0.001)).toLocaleString('en-IN')} products/s)`,
    );
  };

  // The next chunk is generated while the previous one is written: the database and the
  // generator each keep a core busy. At most two chunks are held in memory.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    if (chunk.length === 0) return;
    writing = write(chunk, groups);
    writing.catch(() => undefined); // awaited before the next flush; this only keeps Node from calling it unhandled
    chunk = [];
    groups = [];
  };

  let plannedCount = 0;
  while (plannedCount < target) {
    const seeded = refs.leaves[groupIndex % refs.leaves.length];
    if (!seeded) throw new Error('no leaf categories to place products in');
    const group = await planGroup(
      ctx,
      rng,
      refs,
      seeded,
      names,
      Math.min(target - plannedCount, seeded.leaf.variantAxes.length > 0 ? rng.int(1, 3) : 1),
    );
    if (group.length > 1) {
      groups.push({
        name: group[0]?.row.name.replace(/ \(.*\)$/, '') ?? 'Variants',
        axes: seeded.leaf.variantAxes.map((a) => a.name),
      });
      for (const p of group) p.group = groups.length - 1;
    }
    chunk.push(...group);
    plannedCount += group.length;
    groupIndex++;
    if (chunk.length >= CHUNK_PRODUCTS) await flush();
  }
  await flush();
  await writing;
  return totals;
}

async function planGroup(
  ctx: SeedContext,
  rng: Random,
  refs: CatalogRefs,
  { id: categoryId, leaf, path }: SeededLeaf,
  names: NameSet,
  variantCount: number,
): Promise<PlannedProduct[]> {
  const brand = rng.pick(leaf.brands);
  const brandId = refs.brandIds.get(brand);
  if (brandId === undefined) throw new Error(`brand ${brand} of ${leaf.name} is not in BRANDS`);
  const model = rng.pick(leaf.models);
  const noun = rng.pick(leaf.nouns);
  let baseName = joinWords(brand, model, noun);
  let modelName = model;
  for (let k = 0; names.has(baseName) || names.has(`${baseName} #`); k++) {
    const suffix = VARIANT_SUFFIXES[k % VARIANT_SUFFIXES.length] ?? '';
    const series = Math.floor(k / VARIANT_SUFFIXES.length);
    modelName = `${model}${suffix}${series > 0 ? ` ${series + 1}` : ''}`;
    baseName = joinWords(brand, modelName, noun);
  }
  names.add(`${baseName} #`); // marks the base name as taken by a group
  // what the model's and the noun's names promise is never drawn at random
  const spec: Record<string, string> = { ...leaf.nounSpecs?.[noun], ...leaf.modelSpecs?.[model] };

  // the variants of a group differ along the leaf's axes; values are drawn without repeats
  const axes = leaf.variantAxes;
  const combos: Record<string, string>[] = [];
  for (let attempt = 0; combos.length < variantCount && attempt < 20; attempt++) {
    const combo: Record<string, string> = {};
    for (const axis of axes) combo[axis.name] = spec[axis.name] ?? rng.pick(axis.values);
    if (!combos.some((c) => axes.every((a) => c[a.name] === combo[a.name]))) combos.push(combo);
  }
  if (combos.length === 0) combos.push({});

  const basePrice = rng.int(leaf.priceRupees[0], leaf.priceRupees[1]);
  const markup = rng.int(leaf.mrpMarkupPercent[0], leaf.mrpMarkupPercent[1]);
  const quality = 0.5 + rng.next() * 0.45; // drives the star mix of the group's reviews
  const popularity = rng.next() ** 2;
  const isAssured = rng.chance(0.35);

  const planned: PlannedProduct[] = [];
  for (const combo of combos) {
    const values = axes.map((a) => combo[a.name]).filter((v): v is string => Boolean(v));
    const name = values.length > 0 ? `${baseName} (${values.join(', ')})` : baseName;
    names.add(name);
    const colourName = (combo.Colour ?? combo.Color ?? rng.pick(leaf.colours)) as SwatchColour;
    const colour = SWATCH_COLOURS[colourName] ?? SWATCH_COLOURS.Black;
    // later values of an axis (more storage, bigger size) cost a little more
    const step = axes.reduce((sum, a) => sum + Math.max(0, a.values.indexOf(combo[a.name] ?? '')), 0);
    const saleRupees = shopPriceRupees(basePrice * (1 + step * 0.08));
    const mrpRupees = Math.max(saleRupees, shopPriceRupees(saleRupees * (1 + markup / 100)) + 1);
    const images = await productImages(ctx, leaf.kind, colour, colourName, name, brand, modelName);
    const fill = (template: string) =>
      template
        .replaceAll('{brand}', brand)
        .replaceAll('{model}', model)
        .replaceAll('{noun}', noun)
        .replaceAll('{colour}', colourName);
    const bullets = rng.sample(leaf.bullets, 5).map(fill);
    const technical = [
      { name: 'Brand', value: brand },
      { name: 'Model Name', value: model },
      { name: 'Colour', value: colourName },
      ...leaf.technical.map((t) => ({ name: t.name, value: spec[t.name] ?? fill(rng.pick(t.values)) })),
    ];
    // one value per attribute name: the variant's own value wins over a drawn one
    const attributeValues = new Map<string, string>([['Colour', colourName]]);
    for (const a of leaf.attributes)
      if (!attributeValues.has(a.name)) attributeValues.set(a.name, spec[a.name] ?? rng.pick(a.values));
    for (const a of axes)
      if (a.name !== 'Colour' && combo[a.name]) attributeValues.set(a.name, combo[a.name] ?? '');
    // a '2 x 5 kg' set weighs 10 kg, whatever the category's weight range says
    const kg = /^(?:(\d+) x )?(\d+(?:\.\d+)?) kg$/.exec(combo.Weight ?? spec.Weight ?? '');
    const promisedGrams = kg ? Number(kg[1] ?? 1) * Number(kg[2]) * 1000 : null;
    if (promisedGrams !== null && attributeValues.has('Total Weight'))
      attributeValues.set('Total Weight', `${promisedGrams / 1000} kg`);
    const attributes = [...attributeValues].map(([name, value]) => ({ name, value }));
    const planOffers = planOffers_(
      rng,
      sellersFor(refs.sellers, path, brand),
      leaf,
      brand,
      saleRupees,
      mrpRupees,
      promisedGrams,
    );
    const inStock = planOffers.filter((o) => (o.stock ?? 0) > 0);
    const lowest = Math.min(...(inStock.length > 0 ? inStock : planOffers).map((o) => o.salePricePaise));
    const planReviews = planReviews_(ctx, rng, refs, noun, quality, popularity, planOffers, images);
    const stars = [0, 0, 0, 0, 0];
    for (const r of planReviews) stars[r.stars - 1] = (stars[r.stars - 1] ?? 0) + 1;
    planned.push({
      row: {
        name,
        categoryId,
        brandId,
        variant: combo,
        description: `${name} by ${brand}. ${bullets.slice(0, 2).join(' ')} Sold by trusted sellers across India with delivery to your pincode.`,
        bulletPoints: bullets,
        technicalDetails: technical,
        mainImage: images[0] ?? '',
        images,
        upc: String(890_000_000_000 + rng.int(0, 99_999_999_999)).slice(0, 12),
        isAssured,
        isComparable: leaf.isComparable,
        handling: handlingOf(leaf.kind),
        ...KIND_TAX[leaf.kind],
        hasReplacement: leaf.replaceDays > 0,
        replaceDays: leaf.replaceDays,
        hasReturn: leaf.returnDays > 0,
        returnDays: leaf.returnDays,
        star1: stars[0],
        star2: stars[1],
        star3: stars[2],
        star4: stars[3],
        star5: stars[4],
        ratingCount: planReviews.length,
        lowestPricePaise: lowest,
        unitsSold: Math.round(planReviews.length * (6 + rng.next() * 20) + popularity * 400),
        createdAt: daysAgo(ctx.now, rng.int(5, 700)),
      },
      group: null,
      attributes,
      offers: planOffers,
      reviews: planReviews,
      coupon: rng.chance(0.15) ? planCoupon(rng, saleRupees, planOffers) : null,
    });
  }
  return planned;
}

/**
 * Product names already used, case-insensitively. A million names as strings would hold hundreds
 * of megabytes, so it keeps a 53-bit hash of each: a collision (about one in 10^9 at that size)
 * only gives a product an unneeded suffix, never a duplicate name.
 */
export class NameSet {
  private readonly hashes = new Set<number>();
  has(name: string): boolean {
    return this.hashes.has(hash53(name.toLowerCase()));
  }
  add(name: string): void {
    this.hashes.add(hash53(name.toLowerCase()));
  }
}

// cyrb53: a fast, well-spread 53-bit string hash
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2_654_435_761);
    h2 = Math.imul(h2 ^ ch, 1_597_334_677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2_246_822_507) ^ Math.imul(h2 ^ (h2 >>> 13), 3_266_489_909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2_246_822_507) ^ Math.imul(h1 ^ (h1 >>> 13), 3_266_489_909);
  return 4_294_967_296 * (2_097_151 & h2) + (h1 >>> 0);
}

/** 'Little Scientist Activity' + 'Activity Book' reads 'Little Scientist Activity Book'. */
export function joinWords(...parts: string[]): string {
  const words = parts.join(' ').split(/\s+/).filter(Boolean);
  return words.filter((word, i) => word.toLowerCase() !== words[i - 1]?.toLowerCase()).join(' ');
}

async function productImages(
  ctx: SeedContext,
  kind: ProductKind,
  colour: string,
  colourName: string,
  name: string,
  brand: string,
  model: string,
) {
  const views = [0, 1, 2, 3];
  if (ctx.scale.heavy) {
    // at benchmark scale, products of a kind and colour share one image set
    return Promise.all(
      views.map((view) =>
        ctx.media.svgOnce(`products/${kind}`, `${kind}-${colourName}-${view}`, () =>
          productImageSvg({ kind, colour, title: '', brand: '', view }),
        ),
      ),
    );
  }
  return Promise.all(
    views.map((view) =>
      ctx.media.svg(
        `products/${kind}`,
        `${name}-${view}`,
        productImageSvg({ kind, colour, title: name, brand, model, view }),
      ),
    ),
  );
}

const fitting = new WeakMap<object, Map<string, unknown[]>>();

/**
 * The sellers who would stock a product: traders in one of the categories on its path, and the
 * brand's own store. Tricity Sports sells no power banks and a kitchenware shop no teddy bears.
 */
export function sellersFor<S extends Pick<SeededSeller, 'sells' | 'brand'>>(
  sellers: readonly S[],
  path: readonly string[],
  brand: string,
): S[] {
  let byKey = fitting.get(sellers);
  if (!byKey) {
    byKey = new Map();
    fitting.set(sellers, byKey);
  }
  const key = `${path.join('/')}|${brand}`;
  let list = byKey.get(key) as S[] | undefined;
  if (!list) {
    list = sellers.filter((s) => (s.brand ? s.brand === brand : s.sells.some((c) => path.includes(c))));
    if (list.length === 0) throw new Error(`no seller trades in ${path.join(' > ')}`);
    byKey.set(key, list);
  }
  return list;
}

function planOffers_(
  rng: Random,
  sellers: readonly SeededSeller[],
  leaf: LeafCategory,
  brand: string,
  saleRupees: number,
  mrpRupees: number,
  promisedGrams: number | null,
): PlannedOffer[] {
  const count = rng.weighted(OFFER_COUNT_WEIGHTS) + 1;
  return rng.sample(sellers, count).map((seller, i) => {
    const drawn =
      i === 0 ? saleRupees : Math.min(mrpRupees, shopPriceRupees(saleRupees * (0.94 + rng.next() * 0.14)));
    // a price that would show as "0% off" is sold at the MRP, with no discount badge at all
    const sale = discountPercent(mrpRupees * 100, drawn * 100) === 0 ? mrpRupees : drawn;
    const drawnWeight = rng.int(leaf.weightGrams[0], leaf.weightGrams[1]);
    const weight = promisedGrams ?? drawnWeight;
    const warrantyYears = rng.int(leaf.warrantyYears[0], leaf.warrantyYears[1]);
    const dim = (r: readonly [number, number]) =>
      (Math.round((r[0] + rng.next() * (r[1] - r[0])) * 10) / 10).toFixed(1);
    const imported = leaf.origin !== 'India';
    return {
      sellerId: seller.id,
      sku: `${seller.code}-${slugify(brand, 8).replace(/-/g, '').toUpperCase()}`,
      salePricePaise: sale * 100,
      mrpPaise: mrpRupees * 100,
      stock: rng.chance(0.06) ? 0 : rng.int(1, 250),
      maxPerOrder: rng.pick([2, 3, 5, 5, 10]),
      sellerPincode: seller.pincode,
      warrantyYears,
      warrantyBy: warrantyYears > 0 ? rng.pick(['Manufacturer', 'Manufacturer', 'Seller']) : null,
      warrantyInfo:
        warrantyYears > 0
          ? `${warrantyYears} year${warrantyYears > 1 ? 's' : ''} warranty on manufacturing defects`
          : 'No warranty',
      manufacturerName: `${brand} ${imported ? 'International' : 'India'} Pvt. Ltd.`,
      importerName: imported ? `${brand} India Trading Pvt. Ltd.` : null,
      packerName: seller.name,
      weightGrams: weight,
      packWeightGrams: Math.round(weight * 1.15 + 50),
      lengthCm: dim(leaf.dimensionsCm[0]),
      widthCm: dim(leaf.dimensionsCm[1]),
      heightCm: dim(leaf.dimensionsCm[2]),
      origin: leaf.origin,
      parcelType: leaf.parcelType,
    };
  });
}

function planReviews_(
  ctx: SeedContext,
  rng: Random,
  refs: CatalogRefs,
  noun: string,
  quality: number,
  popularity: number,
  planOffers: PlannedOffer[],
  images: string[],
): PlannedReview[] {
  const max = ctx.scale.heavy ? 3 : Math.round(4 + popularity * 22);
  const count = rng.chance(0.25) ? 0 : rng.int(1, max);
  // star weights for 1..5 leaning to 5 as quality rises
  const weights = [1 - quality, (1 - quality) * 0.8, 0.5 - quality * 0.3, 0.6, quality * 2.2].map((w) =>
    Math.max(0.02, w),
  );
  // no two reviews of a product say the same words: a star bucket that has run out of texts ends there
  const used = new Set<string>();
  const planned: PlannedReview[] = [];
  for (let i = 0; i < count; i++) {
    const stars = (rng.weighted(weights) + 1) as 1 | 2 | 3 | 4 | 5;
    const texts = REVIEW_TEXTS[stars].filter((t) => !used.has(t));
    if (texts.length === 0) continue;
    const text = rng.pick(texts);
    used.add(text);
    const seller = rng.pick(planOffers);
    const createdAt = daysAgo(ctx.now, rng.int(1, 420), rng.int(7, 22));
    const boughtAt = new Date(createdAt.getTime() - rng.int(3, 20) * DAY_MS);
    planned.push({
      sellerId: seller.sellerId,
      userId: rng.pick(refs.reviewerIds),
      orderNo: seededOrderNo(boughtAt, rng.int(1_000_000_000, 9_999_999_999)),
      stars,
      body: text.replaceAll('{noun}', noun.toLowerCase()),
      images: rng.chance(0.12) ? images.slice(1, 1 + rng.int(1, 3)) : [],
      sellerMessage: stars <= 3 && rng.chance(0.35) ? rng.pick(SELLER_REPLIES) : null,
      createdAt,
    });
  }
  return planned;
}

function planCoupon(rng: Random, saleRupees: number, planOffers: PlannedOffer[]): PlannedCoupon {
  const seller = rng.pick(planOffers);
  const isCash = rng.chance(0.55);
  const cash = Math.max(20, Math.min(500, Math.round((saleRupees * rng.int(3, 12)) / 100 / 10) * 10));
  const percent = rng.pick([5, 5, 10, 10, 15, 20]);
  return {
    name: isCash ? `SAVE${cash}` : `EXTRA${percent}`,
    sellerId: seller.sellerId,
    offerType: isCash ? 'cash' : 'percentage',
    value: isCash ? cash * 100 : percent,
    perDayLimit: rng.pick([50, 100, 200]),
    totalLimit: rng.pick([500, 1000, 5000]),
    sellerType: 'seller',
  };
}

/** Sellers' rating from the reviews of their offers. */
export async function updateSellerRatings(ctx: SeedContext) {
  await ctx.db.execute(sql`
    UPDATE ${sellers} s SET rating_count = r.n, rating_sum = r.total
    FROM (SELECT seller_id, count(*)::int AS n, sum(stars)::int AS total FROM ${reviews} GROUP BY seller_id) r
    WHERE s.id = r.seller_id`);
}
