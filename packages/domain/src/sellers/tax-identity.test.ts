import { describe, expect, it } from 'vitest';
import {
  GST_STATE_CODES,
  gstinCheckCharacter,
  gstinProblem,
  normaliseTaxId,
  PAN_PATTERN,
  panOfGstin,
  stateOfGstin,
} from './tax-identity.ts';

/** Builds a GSTIN with its right check character. */
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

describe('GSTIN check character', () => {
  it.each([
    // published examples of valid GSTINs
    ['27AAPFU0939F1Z', 'V'],
    ['29AAGCB7383J1Z', '4'],
  ])('%s → %s', (first14, check) => {
    expect(gstinCheckCharacter(first14)).toBe(check);
  });

  it('refuses a character outside 0-9 and A-Z', () => {
    expect(() => gstinCheckCharacter('27aapfu0939f1z')).toThrow();
  });
});

describe('gstinProblem', () => {
  it.each([
    ['27AAPFU0939F1ZV', null],
    [gstin('33ABCPK1234L1Z'), null],
    [gstin('97ABCTK1234L9Z'), null],
    ['27AAPFU0939F1ZW', 'check'], // one character off
    ['27AAPFU0939F1Z', 'shape'], // 14 characters
    ['27AAPFU0939F1ZVV', 'shape'],
    ['27AAPFU0939F0ZV', 'shape'], // registration number 0
    ['27AAPFU0939F1YV', 'shape'], // Z missing
    ['27AAPXU0939F1ZV', 'shape'], // X is no PAN holder type
    ['27aapfu0939f1zv', 'shape'], // normalise first
    [gstin('25ABCPK1234L1Z'), 'state'], // Daman and Diu's code until it merged into 26 (2020)
    [gstin('99ABCPK1234L1Z'), 'state'],
    [gstin('00ABCPK1234L1Z'), 'state'],
    ['', 'shape'],
    ['27AAPFU0939F1Z\u0000', 'shape'],
    ["27AAPFU0939F1Z'", 'shape'],
  ] as const)('%j → %s', (value, problem) => {
    expect(gstinProblem(value)).toBe(problem);
  });
});

describe('the PAN and state inside a GSTIN', () => {
  it('reads the PAN, which is a PAN', () => {
    expect(panOfGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
    expect(PAN_PATTERN.test(panOfGstin('27AAPFU0939F1ZV'))).toBe(true);
  });

  it.each([
    ['27AAPFU0939F1ZV', 'Maharashtra'],
    ['29AAGCB7383J1Z4', 'Karnataka'],
    ['33ABCPK1234L1Z5', 'Tamil Nadu'],
    ['37ABCPK1234L1Z5', 'Andhra Pradesh'],
    ['38ABCPK1234L1Z5', 'Ladakh'],
    ['28ABCPK1234L1Z5', null], // undivided Andhra Pradesh: no new registrations
  ])('%s is registered in %s', (value, state) => {
    expect(stateOfGstin(value)).toBe(state);
  });

  it('names each state code once', () => {
    const names = Object.values(GST_STATE_CODES);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('PAN', () => {
  it.each([
    ['AAPFU0939F', true],
    ['ABCPK1234L', true],
    ['ABCXK1234L', false], // X is no holder type
    ['ABCPK1234', false],
    ['ABCPK12345', false],
    ['abcpk1234l', false],
  ])('%s → %s', (pan, valid) => {
    expect(PAN_PATTERN.test(pan)).toBe(valid);
  });
});

it('reads typed tax ids without spaces, in capitals', () => {
  expect(normaliseTaxId(' 27aapf u0939f1zv ')).toBe('27AAPFU0939F1ZV');
});
