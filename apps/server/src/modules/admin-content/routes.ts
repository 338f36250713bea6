import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  AdminBanner,
  AdminBannerList,
  AdminContentPage,
  AdminPrivilegeClaim,
  BANNER_FIELDS,
  BANNER_IMAGE_BYTES,
  BannerFields,
  ColumnInput,
  ContentPageQuery,
  ContentPreview,
  ContentSaved,
  MoveInput,
  NewRowInput,
  PreviewInput,
  PrivilegeClaimInput,
  ProductMatches,
  ProductSearchQuery,
  RowInput,
} from '@marketplace/domain/admin/content-api';
import { CONTENT_MESSAGES } from '@marketplace/domain/admin/content';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { guarded } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError, errorBody } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import type { ContentChanges } from '../../kept-for.ts';
import { type AuditActor, requireStaff } from '../staff/index.ts';
import { addBanner, editBanner, listBanners, moveBanner, storeBannerImage, switchBanner } from './banners.ts';
import {
  addColumn,
  addRow,
  editColumn,
  editRow,
  loadContentPage,
  moveColumn,
  moveRow,
  type Problem,
  removeColumn,
  removeRow,
  type Saved,
  searchProducts,
} from './blocks.ts';
import { previewPage } from './preview.ts';
import { getPrivilegeClaimForStaff, savePrivilegeClaim } from './site-texts.ts';
import type { MediaStore } from '../../media-store.ts';

const TAG = 'admin';
export const ADMIN_BANNERS_PATH = '/admin/content/banners';
const FORM_OVERHEAD_BYTES = 64 * 1024;

const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered, or the role does not reach storefront content',
  ),
};
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const changeAnswers = {
  200: json(ContentSaved, 'Saved: the storefront shows it within a minute'),
  400: errorResponse('A field is missing or wrong (per-field messages), e.g. the row’s widths pass 12'),
  ...refusals,
  404: errorResponse('No such row, block or category'),
};

const { 200: _saved, ...createAnswers } = changeAnswers;

