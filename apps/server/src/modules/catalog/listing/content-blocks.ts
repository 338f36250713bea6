import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { contentColumns, contentItems, contentRows, type Executor } from '@marketplace/db';
import type { ContentDisplayType } from '@marketplace/domain/catalog/listing-filters';
import type { ContentBlock, ContentBlockItem, ProductCardData } from '@marketplace/web';
import { loadProductCards } from '../../product-cards/index.ts';

const DISPLAY_TYPES: readonly string[] = ['product', 'banner', 'video', 'content'];

/**
 * The page-content blocks of a page (requirements#content-blocks): the home page
 * (page type 'home', no category) or a category listing (its type c..sssc and category id). Items
 * whose product is gone or inactive are left out, and so are columns and rows left empty.
 */
export async function loadContentBlocks(
  db: Executor,
  pageType: string,
  categoryId: number | null,
): Promise<ContentBlock[]> {
  const rows = await db
    .select({
      id: contentRows.id,
      contentType: contentRows.contentType,
      title: contentRows.title,
      showTitle: contentRows.showTitle,
    })
    .from(contentRows)
    .where(
      and(
        eq(contentRows.pageType, pageType),
        categoryId === null ? isNull(contentRows.categoryId) : eq(contentRows.categoryId, categoryId),
      ),
    )
    .orderBy(asc(contentRows.position), asc(contentRows.id));
  if (rows.length === 0) return [];
  const columns = await db
    .select()
    .from(contentColumns)
    .where(
      inArray(
        contentColumns.rowId,
        rows.map((row) => row.id),
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
              columns.map((column) => column.id),
            ),
          )
          .orderBy(asc(contentItems.position), asc(contentItems.id));
  const cards = new Map(
    (
      await loadProductCards(
        db,
        items.flatMap((item) => item.productId ?? []),
      )
    ).map((card) => [card.id, card]),
  );

  const itemsOf = new Map<number, ContentBlockItem[]>();
  for (const item of items) {
    const block = toBlockItem(item, cards);
    if (block) itemsOf.set(item.columnId, [...(itemsOf.get(item.columnId) ?? []), block]);
  }
  return rows.flatMap((row) => {
    const blockColumns = columns.flatMap((column) => {
      const columnItems = itemsOf.get(column.id) ?? [];
      if (column.rowId !== row.id || columnItems.length === 0 || !DISPLAY_TYPES.includes(column.displayType))
        return [];
      return [
        {
          id: column.id,
          displayType: column.displayType as ContentDisplayType,
          span: column.span,
          header: column.header,
          displayCount: column.displayCount,
          // a column shows the items of its own display type
          items: columnItems.filter((item) => item.displayType === column.displayType),
        },
      ].filter((c) => c.items.length > 0);
    });
    return blockColumns.length > 0 ? [{ ...row, columns: blockColumns }] : [];
  });
}

function toBlockItem(
  item: typeof contentItems.$inferSelect,
  cards: Map<number, ProductCardData>,
): ContentBlockItem | null {
  switch (item.displayType) {
    case 'product': {
      const product = item.productId === null ? undefined : cards.get(item.productId);
      return product ? { id: item.id, displayType: 'product', product } : null;
    }
    case 'banner':
      return item.imagePath
        ? { id: item.id, displayType: 'banner', image: item.imagePath, link: item.link }
        : null;
    case 'video':
      return item.videoPath ? { id: item.id, displayType: 'video', video: item.videoPath } : null;
    case 'content':
      return item.content
        ? { id: item.id, displayType: 'content', content: item.content, link: item.link }
        : null;
    default:
      return null;
  }
}
