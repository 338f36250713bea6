// requirements#operator-content: staff edit the page-content rows, columns and items
// (requirements#content-blocks) of the home page and each category page. Each change and its audit
// entry are written in one transaction; a row's columns are locked while their widths are checked.
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  categories,
  contentColumns,
  contentItems,
  contentRows,
  type Database,
  type Executor,
  products,
} from '@marketplace/db';
import {
  type AdminContentPage,
  type AdminContentRow,
  CATEGORY_CONTENT_TYPE,
  type ColumnInput,
  type ContentPageRef,
  HOME_CONTENT_TYPES,
  type NewRowInput,
  type RowInput,
} from '@marketplace/domain/admin/content-api';
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  moveInOrder,
  spanProblem,
} from '@marketplace/domain/admin/content';
import { categoryListingPath, categoryListingType } from '@marketplace/domain/catalog/categories';
import { bestSellerCards } from '../product-cards/index.ts';
import { categorySubtreeIds } from '../catalog/index.ts';
import { type AuditActor, writeAudit } from '../staff/index.ts';

export type Problem =
  { code: 'INVALID'; field: string; message: string } | { code: 'NOT_FOUND'; message: string };
export type Saved = { code: 'OK'; id: number } | Problem;

type Page = { categoryId: number | null; pageType: string; ref: ContentPageRef };

/** The home page (no category) or a category's page: its page type and where shoppers see it. */
export async function findPage(db: Executor, categoryId: number | null): Promise<Page | null> {
  if (categoryId === null)
    return { categoryId, pageType: 'home', ref: { categoryId, name: 'Home page', href: '/' } };
  const [category] = await db
    .select({ id: categories.id, name: categories.name, level: categories.level })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!category) return null;
  return {
    categoryId,
    pageType: categoryListingType(category.level),
    ref: { categoryId, name: category.name, href: categoryListingPath(category.level, category.name) },
  };
}

const pageRows = (page: Pick<Page, 'categoryId' | 'pageType'>) =>
  and(
    eq(contentRows.pageType, page.pageType),
    page.categoryId === null ? isNull(contentRows.categoryId) : eq(contentRows.categoryId, page.categoryId),
  );

/** A page's rows with every column and item as stored (the storefront leaves empty ones out; staff see them). */
export async function loadAdminRows(db: Executor, page: Pick<Page, 'categoryId' | 'pageType'>) {
  const rows = await db
    .select({
      id: contentRows.id,
      title: contentRows.title,
      showTitle: contentRows.showTitle,
      contentType: contentRows.contentType,
    })
    .from(contentRows)
    .where(pageRows(page))
    .orderBy(asc(contentRows.position), asc(contentRows.id));
  if (rows.length === 0) return [];
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
          .select({
            id: contentItems.id,
            columnId: contentItems.columnId,
            displayType: contentItems.displayType,
            productId: contentItems.productId,
            productName: products.name,
            imagePath: contentItems.imagePath,
            link: contentItems.link,
            videoPath: contentItems.videoPath,
            content: contentItems.content,
          })
          .from(contentItems)
          .leftJoin(products, eq(products.id, contentItems.productId))
          .where(
            inArray(
              contentItems.columnId,
              columns.map((c) => c.id),
            ),
          )
          .orderBy(asc(contentItems.position), asc(contentItems.id));
  return rows.map((row): AdminContentRow => ({
    ...row,
    columns: columns
      .filter((column) => column.rowId === row.id)
      .map((column) => ({
        id: column.id,
        displayType: column.displayType as AdminContentRow['columns'][number]['displayType'],
        span: column.span,
        header: column.header,
        displayCount: column.displayCount,
        items: items
          .filter((item) => item.columnId === column.id)
          .map(({ columnId: _column, ...item }) => ({
            ...item,
            displayType: item.displayType as AdminContentRow['columns'][number]['displayType'],
          })),
      })),
  }));
}

/** The screen's data: the page's rows and the categories whose pages staff may open. */
export async function loadContentPage(
  db: Executor,
  categoryId: number | null,
): Promise<AdminContentPage | null> {
  const page = await findPage(db, categoryId);
  if (!page) return null;
  const [rows, categoryList, counts] = await Promise.all([
    loadAdminRows(db, page),
    db
      .select({
        id: categories.id,
        name: categories.name,
        level: categories.level,
        parentId: categories.parentId,
      })
      .from(categories)
      .orderBy(asc(categories.level), asc(categories.name)),
    db
      .select({ categoryId: contentRows.categoryId, rowCount: count() })
      .from(contentRows)
      .groupBy(contentRows.categoryId),
  ]);
  const rowsOf = new Map(counts.map((c) => [c.categoryId, c.rowCount]));
  const byId = new Map(categoryList.map((c) => [c.id, c]));
  // requirements#console-pickers: a category is named by its path ('Fashion › Men › Footwear')
  const pathOf = (id: number) => {
    const names: string[] = [];
    for (
      let at = byId.get(id);
      at && names.length < 4;
      at = at.parentId === null ? undefined : byId.get(at.parentId)
    )
      names.unshift(at.name);
    return names.join(' › ');
  };
  return {
    page: page.ref,
    rows,
    categories: categoryList.map(({ parentId: _parent, ...c }) => ({
      ...c,
      path: pathOf(c.id),
      rowCount: rowsOf.get(c.id) ?? 0,
    })),
  };
}

