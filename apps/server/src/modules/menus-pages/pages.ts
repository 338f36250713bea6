import { asc, eq } from 'drizzle-orm';
import { contentPages, type Database, type Executor } from '@marketplace/db';
import { PageDetail, type PageInput, PageList } from '@marketplace/domain/admin/menus-pages-api';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import { isUniqueViolation } from '../profile/index.ts';
import { sanitizePageHtml } from './sanitize.ts';

export type PageResult =
  { code: 'OK'; page: PageDetail } | { code: 'NOT_FOUND' } | { code: 'SLUG_TAKEN' } | { code: 'TITLE_TAKEN' };

const columns = {
  id: contentPages.id,
  title: contentPages.name,
  slug: contentPages.slug,
  kind: contentPages.section,
  body: contentPages.body,
  isPublished: contentPages.isPublished,
  updatedAt: contentPages.updatedAt,
};
type PageRow = {
  id: number;
  title: string;
  slug: string;
  kind: string;
  body: string;
  isPublished: boolean;
  updatedAt: Date;
};

const detailOf = (row: PageRow): PageDetail =>
  PageDetail.parse({
    ...row,
    updatedAt: row.updatedAt.toISOString(),
    // requirements#content-pages: the kind column holds only explore or policy; the parse says so
    href: `/${row.kind}/${row.slug}`,
  });

/** What the audit log keeps of a page: everything a staff member can change, the HTML included. */
const auditOf = (row: PageRow) => ({
  title: row.title,
  slug: row.slug,
  kind: row.kind,
  isPublished: row.isPublished,
  body: row.body,
});

function uniqueFailure(error: unknown): PageResult | null {
  if (isUniqueViolation(error, 'content_pages_section_slug_key')) return { code: 'SLUG_TAKEN' };
  if (isUniqueViolation(error, 'content_pages_section_name_key')) return { code: 'TITLE_TAKEN' };
  return null;
}

/** requirements#operator-content: every explore and policy page, drafts included, by kind and title. */
export async function listPages(db: Executor): Promise<PageList> {
  const rows = await db
    .select(columns)
    .from(contentPages)
    .orderBy(asc(contentPages.section), asc(contentPages.name));
  return PageList.parse({
    pages: rows.map((row) => {
      const { body: _body, ...summary } = detailOf(row);
      return summary;
    }),
  });
}

export async function getPage(db: Executor, id: number): Promise<PageDetail | null> {
  const [row] = await db.select(columns).from(contentPages).where(eq(contentPages.id, id));
  // cleaned again on the way out, as the storefront does: the console previews it
  return row ? detailOf({ ...row, body: sanitizePageHtml(row.body) }) : null;
}

/** A new page, as a draft: its HTML is cleaned to the allow-list before it is kept. */
export async function createPage(
  db: Database,
  actor: AuditActor,
  input: PageInput,
  now: Date,
): Promise<PageResult> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contentPages)
        .values({
          section: input.kind,
          name: input.title,
          slug: input.slug,
          body: sanitizePageHtml(input.body),
          isPublished: false,
          updatedAt: now,
        })
        .returning(columns);
      if (!row) throw new Error('the page was not created');
      await writeAudit(
        tx,
        actor,
        {
          action: 'page.create',
          targetType: 'content_page',
          targetId: row.id,
          before: null,
          after: auditOf(row),
        },
        now,
      );
      return { code: 'OK', page: detailOf(row) } as const;
    });
  } catch (error) {
    const failure = uniqueFailure(error);
    if (failure) return failure;
    throw error;
  }
}

/** A page's new title, kind, address and HTML (cleaned before it is kept). */
export async function editPage(
  db: Database,
  actor: AuditActor,
  id: number,
  input: PageInput,
  now: Date,
): Promise<PageResult> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select(columns)
        .from(contentPages)
        .where(eq(contentPages.id, id))
        .for('update');
      if (!before) return { code: 'NOT_FOUND' } as const;
      const [after] = await tx
        .update(contentPages)
        .set({
          section: input.kind,
          name: input.title,
          slug: input.slug,
          body: sanitizePageHtml(input.body),
          updatedAt: now,
        })
        .where(eq(contentPages.id, id))
        .returning(columns);
      if (!after) throw new Error('the page was not changed');
      await writeAudit(
        tx,
        actor,
        {
          action: 'page.edit',
          targetType: 'content_page',
          targetId: id,
          before: auditOf(before),
          after: auditOf(after),
        },
        now,
      );
      return { code: 'OK', page: detailOf(after) } as const;
    });
  } catch (error) {
    const failure = uniqueFailure(error);
    if (failure) return failure;
    throw error;
  }
}

/** Publishes a page (shoppers see it at its address) or takes it down. */
export async function setPagePublished(
  db: Database,
  actor: AuditActor,
  id: number,
  isPublished: boolean,
  now: Date,
): Promise<PageResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(contentPages).where(eq(contentPages.id, id)).for('update');
    if (!before) return { code: 'NOT_FOUND' } as const;
    if (before.isPublished === isPublished) return { code: 'OK', page: detailOf(before) } as const;
    const [after] = await tx
      .update(contentPages)
      .set({ isPublished, updatedAt: now })
      .where(eq(contentPages.id, id))
      .returning(columns);
    if (!after) throw new Error('the page was not changed');
    await writeAudit(
      tx,
      actor,
      {
        action: isPublished ? 'page.publish' : 'page.unpublish',
        targetType: 'content_page',
        targetId: id,
        before: { isPublished: before.isPublished },
        after: { isPublished: after.isPublished },
      },
      now,
    );
    return { code: 'OK', page: detailOf(after) } as const;
  });
}
