// requirements#operator-content: the console's storefront-content answers and requests (page
// blocks, banners, the privilege-claim text), one contract for the server's routes and the pages.
import { z } from 'zod';
import { ProductCard } from '../catalog/product-cards-api.ts';
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  GRID_COLUMNS,
  hasControlCharacters,
  isSafeLink,
  isSafeMedia,
  looksLikeHtml,
} from './content.ts';

export const CONTENT_DISPLAY_TYPES = ['product', 'banner', 'video', 'content'] as const;
export type ContentDisplayTypeName = (typeof CONTENT_DISPLAY_TYPES)[number];
export const DISPLAY_TYPE_LABELS: Record<ContentDisplayTypeName, string> = {
  product: 'Product block',
  banner: 'Banner block',
  video: 'Video block',
  content: 'Content block (title, text, link)',
};

/** The home page's two places for rows (requirements#home-blocks); a category page has one. */
export const HOME_CONTENT_TYPES = ['PromoBlock', 'Home'] as const;
export const CATEGORY_CONTENT_TYPE = 'Category';
export const ROW_CONTENT_TYPES = [...HOME_CONTENT_TYPES, CATEGORY_CONTENT_TYPE] as const;
export const CONTENT_TYPE_LABELS: Record<(typeof ROW_CONTENT_TYPES)[number], string> = {
  PromoBlock: 'Promo block (top of the home page)',
  Home: 'Home block (below “Pick up where you left off”)',
  Category: 'Category page',
};

/** A single line of text staff type: trimmed, no control characters, no tags, at most `max`. */
const line = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .max(max * 4, CONTENT_MESSAGES.tooLong(what, max))
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, CONTENT_MESSAGES.tooLong(what, max))
    .refine((value) => !hasControlCharacters(value, false), CONTENT_MESSAGES.controlCharacters)
    .refine((value) => !looksLikeHtml(value), CONTENT_MESSAGES.html);

/** Paragraphs of plain text; line breaks kept, written as \n. */
const plainText = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .max(max * 4, CONTENT_MESSAGES.tooLong(what, max))
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .refine((value) => value.length <= max, CONTENT_MESSAGES.tooLong(what, max))
    .refine((value) => !hasControlCharacters(value), CONTENT_MESSAGES.controlCharacters)
    .refine((value) => !looksLikeHtml(value), CONTENT_MESSAGES.html);

/** A link, or '' for none (null). */
export const OptionalLink = z
  .string()
  .max(CONTENT_LIMITS.linkLength * 2, CONTENT_MESSAGES.link)
  .transform((value) => value.trim())
  .refine((value) => value === '' || isSafeLink(value), CONTENT_MESSAGES.link)
  .transform((value) => value || null);

const Media = z
  .string()
  .max(CONTENT_LIMITS.mediaPathLength * 2, CONTENT_MESSAGES.media)
  .transform((value) => value.trim())
  .refine(isSafeMedia, CONTENT_MESSAGES.media);

const Span = z
  .number({ error: CONTENT_MESSAGES.spanRange })
  .int(CONTENT_MESSAGES.spanRange)
  .min(1, CONTENT_MESSAGES.spanRange)
  .max(GRID_COLUMNS, CONTENT_MESSAGES.spanRange);

const Id = z.number().int().positive().max(2_147_483_647);

/** A category's best sellers as a product block's rule: the products are chosen when the block is saved. */
export const ProductRule = z.object({
  categoryId: Id,
  count: z
    .number()
    .int()
    .min(1, CONTENT_MESSAGES.tooManyProducts)
    .max(CONTENT_LIMITS.productsPerColumn, CONTENT_MESSAGES.tooManyProducts),
});

/** What a column shows: its kind and its items. */
export const BlockInput = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('product'),
      productIds: z.array(Id).max(CONTENT_LIMITS.productsPerColumn, CONTENT_MESSAGES.tooManyProducts),
      rule: ProductRule.nullable().default(null),
    }),
    z.object({
      type: z.literal('banner'),
      banners: z
        .array(z.object({ image: Media, link: OptionalLink }))
        .min(1, CONTENT_MESSAGES.noBanner)
        .max(CONTENT_LIMITS.bannersPerColumn),
    }),
    z.object({ type: z.literal('video'), video: Media }),
    z.object({
      type: z.literal('content'),
      text: plainText('The text', CONTENT_LIMITS.textLength).refine(
        (t) => t.length > 0,
        CONTENT_MESSAGES.noText,
      ),
      link: OptionalLink,
    }),
  ],
  { error: 'Choose what the block shows: products, banners, a video or content.' },
);
export type BlockInput = z.infer<typeof BlockInput>;

