import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  CONTENT_MESSAGES,
  ContentMenus,
  FooterMenuInput,
  MenuChanged,
  MoveInput,
  PageChanged,
  PageDetail,
  PageInput,
  PageList,
  PublicationInput,
  pageSavedMessage,
  publicationMessage,
  TopMenuInput,
} from '@marketplace/domain/admin/menus-pages-api';
import type { Context } from 'hono';
import { guarded } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import {
  addFooterMenuItem,
  addTopMenuItem,
  editFooterMenuItem,
  editTopMenuItem,
  listMenus,
  type MenuResult,
  moveMenuItem,
  removeMenuItem,
} from './menus.ts';
import { createPage, editPage, getPage, listPages, type PageResult, setPagePublished } from './pages.ts';

const TAG = 'admin';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role does not reach storefront content',
  ),
};
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const menuAnswers = {
  200: json(MenuChanged, 'The menu entry, changed'),
  400: errorResponse('A field is missing or malformed, or the link is not a site path or an https link'),
  ...refusals,
  404: errorResponse('No such menu entry'),
  409: errorResponse('The top menu already has an entry with this label'),
  422: errorResponse('The chosen category or page does not exist'),
};
const pageAnswers = {
  200: json(PageChanged, 'The page, saved'),
  400: errorResponse('A field is missing or malformed'),
  ...refusals,
  404: errorResponse('No such page'),
  409: errorResponse('Another page of this kind has this address or title'),
};
const MenuParams = z.object({
  menu: z
    .enum(['top', 'footer'], { error: 'The menu is top or footer.' })
    .openapi({ param: { name: 'menu', in: 'path' }, example: 'footer' }),
});
const MenuItemParams = RecordIdParams.extend(MenuParams.shape);

const listMenusRoute = createRoute({
  method: 'get',
  path: '/admin/content/menus',
  tags: [TAG],
  summary:
    'The top menu and the footer columns in storefront order, with the categories and pages they may point at',
  responses: { 200: json(ContentMenus, 'Both menus'), ...refusals },
});
const addTopRoute = createRoute({
  method: 'post',
  path: '/admin/content/menus/top',
  tags: [TAG],
  summary: 'Adds a top-menu entry (a category’s best sellers or a link) at the end',
  request: body(TopMenuInput),
  responses: menuAnswers,
});
const editTopRoute = createRoute({
  method: 'put',
  path: '/admin/content/menus/top/{id}',
  tags: [TAG],
  summary: 'Changes a top-menu entry’s label and destination',
  request: { params: RecordIdParams, ...body(TopMenuInput) },
  responses: menuAnswers,
});
const addFooterRoute = createRoute({
  method: 'post',
  path: '/admin/content/menus/footer',
  tags: [TAG],
  summary: 'Adds a footer entry (a page, a link or plain text) at the end of its column',
  request: body(FooterMenuInput),
  responses: menuAnswers,
});
const editFooterRoute = createRoute({
  method: 'put',
  path: '/admin/content/menus/footer/{id}',
  tags: [TAG],
  summary: 'Changes a footer entry’s column, label and destination',
  request: { params: RecordIdParams, ...body(FooterMenuInput) },
  responses: menuAnswers,
});
const moveRoute = createRoute({
  method: 'post',
  path: '/admin/content/menus/{menu}/{id}/move',
  tags: [TAG],
  summary: 'Moves a menu entry one place up or down in its list',
  request: { params: MenuItemParams, ...body(MoveInput) },
  responses: menuAnswers,
});
const removeRoute = createRoute({
  method: 'delete',
  path: '/admin/content/menus/{menu}/{id}',
  tags: [TAG],
  summary: 'Removes a menu entry',
  request: { params: MenuItemParams },
  responses: menuAnswers,
});
const listPagesRoute = createRoute({
  method: 'get',
  path: '/admin/content/pages',
  tags: [TAG],
  summary: 'Every explore and policy page, drafts included',
  responses: { 200: json(PageList, 'The pages'), ...refusals },
});
const getPageRoute = createRoute({
  method: 'get',
  path: '/admin/content/pages/{id}',
  tags: [TAG],
  summary: 'One page with its HTML',
  request: { params: RecordIdParams },
  responses: {
    200: json(PageDetail, 'The page'),
    400: errorResponse('The id is malformed'),
    ...refusals,
    404: errorResponse('No such page'),
  },
});
const createPageRoute = createRoute({
  method: 'post',
  path: '/admin/content/pages',
  tags: [TAG],
  summary: 'Creates a page as a draft; its HTML is cleaned to the allow-list',
  request: body(PageInput),
  responses: { ...pageAnswers, 201: json(PageChanged, 'The page, created as a draft') },
});
const editPageRoute = createRoute({
  method: 'put',
  path: '/admin/content/pages/{id}',
  tags: [TAG],
  summary: 'Changes a page’s title, kind, address and HTML (cleaned to the allow-list)',
  request: { params: RecordIdParams, ...body(PageInput) },
  responses: pageAnswers,
});
const publicationRoute = createRoute({
  method: 'put',
  path: '/admin/content/pages/{id}/publication',
  tags: [TAG],
  summary: 'Publishes a page at its storefront address, or takes it down',
  request: { params: RecordIdParams, ...body(PublicationInput) },
  responses: pageAnswers,
});

