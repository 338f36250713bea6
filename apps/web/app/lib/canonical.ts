import type { HeadersFunction } from 'react-router';
import {
  DEFAULT_LANGUAGE,
  type Language,
  LANGUAGE_LOCALES,
  LANGUAGES,
  localizedPath,
  splitLanguage,
} from '@marketplace/domain/i18n/languages';
import { absoluteUrl, canonicalLinkHeader } from '@marketplace/domain/seo/structured-data';

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

/**
 * requirements#languages: a page's Link header with its canonical address in the page's own
 * language and one `alternate` per language (hreflang, English also as x-default), so search
 * engines show each shopper the page in their language. `path` may carry a language prefix.
 */
export function languageLinkHeader(origin: string, path: string, pageUrl: string): string {
  const { language } = splitLanguage(new URL(pageUrl).pathname);
  const at = (code: Language) => absoluteUrl(origin, localizedPath(code, path));
  return [
    canonicalLinkHeader(origin, localizedPath(language, path)),
    ...LANGUAGES.map((code) => `<${at(code)}>; rel="alternate"; hreflang="${LANGUAGE_LOCALES[code]}"`),
    `<${at(DEFAULT_LANGUAGE)}>; rel="alternate"; hreflang="x-default"`,
  ].join(', ');
}
