import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PINCODE,
  initialPincode,
  PINCODE_MESSAGES,
  parseStoredAddress,
  pincodeInput,
} from './pincode.ts';

describe('pincodeInput', () => {
  it.each([
    ['560038', '560038'],
    ['56a00 38', '560038'],
    ['5600381234', '560038'],
    ['abc', ''],
    ['६००१००', ''],
    ['600-100', '600100'],
  ])('%j → %j', (text, digits) => {
    expect(pincodeInput(text)).toBe(digits);
  });
});

describe('parseStoredAddress', () => {
  it.each([
    [
      '{"id":4,"pincode":"560038","city":"Bangalore North"}',
      { id: 4, pincode: '560038', city: 'Bangalore North' },
    ],
    ['{"id":4,"pincode":"560038"}', { id: 4, pincode: '560038' }],
    ['{not json', null],
    ['"560038"', null],
    ['{"id":"4","pincode":"560038"}', null],
    ['{"id":4,"pincode":"12345"}', null],
    ['null', null],
    [null, null],
  ])('%j → %j', (raw, address) => {
    expect(parseStoredAddress(raw)).toEqual(address);
  });
});

describe('initialPincode', () => {
  const address = { id: 1, pincode: '110001' };
  it.each([
    [{ stored: '560038', selectedAddress: address, isLoggedIn: true }, '560038'],
    [{ stored: null, selectedAddress: address, isLoggedIn: true }, '110001'],
    [{ stored: 'abc', selectedAddress: address, isLoggedIn: true }, '110001'],
    [{ stored: null, selectedAddress: address, isLoggedIn: false }, null],
    [{ stored: null, selectedAddress: null, isLoggedIn: true }, null],
  ])('%j → %j', (args, pincode) => {
    expect(initialPincode(args)).toBe(pincode);
  });

  it('falls back to 600100 and names the spec messages', () => {
    expect(DEFAULT_PINCODE).toBe('600100');
    expect(PINCODE_MESSAGES.available('560038')).toBe('Pincode Available: 560038');
    expect(PINCODE_MESSAGES.unavailable).toBe('Pincode not available');
    expect(PINCODE_MESSAGES.failed).toBe('Something went wrong!');
  });
});
