// requirements#host-cookie (ASVS 5.0 V7.2, issue: staff access): behind HTTPS the session cookie is
// `__Host-session`: Secure, Path=/ and without Domain, so no other host under the shop's domain
// (and no plain-http page) can plant or overwrite it. Over plain http (a laptop running
// `npm start`) browsers refuse `__Host-` cookies, so the cookie keeps its plain name there.
//
// The app inside reads and writes one name; this edge renames on the way in and out. On HTTPS a
// cookie with the plain name is ignored: it can only have come from somewhere else.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { isHttps } from './client-address.ts';

export const HOST_PREFIX = '__Host-';

const cookiePairs = (header: string) =>
  header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '');
const nameOf = (pair: string) => {
  const at = pair.indexOf('=');
  return (at < 0 ? pair : pair.slice(0, at)).trim();
};

/**
 * The Cookie header an HTTPS request's app sees: `__Host-<name>` as `<name>`, and any cookie
 * already called `<name>` dropped (a host-only, Secure cookie is the only one trusted).
 */
export function cookieHeaderInside(header: string, name: string): string {
  const hostName = `${HOST_PREFIX}${name}`;
  return cookiePairs(header)
    .filter((pair) => nameOf(pair) !== name)
    .map((pair) => (nameOf(pair) === hostName ? `${name}${pair.slice(pair.indexOf('='))}` : pair))
    .join('; ');
}

/**
 * A Set-Cookie line as an HTTPS browser gets it: `<name>` becomes `__Host-<name>` with Secure and
 * Path=/ and no Domain (the prefix's rules, RFC 6265bis 4.1.3.2); other cookies pass unchanged.
 */
export function setCookieOutside(line: string, name: string): string {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  if (nameOf(pair) !== name) return line;
  const kept = attributes.filter((attribute) => {
    const key = nameOf(attribute).toLowerCase();
    return key !== 'domain' && key !== 'path' && key !== 'secure' && attribute !== '';
  });
  return [`${HOST_PREFIX}${pair}`, 'Path=/', ...kept, 'Secure'].join('; ');
}

/**
 * The edge rename for the cookie `name` on HTTPS requests. `isInProcess` tells a page's own call of
 * the API (ADR-0013), which already carries the inside name and answers to the page, not the browser.
 */
export function hostOnlyCookie(
  name: string,
  isInProcess: (request: Request) => boolean,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isInProcess(c.req.raw) || !isHttps(c)) return next();
    const header = c.req.raw.headers.get('cookie');
    if (header !== null) {
      const inside = cookieHeaderInside(header, name);
      if (inside === '') c.req.raw.headers.delete('cookie');
      else if (inside !== header) c.req.raw.headers.set('cookie', inside);
    }
    await next();
    const lines = c.res.headers.getSetCookie();
    if (!lines.some((line) => nameOf(line.split(';')[0] ?? '') === name)) return;
    c.res.headers.delete('set-cookie');
    for (const line of lines) c.res.headers.append('set-cookie', setCookieOutside(line, name));
  };
}
