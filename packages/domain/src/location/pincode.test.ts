import { describe, expect, it } from 'vitest';
import {
  serverPincode,
  pincodeGuessedCookie,
  chosenPlaceCookie,
  chosenPlaceFromCookies,
  pincodeCookie,
  pincodeFromCookies,
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
    // a pincode the shop guessed (location or 600100) gives way to the shopper's own addresses
    [
      {
        stored: '600100',
        storedIsGuess: true,
        selectedAddress: null,
        defaultAddress: { id: 7, pincode: '400050' },
        isLoggedIn: true,
      },
      '400050',
    ],
    [
      {
        stored: '600100',
        storedIsGuess: true,
        selectedAddress: address,
        defaultAddress: { id: 7, pincode: '400050' },
        isLoggedIn: true,
      },
      '110001',
    ],
    [
      {
        stored: '600100',
        storedIsGuess: true,
        selectedAddress: null,
        defaultAddress: null,
        isLoggedIn: true,
      },
      '600100',
    ],
    [
      {
        stored: '600100',
        storedIsGuess: true,
        selectedAddress: null,
        defaultAddress: { id: 7, pincode: '400050' },
        isLoggedIn: false,
      },
      '600100',
    ],
    // a pincode the shopper chose stays, whatever her addresses say
    [
      {
        stored: '560038',
        storedIsGuess: false,
        selectedAddress: null,
        defaultAddress: { id: 7, pincode: '400050' },
        isLoggedIn: true,
      },
      '560038',
    ],
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

describe('the pincode cookie (mirror of the stored pincode for server-rendered pages)', () => {
  it.each<[string | null | undefined, string]>([
    [undefined, '600100'],
    [null, '600100'],
    ['', '600100'],
    ['pincode=560001', '560001'],
    ['a=1; pincode=110001; b=2', '110001'],
    ['xpincode=110001', '600100'],
    ['pincode=11000', '600100'],
    ['pincode=012345', '600100'],
    ['pincode=5600011', '600100'],
    ["pincode=56000'1", '600100'],
    ['pincode=%35%36%30%30%30%31', '600100'],
  ])('%j gives %s', (header, pincode) => expect(pincodeFromCookies(header)).toBe(pincode));

  it('is written for the whole site for a year, same-site only', () =>
    expect(pincodeCookie('560001')).toBe('pincode=560001; Path=/; Max-Age=31536000; SameSite=Lax'));
});

describe('the chosen-place cookie (a place chosen without scripts)', () => {
  const header = (place: Parameters<typeof chosenPlaceCookie>[0]) => chosenPlaceCookie(place).split(';')[0];
  it.each([
    [{ pincode: '400020', city: 'Mumbai', addressId: null }],
    [{ pincode: '600100', city: 'Tambaram', addressId: 17 }],
    [{ pincode: '110001', city: '', addressId: null }],
  ])('reads back what was written: %j', (place) => {
    expect(chosenPlaceFromCookies(`pincode=1; ${header(place)}; other=x`)).toEqual(place);
  });
  it.each([
    [''],
    ['chosenPlace='],
    ['chosenPlace=%E0%A4%A'],
    ['chosenPlace=%7B%22pincode%22%3A%22012345%22%2C%22city%22%3A%22X%22%7D'],
    ['chosenPlace=%7B%22pincode%22%3A%22400020%22%7D'],
    ['chosenPlace=null'],
  ])('treats %j as no choice', (cookie) => expect(chosenPlaceFromCookies(cookie)).toBeNull());
  it('drops an address id that is not a positive whole number', () => {
    const cookie = `chosenPlace=${encodeURIComponent(JSON.stringify({ pincode: '400020', city: 'Mumbai', addressId: -3 }))}`;
    expect(chosenPlaceFromCookies(cookie)?.addressId).toBeNull();
  });
});

describe('serverPincode: the header’s rule on a page rendered on the server', () => {
  it.each([
    { name: 'a chosen pincode stays', cookie: 'pincode=560038', home: '400020', expected: '560038' },
    {
      name: 'a guess gives way to the default address',
      cookie: 'pincode=600100; pincodeGuessed=1',
      home: '400020',
      expected: '400020',
    },
    {
      name: 'a visitor keeps the guess',
      cookie: 'pincode=600100; pincodeGuessed=1',
      home: null,
      expected: '600100',
    },
    { name: 'no pincode yet: the default address', cookie: 'session=x', home: '400020', expected: '400020' },
    { name: 'nothing at all: 600100', cookie: '', home: null, expected: '600100' },
    { name: 'a malformed mirror: 600100', cookie: 'pincode=6001%00', home: null, expected: '600100' },
  ])('$name', ({ cookie, home, expected }) => {
    expect(serverPincode(cookie, home)).toBe(expected);
  });

  it('marks a guess and clears the mark', () => {
    expect(pincodeGuessedCookie(true)).toMatch(/^pincodeGuessed=1; Path=\/;/);
    expect(pincodeGuessedCookie(false)).toMatch(/^pincodeGuessed=; Path=\/; Max-Age=0/);
  });
});
