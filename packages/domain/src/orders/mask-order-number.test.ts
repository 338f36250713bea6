import { describe, expect, it } from 'vitest';
import { maskOrderNumber } from './mask-order-number.ts';

describe('maskOrderNumber', () => {
  it.each([
    ['OD20261120107331', 'OD2026…7331'],
    ['OD829861192034', 'OD8298…2034'],
    [' OD20261120107331 ', 'OD2026…7331'],
    ['OD12345678', '…'],
    ['', '…'],
  ])('%j reads %j', (orderNo, shown) => {
    expect(maskOrderNumber(orderNo)).toBe(shown);
  });

  it('never shows the middle of the number', () => {
    const shown = maskOrderNumber('OD2026112010733112');
    expect(shown).not.toContain('1120107');
  });
});
