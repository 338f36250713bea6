import { data, redirect } from 'react-router';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  languageCookie,
  localizedPath,
} from '@marketplace/domain/i18n/languages';
import type { LoaderArgs } from '../lib/services.ts';

const MAX_NEXT_LENGTH = 2048;

const hasControlOrBackslash = (text: string) =>
  [...text].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** Only a path on this site: '/cart?x=1', never '//host', a scheme, a backslash or a control character. */
function safeNext(next: string | null): string {
  if (!next || next.length > MAX_NEXT_LENGTH) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || hasControlOrBackslash(next)) return '/';
  return next;
}

/**
 * requirements#languages: /language?to=hi&next=/cart remembers Hindi in a cookie and goes on to
 * /hi/cart. A link, so the header's menu works without scripts; an unknown language is a 400.
 */
export function loader({ url }: LoaderArgs) {
  const to = url.searchParams.get('to') ?? DEFAULT_LANGUAGE;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router answers a thrown data() with its status
  if (!isLanguage(to)) throw data('Unknown language', { status: 400 });
  return redirect(localizedPath(to, safeNext(url.searchParams.get('next'))), {
    status: 303,
    headers: { 'set-cookie': languageCookie(to), 'cache-control': 'no-store' },
  });
}
