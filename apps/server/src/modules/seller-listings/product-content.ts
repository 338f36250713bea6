// requirements#seller-listings: a product's filter attributes take the values the category's
// listing filters offer: those staff allow on the leaf (requirements#operator-catalog), in their
// order, so a new product is found by them.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';
import { LISTING_MESSAGES, type ProductContentInput } from '@marketplace/domain/sellers/listing-api';

export type CategoryAttribute = { name: string; values: string[] };

/** The attribute names and values staff allow on a leaf category (what its filters show), in order. */
export async function categoryAttributes(db: Executor, categoryId: number): Promise<CategoryAttribute[]> {
  const rows = await queryRows<{ name: string; value: string }>(
    db,
    sql`SELECT a.name, v.value
          FROM category_attributes a
          JOIN category_attribute_values v ON v.attribute_id = a.id
         WHERE a.category_id = ${categoryId}
         ORDER BY a.position, a.id, v.position, v.id`,
  );
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.value]);
  return [...byName].map(([name, values]) => ({ name, values }));
}

/** What is wrong with a product's attributes for its category, or null. One value per attribute. */
export async function checkAttributes(
  db: Executor,
  categoryId: number,
  attributes: readonly { name: string; value: string }[],
  productId?: number,
): Promise<string | null> {
  if (attributes.length === 0) return null;
  const allowed = await categoryAttributes(db, categoryId);
  // a product already carrying a value keeps it (its own row is not live while it waits)
  const own = productId
    ? await queryRows<{ name: string; value: string }>(
        db,
        sql`SELECT name, value FROM product_attributes WHERE product_id = ${productId}`,
      )
    : [];
  const seen = new Set<string>();
  for (const attribute of attributes) {
    if (seen.has(attribute.name)) return LISTING_MESSAGES.attributeValue;
    seen.add(attribute.name);
    const values = allowed.find((entry) => entry.name === attribute.name)?.values ?? [];
    const isOwn = own.some((row) => row.name === attribute.name && row.value === attribute.value);
    if (!values.includes(attribute.value) && !isOwn) return LISTING_MESSAGES.attributeValue;
  }
  return null;
}

/** True when two versions of a product's content say the same (then nothing goes to moderation). */
export function sameContent(a: ProductContentInput, b: ProductContentInput): boolean {
  const canonical = (c: ProductContentInput) =>
    JSON.stringify([
      c.title,
      c.bulletPoints,
      c.technicalDetails.map((detail) => [detail.name, detail.value]),
      c.additionalInfo,
      c.attributes.map((item) => `${item.name}\u0000${item.value}`).sort(),
      c.hsnCode,
      c.countryOfOrigin,
      [c.manufacturer.name, c.manufacturer.address],
      [c.packer.name, c.packer.address],
      [c.importer.name, c.importer.address],
      c.netQuantity,
      c.returnDays,
      c.replaceDays,
    ]);
  return canonical(a) === canonical(b);
}
