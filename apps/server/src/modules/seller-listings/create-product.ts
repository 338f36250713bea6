// requirements#seller-listings: "Add a new product": a product in a leaf category with the seller's
// own offer, waiting for moderation (inactive, so no shop page, search, suggestion or listing
// shows it) until approved. The product's title is unique, so a form posted twice makes one product.
import { and, eq, sql } from 'drizzle-orm';
import { brands, type Database, offers, productGroups, products } from '@marketplace/db';
import { LISTING_MESSAGES, type CreateProductInput } from '@marketplace/domain/sellers/listing-api';
import { hsnProblem } from '../gst-rates/index.ts';
import { refreshLowestPrices } from '../inventory/index.ts';
import { insertAttributes, type ListingResult } from './listings.ts';
import { offerColumns, partyText } from './listing-rows.ts';
import { checkAttributes } from './product-content.ts';
import { isOwnStoredImage } from './product-images.ts';
import { isUniqueViolation, loadSellerScope } from './seller-scope.ts';
import type { MediaStore } from '../../media-store.ts';

export type ProductResult =
  { code: 'OK'; productId: number; offerId: number } | Exclude<ListingResult, { code: 'OK' }>;

const invalid = (field: string, message: string): ProductResult => ({
  code: 'INVALID',
  message,
  fields: { [field]: message },
});

export async function createSellerProduct(
  db: Database,
  media: MediaStore,
  sellerId: number,
  input: CreateProductInput,
  now: Date,
): Promise<ProductResult> {
  const scope = await loadSellerScope(db, sellerId);
  const category = scope.tree.get(input.categoryId);
  // requirements#operator-catalog: a leaf (no category in use below it) takes products
  const isLeaf = [...scope.tree.values()].every((node) => node.parentId !== input.categoryId);
  if (!category || !isLeaf) return invalid('categoryId', LISTING_MESSAGES.notLeafCategory);
  if (!scope.isAllowed(category.id)) return { code: 'NOT_ALLOWED' };
  const owned = await Promise.all(input.images.map((path) => isOwnStoredImage(media, sellerId, path)));
  if (owned.includes(false)) return invalid('images', LISTING_MESSAGES.unknownImage);
  const images = [...new Set(input.images)];
  const { content, offer, variant } = input;
  const hsn = await hsnProblem(db, sellerId, content.hsnCode, now);
  if (hsn) return invalid('content.hsnCode', hsn);
  return db
    .transaction(async (tx): Promise<ProductResult> => {
      const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
      if (!brand) return invalid('brandId', LISTING_MESSAGES.unknownBrand);
      const [taken] = await tx
        .select({ id: products.id })
        .from(products)
        .where(sql`lower(${products.name}) = lower(${content.title})`);
      if (taken) return { code: 'DUPLICATE_TITLE' };
      const problem = await checkAttributes(tx, category.id, content.attributes);
      if (problem) return invalid('content.attributes', problem);
      let groupId: number | null = null;
      let variantValues: Record<string, string> = {};
      if (variant.mode === 'new') {
        const [group] = await tx
          .insert(productGroups)
          .values({ name: content.title, axes: [variant.label] })
          .returning({ id: productGroups.id });
        groupId = group?.id ?? null;
        variantValues = { [variant.label]: variant.value };
      } else if (variant.mode === 'join') {
        // only a group holding one of the seller's own products
        const [group] = await tx
          .select({ id: productGroups.id, axes: productGroups.axes })
          .from(productGroups)
          .innerJoin(products, eq(products.groupId, productGroups.id))
          .where(and(eq(productGroups.id, variant.groupId), eq(products.createdBySellerId, sellerId)))
          .limit(1);
        if (!group) return invalid('variant.groupId', LISTING_MESSAGES.unknownGroup);
        groupId = group.id;
        variantValues = { [group.axes[0] ?? 'Variant']: variant.value };
      }
      const [product] = await tx
        .insert(products)
        .values({
          name: content.title,
          categoryId: category.id,
          brandId: brand.id,
          groupId,
          variant: variantValues,
          description: content.additionalInfo,
          bulletPoints: content.bulletPoints,
          technicalDetails: content.technicalDetails,
          mainImage: images[0] ?? '',
          images,
          isActive: false,
          createdBySellerId: sellerId,
          moderationStatus: 'pending',
          submittedAt: now,
          hsnCode: content.hsnCode,
          countryOfOrigin: content.countryOfOrigin,
          netQuantity: content.netQuantity,
          hasReturn: content.returnDays > 0,
          returnDays: content.returnDays,
          hasReplacement: content.replaceDays > 0,
          replaceDays: content.replaceDays,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: products.id });
      if (!product) throw new Error('the insert returns its row');
      await insertAttributes(tx, product.id, content.attributes);
      const [created] = await tx
        .insert(offers)
        .values({
          ...offerColumns(offer),
          productId: product.id,
          sellerId,
          sellerPincode: scope.pincode,
          manufacturerName: partyText(content.manufacturer),
          packerName: partyText(content.packer),
          importerName: partyText(content.importer),
          origin: content.countryOfOrigin,
          isActive: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: offers.id });
      if (!created) throw new Error('the insert returns its row');
      await refreshLowestPrices(tx, [product.id]);
      return { code: 'OK', productId: product.id, offerId: created.id };
    })
    .catch((error: unknown): ProductResult => {
      if (isUniqueViolation(error, 'products_name_key')) return { code: 'DUPLICATE_TITLE' };
      if (isUniqueViolation(error, 'offers_seller_sku_key')) return { code: 'DUPLICATE_SKU' };
      throw error;
    });
}