/** Products whose name holds the words (or whose id it is), for staff choosing a product block's products. */
export async function searchProducts(db: Executor, q: string) {
  if (q.length === 0) return [];
  const byId = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: products.id, name: products.name, image: products.mainImage })
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        byId === null ? sql`${products.name} ILIKE ${pattern}` : eq(products.id, byId),
      ),
    )
    .orderBy(sql`${products.unitsSold} DESC`, asc(products.id))
    .limit(20);
}

/** The row of the page (locked for the transaction), or null. */
async function lockRow(tx: Executor, rowId: number) {
  const [row] = await tx.select().from(contentRows).where(eq(contentRows.id, rowId)).for('update');
  return row ?? null;
}

function contentTypeProblem(pageType: string, contentType: string): Problem | null {
  const allowed: readonly string[] = pageType === 'home' ? HOME_CONTENT_TYPES : [CATEGORY_CONTENT_TYPE];
  return allowed.includes(contentType)
    ? null
    : {
        code: 'INVALID',
        field: 'contentType',
        message:
          pageType === 'home'
            ? 'On the home page a row is in the promo block or the home block.'
            : 'A category page’s rows are of the type Category.',
      };
}

const rowAudit = (row: typeof contentRows.$inferSelect | null) =>
  row && {
    page: row.pageType,
    categoryId: row.categoryId,
    title: row.title,
    showTitle: row.showTitle,
    contentType: row.contentType,
    position: row.position,
  };

