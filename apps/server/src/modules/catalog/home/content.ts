import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { contentColumns, contentItems, contentRows, deals, type Executor } from '@marketplace/db';
import { uniqueById } from '@marketplace/domain/catalog/listing';
import type { HomeContentColumn, HomeContentItem, HomeContentRow, ProductCardData } from '@marketplace/web';
import { loadProductCards } from '../cards.ts';

const DISPLAY_TYPES = ['product', 'banner', 'video', 'content'] as const;
const displayType = (value: string): HomeContentColumn['displayType'] =>
  DISPLAY_TYPES.find((t) => t === value) ?? 'content';

/**
 * The home page's content rows (frontpg / frontcol / frontcol_products) of content types
 * PromoBlock and Home, with their product items as cards. A focused loader for the home page;
 * the category pages have their own renderer of the same tables.
 */
export async function loadHomeContent(
  db: Executor,
): Promise<{ promo: HomeContentRow[]; content: HomeContentRow[] }> {
  const rows = await db
    .select()
    .from(contentRows)
    .where(eq(contentRows.pageType, 'home'))
    .orderBy(asc(contentRows.position), asc(contentRows.id));
  if (rows.length === 0) return { promo: [], content: [] };
  const columns = await db
    .select()
    .from(contentColumns)
    .where(
      inArray(
        contentColumns.rowId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(contentColumns.position), asc(contentColumns.id));
  const items =
    columns.length === 0
      ? []
      : await db
          .select()
          .from(contentItems)
          .where(
            inArray(
              contentItems.columnId,
              columns.map((c) => c.id),
            ),
          )
          .orderBy(asc(contentItems.position), asc(contentItems.id));
  const cards = await loadProductCards(
    db,
    items.flatMap((item) => (item.displayType === 'product' && item.productId ? [item.productId] : [])),
  );
  const cardById = new Map(cards.map((card) => [card.id, card]));
  const toItem = (item: (typeof items)[number], alt: string): HomeContentItem[] => {
    switch (item.displayType) {
      case 'product': {
        const card = item.productId ? cardById.get(item.productId) : undefined;
        return card ? [{ kind: 'product', product: card }] : [];
      }
      case 'banner':
        return item.imagePath ? [{ kind: 'banner', image: item.imagePath, href: item.link, alt }] : [];
      case 'video':
        return item.videoPath ? [{ kind: 'video', video: item.videoPath }] : [];
      default:
        return item.content ? [{ kind: 'content', text: item.content }] : [];
    }
  };
  const built = rows.map((row) => ({
    contentType: row.contentType,
    row: {
      id: row.id,
      title: row.title,
      showTitle: row.showTitle,
      columns: columns
        .filter((column) => column.rowId === row.id)
        .map((column) => ({
          id: column.id,
          displayType: displayType(column.displayType),
          span: column.span,
          header: column.header,
          displayCount: column.displayCount,
          items: items
            .filter((item) => item.columnId === column.id)
            .flatMap((item) => toItem(item, column.header ?? row.title)),
        }))
        .filter((column) => column.items.length > 0),
    },
  }));
  const of = (type: string) =>
    built.filter((b) => b.contentType === type && b.row.columns.length > 0).map((b) => b.row);
  return { promo: of('PromoBlock'), content: of('Home') };
}

/** Deals of a page and offer type running now, as cards de-duplicated by product (spec §9). */
export async function loadPageDeals(
  db: Executor,
  page: string,
  offerType: 'deals' | 'percentage_offer',
  now = new Date(),
  limit = 24,
): Promise<ProductCardData[]> {
  const rows = await db
    .select({ productId: deals.productId })
    .from(deals)
    .where(
      and(
        eq(deals.page, page),
        eq(deals.offerType, offerType),
        lte(deals.startsAt, now),
        gt(deals.endsAt, now),
      ),
    )
    .orderBy(sql`${deals.pagePoints} DESC`, asc(deals.id))
    .limit(limit * 2);
  const cards = await loadProductCards(
    db,
    rows.map((r) => r.productId),
  );
  return uniqueById(cards).slice(0, limit);
}
