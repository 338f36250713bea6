import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRODUCT_REVISION_STATUSES } from '@marketplace/domain';
import type { ProductContentInput } from '@marketplace/domain/sellers/listing-api';
import { id, oneOf } from './columns.ts';
import { offers, products, sellers } from './catalog.ts';
import { staff } from './staff.ts';

/**
 * requirements#operator-catalog: a seller's edit of its approved product's content. The live
 * product keeps its approved content until staff approve the edit (then it applies) or reject it
 * with a reason its seller reads. One edit waits a product at a time: a second replaces it.
 */
export const productRevisions = pgTable(
  'product_revisions',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    // the seller's offer whose Legal Metrology declarations the edit carries
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    content: jsonb().$type<ProductContentInput>().notNull(),
    status: text().notNull().default('pending'),
    reason: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedByStaffId: integer().references(() => staff.id),
  },
  (t) => [
    check('product_revisions_status_known', sql.raw(oneOf('status', PRODUCT_REVISION_STATUSES))),
    check(
      'product_revisions_rejection_has_reason',
      sql`${t.status} <> 'rejected' OR ${t.reason} IS NOT NULL`,
    ),
    uniqueIndex('product_revisions_one_pending_key')
      .on(t.productId)
      .where(sql`${t.status} = 'pending'`),
    index('product_revisions_pending_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending'`),
    index('product_revisions_product_idx').on(t.productId, t.submittedAt),
  ],
);
