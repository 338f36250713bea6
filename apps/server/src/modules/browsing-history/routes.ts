import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { BrowsingHistory, HISTORY_CAP, HistorySave } from '@marketplace/domain/catalog/history';
import { ProductCards } from '@marketplace/domain/catalog/product-cards-api';
import { MAX_RECORD_ID } from '@marketplace/domain/validation/record-id';
import { guarded, requireShopper } from '../../http/auth.ts';
import { errorResponse } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { loadProductCards, relatedProductCards } from '../product-cards/index.ts';
import { readHistory, saveHistory } from './history.ts';

/** The most product cards one request may ask for. */
export const CARDS_MAX_IDS = 20;
/** requirements#home-blocks: 'Related to items you've viewed' shows 8 slides. */
export const RELATED_SLIDES = 8;

const getHistory = createRoute({
  method: 'get',
  path: '/history',
  tags: ['Browsing history'],
  summary: 'The logged-in shopper’s browsing history',
  description: 'Newest first: at most 10 products viewed within the last month (spec: gethistory.php).',
  responses: {
    200: { content: { 'application/json': { schema: BrowsingHistory } }, description: 'The history' },
    401: errorResponse('Not logged in'),
  },
});

const postHistory = createRoute({
  method: 'post',
  path: '/history',
  tags: ['Browsing history'],
  summary: 'Save the browser’s copy of the history',
  description:
    'Merges the entries into the logged-in shopper’s history (spec: saveHistory.php): each product keeps its newest view; unknown products and views older than a month are ignored; the newest 10 are kept. Answers with the saved history.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: HistorySave,
        },
      },
    },
  },
  responses: {
    200: { content: { 'application/json': { schema: BrowsingHistory } }, description: 'The saved history' },
    400: errorResponse('Malformed history'),
    401: errorResponse('Not logged in'),
  },
});

/** `ids=12,7,31`: positive whole numbers separated by commas, at most `max` of them. */
const productIdsQuery = (max: number) =>
  z.object({
    ids: z
      .string({ message: 'Product ids are required.' })
      // a longer text cannot hold `max` ids: refused before the pattern reads it
      .max(max * 11, `At most ${max} products at a time.`)
      .regex(
        /^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/,
        'Product ids must be positive whole numbers separated by commas.',
      )
      .transform((text) => text.split(',').map(Number))
      .refine((ids) => ids.length <= max, `At most ${max} products at a time.`)
      .openapi({ example: '12,7,31', type: 'string' }),
  });

const cards = createRoute({
  method: 'get',
  path: '/products/cards',
  tags: ['Catalog'],
  summary: 'Product cards by id',
  description: `Cards (name, image, lowest price, ratings) of up to ${CARDS_MAX_IDS} products, in the order asked; unknown or inactive products are left out. Used for a visitor’s history blocks.`,
  request: { query: productIdsQuery(CARDS_MAX_IDS) },
  responses: {
    200: {
      content: { 'application/json': { schema: ProductCards } },
      description: 'The cards',
    },
    400: errorResponse('Missing, malformed or too many ids'),
  },
});

const related = createRoute({
  method: 'get',
  path: '/products/related',
  tags: ['Catalog'],
  summary: 'Products related to the products viewed',
  description: `'Related to items you’ve viewed' for a visitor, whose history stays in the browser: up to ${RELATED_SLIDES} cards of the best sellers in the viewed products’ categories, leaving out the viewed products. At most ${HISTORY_CAP} ids (the history’s size); unknown, inactive and repeated ids are ignored.`,
  request: { query: productIdsQuery(HISTORY_CAP) },
  responses: {
    200: {
      content: { 'application/json': { schema: ProductCards } },
      description: 'The related cards, best sellers first (none when nothing is related)',
    },
    400: errorResponse('Missing, malformed or too many ids'),
  },
});

export function homeRoutes(db: Executor) {
  return createRouter()
    .openapi(guarded(getHistory, requireShopper(db, 'Log in to see your browsing history.')), async (c) => {
      const user = c.get('shopper');
      c.header('Cache-Control', 'no-store');
      return c.json({ history: await readHistory(db, user.id) }, 200);
    })
    .openapi(guarded(postHistory, requireShopper(db, 'Log in to save your browsing history.')), async (c) => {
      const user = c.get('shopper');
      const { history } = c.req.valid('json');
      c.header('Cache-Control', 'no-store');
      return c.json({ history: await saveHistory(db, user.id, history) }, 200);
    })
    .openapi(cards, async (c) => {
      const { ids } = c.req.valid('query');
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(
        {
          products: await loadProductCards(
            db,
            ids.filter((id) => id <= MAX_RECORD_ID),
          ),
        },
        200,
      );
    })
    .openapi(related, async (c) => {
      const { ids } = c.req.valid('query');
      c.header('Cache-Control', 'public, max-age=60');
      const viewed = ids.filter((id) => id <= MAX_RECORD_ID);
      return c.json({ products: await relatedProductCards(db, viewed, RELATED_SLIDES) }, 200);
    });
}
