// requirements#operator-catalog: a lived-in moderation queue for the console: products sellers
// added that wait (one a near copy of a catalog product, to merge), and a seller's edit of its live
// product. Made last and from no random stream, so nothing seeded before changes.
import { desc, eq, sql } from 'drizzle-orm';
import type { ProductContentInput } from '@marketplace/domain/sellers/listing-api';
import { queryRows } from '../client.ts';
import { offers, products } from '../schema/catalog.ts';
import { productRevisions } from '../schema/moderation.ts';
import { DAY_MS, type SeedContext } from './context.ts';

type Source = { productId: number; sellerId: number };
type Queue = Pick<SeedContext, 'db' | 'now' | 'progress'>;

/** Active products of the catalog with one of their sellers, the newest first (far from the seeded favourites). */
async function sources(ctx: Queue, count: number): Promise<Source[]> {
  const rows = await ctx.db
    .select({ productId: products.id, sellerId: offers.sellerId })
    .from(products)
    .innerJoin(offers, eq(offers.productId, products.id))
    .where(sql`${products.isActive} AND ${products.groupId} IS NULL AND ${offers.closedAt} IS NULL`)
    .orderBy(desc(products.id), offers.sellerId)
    .limit(count * 6);
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.productId) && seen.add(row.productId)).slice(0, count);
}

/** The packer a seeded seller's product declares, named after the product's first word. */
const packerOf = (name: string) => ({
  name: `${name.split(' ')[0] ?? 'Maker'} Packers`,
  address: 'Unit 3, Chakan Industrial Area, Pune 410501',
});

