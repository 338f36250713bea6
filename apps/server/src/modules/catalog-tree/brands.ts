// requirements#operator-catalog: brands in the console: found by name, added, edited (name, registry
// flag, country, tagline) and given a logo; each change with its audit entry in one transaction.
import { asc, count, eq, sql } from 'drizzle-orm';
import { brands, type Executor, products } from '@marketplace/db';
import {
  BRAND_PAGE_SIZE,
  type BrandInput,
  type BrandPage,
  type BrandQuery,
  type BrandRow,
  brandPagePath,
  CATALOG_TREE_MESSAGES,
} from '@marketplace/domain/admin/catalog-tree-api';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import type { TreeResult } from './categories.ts';
import { isUniqueViolation } from './unique.ts';

/** The widths the shop shows a brand's logo at: 96 px on its page (192 for sharp screens), 400 for zoom. */
export const BRAND_LOGO_WIDTHS = [400, 192, 96] as const;
export const BRAND_LOGO_STORED_WIDTH = 192;

const columns = {
  id: brands.id,
  name: brands.name,
  isRegistry: brands.isRegistry,
  logo: brands.logoPath,
  country: brands.country,
  tagline: brands.tagline,
  productCount: sql<number>`(SELECT count(*)::int FROM ${products} WHERE ${products.brandId} = ${brands.id})`,
};

const toRow = (row: Omit<BrandRow, 'pagePath'>): BrandRow => ({
  ...row,
  productCount: Number(row.productCount),
  pagePath: brandPagePath(row.name, row.isRegistry),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listBrands(db: Executor, query: BrandQuery): Promise<BrandPage> {
  const where = query.q ? sql`${brands.name} ILIKE ${`%${escapeLike(query.q)}%`}` : undefined;
  const [totals] = await db.select({ total: count() }).from(brands).where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / BRAND_PAGE_SIZE));
  const rows = await db
    .select(columns)
    .from(brands)
    .where(where)
    .orderBy(asc(sql`lower(${brands.name})`), asc(brands.id))
    .limit(BRAND_PAGE_SIZE)
    .offset((query.page - 1) * BRAND_PAGE_SIZE);
  return { q: query.q ?? '', brands: rows.map(toRow), page: query.page, pageCount, total };
}

export async function findBrand(db: Executor, id: number): Promise<BrandRow | null> {
  const [row] = await db.select(columns).from(brands).where(eq(brands.id, id));
  return row ? toRow(row) : null;
}

const snapshot = (row: BrandRow) => ({
  name: row.name,
  isRegistry: row.isRegistry,
  logo: row.logo,
  country: row.country,
  tagline: row.tagline,
});

function duplicate(error: unknown, name: string): TreeResult<never> {
  if (isUniqueViolation(error, 'brands_name_key'))
    return { code: 'CONFLICT', message: CATALOG_TREE_MESSAGES.duplicateBrand(name) };
  throw error;
}

export async function addBrand(
  db: Executor,
  actor: AuditActor,
  input: BrandInput,
): Promise<TreeResult<BrandRow>> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx.insert(brands).values(input).returning({ id: brands.id });
      const row = created ? await findBrand(tx, created.id) : null;
      if (!row) throw new Error('the insert returned no row');
      await writeAudit(tx, actor, {
        action: 'brand.add',
        targetType: 'brand',
        targetId: row.id,
        before: null,
        after: snapshot(row),
      });
      return { code: 'OK', value: row };
    });
  } catch (error) {
    return duplicate(error, input.name);
  }
}

/** Saves a brand's name, registry flag, country and tagline, or its logo (`logo`). */
export async function editBrand(
  db: Executor,
  actor: AuditActor,
  id: number,
  change: BrandInput | { logo: string },
): Promise<TreeResult<BrandRow>> {
  const name = 'name' in change ? change.name : '';
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM brands WHERE id = ${id} FOR UPDATE`);
      const before = await findBrand(tx, id);
      if (!before) return { code: 'NOT_FOUND', message: CATALOG_TREE_MESSAGES.brandNotFound };
      await tx
        .update(brands)
        .set('logo' in change ? { logoPath: change.logo } : change)
        .where(eq(brands.id, id));
      const after = await findBrand(tx, id);
      if (!after) throw new Error('the brand went away inside its own transaction');
      await writeAudit(tx, actor, {
        action: 'brand.edit',
        targetType: 'brand',
        targetId: id,
        before: snapshot(before),
        after: snapshot(after),
      });
      return { code: 'OK', value: after };
    });
  } catch (error) {
    return duplicate(error, name);
  }
}
