import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  AddCategoryInput,
  AttributeChangeInput,
  AttributesChanged,
  BrandChanged,
  BrandInput,
  BrandPage,
  BrandQuery,
  BrandRow,
  CATALOG_TREE_LIMITS,
  CATALOG_TREE_MESSAGES,
  CategoryChanged,
  CategoryDetail,
  CategoryTree,
  MoveCategoryInput,
  RenameCategoryInput,
} from '@marketplace/domain/admin/catalog-tree-api';
import { TREE_MESSAGES } from '@marketplace/domain/catalog/tree';
import type { Context } from 'hono';
import { guarded } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams, recordId } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { storeCatalogImage } from '../seller-listings/index.ts';
import { requireStaff } from '../staff/index.ts';
import { receiveFile } from '../uploads/index.ts';
import { changeAttributes } from './attributes.ts';
import {
  addBrand,
  BRAND_LOGO_STORED_WIDTH,
  BRAND_LOGO_WIDTHS,
  editBrand,
  findBrand,
  listBrands,
} from './brands.ts';
import {
  addCategory,
  loadCategoryRows,
  moveCategory,
  renameCategory,
  retireCategory,
  type TreeResult,
} from './categories.ts';
import { categoryDetail } from './detail.ts';
import type { MediaStore } from '../../media-store.ts';

const TAG = 'admin';
/** requirements#operator-catalog: a brand's logo arrives as a multipart form (the JSON body guard lets it through). */
export const BRAND_LOGO_PATH = '/admin/catalog/brand-logo';
const FORM_OVERHEAD_BYTES = 64 * 1024;

const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not staff, the second factor not entered, or the role does not reach the catalog'),
};
const changeAnswers = {
  ...refusals,
  400: errorResponse('Invalid input: a message per field'),
  404: errorResponse('No such category, brand, filter or value'),
  409: errorResponse(
    'Refused by the tree’s rules (depth, cycle, a leaf with products, live products, a value in use) or the name is taken',
  ),
};

const treeRoute = createRoute({
  method: 'get',
  path: '/admin/catalog/categories',
  tags: [TAG],
  summary: 'The whole category tree, retired categories included, with the products filed under each',
  responses: { 200: json(CategoryTree, 'The tree'), ...refusals },
});
const addRoute = createRoute({
  method: 'post',
  path: '/admin/catalog/categories',
  tags: [TAG],
  summary: 'Add a category under a parent (null: a top category); four levels at most',
  request: body(AddCategoryInput),
  responses: { 201: json(CategoryChanged, 'Added'), ...changeAnswers },
});
const detailRoute = createRoute({
  method: 'get',
  path: '/admin/catalog/categories/{id}',
  tags: [TAG],
  summary: 'One category: its path, children, where it may move and (a leaf) its filters and values',
  request: { params: RecordIdParams },
  responses: {
    200: json(CategoryDetail, 'The category'),
    400: errorResponse('The id is not a number'),
    404: errorResponse('No such category'),
    ...refusals,
  },
});
const renameRoute = createRoute({
  method: 'patch',
  path: '/admin/catalog/categories/{id}',
  tags: [TAG],
  summary: 'Rename a category: its listing address follows the name, the old address redirects',
  request: { params: RecordIdParams, ...body(RenameCategoryInput) },
  responses: { 200: json(CategoryChanged, 'Renamed'), ...changeAnswers },
});
const moveRoute = createRoute({
  method: 'post',
  path: '/admin/catalog/categories/{id}/move',
  tags: [TAG],
  summary: 'Move a category and all below it under another parent (null: the top)',
  request: { params: RecordIdParams, ...body(MoveCategoryInput) },
  responses: { 200: json(CategoryChanged, 'Moved'), ...changeAnswers },
});
const retireRoute = createRoute({
  method: 'post',
  path: '/admin/catalog/categories/{id}/retire',
  tags: [TAG],
  summary: 'Retire a category and all below it (refused while any has live products)',
  request: { params: RecordIdParams },
  responses: { 200: json(CategoryChanged, 'Retired'), ...changeAnswers },
});
const attributesRoute = createRoute({
  method: 'post',
  path: '/admin/catalog/categories/{id}/attributes',
  tags: [TAG],
  summary:
    'Change a leaf’s filters: add, rename or remove a filter; add, rename, reorder or remove (unused) a value',
  request: { params: RecordIdParams, ...body(AttributeChangeInput) },
  responses: { 200: json(AttributesChanged, 'Saved'), ...changeAnswers },
});
const brandsRoute = createRoute({
  method: 'get',
  path: '/admin/catalog/brands',
  tags: [TAG],
  summary: 'Brands by name (any part of it), 25 a page',
  request: { query: BrandQuery },
  responses: { 200: json(BrandPage, 'A page of brands'), 400: errorResponse('Bad query'), ...refusals },
});
const addBrandRoute = createRoute({
  method: 'post',
  path: '/admin/catalog/brands',
  tags: [TAG],
  summary: 'Add a brand',
  request: body(BrandInput),
  responses: { 201: json(BrandChanged, 'Added'), ...changeAnswers },
});
const brandRoute = createRoute({
  method: 'get',
  path: '/admin/catalog/brands/{id}',
  tags: [TAG],
  summary: 'One brand',
  request: { params: RecordIdParams },
  responses: {
    200: json(BrandRow, 'The brand'),
    400: errorResponse('The id is not a number'),
    404: errorResponse('No such brand'),
    ...refusals,
  },
});
const editBrandRoute = createRoute({
  method: 'patch',
  path: '/admin/catalog/brands/{id}',
  tags: [TAG],
  summary: 'Edit a brand’s name, registry flag, country and tagline',
  request: { params: RecordIdParams, ...body(BrandInput) },
  responses: { 200: json(BrandChanged, 'Saved'), ...changeAnswers },
});
const LogoQuery = z.object({
  brand: recordId('Choose the brand.').openapi({ param: { name: 'brand', in: 'query' }, example: '12' }),
});
const logoRoute = createRoute({
  method: 'post',
  path: BRAND_LOGO_PATH,
  tags: [TAG],
  summary: 'Upload a brand’s logo: checked by its bytes, resized to 400, 192 and 96 px',
  description:
    'multipart/form-data with one part `file`: a JPEG, PNG, WebP or AVIF image of at most 2 MB; `?brand=` names the brand.',
  request: { query: LogoQuery },
  responses: {
    200: json(BrandChanged, 'Saved'),
    ...changeAnswers,
    413: errorResponse('Larger than 2 MB'),
    415: errorResponse('Not multipart, or not an image we accept'),
  },
});