const pageRoute = createRoute({
  method: 'get',
  path: '/admin/content/blocks',
  tags: [TAG],
  summary: 'The page-content rows of the home page, or of a category page (categoryId), as staff edit them',
  request: { query: ContentPageQuery },
  responses: {
    200: json(AdminContentPage, 'The page’s rows, columns and items'),
    400: errorResponse('categoryId is malformed'),
    ...refusals,
    404: errorResponse('No such category'),
  },
});
const addRowRoute = createRoute({
  method: 'post',
  path: '/admin/content/rows',
  tags: [TAG],
  summary: 'Adds a row at the end of the home page (categoryId null) or a category page',
  request: jsonBody(NewRowInput),
  responses: { ...createAnswers, 201: json(ContentSaved, 'The row was added') },
});
const editRowRoute = createRoute({
  method: 'put',
  path: '/admin/content/rows/{id}',
  tags: [TAG],
  summary: 'Changes a row’s title, whether it shows, and where on the home page it sits',
  request: { params: RecordIdParams, ...jsonBody(RowInput) },
  responses: changeAnswers,
});
const removeRowRoute = createRoute({
  method: 'delete',
  path: '/admin/content/rows/{id}',
  tags: [TAG],
  summary: 'Removes a row with its blocks',
  request: { params: RecordIdParams },
  responses: changeAnswers,
});
const moveRowRoute = createRoute({
  method: 'post',
  path: '/admin/content/rows/{id}/move',
  tags: [TAG],
  summary: 'Moves a row one place up or down its page',
  request: { params: RecordIdParams, ...jsonBody(MoveInput) },
  responses: changeAnswers,
});
const addColumnRoute = createRoute({
  method: 'post',
  path: '/admin/content/rows/{id}/columns',
  tags: [TAG],
  summary: 'Adds a block (column) at the end of a row, when the row’s widths leave room',
  request: { params: RecordIdParams, ...jsonBody(ColumnInput) },
  responses: { ...createAnswers, 201: json(ContentSaved, 'The block was added') },
});
const editColumnRoute = createRoute({
  method: 'put',
  path: '/admin/content/columns/{id}',
  tags: [TAG],
  summary: 'Publishes a block’s new width, title, slides and items',
  request: { params: RecordIdParams, ...jsonBody(ColumnInput) },
  responses: changeAnswers,
});
const removeColumnRoute = createRoute({
  method: 'delete',
  path: '/admin/content/columns/{id}',
  tags: [TAG],
  summary: 'Removes a block from its row',
  request: { params: RecordIdParams },
  responses: changeAnswers,
});
const moveColumnRoute = createRoute({
  method: 'post',
  path: '/admin/content/columns/{id}/move',
  tags: [TAG],
  summary: 'Moves a block one place left (up) or right (down) within its row',
  request: { params: RecordIdParams, ...jsonBody(MoveInput) },
  responses: changeAnswers,
});
const productSearchRoute = createRoute({
  method: 'get',
  path: '/admin/content/products',
  tags: [TAG],
  summary: 'Products by name or id, for choosing a product block’s products (at most 20, best sellers first)',
  request: { query: ProductSearchQuery },
  responses: { 200: json(ProductMatches, 'The products'), 400: errorResponse('q is malformed'), ...refusals },
});
const previewRoute = createRoute({
  method: 'post',
  path: '/admin/content/preview',
  tags: [TAG],
  summary:
    'The page’s blocks as shoppers would see them with a draft row or block in place (nothing is saved)',
  request: jsonBody(PreviewInput),
  responses: {
    200: json(ContentPreview, 'The page’s blocks with the draft'),
    400: errorResponse('The draft is not valid (per-field messages)'),
    ...refusals,
    404: errorResponse('No such row, block or category'),
  },
});
const bannersRoute = createRoute({
  method: 'get',
  path: ADMIN_BANNERS_PATH,
  tags: [TAG],
  summary: 'Every banner, in its carousel’s order, and whether it shows now',
  responses: { 200: json(AdminBannerList, 'The banners'), ...refusals },
});
const addBannerDoc = createRoute({
  method: 'post',
  path: ADMIN_BANNERS_PATH,
  tags: [TAG],
  summary: 'Adds a banner: its image (JPEG, PNG, WebP or AVIF up to 5 MB, cut to 1500 × 300) and fields',
  description:
    'multipart/form-data: `kind` (long: the home carousel), `altText`, `link` (a path or an https address), `startsAt` and `endsAt` (YYYY-MM-DDTHH:MM, Indian time, optional), `isActive` (on or off) and the part `file`.',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            kind: z.string(),
            altText: z.string(),
            link: z.string(),
            startsAt: z.string(),
            endsAt: z.string(),
            isActive: z.string(),
            file: z.string().openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  responses: {
    201: json(AdminBanner, 'The banner was added'),
    400: errorResponse('A field is missing or wrong (per-field messages)'),
    ...refusals,
    413: errorResponse('The image is over 5 MB'),
    415: errorResponse('Not multipart, or the file is not an image we take'),
  },
});
const editBannerRoute = createRoute({
  method: 'put',
  path: `${ADMIN_BANNERS_PATH}/{id}`,
  tags: [TAG],
  summary: 'Changes a banner’s alt text, link, dates and on/off (its image stays)',
  request: { params: RecordIdParams, ...jsonBody(BannerFields) },
  responses: {
    200: json(AdminBanner, 'The banner'),
    400: errorResponse('A field is wrong (per-field messages)'),
    ...refusals,
    404: errorResponse('No such banner'),
  },
});
const switchBannerRoute = createRoute({
  method: 'post',
  path: `${ADMIN_BANNERS_PATH}/{id}/switch`,
  tags: [TAG],
  summary: 'Switches a banner on or off',
  request: { params: RecordIdParams, ...jsonBody(z.object({ isActive: z.boolean() })) },
  responses: {
    200: json(AdminBanner, 'The banner'),
    400: errorResponse('isActive is missing'),
    ...refusals,
    404: errorResponse('No such banner'),
  },
});
const moveBannerRoute = createRoute({
  method: 'post',
  path: `${ADMIN_BANNERS_PATH}/{id}/move`,
  tags: [TAG],
  summary: 'Moves a banner one place earlier (up) or later (down) in its carousel',
  request: { params: RecordIdParams, ...jsonBody(MoveInput) },
  responses: {
    200: json(AdminBanner, 'The banner'),
    400: errorResponse('It is already first or last'),
    ...refusals,
    404: errorResponse('No such banner'),
  },
});
const claimRoute = createRoute({
  method: 'get',
  path: '/admin/content/privilege-claim',
  tags: [TAG],
  summary: 'The privilege-claim text and video as the storefront shows them',
  responses: { 200: json(AdminPrivilegeClaim, 'The text and video'), ...refusals },
});
const saveClaimRoute = createRoute({
  method: 'put',
  path: '/admin/content/privilege-claim',
  tags: [TAG],
  summary: 'Publishes the privilege-claim text (plain text, paragraphs split by blank lines) and video',
  request: jsonBody(PrivilegeClaimInput),
  responses: {
    200: json(AdminPrivilegeClaim, 'Saved'),
    400: errorResponse('The text or video is not valid (per-field messages)'),
    ...refusals,
  },
});

