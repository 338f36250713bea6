import type { HeadersFunction } from 'react-router';

/**
 * requirements#seo: the page's answer keeps its loader's `Link: <…>; rel="canonical"` header. The
 * canonical address goes in the header, not as a head tag: a <link> the renderer hoists would no
 * longer sit where the browser's hydration looks for it.
 */
export const canonicalHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  const link = loaderHeaders.get('link');
  if (link) headers.set('link', link);
  return headers;
};