/** A seller's copy of a catalog product, with its own offer; pending unless said otherwise. */
async function copyAsSellerProduct(
  ctx: Queue,
  source: Source,
  name: string,
  submittedAt: Date,
  status: 'pending' | 'approved',
): Promise<{ productId: number; offerId: number } | null> {
  const [product] = await ctx.db.select().from(products).where(eq(products.id, source.productId));
  const [offer] = await ctx.db
    .select()
    .from(offers)
    .where(sql`${offers.productId} = ${source.productId} AND ${offers.sellerId} = ${source.sellerId}`);
  if (!product || !offer) return null;
  const [created] = await ctx.db
    .insert(products)
    .values({
      name,
      categoryId: product.categoryId,
      brandId: product.brandId,
      description: product.description,
      bulletPoints: product.bulletPoints,
      technicalDetails: product.technicalDetails,
      mainImage: product.mainImage,
      images: product.images,
      handling: product.handling,
      hasReturn: product.hasReturn,
      returnDays: product.returnDays,
      hasReplacement: product.hasReplacement,
      replaceDays: product.replaceDays,
      isActive: status === 'approved',
      createdBySellerId: source.sellerId,
      moderationStatus: status,
      submittedAt,
      hsnCode: '8516',
      gstRate: 18,
      countryOfOrigin: 'India',
      netQuantity: '1 N',
      createdAt: submittedAt,
      updatedAt: submittedAt,
    })
    .returning({ id: products.id });
  if (!created) return null;
  const { id: _id, productId: _productId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = offer;
  const [copied] = await ctx.db
    .insert(offers)
    .values({
      ...fields,
      productId: created.id,
      sku: `${offer.sku}-S${created.id}`,
      manufacturerName: `${name.split(' ')[0] ?? 'Maker'} Industries\nPlot 14, MIDC, Pune 411019`,
      // a packer is declared with its address (Legal Metrology), as Seller Central's form asks
      packerName: `${packerOf(name).name}\n${packerOf(name).address}`,
      createdAt: submittedAt,
      updatedAt: submittedAt,
    })
    .returning({ id: offers.id });
  if (!copied) return null;
  await ctx.db.execute(
    sql`UPDATE products SET lowest_price_paise = ${offer.salePricePaise} WHERE id = ${created.id} AND is_active`,
  );
  return { productId: created.id, offerId: copied.id };
}

/** Seeds the queue's examples; returns how many new products and edits wait. */
export async function seedModerationQueue(ctx: Queue): Promise<{ products: number; edits: number }> {
  const picked = await sources(ctx, 4);
  const [a, b, c, d] = picked;
  const done = { products: 0, edits: 0 };
  if (!a || !b || !c || !d) return done;
  const names = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      sql`${products.id} IN (${sql.join(
        picked.map((source) => sql`${source.productId}`),
        sql`, `,
      )})`,
    );
  const nameOf = (source: Source) => names.find((row) => row.id === source.productId)?.name ?? 'Product';
  const ago = (days: number, hours = 0) => new Date(ctx.now.getTime() - days * DAY_MS - hours * 3_600_000);

  for (const [source, name, submitted] of [
    [a, `${nameOf(a)}, Pack of 2`, ago(3, 4)],
    [b, `${nameOf(b)} Gift Edition`, ago(2, 1)],
  ] as const)
    if (await copyAsSellerProduct(ctx, source, name, submitted, 'pending')) done.products += 1;
  // a seller's new product that is the catalog's product again: merged rather than approved
  const [other] = await queryRows<{ id: number; pincode: string }>(
    ctx.db,
    sql`SELECT s.id, s.pincode FROM sellers s WHERE s.status = 'approved' AND s.user_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.product_id = ${c.productId} AND o.seller_id = s.id)
          AND EXISTS (SELECT 1 FROM offers o WHERE o.seller_id = s.id)
        ORDER BY s.id LIMIT 1`,
  );
  if (other) {
    const made = await copyAsSellerProduct(ctx, c, `New ${nameOf(c)}`, ago(1, 6), 'pending');
    if (made) {
      done.products += 1;
      await ctx.db
        .update(offers)
        .set({ sellerId: other.id, sellerPincode: other.pincode })
        .where(eq(offers.id, made.offerId));
      await ctx.db
        .update(products)
        .set({ createdBySellerId: other.id })
        .where(eq(products.id, made.productId));
    }
  }
  // a live product of a seller, and the seller's edit of it waiting
  const live = await copyAsSellerProduct(ctx, d, `${nameOf(d)}, Value Pack`, ago(40), 'approved');
  if (!live) return done;
  const [product] = await ctx.db.select().from(products).where(eq(products.id, live.productId));
  if (!product) return done;
  const content: ProductContentInput = {
    title: `${product.name} of 3`,
    bulletPoints: ['Now three in a pack at the price of two', ...product.bulletPoints].slice(0, 10),
    technicalDetails: product.technicalDetails,
    additionalInfo: product.description,
    attributes: [],
    hsnCode: product.hsnCode ?? '8516',
    countryOfOrigin: product.countryOfOrigin ?? 'India',
    manufacturer: {
      name: `${product.name.split(' ')[0] ?? 'Maker'} Industries`,
      address: 'Plot 14, MIDC, Pune 411019',
    },
    packer: packerOf(product.name),
    importer: { name: '', address: '' },
    netQuantity: '3 N',
    returnDays: product.returnDays,
    replaceDays: product.replaceDays,
  };
  await ctx.db.execute(
    sql`INSERT INTO product_attributes (product_id, name, value)
        SELECT ${live.productId}, name, value FROM product_attributes WHERE product_id = ${d.productId}`,
  );
  content.attributes = await queryRows<{ name: string; value: string }>(
    ctx.db,
    sql`SELECT name, value FROM product_attributes WHERE product_id = ${live.productId} ORDER BY name, value`,
  );
  await ctx.db.insert(productRevisions).values({
    productId: live.productId,
    sellerId: d.sellerId,
    offerId: live.offerId,
    content,
    submittedAt: ago(0, 5),
  });
  done.edits = 1;
  ctx.progress(`moderation queue: ${done.products} new products and ${done.edits} edit waiting`);
  return done;
}
