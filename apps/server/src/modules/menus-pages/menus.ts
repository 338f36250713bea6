import { and, asc, eq, sql } from 'drizzle-orm';
import {
  categories,
  contentPages,
  type Database,
  type Executor,
  footerMenuItems,
  topMenuItems,
} from '@marketplace/db';
import {
  ContentMenus,
  type FooterMenuInput,
  type MenuKind,
  type MoveInput,
  type TopMenuInput,
  topMenuHref,
} from '@marketplace/domain/admin/menus-pages-api';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import { isUniqueViolation } from '../profile/index.ts';

export type MenuResult =
  | { code: 'OK'; id: number }
  | { code: 'NOT_FOUND' }
  | { code: 'LABEL_TAKEN' }
  | { code: 'NO_CATEGORY' }
  | { code: 'NO_PAGE' };

type TopRow = { id: number; label: string; link: string | null; categoryId: number | null; position: number };
type FooterRow = TopRow & { section: string; pageId: number | null };

const topColumns = {
  id: topMenuItems.id,
  label: topMenuItems.name,
  link: topMenuItems.link,
  categoryId: topMenuItems.categoryId,
  position: topMenuItems.position,
};
const footerColumns = {
  id: footerMenuItems.id,
  section: footerMenuItems.section,
  label: footerMenuItems.name,
  link: footerMenuItems.link,
  pageId: footerMenuItems.pageId,
  position: footerMenuItems.position,
};

/** What the audit log keeps of an entry: its fields, without the database's own columns. */
const topAudit = (row: TopRow) => ({ label: row.label, link: row.link, categoryId: row.categoryId });
const footerAudit = (row: Omit<FooterRow, 'categoryId'>) => ({
  section: row.section,
  label: row.label,
  link: row.link,
  pageId: row.pageId,
});

/** requirements#operator-content: both menus in their storefront order, and what their entries may point at. */
export async function listMenus(db: Executor): Promise<ContentMenus> {
  const [top, footer, categoryRows, pageRows] = await Promise.all([
    db
      .select({ ...topColumns, categoryName: categories.name })
      .from(topMenuItems)
      .leftJoin(categories, eq(categories.id, topMenuItems.categoryId))
      .orderBy(asc(topMenuItems.position), asc(topMenuItems.id)),
    db
      .select({
        ...footerColumns,
        pageTitle: contentPages.name,
        pageKind: contentPages.section,
        pageSlug: contentPages.slug,
      })
      .from(footerMenuItems)
      .leftJoin(contentPages, eq(contentPages.id, footerMenuItems.pageId))
      .orderBy(asc(footerMenuItems.position), asc(footerMenuItems.id)),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.level, 1))
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({ id: contentPages.id, title: contentPages.name, kind: contentPages.section })
      .from(contentPages)
      .orderBy(asc(contentPages.section), asc(contentPages.name)),
  ]);
  // the columns hold only the domain's sections and kinds (check constraints); parsing says so to the type
  return ContentMenus.parse({
    topMenu: top.map((row) => ({
      id: row.id,
      label: row.label,
      link: row.link,
      categoryId: row.categoryId,
      categoryName: row.categoryName,
      href: topMenuHref(row),
    })),
    footer: footer.map((row) => ({
      id: row.id,
      section: row.section,
      label: row.label,
      link: row.link,
      pageId: row.pageId,
      pageTitle: row.pageTitle,
      href: row.link ?? (row.pageKind && row.pageSlug ? `/${row.pageKind}/${row.pageSlug}` : null),
    })),
    categories: categoryRows,
    pages: pageRows,
  });
}

async function categoryExists(tx: Executor, id: number | null) {
  if (id === null) return true;
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}

async function pageExists(tx: Executor, id: number | null) {
  if (id === null) return true;
  const [row] = await tx.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.id, id));
  return row !== undefined;
}

