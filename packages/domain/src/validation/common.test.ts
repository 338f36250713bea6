import { describe, expect, it } from 'vitest';
import { DEFAULT_PINCODE, MOBILE_PATTERN, PINCODE_PATTERN, Pincode } from './common.ts';

describe('Pincode', () => {
  it.each([
    ['600100', '600100'],
    ['110001', '110001'],
    ['999999', '999999'],
    [' 781001 ', '781001'], // pasted with spaces
  ])('accepts %j as %s', (input, pincode) => {
    expect(Pincode.parse(input)).toBe(pincode);
  });

  it.each([
    ['060010'],
    ['60010'],
    ['6001000'],
    ['60010a'],
    ['abcdef'],
    [''],
    ['600 100'],
    [600100],
    [null],
    [undefined],
  ])('rejects %j with the spec message', (input) => {
    const result = Pincode.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Pincode must be six digits.');
  });

  it('has a valid default pincode', () => {
    expect(DEFAULT_PINCODE).toBe('600100');
    expect(PINCODE_PATTERN.test(DEFAULT_PINCODE)).toBe(true);
  });
});

describe('MOBILE_PATTERN', () => {
  it.each([
    ['9876543210', true],
    ['6000000000', true],
    ['7012345678', true],
    ['8123456789', true],
    ['5876543210', false], // must start 6 to 9
    ['0987654321', false],
    ['987654321', false], // 9 digits
    ['98765432100', false], // 11 digits
    ['+919876543210', false],
    ['98765 43210', false],
  ])('%s -> %s', (mobile, valid) => {
    expect(MOBILE_PATTERN.test(mobile)).toBe(valid);
  });
});
