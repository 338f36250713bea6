import { describe, expect, it } from 'vitest';
import { cartLinesCookie, cartLinesFromCookies } from './cart-lines-cookie.ts';

describe('the cart lines mirror', () => {
  it.each([
    [null, 0],
    ['', 0],
    ['pincode=560038', 0],
    ['cartLines=0', 0],
    ['pincode=560038; cartLines=3', 3],
    ['cartLines=99', 99],
    ['cartLines=100', null],
    ['cartLines=-1', null],
    ['cartLines=abc', null],
    ['cartLines=%00', null],
    ['cartLines=', null],
  ])('%j reads as %j', (header, lines) => {
    expect(cartLinesFromCookies(header)).toBe(lines);
  });

  it('writes a count the reader takes back, held between 0 and 99', () => {
    for (const lines of [0, 1, 7, 99]) {
      const cookie = cartLinesCookie(lines).split(';')[0];
      expect(cartLinesFromCookies(cookie)).toBe(lines);
    }
    expect(cartLinesCookie(500)).toMatch(/^cartLines=99;/);
    expect(cartLinesCookie(-3)).toMatch(/^cartLines=0;/);
    expect(cartLinesCookie(2.7)).toMatch(/^cartLines=2;/);
    expect(cartLinesCookie(4)).toContain('SameSite=Lax');
  });
});