/** Adds a top-menu entry at the end of the menu. */
export async function addTopMenuItem(
  db: Database,
  actor: AuditActor,
  input: TopMenuInput,
): Promise<MenuResult> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await categoryExists(tx, input.categoryId))) return { code: 'NO_CATEGORY' } as const;
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${topMenuItems.position}), -1)` })
        .from(topMenuItems);
      const [row] = await tx
        .insert(topMenuItems)
        .values({
          name: input.label,
          link: input.link,
          categoryId: input.categoryId,
          position: Number(last?.position ?? -1) + 1,
        })
        .returning(topColumns);
      if (!row) throw new Error('the top-menu entry was not added');
      await writeAudit(tx, actor, {
        action: 'menu.add',
        targetType: 'top_menu_item',
        targetId: row.id,
        before: null,
        after: topAudit(row),
      });
      return { code: 'OK', id: row.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'top_menu_items_name_key')) return { code: 'LABEL_TAKEN' };
    throw error;
  }
}

/** Changes a top-menu entry's label and where it leads. */
export async function editTopMenuItem(
  db: Database,
  actor: AuditActor,
  id: number,
  input: TopMenuInput,
): Promise<MenuResult> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select(topColumns)
        .from(topMenuItems)
        .where(eq(topMenuItems.id, id))
        .for('update');
      if (!before) return { code: 'NOT_FOUND' } as const;
      if (!(await categoryExists(tx, input.categoryId))) return { code: 'NO_CATEGORY' } as const;
      const [after] = await tx
        .update(topMenuItems)
        .set({ name: input.label, link: input.link, categoryId: input.categoryId })
        .where(eq(topMenuItems.id, id))
        .returning(topColumns);
      if (!after) throw new Error('the top-menu entry was not changed');
      await writeAudit(tx, actor, {
        action: 'menu.edit',
        targetType: 'top_menu_item',
        targetId: id,
        before: topAudit(before),
        after: topAudit(after),
      });
      return { code: 'OK', id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'top_menu_items_name_key')) return { code: 'LABEL_TAKEN' };
    throw error;
  }
}

/** Adds a footer entry at the end of its column. */
export async function addFooterMenuItem(
  db: Database,
  actor: AuditActor,
  input: FooterMenuInput,
): Promise<MenuResult> {
  return db.transaction(async (tx) => {
    if (!(await pageExists(tx, input.pageId))) return { code: 'NO_PAGE' } as const;
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${footerMenuItems.position}), -1)` })
      .from(footerMenuItems)
      .where(eq(footerMenuItems.section, input.section));
    const [row] = await tx
      .insert(footerMenuItems)
      .values({
        section: input.section,
        name: input.label,
        link: input.link,
        pageId: input.pageId,
        position: Number(last?.position ?? -1) + 1,
      })
      .returning(footerColumns);
    if (!row) throw new Error('the footer entry was not added');
    await writeAudit(tx, actor, {
      action: 'menu.add',
      targetType: 'footer_menu_item',
      targetId: row.id,
      before: null,
      after: footerAudit(row),
    });
    return { code: 'OK', id: row.id } as const;
  });
}

