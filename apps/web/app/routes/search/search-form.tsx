import { SEARCH_TEXT_MAX_LENGTH, searchDestination } from '@marketplace/domain/search/suggestions';
import { redirect } from 'react-router';
import type { LoaderArgs } from '../../lib/services.ts';

/**
 * /searchpage?keyword=…: where the header's search form lands when the page's scripts have not
 * run (ADR-0013); it goes on to the results page, as a click on Search does with scripts.
 */
export function loader({ url }: LoaderArgs) {
  const typed = (url.searchParams.get('keyword') ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are never part of a keyword
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .slice(0, SEARCH_TEXT_MAX_LENGTH);
  return redirect(searchDestination(typed, []) ?? '/');
}
