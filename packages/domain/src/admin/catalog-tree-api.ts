// requirements#operator-catalog: the console's category tree, leaf filter attributes and brands:
// one contract for the server's routes and the console's pages.
import { z } from 'zod';
import { MAX_CATEGORY_LEVEL } from '../catalog/tree.ts';
import { suggestionHref } from '../search/suggestions.ts';

export const CATALOG_TREE_LIMITS = {
  nameLength: 60,
  attributeLength: 40,
  valueLength: 60,
  brandNameLength: 60,
  countryLength: 60,
  taglineLength: 140,
  searchLength: 100,
  logoBytes: 2 * 1024 * 1024,
} as const;

export const CATALOG_TREE_MESSAGES = {
  categoryAdded: (name: string) => `“${name}” is added. The shop shows it within a minute.`,
  categoryRenamed: (name: string) =>
    `Renamed to “${name}”. Links to the old name lead to the new one; the shop shows it within a minute.`,
  categoryMoved: 'Moved. The shop shows it in its new place within a minute.',
  categoryRetired: 'Retired. It leaves the menu and listings within a minute.',
  attributesSaved: 'The filters are saved. Sellers and the listing filters see them within a minute.',
  brandAdded: (name: string) => `“${name}” is added.`,
  brandSaved: 'The brand is saved. Its page shows the change now.',
  logoSaved: 'The logo is saved. The brand’s page shows it now.',
  duplicateBrand: (name: string) => `A brand named “${name}” already exists.`,
  brandNotFound: 'That brand does not exist.',
  attributeNotFound: 'That filter or value does not belong to this category.',
  notLeaf: 'Filters are set on leaf categories only (categories with no category below them).',
  duplicateAttribute: (name: string) => `This category already has a filter named “${name}”.`,
  duplicateValue: (value: string) => `This filter already has the value “${value}”.`,
  valueInUse: (count: number) =>
    `${count === 1 ? 'One product carries' : `${count} products carry`} this value, so it stays. Rename it instead, or change those products first.`,
  attributeInUse: (count: number) =>
    `${count === 1 ? 'One product carries' : `${count} products carry`} values of this filter, so it stays. Rename it instead.`,
  cannotMoveValue: 'That value is already at that end of the list.',
  logoType: 'The logo must be a JPEG, PNG, WebP or AVIF image.',
  logoTooLarge: 'The logo can be at most 2 MB.',
  logoMissing: 'Attach the logo as the form part “file”.',
} as const;

const noControl = /^\P{Cc}*$/u;

/** A name typed by staff: trimmed, inner spaces collapsed, no control characters (a NUL never reaches the database). */
const nameText = (what: string, max: number) =>
  z
    .string({ error: `Enter the ${what}.` })
    .max(max * 4, `The ${what} is at most ${max} characters.`)
    .regex(noControl, `The ${what} cannot hold control characters.`)
    .transform((text) => text.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, `Enter the ${what}.`)
        .max(max, `The ${what} is at most ${max} characters.`)
        // listing addresses carry category names: a slash would read as a path
        .regex(/^[^/\\]*$/, `The ${what} cannot hold a slash.`),
    );

const id = (what: string) =>
  z
    .number({ error: `Choose the ${what}.` })
    .int(`Choose the ${what}.`)
    .positive(`Choose the ${what}.`)
    .max(2_147_483_647, `Choose the ${what}.`);

export const CategoryName = nameText('category name', CATALOG_TREE_LIMITS.nameLength);

export const AddCategoryInput = z.object({
  parentId: id('parent category').nullable(),
  name: CategoryName,
});
export type AddCategoryInput = z.infer<typeof AddCategoryInput>;

export const RenameCategoryInput = z.object({ name: CategoryName });
export type RenameCategoryInput = z.infer<typeof RenameCategoryInput>;

export const MoveCategoryInput = z.object({ parentId: id('new parent category').nullable() });
export type MoveCategoryInput = z.infer<typeof MoveCategoryInput>;

const AttributeName = nameText('filter name', CATALOG_TREE_LIMITS.attributeLength);
const AttributeValue = nameText('value', CATALOG_TREE_LIMITS.valueLength);

/** One change to a leaf's filters; every change is one `category.attributes` entry in the audit log. */
export const AttributeChangeInput = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('addAttribute'), name: AttributeName }),
    z.object({ op: z.literal('renameAttribute'), attributeId: id('filter'), name: AttributeName }),
    z.object({ op: z.literal('removeAttribute'), attributeId: id('filter') }),
    z.object({ op: z.literal('addValue'), attributeId: id('filter'), value: AttributeValue }),
    z.object({ op: z.literal('renameValue'), valueId: id('value'), value: AttributeValue }),
    z.object({
      op: z.literal('moveValue'),
      valueId: id('value'),
      direction: z.enum(['up', 'down'], { error: 'Move the value up or down.' }),
    }),
    z.object({ op: z.literal('removeValue'), valueId: id('value') }),
  ],
  { error: 'Choose what to change.' },
);
export type AttributeChangeInput = z.infer<typeof AttributeChangeInput>;
export const ATTRIBUTE_OPS = [
  'addAttribute',
  'renameAttribute',
  'removeAttribute',
  'addValue',
  'renameValue',
  'moveValue',
  'removeValue',
] as const;