/** Changes a footer entry's column, label and destination; a change of column puts it last there. */
export async function editFooterMenuItem(
  db: Database,
  actor: AuditActor,
  id: number,
  input: FooterMenuInput,
): Promise<MenuResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(footerColumns)
      .from(footerMenuItems)
      .where(eq(footerMenuItems.id, id))
      .for('update');
    if (!before) return { code: 'NOT_FOUND' } as const;
    if (!(await pageExists(tx, input.pageId))) return { code: 'NO_PAGE' } as const;
    let position = before.position;
    if (before.section !== input.section) {
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${footerMenuItems.position}), -1)` })
        .from(footerMenuItems)
        .where(eq(footerMenuItems.section, input.section));
      position = Number(last?.position ?? -1) + 1;
    }
    const [after] = await tx
      .update(footerMenuItems)
      .set({ section: input.section, name: input.label, link: input.link, pageId: input.pageId, position })
      .where(eq(footerMenuItems.id, id))
      .returning(footerColumns);
    if (!after) throw new Error('the footer entry was not changed');
    await writeAudit(tx, actor, {
      action: 'menu.edit',
      targetType: 'footer_menu_item',
      targetId: id,
      before: footerAudit(before),
      after: footerAudit(after),
    });
    return { code: 'OK', id } as const;
  });
}

/**
 * Moves an entry one place up or down in its list (the top menu, or its footer column). The list is
 * renumbered 0, 1, 2 ... in the same transaction, so positions stay distinct whatever they were.
 * Moving the first entry up or the last down leaves the list as it is.
 */
export async function moveMenuItem(
  db: Database,
  actor: AuditActor,
  menu: MenuKind,
  id: number,
  { direction }: MoveInput,
): Promise<MenuResult> {
  return db.transaction(async (tx) => {
    const table = menu === 'top' ? topMenuItems : footerMenuItems;
    const [item] = await tx
      .select({ id: table.id, section: menu === 'top' ? sql<string>`''` : footerMenuItems.section })
      .from(table)
      .where(eq(table.id, id));
    if (!item) return { code: 'NOT_FOUND' } as const;
    // lock the whole list: two moves at once must not interleave their renumbering
    const siblings =
      menu === 'top'
        ? await tx
            .select({ id: topMenuItems.id })
            .from(topMenuItems)
            .orderBy(asc(topMenuItems.position), asc(topMenuItems.id))
            .for('update')
        : await tx
            .select({ id: footerMenuItems.id })
            .from(footerMenuItems)
            .where(eq(footerMenuItems.section, item.section))
            .orderBy(asc(footerMenuItems.position), asc(footerMenuItems.id))
            .for('update');
    const order = siblings.map((row) => row.id);
    const from = order.indexOf(id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= order.length) return { code: 'OK', id } as const;
    const before = [...order];
    [order[from], order[to]] = [order[to] ?? id, order[from] ?? id];
    for (const [position, siblingId] of order.entries()) {
      if (menu === 'top')
        await tx.update(topMenuItems).set({ position }).where(eq(topMenuItems.id, siblingId));
      else await tx.update(footerMenuItems).set({ position }).where(eq(footerMenuItems.id, siblingId));
    }
    await writeAudit(tx, actor, {
      action: 'menu.move',
      targetType: menu === 'top' ? 'top_menu_item' : 'footer_menu_item',
      targetId: id,
      before: { order: before, ...(menu === 'footer' ? { section: item.section } : {}) },
      after: { order, ...(menu === 'footer' ? { section: item.section } : {}) },
    });
    return { code: 'OK', id } as const;
  });
}

/** Removes an entry from its menu. */
export async function removeMenuItem(
  db: Database,
  actor: AuditActor,
  menu: MenuKind,
  id: number,
): Promise<MenuResult> {
  return db.transaction(async (tx) => {
    if (menu === 'top') {
      const [before] = await tx.delete(topMenuItems).where(eq(topMenuItems.id, id)).returning(topColumns);
      if (!before) return { code: 'NOT_FOUND' } as const;
      await writeAudit(tx, actor, {
        action: 'menu.remove',
        targetType: 'top_menu_item',
        targetId: id,
        before: topAudit(before),
        after: null,
      });
      return { code: 'OK', id } as const;
    }
    const [before] = await tx
      .delete(footerMenuItems)
      .where(and(eq(footerMenuItems.id, id)))
      .returning(footerColumns);
    if (!before) return { code: 'NOT_FOUND' } as const;
    await writeAudit(tx, actor, {
      action: 'menu.remove',
      targetType: 'footer_menu_item',
      targetId: id,
      before: footerAudit(before),
      after: null,
    });
    return { code: 'OK', id } as const;
  });
}
