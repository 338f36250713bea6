// requirements#operator-content: the console's top menu, footer menus and explore/policy pages, one
// contract for the server's routes and the console's pages.
import { z } from 'zod';

export const FOOTER_MENU_SECTIONS = ['explore', 'profits', 'policy', 'support'] as const;
export type FooterMenuSection = (typeof FOOTER_MENU_SECTIONS)[number];
export const FOOTER_SECTION_LABELS: Record<FooterMenuSection, string> = {
  explore: 'Get to Know Us',
  profits: 'Make Money with Us',
  policy: 'Policies',
  support: 'Support Center',
};

/** requirements#content-pages: an explore page or a policy page, each under its own address. */
export const PAGE_KINDS = ['explore', 'policy'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
export const PAGE_KIND_LABELS: Record<PageKind, string> = { explore: 'Explore', policy: 'Policy' };

export const MENU_LABEL_MAX = 60;
export const LINK_MAX = 500;
export const PAGE_TITLE_MAX = 120;
export const SLUG_MAX = 80;
/** A page's HTML as posted (before it is cleaned); a long policy is some 30 KB. */
export const PAGE_BODY_MAX = 200_000;

export const CONTENT_MESSAGES = {
  labelMissing: 'Enter the menu entry’s label.',
  labelTooLong: `The label is at most ${MENU_LABEL_MAX} characters.`,
  labelTaken: 'The top menu already has an entry with this label.',
  linkTooLong: `The link is at most ${LINK_MAX} characters.`,
  linkNotSafe: 'Enter a path on this site (starting with /) or an https:// link.',
  topMenuNeedsTarget: 'Choose a category for the best-sellers link, or enter a link.',
  footerLinkAndPage: 'Choose a page or enter a link, not both.',
  sectionUnknown: 'Choose a footer column from the list.',
  kindUnknown: 'Choose Explore or Policy.',
  titleMissing: 'Enter the page’s title.',
  titleTooLong: `The title is at most ${PAGE_TITLE_MAX} characters.`,
  slugShape: 'The address may hold only lower-case letters, digits and single hyphens between them.',
  slugTooLong: `The address is at most ${SLUG_MAX} characters.`,
  slugTaken: 'Another page of this kind already has this address.',
  titleTaken: 'Another page of this kind already has this title.',
  bodyTooLong: 'The page is too long. Split it into two pages.',
  controlCharacters: 'Remove the control characters (such as NUL) from this text.',
  menuItemMissing: 'No such menu entry.',
  pageMissing: 'No such page.',
  categoryMissing: 'No such category.',
  moved: 'Menu entry moved.',
  saved: 'Saved.',
} as const;

// control characters other than tab, line feed and carriage return: PostgreSQL text cannot hold NUL,
// and nothing a person types holds the rest
const NO_CONTROLS = /^[^\p{Cc}]*$/u;

/**
 * requirements#operator-content: a menu link is a path on this site or an https:// address. Any
 * other scheme (javascript:, data:, http:, mailto:), a protocol-relative `//host`, a backslash
 * that browsers read as a slash, spaces and control characters are refused. Returns the link as it
 * is kept, or null when it is not safe.
 */
export function safeMenuLink(input: string): string | null {
  const link = input.trim();
  if (link === '' || link.length > LINK_MAX) return null;
  if (!NO_CONTROLS.test(link) || /\s|\\/.test(link)) return null;
  if (link.startsWith('/')) {
    if (link.startsWith('//')) return null;
    try {
      // the browser's reading of the path must stay on this site
      const resolved = new URL(link, 'https://site.invalid');
      if (resolved.host !== 'site.invalid') return null;
      // broken percent-encoding throws; an encoded control character (%00) is refused as a typed one
      if (!NO_CONTROLS.test(decodeURI(link))) return null;
    } catch {
      return null;
    }
    return link;
  }
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '')
    return null;
  if (!/^https:\/\/[^/?#]/i.test(link)) return null;
  // a host must have a dot and only a host's characters (no "https://localhost", no "https://a..b")
  if (!/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i.test(url.hostname)) return null;
  return url.href.length <= LINK_MAX ? link : null;
}

/** An explore or policy page's address after /explore/ or /policy/: `returns-and-refunds`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A suggested address for a title: lower case, words joined by hyphens (the console offers it). */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
}

const label = z
  .string({ error: CONTENT_MESSAGES.labelMissing })
  .max(MENU_LABEL_MAX * 4, CONTENT_MESSAGES.labelTooLong)
  .regex(NO_CONTROLS, CONTENT_MESSAGES.controlCharacters)
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, CONTENT_MESSAGES.labelMissing).max(MENU_LABEL_MAX, CONTENT_MESSAGES.labelTooLong));

/** An optional link: '', null or missing is none; anything else must be safe. */
const optionalLink = z
  .string()
  .max(LINK_MAX * 4, CONTENT_MESSAGES.linkTooLong)
  .nullable()
  .optional()
  .transform((value, ctx) => {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    if (text.length > LINK_MAX) {
      ctx.addIssue({ code: 'custom', message: CONTENT_MESSAGES.linkTooLong });
      return z.NEVER;
    }
    const safe = safeMenuLink(text);
    if (safe === null) {
      ctx.addIssue({ code: 'custom', message: CONTENT_MESSAGES.linkNotSafe });
      return z.NEVER;
    }
    return safe;
  });

/** An optional row id from a select: '' or null is none. */
const optionalId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    const id = typeof value === 'number' ? value : /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'Choose an entry from the list.' });
      return z.NEVER;
    }
    return id;
  });

