// Seeded products for the listings tests (requirements#seller-listings).
import sharp from 'sharp';
import { and, eq, notExists, sql } from 'drizzle-orm';
import { type Executor, offers, products } from '@marketplace/db';

/** An active product the seller does not sell, in a category where it already sells (so one it may list in). */
export async function productToList(db: Executor, sellerId: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        sql`${products.categoryId} IN (SELECT p.category_id FROM products p JOIN offers o ON o.product_id = p.id WHERE o.seller_id = ${sellerId})`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(offers)
            .where(and(eq(offers.productId, products.id), eq(offers.sellerId, sellerId))),
        ),
      ),
    )
    .orderBy(products.id)
    .limit(1);
  if (!row) throw new Error('the seed has a product this seller does not sell');
  return row;
}

/** requirements#operator-catalog: a seller's new product, added through the listings API as Seller Central adds it. */
export async function submitSellerProduct(
  request: (path: string, init?: RequestInit) => Response | Promise<Response>,
  cookie: string,
  title: string,
  { colour = '#3366cc', sku = `T-${Math.random().toString(36).slice(2, 10)}` } = {},
): Promise<{ productId: number; offerId: number }> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'photo.png');
  const uploaded = await request('/api/seller/products/images', {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`image upload: ${uploaded.status} ${await uploaded.text()}`);
  const image = (await uploaded.json()) as { path: string };
  const options = (await (
    await request('/api/seller/products/form-options', { headers: { cookie } })
  ).json()) as {
    categories: { id: number }[];
    brands: { id: number }[];
  };
  const body = {
    categoryId: options.categories[0]?.id ?? 0,
    brandId: options.brands[0]?.id ?? 0,
    content: {
      title,
      bulletPoints: ['Keeps water cold for 24 hours', 'Food-grade steel'],
      technicalDetails: [{ name: 'Capacity', value: '1 litre' }],
      additionalInfo: 'Hand wash only.',
      attributes: [],
      hsnCode: '7323',
      countryOfOrigin: 'India',
      manufacturer: { name: 'Dakshin Steelworks', address: '12 Industrial Estate, Chennai 600032' },
      packer: { name: '', address: '' },
      importer: { name: '', address: '' },
      netQuantity: '1 N',
      returnDays: 10,
      replaceDays: 7,
    },
    variant: { mode: 'none' },
    images: [image.path],
    offer: {
      sku,
      salePricePaise: 49_900,
      mrpPaise: 59_900,
      stock: 12,
      maxPerOrder: 5,
      dispatchDays: 2,
      warranty: '1 year manufacturer warranty',
      parcelType: 'unit',
      weightGrams: 450,
      lengthCm: '20',
      widthCm: '10.5',
      heightCm: '8',
      codAllowed: true,
    },
  };
  const created = await request('/api/seller/products', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (created.status !== 201) throw new Error(`new product: ${created.status} ${await created.text()}`);
  return (await created.json()) as { productId: number; offerId: number };
}