/** A column of a row (frontcol): its width on the 12-column grid, its title, slides shown and block. */
export const ColumnInput = z.object({
  span: Span,
  header: line('The title', CONTENT_LIMITS.titleLength).transform((value) => value || null),
  displayCount: z
    .number({ error: CONTENT_MESSAGES.displayCount })
    .int(CONTENT_MESSAGES.displayCount)
    .min(1, CONTENT_MESSAGES.displayCount)
    .max(CONTENT_LIMITS.displayCountMax, CONTENT_MESSAGES.displayCount),
  block: BlockInput,
});
export type ColumnInput = z.infer<typeof ColumnInput>;

/** A row's own fields (frontpg). */
export const RowInput = z.object({
  title: line('The row’s title', CONTENT_LIMITS.titleLength),
  showTitle: z.boolean(),
  contentType: z.enum(ROW_CONTENT_TYPES, { error: 'Choose where the row shows.' }),
});
export type RowInput = z.infer<typeof RowInput>;

/** A new row on the home page (categoryId null) or a category page. */
export const NewRowInput = RowInput.extend({ categoryId: Id.nullable() });
export type NewRowInput = z.infer<typeof NewRowInput>;

export const MoveInput = z.object({ direction: z.enum(['up', 'down'], { error: 'Move up or down.' }) });
export type MoveInput = z.infer<typeof MoveInput>;

/** Which page's blocks: the home page (no category) or a category's page. */
export const ContentPageQuery = z.object({
  categoryId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'categoryId is a category’s id.')
    .transform(Number)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const AdminContentItem = z.object({
  id: z.number().int(),
  displayType: z.enum(CONTENT_DISPLAY_TYPES),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  imagePath: z.string().nullable(),
  link: z.string().nullable(),
  videoPath: z.string().nullable(),
  content: z.string().nullable(),
});
export const AdminContentColumn = z.object({
  id: z.number().int(),
  displayType: z.enum(CONTENT_DISPLAY_TYPES),
  span: z.number().int(),
  header: z.string().nullable(),
  displayCount: z.number().int(),
  items: z.array(AdminContentItem),
});
export type AdminContentColumn = z.infer<typeof AdminContentColumn>;
export const AdminContentRow = z.object({
  id: z.number().int(),
  title: z.string(),
  showTitle: z.boolean(),
  contentType: z.string(),
  columns: z.array(AdminContentColumn),
});
export type AdminContentRow = z.infer<typeof AdminContentRow>;

export const ContentPageRef = z.object({
  categoryId: z.number().int().nullable(),
  name: z.string(),
  /** where shoppers see it */
  href: z.string(),
});
export type ContentPageRef = z.infer<typeof ContentPageRef>;

/** A page's rows as staff edit them, with the pages one may open next. */
export const AdminContentPage = z.object({
  page: ContentPageRef,
  rows: z.array(AdminContentRow),
  /** the categories (levels 1 to 4) whose pages may hold blocks, with how many rows each has */
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      level: z.number().int(),
      /** its path of names from the top: 'Fashion › Men › Footwear' */
      path: z.string(),
      rowCount: z.number().int(),
    }),
  ),
});
export type AdminContentPage = z.infer<typeof AdminContentPage>;

/** Staff's product search for a product block: by name (or an id), active products only. */
export const ProductSearchQuery = z.object({
  q: z
    .string()
    .max(100, 'Search with at most 100 characters.')
    .regex(/^\P{Cc}*$/u, 'The search cannot hold control characters.')
    .transform((q) => q.trim()),
});
export const ProductMatches = z.object({
  products: z.array(z.object({ id: z.number().int(), name: z.string(), image: z.string() })),
});
export type ProductMatches = z.infer<typeof ProductMatches>;

export const ContentSaved = z.object({ id: z.number().int(), message: z.string() });
export type ContentSaved = z.infer<typeof ContentSaved>;

/** A draft to preview: the page, and the row (new when rowId is null) with one column changed or added. */
export const PreviewInput = z.object({
  categoryId: Id.nullable(),
  rowId: Id.nullable(),
  row: RowInput,
  column: z.object({ id: Id.nullable(), input: ColumnInput }).nullable(),
});
export type PreviewInput = z.infer<typeof PreviewInput>;