export async function addRow(db: Database, actor: AuditActor, input: NewRowInput): Promise<Saved> {
  const page = await findPage(db, input.categoryId);
  if (!page) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.categoryNotFound };
  const wrongType = contentTypeProblem(page.pageType, input.contentType);
  if (wrongType) return wrongType;
  return db.transaction(async (tx) => {
    // the page's rows are counted and placed under a lock on the page, so two adds never share a place
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`content-page:${page.pageType}:${page.categoryId ?? 0}`}))`,
    );
    const [{ total = 0, last = -1 } = {}] = await tx
      .select({ total: count(), last: sql<number>`coalesce(max(${contentRows.position}), -1)::int` })
      .from(contentRows)
      .where(pageRows(page));
    if (total >= CONTENT_LIMITS.rowsPerPage)
      return { code: 'INVALID', field: 'title', message: CONTENT_MESSAGES.pageFull };
    const [row] = await tx
      .insert(contentRows)
      .values({
        pageType: page.pageType,
        categoryId: page.categoryId,
        title: input.title,
        showTitle: input.showTitle,
        contentType: input.contentType,
        position: last + 1,
      })
      .returning();
    if (!row) throw new Error('the row was not inserted');
    await writeAudit(tx, actor, {
      action: 'content.row',
      targetType: 'content-row',
      targetId: row.id,
      before: null,
      after: rowAudit(row),
    });
    return { code: 'OK', id: row.id };
  });
}

export async function editRow(
  db: Database,
  actor: AuditActor,
  rowId: number,
  input: RowInput,
): Promise<Saved> {
  return db.transaction(async (tx) => {
    const before = await lockRow(tx, rowId);
    if (!before) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.rowNotFound };
    const wrongType = contentTypeProblem(before.pageType, input.contentType);
    if (wrongType) return wrongType;
    const [after] = await tx
      .update(contentRows)
      .set({ title: input.title, showTitle: input.showTitle, contentType: input.contentType })
      .where(eq(contentRows.id, rowId))
      .returning();
    await writeAudit(tx, actor, {
      action: 'content.row',
      targetType: 'content-row',
      targetId: rowId,
      before: rowAudit(before),
      after: rowAudit(after ?? null),
    });
    return { code: 'OK', id: rowId };
  });
}

export async function removeRow(db: Database, actor: AuditActor, rowId: number): Promise<Saved> {
  return db.transaction(async (tx) => {
    const before = await lockRow(tx, rowId);
    if (!before) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.rowNotFound };
    const [columns] = await tx
      .select({ n: count() })
      .from(contentColumns)
      .where(eq(contentColumns.rowId, rowId));
    await tx.delete(contentRows).where(eq(contentRows.id, rowId));
    await writeAudit(tx, actor, {
      action: 'content.row',
      targetType: 'content-row',
      targetId: rowId,
      before: { ...rowAudit(before), columns: columns?.n ?? 0 },
      after: null,
    });
    return { code: 'OK', id: rowId };
  });
}

/** Moves a row one place up or down its page; the positions of the page's rows are written anew. */
export async function moveRow(
  db: Database,
  actor: AuditActor,
  rowId: number,
  direction: 'up' | 'down',
): Promise<Saved> {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, rowId);
    if (!row) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.rowNotFound };
    const siblings = await tx
      .select({ id: contentRows.id })
      .from(contentRows)
      .where(pageRows(row))
      .orderBy(asc(contentRows.position), asc(contentRows.id))
      .for('update');
    const before = siblings.map((s) => s.id);
    const after = moveInOrder(before, rowId, direction);
    if (!after)
      return {
        code: 'INVALID',
        field: 'direction',
        message: direction === 'up' ? 'This row is already the first.' : 'This row is already the last.',
      };
    for (const [position, id] of after.entries())
      await tx.update(contentRows).set({ position }).where(eq(contentRows.id, id));
    await writeAudit(tx, actor, {
      action: 'content.row',
      targetType: 'content-row',
      targetId: rowId,
      before: { order: before },
      after: { order: after },
    });
    return { code: 'OK', id: rowId };
  });
}

/** The items a column stores for its block; a product rule picks the category's best sellers now. */
export async function resolveItems(
  tx: Executor,
  input: ColumnInput,
): Promise<
  { ok: true; items: Omit<typeof contentItems.$inferInsert, 'columnId'>[] } | { ok: false; problem: Problem }
> {
  const block = input.block;
  switch (block.type) {
    case 'product': {
      let ids = block.productIds;
      if (ids.length === 0 && block.rule) {
        const [category] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, block.rule.categoryId));
        if (!category)
          return {
            ok: false,
            problem: { code: 'INVALID', field: 'ruleCategoryId', message: CONTENT_MESSAGES.categoryNotFound },
          };
        const cards = await bestSellerCards(tx, {
          limit: block.rule.count,
          categoryIds: await categorySubtreeIds(tx, category.id),
        });
        ids = cards.map((card) => card.id);
      }
      if (ids.length === 0)
        return {
          ok: false,
          problem: { code: 'INVALID', field: 'productIds', message: CONTENT_MESSAGES.noProducts },
        };
      if (new Set(ids).size !== ids.length)
        return {
          ok: false,
          problem: { code: 'INVALID', field: 'productIds', message: CONTENT_MESSAGES.duplicateProducts },
        };
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.isActive, true)));
      const known = new Set(found.map((p) => p.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0)
        return {
          ok: false,
          problem: {
            code: 'INVALID',
            field: 'productIds',
            message: CONTENT_MESSAGES.unknownProducts(unknown),
          },
        };
      return {
        ok: true,
        items: ids.map((productId, position) => ({ displayType: 'product', productId, position })),
      };
    }
    case 'banner':
      return {
        ok: true,
        items: block.banners.map((b, position) => ({
          displayType: 'banner',
          imagePath: b.image,
          link: b.link,
          position,
        })),
      };
    case 'video':
      return { ok: true, items: [{ displayType: 'video', videoPath: block.video, position: 0 }] };
    case 'content':
      return {
        ok: true,
        items: [{ displayType: 'content', content: block.text, link: block.link, position: 0 }],
      };
  }
}

/** The column's fields and items as the audit log keeps them. */
async function columnAudit(tx: Executor, columnId: number) {
  const [column] = await tx.select().from(contentColumns).where(eq(contentColumns.id, columnId));
  if (!column) return null;
  const items = await tx
    .select({
      productId: contentItems.productId,
      imagePath: contentItems.imagePath,
      link: contentItems.link,
      videoPath: contentItems.videoPath,
      content: contentItems.content,
    })
    .from(contentItems)
    .where(eq(contentItems.columnId, columnId))
    .orderBy(asc(contentItems.position), asc(contentItems.id));
  return {
    rowId: column.rowId,
    displayType: column.displayType,
    span: column.span,
    header: column.header,
    displayCount: column.displayCount,
    position: column.position,
    items: items.map((item) => Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null))),
  };
}

/** The spans of the row's other columns (the row is locked by the caller). */
async function otherSpans(tx: Executor, rowId: number, exceptColumnId: number | null) {
  const rows = await tx
    .select({ span: contentColumns.span })
    .from(contentColumns)
    .where(
      exceptColumnId === null
        ? eq(contentColumns.rowId, rowId)
        : and(eq(contentColumns.rowId, rowId), ne(contentColumns.id, exceptColumnId)),
    );
  return rows.map((r) => r.span);
}

/** Adds a column (and its items) at the end of a row, when the row's widths leave room for it. */
export async function addColumn(
  db: Database,
  actor: AuditActor,
  rowId: number,
  input: ColumnInput,
): Promise<Saved> {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, rowId);
    if (!row) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.rowNotFound };
    const spanMessage = spanProblem(input.span, await otherSpans(tx, rowId, null));
    if (spanMessage) return { code: 'INVALID', field: 'span', message: spanMessage };
    const items = await resolveItems(tx, input);
    if (!items.ok) return items.problem;
    const [{ last = -1 } = {}] = await tx
      .select({ last: sql<number>`coalesce(max(${contentColumns.position}), -1)::int` })
      .from(contentColumns)
      .where(eq(contentColumns.rowId, rowId));
    const [column] = await tx
      .insert(contentColumns)
      .values({
        rowId,
        displayType: input.block.type,
        span: input.span,
        header: input.header,
        displayCount: input.displayCount,
        position: last + 1,
      })
      .returning({ id: contentColumns.id });
    if (!column) throw new Error('the column was not inserted');
    await tx.insert(contentItems).values(items.items.map((item) => ({ ...item, columnId: column.id })));
    await writeAudit(tx, actor, {
      action: 'content.block',
      targetType: 'content-column',
      targetId: column.id,
      before: null,
      after: await columnAudit(tx, column.id),
    });
    return { code: 'OK', id: column.id };
  });
}

/** The column with its row locked, or null. */
async function lockColumn(tx: Executor, columnId: number) {
  const [column] = await tx.select().from(contentColumns).where(eq(contentColumns.id, columnId));
  if (!column) return null;
  const row = await lockRow(tx, column.rowId);
  return row ? column : null;
}

/** Replaces a column's fields and items (publishing the edited block). */
export async function editColumn(
  db: Database,
  actor: AuditActor,
  columnId: number,
  input: ColumnInput,
): Promise<Saved> {
  return db.transaction(async (tx) => {
    const column = await lockColumn(tx, columnId);
    if (!column) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.columnNotFound };
    const spanMessage = spanProblem(input.span, await otherSpans(tx, column.rowId, columnId), column.span);
    if (spanMessage) return { code: 'INVALID', field: 'span', message: spanMessage };
    const items = await resolveItems(tx, input);
    if (!items.ok) return items.problem;
    const before = await columnAudit(tx, columnId);
    await tx
      .update(contentColumns)
      .set({
        displayType: input.block.type,
        span: input.span,
        header: input.header,
        displayCount: input.displayCount,
      })
      .where(eq(contentColumns.id, columnId));
    await tx.delete(contentItems).where(eq(contentItems.columnId, columnId));
    await tx.insert(contentItems).values(items.items.map((item) => ({ ...item, columnId })));
    await writeAudit(tx, actor, {
      action: 'content.block',
      targetType: 'content-column',
      targetId: columnId,
      before,
      after: await columnAudit(tx, columnId),
    });
    return { code: 'OK', id: columnId };
  });
}

export async function removeColumn(db: Database, actor: AuditActor, columnId: number): Promise<Saved> {
  return db.transaction(async (tx) => {
    const column = await lockColumn(tx, columnId);
    if (!column) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.columnNotFound };
    const before = await columnAudit(tx, columnId);
    await tx.delete(contentColumns).where(eq(contentColumns.id, columnId));
    await writeAudit(tx, actor, {
      action: 'content.block',
      targetType: 'content-column',
      targetId: columnId,
      before,
      after: null,
    });
    return { code: 'OK', id: columnId };
  });
}

/** Moves a column one place left (up) or right (down) within its row. */
export async function moveColumn(
  db: Database,
  actor: AuditActor,
  columnId: number,
  direction: 'up' | 'down',
): Promise<Saved> {
  return db.transaction(async (tx) => {
    const column = await lockColumn(tx, columnId);
    if (!column) return { code: 'NOT_FOUND', message: CONTENT_MESSAGES.columnNotFound };
    const siblings = await tx
      .select({ id: contentColumns.id })
      .from(contentColumns)
      .where(eq(contentColumns.rowId, column.rowId))
      .orderBy(asc(contentColumns.position), asc(contentColumns.id));
    const before = siblings.map((s) => s.id);
    const after = moveInOrder(before, columnId, direction);
    if (!after)
      return {
        code: 'INVALID',
        field: 'direction',
        message:
          direction === 'up'
            ? 'This block is already the first of its row.'
            : 'This block is already the last of its row.',
      };
    for (const [position, id] of after.entries())
      await tx.update(contentColumns).set({ position }).where(eq(contentColumns.id, id));
    await writeAudit(tx, actor, {
      action: 'content.block',
      targetType: 'content-column',
      targetId: columnId,
      before: { rowId: column.rowId, order: before },
      after: { rowId: column.rowId, order: after },
    });
    return { code: 'OK', id: columnId };
  });
}
