// A seller's offers as Seller Central reads them: one row shape for the table and the edit form.
import { and, eq, inArray } from 'drizzle-orm';
import { brands, type Executor, offers, productAttributes, products } from '@marketplace/db';
import {
  listingStatus,
  type OfferInput,
  type ProductContentInput,
  type SellerListing,
} from '@marketplace/domain/sellers/listing-api';

export const listingColumns = {
  offerId: offers.id,
  productId: offers.productId,
  productName: products.name,
  productImage: products.mainImage,
  sku: offers.sku,
  salePricePaise: offers.salePricePaise,
  mrpPaise: offers.mrpPaise,
  stock: offers.stock,
  isActive: offers.isActive,
  closedAt: offers.closedAt,
  moderationStatus: products.moderationStatus,
  moderationReason: products.moderationReason,
  createdBySellerId: products.createdBySellerId,
  sellerId: offers.sellerId,
};

type ListingRow = {
  offerId: number;
  productId: number;
  productName: string;
  productImage: string;
  sku: string;
  salePricePaise: number;
  mrpPaise: number;
  stock: number;
  isActive: boolean;
  closedAt: Date | null;
  moderationStatus: string;
  moderationReason: string | null;
  createdBySellerId: number | null;
  sellerId: number;
};

export const productUrl = (name: string) => `/productdetails/${encodeURIComponent(name)}`;

export function toListing(row: ListingRow): SellerListing {
  const status = listingStatus(row);
  return {
    offerId: row.offerId,
    productId: row.productId,
    productName: row.productName,
    productImage: row.productImage,
    productUrl: productUrl(row.productName),
    sku: row.sku,
    salePricePaise: row.salePricePaise,
    mrpPaise: row.mrpPaise,
    stock: row.stock,
    status,
    moderationReason: status === 'rejected' ? row.moderationReason : null,
    isOwnProduct: row.createdBySellerId === row.sellerId,
  };
}

/** A Legal Metrology party kept on the offer as "name\naddress". */
export const partyText = (party: { name: string; address: string }) =>
  party.name === '' ? null : `${party.name}\n${party.address}`;
export function partyOf(text: string | null): { name: string; address: string } {
  if (!text) return { name: '', address: '' };
  const at = text.indexOf('\n');
  return at < 0 ? { name: text, address: '' } : { name: text.slice(0, at), address: text.slice(at + 1) };
}

const sizeText = (value: string) => String(Number(value));

/** The offer's stored fields as the offer contract has them. */
export async function offerValues(db: Executor, offerId: number): Promise<OfferInput | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId));
  if (!row) return null;
  return {
    sku: row.sku,
    salePricePaise: row.salePricePaise,
    mrpPaise: row.mrpPaise,
    stock: row.stock,
    maxPerOrder: row.maxPerOrder,
    dispatchDays: row.dispatchDays,
    warranty: row.warrantyInfo ?? '',
    parcelType: row.parcelType as OfferInput['parcelType'],
    weightGrams: row.packWeightGrams,
    lengthCm: sizeText(row.lengthCm),
    widthCm: sizeText(row.widthCm),
    heightCm: sizeText(row.heightCm),
    codAllowed: row.codAllowed,
  };
}

/** The columns an offer's contract writes. */
export function offerColumns(offer: OfferInput) {
  return {
    sku: offer.sku,
    salePricePaise: offer.salePricePaise,
    mrpPaise: offer.mrpPaise,
    stock: offer.stock,
    maxPerOrder: offer.maxPerOrder,
    dispatchDays: offer.dispatchDays,
    warrantyInfo: offer.warranty === '' ? null : offer.warranty,
    parcelType: offer.parcelType,
    weightGrams: offer.weightGrams,
    packWeightGrams: offer.weightGrams,
    lengthCm: offer.lengthCm,
    widthCm: offer.widthCm,
    heightCm: offer.heightCm,
    codAllowed: offer.codAllowed,
  };
}

/** A product's content as its creator edits it. */
export async function productContent(
  db: Executor,
  productId: number,
  offerId: number,
): Promise<ProductContentInput | null> {
  const [[product], [offer], attributes] = await Promise.all([
    db.select().from(products).where(eq(products.id, productId)),
    db
      .select({
        manufacturer: offers.manufacturerName,
        packer: offers.packerName,
        importer: offers.importerName,
      })
      .from(offers)
      .where(eq(offers.id, offerId)),
    db
      .select({ name: productAttributes.name, value: productAttributes.value })
      .from(productAttributes)
      .where(eq(productAttributes.productId, productId))
      .orderBy(productAttributes.name, productAttributes.value),
  ]);
  if (!product || !offer) return null;
  return {
    title: product.name,
    bulletPoints: product.bulletPoints,
    technicalDetails: product.technicalDetails,
    additionalInfo: product.description,
    attributes,
    hsnCode: product.hsnCode ?? '',
    countryOfOrigin: product.countryOfOrigin ?? 'India',
    manufacturer: partyOf(offer.manufacturer),
    packer: partyOf(offer.packer),
    importer: partyOf(offer.importer),
    netQuantity: product.netQuantity ?? '',
    returnDays: product.returnDays,
    replaceDays: product.replaceDays,
  };
}

/** The brand names of products, by product id. */
export async function brandNames(db: Executor, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: brands.name })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, productIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** One offer of this seller with its product (closed ones too), or null: another seller's is never found. */
export async function findOwnListing(db: Executor, sellerId: number, offerId: number) {
  const [row] = await db
    .select({
      ...listingColumns,
      categoryId: products.categoryId,
      brandId: products.brandId,
      images: products.images,
      hsnCode: products.hsnCode,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.id, offerId), eq(offers.sellerId, sellerId)));
  return row ?? null;
}
