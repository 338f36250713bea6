import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import { SEARCH_TEXT_MAX_LENGTH, SUGGESTION_TYPES } from '@marketplace/domain';
import { ErrorResponse } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { findSuggestions } from './service.ts';

const Suggestion = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(SUGGESTION_TYPES),
    image: z.string().openapi({ description: 'Image path; a default image when the item has none' }),
    registry: z.enum(['Yes', 'No']).openapi({ description: 'Yes for brands in the brand registry' }),
  })
  .openapi('Suggestion');

const suggestions = createRoute({
  method: 'get',
  path: '/search/suggestions',
  tags: ['Search'],
  summary: 'Suggestions for the search box',
  description:
    'Brands, categories of all four levels and products matching the text: prefix words, substrings and close spellings. Exact name matches come first.',
  request: {
    query: z.object({
      q: z
        .string({ message: 'Search text is required.' })
        .trim()
        .min(1, 'Search text is required.')
        .max(SEARCH_TEXT_MAX_LENGTH, `Search text must be at most ${SEARCH_TEXT_MAX_LENGTH} characters.`)
        .openapi({ example: 'lapt' }),
    }),
  },
  responses: {
    200: {
      content: { 'application/json': { schema: z.object({ suggestions: z.array(Suggestion) }) } },
      description: 'Suggestions, best first',
    },
    400: {
      content: { 'application/json': { schema: ErrorResponse } },
      description: 'Missing, empty or too long',
    },
  },
});

export function searchRoutes(db: Database) {
  return createRouter().openapi(suggestions, async (c) => {
    const { q } = c.req.valid('query');
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ suggestions: await findSuggestions(db, q) }, 200);
  });
}