/** A page-content row as the storefront renders it (apps/web ContentBlock). */
export const PreviewItem = z.discriminatedUnion('displayType', [
  z.object({ id: z.number().int(), displayType: z.literal('product'), product: ProductCard }),
  z.object({
    id: z.number().int(),
    displayType: z.literal('banner'),
    image: z.string(),
    link: z.string().nullable(),
  }),
  z.object({ id: z.number().int(), displayType: z.literal('video'), video: z.string() }),
  z.object({
    id: z.number().int(),
    displayType: z.literal('content'),
    content: z.string(),
    link: z.string().nullable(),
  }),
]);
export const PreviewBlock = z.object({
  id: z.number().int(),
  contentType: z.string(),
  title: z.string(),
  showTitle: z.boolean(),
  columns: z.array(
    z.object({
      id: z.number().int(),
      displayType: z.enum(CONTENT_DISPLAY_TYPES),
      span: z.number().int(),
      header: z.string().nullable(),
      displayCount: z.number().int(),
      items: z.array(PreviewItem),
    }),
  ),
});
export const ContentPreview = z.object({ page: ContentPageRef, blocks: z.array(PreviewBlock) });
export type ContentPreview = z.infer<typeof ContentPreview>;

// ---- banners (requirements#operator-content) ----

export const BANNER_KIND_LABELS = {
  long: 'Home carousel, 1500 × 300',
  small: 'Small, 600 × 300',
} as const;
/** The size a banner's upload is cut to: the size its carousel draws it at. */
export const BANNER_SIZES = {
  long: { width: 1500, height: 300 },
  small: { width: 600, height: 300 },
} as const;
export const BANNER_IMAGE_BYTES = 5 * 1024 * 1024;

/** YYYY-MM-DDTHH:MM as typed, a real day and time (2099-02-30 is not) read as Indian time. */
function isIndianMoment(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return false;
  const at = Date.parse(`${value}+05:30`);
  if (Number.isNaN(at)) return false;
  // shifted back to Indian time, the moment reads as typed only when every part was in range
  return new Date(at + 330 * 60_000).toISOString().slice(0, 16) === value.slice(0, 16);
}

/** A moment typed in a form (datetime-local, read as Indian time) or '' for none. */
const Moment = (what: string) =>
  z
    .string()
    .max(40, `${what} must be a date and time.`)
    .transform((value) => value.trim())
    .refine((value) => value === '' || isIndianMoment(value), `${what} must be a date and time.`)
    .transform((value) => (value === '' ? null : new Date(`${value}+05:30`).toISOString()));

/** A banner's fields as the form sends them (the image goes beside them as the part `file`). */
export const BannerFields = z
  .object({
    kind: z.enum(['long', 'small'], { error: 'Choose where the banner shows.' }).default('long'),
    altText: line('The alt text', CONTENT_LIMITS.altLength).refine(
      (value) => value.length > 0,
      'Describe the banner for shoppers who cannot see it.',
    ),
    link: OptionalLink,
    startsAt: Moment('The start'),
    endsAt: Moment('The end'),
    isActive: z.enum(['on', 'off', 'true', 'false', '']).transform((v) => v === 'on' || v === 'true'),
  })
  .refine((b) => !b.startsAt || !b.endsAt || b.startsAt < b.endsAt, {
    message: CONTENT_MESSAGES.bannerDates,
    path: ['endsAt'],
  });
export type BannerFields = z.infer<typeof BannerFields>;
export const BANNER_FIELDS = ['kind', 'altText', 'link', 'startsAt', 'endsAt', 'isActive'] as const;

export const AdminBanner = z.object({
  id: z.number().int(),
  kind: z.enum(['long', 'small']),
  imagePath: z.string(),
  altText: z.string(),
  link: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  position: z.number().int(),
  isActive: z.boolean(),
  /** shown on the storefront right now */
  isLive: z.boolean(),
});
export type AdminBanner = z.infer<typeof AdminBanner>;
export const AdminBannerList = z.object({ banners: z.array(AdminBanner) });
export type AdminBannerList = z.infer<typeof AdminBannerList>;

// ---- the privilege claim (requirements#privilege-claim) ----

