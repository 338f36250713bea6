import { describe, expect, it } from 'vitest';
import { loginPathFor } from './page-api.server.ts';

describe('loginPathFor', () => {
  it.each([
    ['http://x/myaddress', '/login?redirectTo=%2Fmyaddress'],
    ['http://x/addressform?id=5', '/login?redirectTo=%2Faddressform%3Fid%3D5'],
    // a script's data request comes back to the page, not to its data
    [
      'http://x/addressform.data?id=5&_routes=page%3Aaddressform',
      '/login?redirectTo=%2Faddressform%3Fid%3D5',
    ],
    ['http://x/_root.data', '/login?redirectTo=%2F'],
    // requirements#languages: the login page in the page's language, back to the same page
    ['http://x/hi/myaddress', '/hi/login?redirectTo=%2Fhi%2Fmyaddress'],
    ['http://x/ta/cart.data?_routes=page%3Acart', '/ta/login?redirectTo=%2Fta%2Fcart'],
    ['http://x/te.data', '/te/login?redirectTo=%2Fte'],
  ])('%s → %s', (url, path) => {
    expect(loginPathFor(new Request(url))).toBe(path);
    expect(loginPathFor(new URL(url))).toBe(path);
  });
});