const SAVED_MESSAGES = {
  rowAdded: 'The row was added.',
  rowSaved: 'The row was saved.',
  rowRemoved: 'The row was removed.',
  moved: 'The order was saved.',
  blockAdded: 'The block was published.',
  blockSaved: 'The block was published.',
  blockRemoved: 'The block was removed.',
} as const;

function problem(c: Context<AppEnv>, result: Problem) {
  return result.code === 'NOT_FOUND'
    ? apiError(c, 'NOT_FOUND', result.message)
    : apiError(c, 'VALIDATION_FAILED', result.message, { [result.field]: result.message });
}

const actorOf = (c: Context<AppEnv>): AuditActor => {
  const staff = c.get('staff');
  return { staffId: staff.id, email: staff.email };
};

/** requirements#operator-content: page blocks, banners and the privilege-claim text (roles owner and marketing). */
export function adminContentRoutes(
  db: Database,
  options: { media: MediaStore; now?: () => Date; contentChanges?: ContentChanges },
) {
  const now = () => options.now?.() ?? new Date();
  const staff = requireStaff(db, { area: 'content', now });
  const changed = () => options.contentChanges?.changed();
  /** a change's answer: the storefront of this process shows it from the next page on */
  const answer = <S extends 200 | 201>(c: Context<AppEnv>, result: Saved, message: string, status: S) => {
    if (result.code !== 'OK') return problem(c, result);
    changed();
    return c.json({ id: result.id, message }, status);
  };

  const app = createRouter()
    .openapi(guarded(pageRoute, staff), async (c) => {
      const page = await loadContentPage(db, c.req.valid('query').categoryId ?? null);
      if (!page) return apiError(c, 'NOT_FOUND', CONTENT_MESSAGES.categoryNotFound);
      return c.json(page, 200);
    })
    .openapi(guarded(addRowRoute, staff), async (c) =>
      answer(c, await addRow(db, actorOf(c), c.req.valid('json')), SAVED_MESSAGES.rowAdded, 201),
    )
    .openapi(guarded(editRowRoute, staff), async (c) =>
      answer(
        c,
        await editRow(db, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
        SAVED_MESSAGES.rowSaved,
        200,
      ),
    )
    .openapi(guarded(removeRowRoute, staff), async (c) =>
      answer(c, await removeRow(db, actorOf(c), c.req.valid('param').id), SAVED_MESSAGES.rowRemoved, 200),
    )
    .openapi(guarded(moveRowRoute, staff), async (c) =>
      answer(
        c,
        await moveRow(db, actorOf(c), c.req.valid('param').id, c.req.valid('json').direction),
        SAVED_MESSAGES.moved,
        200,
      ),
    )
    .openapi(guarded(addColumnRoute, staff), async (c) =>
      answer(
        c,
        await addColumn(db, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
        SAVED_MESSAGES.blockAdded,
        201,
      ),
    )
    .openapi(guarded(editColumnRoute, staff), async (c) =>
      answer(
        c,
        await editColumn(db, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
        SAVED_MESSAGES.blockSaved,
        200,
      ),
    )
    .openapi(guarded(removeColumnRoute, staff), async (c) =>
      answer(
        c,
        await removeColumn(db, actorOf(c), c.req.valid('param').id),
        SAVED_MESSAGES.blockRemoved,
        200,
      ),
    )
    .openapi(guarded(moveColumnRoute, staff), async (c) =>
      answer(
        c,
        await moveColumn(db, actorOf(c), c.req.valid('param').id, c.req.valid('json').direction),
        SAVED_MESSAGES.moved,
        200,
      ),
    )
    .openapi(guarded(productSearchRoute, staff), async (c) =>
      c.json({ products: await searchProducts(db, c.req.valid('query').q) }, 200),
    )
    .openapi(guarded(previewRoute, staff), async (c) => {
      const result = await previewPage(db, c.req.valid('json'));
      if (result.code !== 'OK') return problem(c, result);
      return c.json(result.preview, 200);
    })
    .openapi(guarded(bannersRoute, staff), async (c) =>
      c.json({ banners: await listBanners(db, now()) }, 200),
    )
    .openapi(guarded(editBannerRoute, staff), async (c) => {
      const banner = await editBanner(
        db,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        null,
        now(),
      );
      if (!banner) return apiError(c, 'NOT_FOUND', CONTENT_MESSAGES.bannerNotFound);
      changed();
      return c.json(banner, 200);
    })
    .openapi(guarded(switchBannerRoute, staff), async (c) => {
      const banner = await switchBanner(
        db,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json').isActive,
        now(),
      );
      if (!banner) return apiError(c, 'NOT_FOUND', CONTENT_MESSAGES.bannerNotFound);
      changed();
      return c.json(banner, 200);
    })
    .openapi(guarded(moveBannerRoute, staff), async (c) => {
      const result = await moveBanner(
        db,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json').direction,
        now(),
      );
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', CONTENT_MESSAGES.bannerNotFound);
      if (result.code === 'AT_END')
        return apiError(c, 'VALIDATION_FAILED', result.message, { direction: result.message });
      changed();
      return c.json(result.banner, 200);
    })
    .openapi(guarded(claimRoute, staff), async (c) => c.json(await getPrivilegeClaimForStaff(db), 200))
    .openapi(guarded(saveClaimRoute, staff), async (c) => {
      const saved = await savePrivilegeClaim(db, actorOf(c), c.req.valid('json'), now());
      changed();
      return c.json(saved, 200);
    });

  // documented above, handled by hand: a multipart form with the banner's image
  app.openAPIRegistry.registerPath(addBannerDoc);
  app.post(
    ADMIN_BANNERS_PATH,
    staff,
    bodyLimit({
      maxSize: BANNER_IMAGE_BYTES + FORM_OVERHEAD_BYTES,
      onError: (c) =>
        c.json(
          errorBody('PAYLOAD_TOO_LARGE', CONTENT_MESSAGES.bannerImage, undefined, String(c.get('requestId'))),
          413,
        ),
    }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'multipart/form-data')
        return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', 'Send the banner as multipart/form-data.');
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        return apiError(c, 'VALIDATION_FAILED', 'The form could not be read.');
      }
      const fields: Record<string, string> = {};
      for (const name of BANNER_FIELDS) {
        const value = form.get(name);
        fields[name] = typeof value === 'string' ? value : '';
      }
      const parsed = BannerFields.safeParse(fields);
      if (!parsed.success) {
        const problems: Record<string, string> = {};
        for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? '_')] ??= issue.message;
        return apiError(
          c,
          'VALIDATION_FAILED',
          parsed.error.issues[0]?.message ?? 'The form is invalid.',
          problems,
        );
      }
      const part = form.get('file');
      if (!(part instanceof File) || part.size === 0)
        return apiError(c, 'VALIDATION_FAILED', CONTENT_MESSAGES.bannerImage, {
          file: CONTENT_MESSAGES.bannerImage,
        });
      if (part.size > BANNER_IMAGE_BYTES)
        return apiError(c, 'PAYLOAD_TOO_LARGE', CONTENT_MESSAGES.bannerImage, {
          file: CONTENT_MESSAGES.bannerImage,
        });
      const imagePath = await storeBannerImage(
        options.media,
        parsed.data.kind,
        new Uint8Array(await part.arrayBuffer()),
      );
      if (!imagePath)
        return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', CONTENT_MESSAGES.bannerImage, {
          file: CONTENT_MESSAGES.bannerImage,
        });
      const banner = await addBanner(db, actorOf(c), parsed.data, imagePath, now());
      changed();
      return c.json(banner, 201);
    },
  );
  return app;
}
