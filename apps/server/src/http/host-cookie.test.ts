// requirements#host-cookie: the session cookie's rename at the edge, case by case.
import { describe, expect, it } from 'vitest';
import { cookieHeaderInside, setCookieOutside } from './host-cookie.ts';

describe('the Cookie header the app sees behind HTTPS', () => {
  it.each([
    ['__Host-session=abc', 'session=abc'],
    ['lang=hi; __Host-session=abc; cartLines=2', 'lang=hi; session=abc; cartLines=2'],
    // a plain-named session cookie is dropped, whether or not the host-only one is there
    ['session=planted', ''],
    ['session=planted; __Host-session=abc', 'session=abc'],
    ['__Host-session=abc; session=planted', 'session=abc'],
    // values with = inside, other cookies and look-alike names pass as they are
    ['__Host-session=a=b', 'session=a=b'],
    ['sessionx=1; my_session=2', 'sessionx=1; my_session=2'],
    ['', ''],
  ])('%j reads as %j', (header, inside) => {
    expect(cookieHeaderInside(header, 'session')).toBe(inside);
  });
});

describe('the Set-Cookie line an HTTPS browser gets', () => {
  it.each([
    [
      'session=abc; Path=/; Expires=Tue, 05 Jan 2027 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
      '__Host-session=abc; Path=/; Expires=Tue, 05 Jan 2027 00:00:00 GMT; HttpOnly; SameSite=Lax; Secure',
    ],
    // the prefix's rules win: Secure added, Path=/, no Domain
    [
      'session=abc; Domain=shop.example; Path=/account; HttpOnly',
      '__Host-session=abc; Path=/; HttpOnly; Secure',
    ],
    ['session=; Max-Age=0; Path=/', '__Host-session=; Path=/; Max-Age=0; Secure'],
    // other cookies are left alone
    ['lang=hi; Path=/; Max-Age=31536000', 'lang=hi; Path=/; Max-Age=31536000'],
    ['sessionx=1; Path=/', 'sessionx=1; Path=/'],
  ])('%j becomes %j', (line, outside) => {
    expect(setCookieOutside(line, 'session')).toBe(outside);
  });
});
