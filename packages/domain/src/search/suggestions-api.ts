// The search box's answer (`GET /api/search/suggestions`), shared by the server route and the
// search box. Kept apart from suggestions.ts, whose rules the storefront's scripts import without zod.
import { z } from 'zod';
import { SUGGESTION_TYPES } from './suggestion-types.ts';

/** A brand, category (any of the four levels) or product matching the typed text. */
export const Suggestion = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(SUGGESTION_TYPES),
    image: z.string().describe('Image path; a default image when the item has none'),
    registry: z.enum(['Yes', 'No']).describe('Yes for brands in the brand registry'),
    isMatch: z
      .boolean()
      .describe(
        'Whether the name has the typed text (not only a close spelling): Enter opens the first match, else the results page',
      ),
  })
  .meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof Suggestion>;

/** The suggestions, best first. */
export const SuggestionList = z.object({ suggestions: z.array(Suggestion) });
export type SuggestionList = z.infer<typeof SuggestionList>;