export const CategoryRow = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  level: z.number().int().min(1).max(MAX_CATEGORY_LEVEL),
  name: z.string(),
  position: z.number().int(),
  isRetired: z.boolean(),
  productCount: z.number().int(),
  liveProductCount: z.number().int(),
});
export type CategoryRow = z.infer<typeof CategoryRow>;

export const CategoryTree = z.object({ categories: z.array(CategoryRow) });
export type CategoryTree = z.infer<typeof CategoryTree>;

export const CategoryAttribute = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  values: z.array(
    z.object({
      id: z.number().int(),
      value: z.string(),
      position: z.number().int(),
      /** products of this category carrying the value */
      useCount: z.number().int(),
    }),
  ),
});
export type CategoryAttribute = z.infer<typeof CategoryAttribute>;

export const CategoryDetail = z.object({
  category: CategoryRow,
  /** the category's ancestors from the top, then the category */
  path: z.array(z.object({ id: z.number().int(), name: z.string() })),
  children: z.array(CategoryRow),
  isLeaf: z.boolean(),
  /** where it may move (null: the top), each with its path */
  moveTargets: z.array(z.object({ id: z.number().int().nullable(), label: z.string() })),
  listingPath: z.string(),
  attributes: z.array(CategoryAttribute),
});
export type CategoryDetail = z.infer<typeof CategoryDetail>;

export const CategoryChanged = z.object({
  success: z.literal(true),
  message: z.string(),
  category: CategoryRow,
});
export type CategoryChanged = z.infer<typeof CategoryChanged>;

export const AttributesChanged = z.object({
  success: z.literal(true),
  message: z.string(),
  attributes: z.array(CategoryAttribute),
});
export type AttributesChanged = z.infer<typeof AttributesChanged>;

// -- brands

export const BRAND_PAGE_SIZE = 25;

export const BrandQuery = z.object({
  q: z
    .string()
    .max(
      CATALOG_TREE_LIMITS.searchLength,
      `Search with at most ${CATALOG_TREE_LIMITS.searchLength} characters.`,
    )
    .regex(noControl, 'The search cannot hold control characters.')
    .optional()
    .transform((q) => q?.replace(/\s+/g, ' ').trim() || undefined),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1.')
    .default('1')
    .transform(Number),
});
export type BrandQuery = z.infer<typeof BrandQuery>;

const optionalText = (what: string, max: number) =>
  z
    .string()
    .max(max * 4, `The ${what} is at most ${max} characters.`)
    .regex(noControl, `The ${what} cannot hold control characters.`)
    .transform((text) => text.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max, `The ${what} is at most ${max} characters.`))
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .default(null);

export const BrandInput = z.object({
  name: nameText('brand name', CATALOG_TREE_LIMITS.brandNameLength),
  isRegistry: z.boolean({ error: 'Say whether the brand is in the brand registry.' }).default(false),
  country: optionalText('country', CATALOG_TREE_LIMITS.countryLength),
  tagline: optionalText('tagline', CATALOG_TREE_LIMITS.taglineLength),
});
export type BrandInput = z.infer<typeof BrandInput>;
export const BRAND_FIELDS = ['name', 'isRegistry', 'country', 'tagline'] as const;

export const BrandRow = z.object({
  id: z.number().int(),
  name: z.string(),
  isRegistry: z.boolean(),
  logo: z.string().nullable(),
  country: z.string().nullable(),
  tagline: z.string().nullable(),
  productCount: z.number().int(),
  /** the brand's page in the shop */
  pagePath: z.string(),
});
export type BrandRow = z.infer<typeof BrandRow>;

export const BrandPage = z.object({
  q: z.string(),
  brands: z.array(BrandRow),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type BrandPage = z.infer<typeof BrandPage>;

export const BrandChanged = z.object({ success: z.literal(true), message: z.string(), brand: BrandRow });
export type BrandChanged = z.infer<typeof BrandChanged>;

/** The brand page's address in the shop: registry brands live under /brandregistry/ (requirements#brand-page). */
export const brandPagePath = (name: string, isRegistry: boolean) =>
  suggestionHref({ name, type: 'brand', registry: isRegistry ? 'Yes' : 'No' });