function refuse(c: Context<AppEnv>, result: Exclude<TreeResult<unknown>, { code: 'OK' }>) {
  return apiError(c, result.code, result.message);
}

/** requirements#operator-catalog: the category tree, its leaves' filters and brands. `now` is the clock. */
export function catalogTreeRoutes(db: Database, media: MediaStore, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const guard = requireStaff(db, { area: 'catalog', now });
  const actorOf = (c: Context<AppEnv>) => {
    const staff = c.get('staff');
    return { staffId: staff.id, email: staff.email };
  };
  const app = createRouter()
    .openapi(guarded(treeRoute, guard), async (c) => c.json({ categories: await loadCategoryRows(db) }, 200))
    .openapi(guarded(addRoute, guard), async (c) => {
      const input = c.req.valid('json');
      const result = await addCategory(db, actorOf(c), input);
      if (result.code !== 'OK') return refuse(c, result);
      return c.json(
        {
          success: true as const,
          message: CATALOG_TREE_MESSAGES.categoryAdded(result.value.name),
          category: result.value,
        },
        201,
      );
    })
    .openapi(guarded(detailRoute, guard), async (c) => {
      const detail = await categoryDetail(db, c.req.valid('param').id);
      if (!detail) return apiError(c, 'NOT_FOUND', TREE_MESSAGES.notFound);
      return c.json(detail, 200);
    })
    .openapi(guarded(renameRoute, guard), async (c) => {
      const { name } = c.req.valid('json');
      const result = await renameCategory(db, actorOf(c), c.req.valid('param').id, name);
      if (result.code !== 'OK') return refuse(c, result);
      const message = CATALOG_TREE_MESSAGES.categoryRenamed(result.value.name);
      return c.json({ success: true as const, message, category: result.value }, 200);
    })
    .openapi(guarded(moveRoute, guard), async (c) => {
      const { parentId } = c.req.valid('json');
      const result = await moveCategory(db, actorOf(c), c.req.valid('param').id, parentId);
      if (result.code !== 'OK') return refuse(c, result);
      const message = CATALOG_TREE_MESSAGES.categoryMoved;
      return c.json({ success: true as const, message, category: result.value }, 200);
    })
    .openapi(guarded(retireRoute, guard), async (c) => {
      const result = await retireCategory(db, actorOf(c), c.req.valid('param').id, now());
      if (result.code !== 'OK') return refuse(c, result);
      const message = CATALOG_TREE_MESSAGES.categoryRetired;
      return c.json({ success: true as const, message, category: result.value }, 200);
    })
    .openapi(guarded(attributesRoute, guard), async (c) => {
      const result = await changeAttributes(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'));
      if (result.code !== 'OK') return refuse(c, result);
      const message = CATALOG_TREE_MESSAGES.attributesSaved;
      return c.json({ success: true as const, message, attributes: result.value }, 200);
    })
    .openapi(guarded(brandsRoute, guard), async (c) =>
      c.json(await listBrands(db, c.req.valid('query')), 200),
    )
    .openapi(guarded(addBrandRoute, guard), async (c) => {
      const result = await addBrand(db, actorOf(c), c.req.valid('json'));
      if (result.code !== 'OK') return refuse(c, result);
      const message = CATALOG_TREE_MESSAGES.brandAdded(result.value.name);
      return c.json({ success: true as const, message, brand: result.value }, 201);
    })
    .openapi(guarded(brandRoute, guard), async (c) => {
      const brand = await findBrand(db, c.req.valid('param').id);
      if (!brand) return apiError(c, 'NOT_FOUND', CATALOG_TREE_MESSAGES.brandNotFound);
      return c.json(brand, 200);
    })
    .openapi(guarded(editBrandRoute, guard), async (c) => {
      const result = await editBrand(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'));
      if (result.code !== 'OK') return refuse(c, result);
      return c.json(
        { success: true as const, message: CATALOG_TREE_MESSAGES.brandSaved, brand: result.value },
        200,
      );
    });

  // documented here, handled by hand: the form is streamed to a temporary file, never parsed into memory
  app.openAPIRegistry.registerPath(logoRoute);
  app.post(BRAND_LOGO_PATH, guard, async (c) => {
    const query = LogoQuery.safeParse({ brand: c.req.query('brand') });
    if (!query.success)
      return apiError(c, 'VALIDATION_FAILED', 'Choose the brand.', { brand: 'Choose the brand.' });
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > CATALOG_TREE_LIMITS.logoBytes + FORM_OVERHEAD_BYTES)
      return apiError(c, 'PAYLOAD_TOO_LARGE', CATALOG_TREE_MESSAGES.logoTooLarge);
    const brand = await findBrand(db, query.data.brand);
    if (!brand) return apiError(c, 'NOT_FOUND', CATALOG_TREE_MESSAGES.brandNotFound);
    const received = await receiveFile(c.req.raw, CATALOG_TREE_LIMITS.logoBytes);
    if (!received.ok) {
      switch (received.code) {
        case 'NOT_MULTIPART':
          return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', 'Send the logo as multipart/form-data.');
        case 'TOO_LARGE':
          return apiError(c, 'PAYLOAD_TOO_LARGE', CATALOG_TREE_MESSAGES.logoTooLarge);
        case 'TOO_MANY_FILES':
        case 'NO_FILE':
        case 'MALFORMED':
          return apiError(c, 'VALIDATION_FAILED', CATALOG_TREE_MESSAGES.logoMissing, {
            file: CATALOG_TREE_MESSAGES.logoMissing,
          });
      }
    }
    const stored = await storeCatalogImage(
      media,
      {
        folder: ['brands', String(brand.id)],
        widths: BRAND_LOGO_WIDTHS,
        storedWidth: BRAND_LOGO_STORED_WIDTH,
      },
      received.file,
      CATALOG_TREE_LIMITS.logoBytes,
    );
    if (!stored.ok)
      return stored.code === 'TOO_LARGE'
        ? apiError(c, 'PAYLOAD_TOO_LARGE', CATALOG_TREE_MESSAGES.logoTooLarge)
        : apiError(c, 'UNSUPPORTED_MEDIA_TYPE', CATALOG_TREE_MESSAGES.logoType, {
            file: CATALOG_TREE_MESSAGES.logoType,
          });
    const result = await editBrand(db, actorOf(c), brand.id, { logo: stored.path });
    if (result.code !== 'OK') return refuse(c, result);
    return c.json(
      { success: true as const, message: CATALOG_TREE_MESSAGES.logoSaved, brand: result.value },
      200,
    );
  });
  return app;
}
