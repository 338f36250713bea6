// requirements#operator-content: a page's blocks as shoppers would see them with a draft row or
// block in place, before staff publish it. The draft is checked as publishing checks it; nothing
// is written. The same rules as the storefront's loader (requirements#content-blocks) decide what shows:
// items whose product is gone are left out, and so are columns and rows left empty.
import type { Executor } from '@marketplace/db';
import type { AdminContentRow, ContentPreview, PreviewInput } from '@marketplace/domain/admin/content-api';
import { CONTENT_MESSAGES, spanProblem } from '@marketplace/domain/admin/content';
import { loadProductCards } from '../product-cards/index.ts';
import { findPage, loadAdminRows, type Problem, resolveItems } from './blocks.ts';

type Item = AdminContentRow['columns'][number]['items'][number];
type Block = ContentPreview['blocks'][number];

export async function previewPage(
  db: Executor,
  input: PreviewInput,
): Promise<{ code: 'OK'; preview: ContentPreview } | Problem> {
  const page = await findPage(db, input.categoryId);
  if (!page) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.categoryNotFound };
  const rows = await loadAdminRows(db, page);
  // a draft id stands for a row or column not yet saved
  const DRAFT = -1;
  let draftRow = rows.find((row) => row.id === input.rowId);
  if (input.rowId !== null && !draftRow) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.rowNotFound };
  if (!draftRow) {
    draftRow = { id: DRAFT, title: '', showTitle: true, contentType: input.row.contentType, columns: [] };
    rows.push(draftRow);
  }
  Object.assign(draftRow, input.row);
  if (input.column) {
    const { id, input: column } = input.column;
    const index = id === null ? -1 : draftRow.columns.findIndex((c) => c.id === id);
    if (id !== null && index < 0) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.columnNotFound };
    const others = draftRow.columns.filter((c) => c.id !== id).map((c) => c.span);
    const spanMessage = spanProblem(column.span, others, draftRow.columns[index]?.span);
    if (spanMessage) return { code: 'INVALID', field: 'span', message: spanMessage };
    const resolved = await resolveItems(db, column);
    if (!resolved.ok) return resolved.problem;
    const columnId = id ?? DRAFT;
    const draft = {
      id: columnId,
      displayType: column.block.type,
      span: column.span,
      header: column.header,
      displayCount: column.displayCount,
      items: resolved.items.map((item, i): Item => ({
        id: -(i + 1),
        displayType: column.block.type,
        productId: item.productId ?? null,
        productName: null,
        imagePath: item.imagePath ?? null,
        link: item.link ?? null,
        videoPath: item.videoPath ?? null,
        content: item.content ?? null,
      })),
    };
    if (index < 0) draftRow.columns.push(draft);
    else draftRow.columns[index] = draft;
  }
  return { code: 'OK', preview: { page: page.ref, blocks: await toBlocks(db, rows) } };
}

/** Rows as the storefront's blocks: product items become cards; empty columns and rows are left out. */
async function toBlocks(db: Executor, rows: AdminContentRow[]): Promise<Block[]> {
  const ids = rows.flatMap((row) => row.columns.flatMap((c) => c.items.flatMap((i) => i.productId ?? [])));
  const cards = new Map((await loadProductCards(db, ids)).map((card) => [card.id, card]));
  return rows.flatMap((row) => {
    const columns = row.columns.flatMap((column) => {
      const items = column.items
        .filter((item) => item.displayType === column.displayType)
        .flatMap((item): Block['columns'][number]['items'] => {
          switch (item.displayType) {
            case 'product': {
              const product = item.productId === null ? undefined : cards.get(item.productId);
              return product ? [{ id: item.id, displayType: 'product', product }] : [];
            }
            case 'banner':
              return item.imagePath
                ? [{ id: item.id, displayType: 'banner', image: item.imagePath, link: item.link }]
                : [];
            case 'video':
              return item.videoPath ? [{ id: item.id, displayType: 'video', video: item.videoPath }] : [];
            case 'content':
              return item.content
                ? [{ id: item.id, displayType: 'content', content: item.content, link: item.link }]
                : [];
          }
        });
      return items.length > 0 ? [{ ...column, items }] : [];
    });
    return columns.length > 0
      ? [{ id: row.id, contentType: row.contentType, title: row.title, showTitle: row.showTitle, columns }]
      : [];
  });
}
