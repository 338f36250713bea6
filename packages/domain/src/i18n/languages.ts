// The shop's languages (requirements#languages, ADR-0063): English unprefixed, the others under
// their code (/hi/…, /ta/…, /te/…). Numbers keep Indian grouping and dates the language's own
// month names, through Intl with each language's Indian locale.

export const LANGUAGES = ['en', 'hi', 'ta', 'te'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the header's menu lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  ta: 'தமிழ்',
  te: 'తెలుగు',
};

/** The BCP 47 tag of each language as written in India: <html lang>, hreflang and Intl. */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  en: 'en-IN',
  hi: 'hi-IN',
  ta: 'ta-IN',
  te: 'te-IN',
};

/** The cookie that remembers the shopper's choice from the language menu. */
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a path is in and the path without its prefix: '/hi/cart' → hi, '/cart'. */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  const match = /^\/(hi|ta|te)(?=\/|$)/.exec(pathname);
  if (!match) return { language: DEFAULT_LANGUAGE, path: pathname || '/' };
  const rest = pathname.slice(match[0].length);
  return { language: match[1] as Language, path: rest === '' ? '/' : rest };
}

/**
 * A shop path in a language: '/cart' → '/hi/cart', '/' → '/hi'. Paths already in a language are
 * moved to this one; anything that is not a path on this site (https:, //host, #, mailto:) is kept.
 */
export function localizedPath(language: Language, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const cut = href.search(/[?#]/);
  const pathname = cut === -1 ? href : href.slice(0, cut);
  const tail = cut === -1 ? '' : href.slice(cut);
  const { path } = splitLanguage(pathname);
  if (language === DEFAULT_LANGUAGE) return `${path}${tail}`;
  return `/${language}${path === '/' ? '' : path}${tail}`;
}

/** The cookie that remembers a language for a year, on the whole site. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The remembered language from a Cookie header, or null when none (or a broken one) is set. */
export function languageFromCookies(cookieHeader: string | null | undefined): Language | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      const value = rest.join('=').trim();
      return isLanguage(value) ? value : null;
    }
  }
  return null;
}

/** A date in India's time with the language's own month and day names (hi-IN, ta-IN, te-IN). */
export function formatDateIn(language: Language, date: Date | string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { timeZone: 'Asia/Kolkata', ...options }).format(
    typeof date === 'string' ? new Date(date) : date,
  );
}

/**
 * requirements#message-languages: the language of the shop page a request came from, for what it
 * sends (a sign-in code, an order's messages). The page is the request's Referer (a browser sends
 * its own site's page; a page's server code names itself); without one, the remembered choice,
 * else English.
 */
export function requestLanguage(headers: { referer?: string | null; cookie?: string | null }): Language {
  if (headers.referer) {
    try {
      return splitLanguage(new URL(headers.referer).pathname).language;
    } catch {
      // a malformed Referer says nothing
    }
  }
  return languageFromCookies(headers.cookie) ?? DEFAULT_LANGUAGE;
}