/** A top-menu entry: a label and either a category's best sellers or a link of its own. */
export const TopMenuInput = z
  .object({ label, link: optionalLink, categoryId: optionalId })
  .superRefine((value, ctx) => {
    if (value.link === null && value.categoryId === null)
      ctx.addIssue({ code: 'custom', message: CONTENT_MESSAGES.topMenuNeedsTarget, path: ['link'] });
  });
export type TopMenuInput = z.infer<typeof TopMenuInput>;

/** A footer entry: its column, a label, and a page, a link or neither (shown as plain text, requirements#footer). */
export const FooterMenuInput = z
  .object({
    section: z.enum(FOOTER_MENU_SECTIONS, { error: CONTENT_MESSAGES.sectionUnknown }),
    label,
    link: optionalLink,
    pageId: optionalId,
  })
  .superRefine((value, ctx) => {
    if (value.link !== null && value.pageId !== null)
      ctx.addIssue({ code: 'custom', message: CONTENT_MESSAGES.footerLinkAndPage, path: ['link'] });
  });
export type FooterMenuInput = z.infer<typeof FooterMenuInput>;

export const MoveInput = z.object({
  direction: z.enum(['up', 'down'], { error: 'Move up or down.' }),
});
export type MoveInput = z.infer<typeof MoveInput>;

export const MenuKind = z.enum(['top', 'footer']);
export type MenuKind = z.infer<typeof MenuKind>;

export const TopMenuEntry = z.object({
  id: z.number().int(),
  label: z.string(),
  link: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  /** where the storefront's link goes */
  href: z.string(),
});
export type TopMenuEntry = z.infer<typeof TopMenuEntry>;

export const FooterMenuEntry = z.object({
  id: z.number().int(),
  section: z.enum(FOOTER_MENU_SECTIONS),
  label: z.string(),
  link: z.string().nullable(),
  pageId: z.number().int().nullable(),
  pageTitle: z.string().nullable(),
  /** where the storefront's link goes; null: shown as plain text */
  href: z.string().nullable(),
});
export type FooterMenuEntry = z.infer<typeof FooterMenuEntry>;

export const ContentMenus = z.object({
  topMenu: z.array(TopMenuEntry),
  footer: z.array(FooterMenuEntry),
  /** what a top-menu entry may list the best sellers of */
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** what a footer entry may open */
  pages: z.array(z.object({ id: z.number().int(), title: z.string(), kind: z.enum(PAGE_KINDS) })),
});
export type ContentMenus = z.infer<typeof ContentMenus>;

export const MenuChanged = z.object({ message: z.string(), id: z.number().int() });
export type MenuChanged = z.infer<typeof MenuChanged>;

const title = z
  .string({ error: CONTENT_MESSAGES.titleMissing })
  .max(PAGE_TITLE_MAX * 4, CONTENT_MESSAGES.titleTooLong)
  .regex(NO_CONTROLS, CONTENT_MESSAGES.controlCharacters)
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, CONTENT_MESSAGES.titleMissing).max(PAGE_TITLE_MAX, CONTENT_MESSAGES.titleTooLong));

const slug = z
  .string({ error: CONTENT_MESSAGES.slugShape })
  .max(SLUG_MAX * 4, CONTENT_MESSAGES.slugTooLong)
  .transform((value) => value.trim())
  .pipe(
    z.string().max(SLUG_MAX, CONTENT_MESSAGES.slugTooLong).regex(SLUG_PATTERN, CONTENT_MESSAGES.slugShape),
  );

const body = z
  .string()
  .max(PAGE_BODY_MAX, CONTENT_MESSAGES.bodyTooLong)
  // NUL cannot be stored; the cleaner drops other control characters itself
  .transform((value) => value.replace(/\0/g, ''))
  .optional()
  .transform((value) => value ?? '');

/** A new page or a page's edit: its title, kind, address and HTML (cleaned by the server on save). */
export const PageInput = z.object({
  title,
  slug,
  kind: z.enum(PAGE_KINDS, { error: CONTENT_MESSAGES.kindUnknown }),
  body,
});
export type PageInput = z.infer<typeof PageInput>;

export const PublicationInput = z.object({ isPublished: z.boolean({ error: 'Say whether to publish.' }) });
export type PublicationInput = z.infer<typeof PublicationInput>;

export const PageSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  kind: z.enum(PAGE_KINDS),
  isPublished: z.boolean(),
  updatedAt: z.string(),
  /** the storefront's address of the page */
  href: z.string(),
});
export type PageSummary = z.infer<typeof PageSummary>;

export const PageList = z.object({ pages: z.array(PageSummary) });
export type PageList = z.infer<typeof PageList>;

export const PageDetail = PageSummary.extend({ body: z.string() });
export type PageDetail = z.infer<typeof PageDetail>;

export const PageChanged = z.object({ message: z.string(), page: PageDetail });
export type PageChanged = z.infer<typeof PageChanged>;

/** The top menu's storefront link: its own, or the best sellers of its category (requirements#best-sellers). */
export const topMenuHref = (entry: { label: string; link: string | null }) =>
  entry.link ?? `/best-sellers-online/${encodeURIComponent(entry.label)}`;

export const pageSavedMessage = (isPublished: boolean) =>
  isPublished ? 'Saved. The page is live.' : 'Saved as a draft. Publish it to show it to shoppers.';
export const publicationMessage = (isPublished: boolean) =>
  isPublished
    ? 'Published. Shoppers see the page within a minute.'
    : 'Unpublished. Shoppers no longer see the page.';
