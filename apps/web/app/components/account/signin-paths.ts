// Where the sign-in pages' actions send the shopper, in the language of the page they posted from
// (requirements#languages): a Hindi shopper who signs in on /hi/login lands on a /hi/… page.
import { safeReturnPath } from '@marketplace/domain/accounts/login';
import { type Language, localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';

/** The language of a request's page (a script's data request keeps the page's path). */
export function languageOf(url: URL): Language {
  return splitLanguage(url.pathname).language;
}

/** A shop path in the language of the page at `url`: '/myprofile' from /ta/verifyotp is '/ta/myprofile'. */
export function pathIn(url: URL, path: string): string {
  return localizedPath(languageOf(url), path);
}

/**
 * Where to go after logging in, in the page's language: the guard's redirectTo if it is one of our
 * own pages (checked without its language, so /hi/login is refused as /login is), otherwise home.
 */
export function returnPathIn(url: URL, redirectTo: string | null | undefined): string {
  const withoutLanguage = redirectTo ? localizedPath('en', redirectTo) : redirectTo;
  return pathIn(url, safeReturnPath(withoutLanguage));
}
