// requirements#languages, requirements#message-languages: the language of a path, a link, a cookie
// and a request.
import { describe, expect, it } from 'vitest';
import { languageFromCookies, localizedPath, requestLanguage, splitLanguage } from './languages.ts';

describe('languages in paths', () => {
  it.each([
    ['/', 'en', '/'],
    ['', 'en', '/'],
    ['/cart', 'en', '/cart'],
    ['/hi', 'hi', '/'],
    ['/hi/cart', 'hi', '/cart'],
    ['/ta/productdetails/x', 'ta', '/productdetails/x'],
    ['/te/', 'te', '/'],
    ['/hindi/cart', 'en', '/hindi/cart'],
    ['/en/cart', 'en', '/en/cart'],
  ])('%s is in %s, at %s', (path, language, rest) => {
    expect(splitLanguage(path)).toEqual({ language, path: rest });
  });

  it.each([
    ['hi', '/cart', '/hi/cart'],
    ['hi', '/', '/hi'],
    ['ta', '/hi/cart?x=1#y', '/ta/cart?x=1#y'],
    ['en', '/te/myorder', '/myorder'],
    ['hi', 'https://example.com/x', 'https://example.com/x'],
    ['hi', '//evil.example/x', '//evil.example/x'],
    ['te', '#top', '#top'],
  ] as const)('in %s, %s is %s', (language, href, expected) => {
    expect(localizedPath(language, href)).toBe(expected);
  });
});

describe('the remembered language', () => {
  it.each([
    ['lang=hi', 'hi'],
    ['a=1; lang=te; b=2', 'te'],
    ['lang=fr', null],
    ['lang=', null],
    ['', null],
    [null, null],
  ])('cookie %j → %j', (cookie, language) => {
    expect(languageFromCookies(cookie)).toBe(language);
  });
});

describe('the language a request speaks (requirements#message-languages)', () => {
  it.each([
    [{ referer: 'https://shop.example/hi/registration' }, 'hi'],
    [{ referer: 'https://shop.example/ta' }, 'ta'],
    // an English page wins over a remembered choice: the shopper is on English pages now
    [{ referer: 'https://shop.example/checkout', cookie: 'lang=hi' }, 'en'],
    [{ cookie: 'lang=te' }, 'te'],
    [{ referer: 'not a url', cookie: 'lang=hi' }, 'hi'],
    [{ referer: null, cookie: 'lang=xx' }, 'en'],
    [{}, 'en'],
  ])('%j → %s', (headers, language) => {
    expect(requestLanguage(headers)).toBe(language);
  });
});