function menuAnswer(c: Context<AppEnv>, result: MenuResult, message: string) {
  switch (result.code) {
    case 'OK':
      return c.json({ message, id: result.id }, 200);
    case 'NOT_FOUND':
      return apiError(c, 'NOT_FOUND', CONTENT_MESSAGES.menuItemMissing);
    case 'LABEL_TAKEN':
      return apiError(c, 'CONFLICT', CONTENT_MESSAGES.labelTaken, { label: CONTENT_MESSAGES.labelTaken });
    case 'NO_CATEGORY':
      return apiError(c, 'UNPROCESSABLE', CONTENT_MESSAGES.categoryMissing, {
        categoryId: CONTENT_MESSAGES.categoryMissing,
      });
    case 'NO_PAGE':
      return apiError(c, 'UNPROCESSABLE', CONTENT_MESSAGES.pageMissing, {
        pageId: CONTENT_MESSAGES.pageMissing,
      });
  }
}

function pageAnswer(c: Context<AppEnv>, result: PageResult, message: (isPublished: boolean) => string) {
  switch (result.code) {
    case 'OK':
      return c.json({ message: message(result.page.isPublished), page: result.page }, 200);
    case 'NOT_FOUND':
      return apiError(c, 'NOT_FOUND', CONTENT_MESSAGES.pageMissing);
    case 'SLUG_TAKEN':
      return apiError(c, 'CONFLICT', CONTENT_MESSAGES.slugTaken, { slug: CONTENT_MESSAGES.slugTaken });
    case 'TITLE_TAKEN':
      return apiError(c, 'CONFLICT', CONTENT_MESSAGES.titleTaken, { title: CONTENT_MESSAGES.titleTaken });
  }
}

const actorOf = (c: Context<AppEnv>) => {
  const staff = c.get('staff');
  return { staffId: staff.id, email: staff.email };
};

/** requirements#operator-content: the top menu, footer menus and explore/policy pages. `now` is the clock. */
export function menusPagesRoutes(db: Database, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const content = requireStaff(db, { area: 'content', now });
  return createRouter()
    .openapi(guarded(listMenusRoute, content), async (c) => c.json(await listMenus(db), 200))
    .openapi(guarded(addTopRoute, content), async (c) =>
      menuAnswer(c, await addTopMenuItem(db, actorOf(c), c.req.valid('json')), 'Added to the top menu.'),
    )
    .openapi(guarded(editTopRoute, content), async (c) =>
      menuAnswer(
        c,
        await editTopMenuItem(db, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
        CONTENT_MESSAGES.saved,
      ),
    )
    .openapi(guarded(addFooterRoute, content), async (c) =>
      menuAnswer(c, await addFooterMenuItem(db, actorOf(c), c.req.valid('json')), 'Added to the footer.'),
    )
    .openapi(guarded(editFooterRoute, content), async (c) =>
      menuAnswer(
        c,
        await editFooterMenuItem(db, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
        CONTENT_MESSAGES.saved,
      ),
    )
    .openapi(guarded(moveRoute, content), async (c) => {
      const { menu, id } = c.req.valid('param');
      return menuAnswer(
        c,
        await moveMenuItem(db, actorOf(c), menu, id, c.req.valid('json')),
        CONTENT_MESSAGES.moved,
      );
    })
    .openapi(guarded(removeRoute, content), async (c) => {
      const { menu, id } = c.req.valid('param');
      return menuAnswer(c, await removeMenuItem(db, actorOf(c), menu, id), 'Menu entry removed.');
    })
    .openapi(guarded(listPagesRoute, content), async (c) => c.json(await listPages(db), 200))
    .openapi(guarded(getPageRoute, content), async (c) => {
      const page = await getPage(db, c.req.valid('param').id);
      return page ? c.json(page, 200) : apiError(c, 'NOT_FOUND', CONTENT_MESSAGES.pageMissing);
    })
    .openapi(guarded(createPageRoute, content), async (c) => {
      const result = await createPage(db, actorOf(c), c.req.valid('json'), now());
      if (result.code === 'OK')
        return c.json({ message: pageSavedMessage(result.page.isPublished), page: result.page }, 201);
      return pageAnswer(c, result, pageSavedMessage);
    })
    .openapi(guarded(editPageRoute, content), async (c) =>
      pageAnswer(
        c,
        await editPage(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
        pageSavedMessage,
      ),
    )
    .openapi(guarded(publicationRoute, content), async (c) =>
      pageAnswer(
        c,
        await setPagePublished(
          db,
          actorOf(c),
          c.req.valid('param').id,
          c.req.valid('json').isPublished,
          now(),
        ),
        publicationMessage,
      ),
    );
}
