import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import { SEARCH_TEXT_MAX_LENGTH } from '@marketplace/domain';
import { SuggestionList } from '@marketplace/domain/search/suggestions-api';
import { errorResponse } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { keptByKey } from '../../kept-by-key.ts';
import { findSuggestions } from './service.ts';

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
      content: { 'application/json': { schema: SuggestionList } },
      description: 'Suggestions, best first',
    },
    400: errorResponse('Missing, empty or too long'),
  },
});

/** Suggestions may be a minute old (the answer says so to browsers and caches too). */
export const SUGGESTIONS_MAX_AGE_S = 60;
// shoppers type the same beginnings ('s', 'sa', 'sam'...): a lookup made in the last minute is reused
const KEPT_SUGGESTION_TEXTS = 5_000;

export function searchRoutes(db: Database, keepMs = SUGGESTIONS_MAX_AGE_S * 1000) {
  const lookup = (text: string) => findSuggestions(db, text);
  const suggestionsFor = keepMs > 0 ? keptByKey(lookup, keepMs, KEPT_SUGGESTION_TEXTS) : lookup;
  return createRouter().openapi(suggestions, async (c) => {
    const { q } = c.req.valid('query');
    c.header('Cache-Control', `public, max-age=${SUGGESTIONS_MAX_AGE_S}`);
    // the same text in any letter case and spacing gives the same suggestions
    return c.json({ suggestions: await suggestionsFor(q.replace(/\s+/g, ' ').toLowerCase()) }, 200);
  });
}
