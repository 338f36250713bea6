import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import {
  PICKER_LIMITS,
  type PickerChoice,
  type PickerKind,
  typedId,
} from '@marketplace/domain/admin/pickers-api';

// requirements#console-pickers: what a console form may choose, by part of its name or its id.

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

type Row = {
  id: number;
  label: string;
  detail: string | null;
  image?: string | null;
  name?: string;
  level?: number;
  is_registry?: boolean;
};

/** The shop's page of a choice (requirements#link-picker), as the storefront links to it. */
function pathOf(kind: PickerKind, row: Row): string | undefined {
  const name = row.name ?? row.label;
  switch (kind) {
    case 'products':
      return `/productdetails/${encodeURIComponent(name)}`;
    case 'brands':
      return `/${row.is_registry ? 'brandregistry' : 'brand'}/${encodeURIComponent(name)}`;
    case 'categories':
      return categoryListingPath(Number(row.level ?? 1), name);
    case 'sellers':
      return undefined;
  }
}

// a category by its path of names, top first (the tree has four levels)
const CATEGORY_PATHS = sql`
  SELECT c1.id, concat_ws(' › ', c4.name, c3.name, c2.name, c1.name) AS label, c1.name, c1.level, c1.retired_at
    FROM categories c1
    LEFT JOIN categories c2 ON c2.id = c1.parent_id
    LEFT JOIN categories c3 ON c3.id = c2.parent_id
    LEFT JOIN categories c4 ON c4.id = c3.parent_id`;

function queryOf(kind: PickerKind, q: string, id: number | null) {
  const pattern = likePattern(q);
  // (never a bare FALSE: PostgreSQL refuses a constant in ORDER BY; no record has id 0)
  const byId = sql`found.id = ${id ?? 0}`;
  // an id typed comes first, then names that start with the text, then the shortest
  const order = (name: string) =>
    sql`ORDER BY ${byId} DESC, ${sql.raw(name)} ILIKE ${`${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`} DESC,
        length(${sql.raw(name)}), found.id LIMIT ${PICKER_LIMITS.choices}`;
  switch (kind) {
    case 'products':
      // the id shows beside the brand: two products of one name are told apart by it
      return sql`SELECT found.id, found.name AS label, found.main_image AS image,
                        concat_ws(' · ', '#' || found.id, b.name, c.name,
                                  CASE WHEN NOT found.is_active THEN 'not on the shop' END) AS detail
                   FROM products found
                   JOIN brands b ON b.id = found.brand_id
                   JOIN categories c ON c.id = found.category_id
                  WHERE found.merged_into_id IS NULL AND (found.name ILIKE ${pattern} OR ${byId})
                  ${order('found.name')}`;
    case 'sellers':
      return sql`SELECT found.id, found.name AS label, concat_ws(' · ', found.legal_name, found.status) AS detail
                   FROM sellers found
                  WHERE found.name ILIKE ${pattern} OR found.legal_name ILIKE ${pattern} OR ${byId}
                  ${order('found.name')}`;
    case 'brands':
      return sql`SELECT found.id, found.name AS label, found.is_registry,
                        CASE WHEN found.is_registry THEN 'Brand registry' END AS detail
                   FROM brands found
                  WHERE found.name ILIKE ${pattern} OR ${byId}
                  ${order('found.name')}`;
    case 'categories':
      return sql`SELECT found.id, found.label, found.name, found.level, NULL AS detail
                   FROM (${CATEGORY_PATHS}) found
                  WHERE found.retired_at IS NULL AND (found.label ILIKE ${pattern} OR ${byId})
                  ${order('found.label')}`;
    default: {
      const unknown: never = kind;
      throw new RangeError(`Unknown picker: ${String(unknown)}`);
    }
  }
}

/** Up to 10 choices for the text typed: by part of the name (a category's whole path), or by id. */
export async function pickerChoices(db: Executor, kind: PickerKind, q: string): Promise<PickerChoice[]> {
  const rows = await queryRows<Row>(db, queryOf(kind, q, typedId(q)));
  return rows.map((row) => ({
    id: Number(row.id),
    label: row.label,
    detail: row.detail || null,
    ...(row.image ? { image: row.image } : {}),
    ...(kind === 'sellers' ? {} : { path: pathOf(kind, row) }),
  }));
}
