import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { coupons, offers, products } from './catalog.ts';
import { createdAt, id, oneOf, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const SAVED_LISTS = ['save_for_later', 'wishlist'] as const;

/** A logged-in shopper's cart: one line per offer (product x seller). Visitors keep theirs in the browser. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    couponId: integer().references(() => coupons.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_offer_key').on(t.userId, t.offerId),
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/** Save-for-later and wishlist entries. */
export const savedItems = pgTable(
  'saved_items',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    offerId: integer().references(() => offers.id, { onDelete: 'set null' }),
    list: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_items_user_list_product_key').on(t.userId, t.list, t.productId),
    check('saved_items_list_known', sql.raw(oneOf('list', SAVED_LISTS))),
  ],
);

/** Products a logged-in shopper viewed (requirements#browsing-history: capped at 10, a month at most; enforced by the service). */
export const browsingHistory = pgTable(
  'browsing_history',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('browsing_history_user_product_key').on(t.userId, t.productId),
    index('browsing_history_user_viewed_idx').on(t.userId, t.viewedAt),
  ],
);

/** Keywords a shopper searched for ('Recently Searched Items'). */
export const searchHistory = pgTable(
  'search_history',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyword: text().notNull(),
    searchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('search_history_user_keyword_key').on(t.userId, sql`lower(${t.keyword})`),
    index('search_history_user_searched_idx').on(t.userId, t.searchedAt),
    check('search_history_keyword_length', sql`length(${t.keyword}) BETWEEN 1 AND 200`),
  ],
);