export const PrivilegeClaimInput = z.object({
  text: plainText('The privilege-claim text', CONTENT_LIMITS.privilegeClaimLength).refine(
    (text) => text.length > 0,
    'Write the privilege-claim text.',
  ),
  video: z
    .string()
    .max(CONTENT_LIMITS.mediaPathLength * 2, CONTENT_MESSAGES.media)
    .transform((value) => value.trim())
    .refine((value) => value === '' || isSafeMedia(value), CONTENT_MESSAGES.media)
    .transform((value) => value || null),
});
export type PrivilegeClaimInput = z.infer<typeof PrivilegeClaimInput>;
export const AdminPrivilegeClaim = z.object({
  text: z.string(),
  video: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AdminPrivilegeClaim = z.infer<typeof AdminPrivilegeClaim>;

// ---- the console's block form (one form per block; the same ColumnInput checks it on both sides) ----

export const COLUMN_FORM_FIELDS = [
  'displayType',
  'span',
  'header',
  'displayCount',
  'productIds',
  'ruleCategoryId',
  'ruleCount',
  'banner1Image',
  'banner1Link',
  'banner2Image',
  'banner2Link',
  'video',
  'text',
  'link',
] as const;
export type ColumnFormValues = Partial<Record<(typeof COLUMN_FORM_FIELDS)[number], string>>;

const wholeNumber = (value: string | undefined) =>
  /^\d{1,9}$/.test(value?.trim() ?? '') ? Number(value) : NaN;

/** The block form's strings as the API's ColumnInput (its checks then say what is wrong, per field). */
export function columnInputFromForm(values: ColumnFormValues): unknown {
  const type = values.displayType ?? '';
  const block = (() => {
    switch (type) {
      case 'product': {
        const ids = parseProductIdsLoosely(values.productIds ?? '');
        const rule = values.ruleCategoryId?.trim()
          ? { categoryId: wholeNumber(values.ruleCategoryId), count: wholeNumber(values.ruleCount || '8') }
          : null;
        return { type, productIds: ids, rule };
      }
      case 'banner':
        return {
          type,
          banners: [
            { image: values.banner1Image ?? '', link: values.banner1Link ?? '' },
            { image: values.banner2Image ?? '', link: values.banner2Link ?? '' },
          ].filter((b, i) => i === 0 || b.image.trim() !== ''),
        };
      case 'video':
        return { type, video: values.video ?? '' };
      case 'content':
        return { type, text: values.text ?? '', link: values.link ?? '' };
      default:
        return { type };
    }
  })();
  return {
    span: wholeNumber(values.span),
    header: values.header ?? '',
    displayCount: wholeNumber(values.displayCount || '4'),
    block,
  };
}

/** Ids typed in the form; anything that is not a list of whole numbers becomes NaN, which the schema refuses. */
function parseProductIdsLoosely(text: string): number[] {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  return parts.map((part) => (/^[1-9]\d{0,8}$/.test(part) ? Number(part) : NaN));
}

/** Which field of the block form shows an error at a ColumnInput issue's path. */
export function columnFormField(path: readonly PropertyKey[], displayType: string): string {
  const [first, second, third, fourth] = path.map(String);
  if (first !== 'block') return first ?? '_';
  if (second === 'productIds') return 'productIds';
  if (second === 'rule') return 'ruleCategoryId';
  if (second === 'banners') return `banner${Number(third ?? 0) + 1}${fourth === 'link' ? 'Link' : 'Image'}`;
  if (second === 'video' || second === 'text' || second === 'link') return second;
  return (
    { product: 'productIds', banner: 'banner1Image', video: 'video', content: 'text' }[displayType] ??
    'displayType'
  );
}

/** The form's values for a stored block (editing starts from what shoppers see now). */
export function columnFormValues(column: AdminContentColumn): ColumnFormValues {
  const items = column.items;
  const banner = (i: number) => items.filter((item) => item.displayType === 'banner')[i];
  const content = items.find((item) => item.displayType === 'content');
  return {
    displayType: column.displayType,
    span: String(column.span),
    header: column.header ?? '',
    displayCount: String(column.displayCount),
    productIds: items.flatMap((item) => (item.productId === null ? [] : [String(item.productId)])).join(', '),
    banner1Image: banner(0)?.imagePath ?? '',
    banner1Link: banner(0)?.link ?? '',
    banner2Image: banner(1)?.imagePath ?? '',
    banner2Link: banner(1)?.link ?? '',
    video: items.find((item) => item.displayType === 'video')?.videoPath ?? '',
    text: content?.content ?? '',
    link: content?.link ?? '',
  };
}
