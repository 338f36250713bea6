import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../money/money.ts';
import { COD_MAX_TOTAL_PAISE, isCodAllowed } from './cod.ts';

const allows = { hasCod: true };
const forbids = { hasCod: false };

describe('cash on delivery', () => {
  it('caps the total at 15000 rupees', () => {
    expect(COD_MAX_TOTAL_PAISE).toBe(rupeesToPaise(15000));
  });

  it.each([
    { totalPaise: 1_500_000, chosenOptions: [allows], expected: true }, // exactly 15000 rupees
    { totalPaise: 1_500_001, chosenOptions: [allows], expected: false },
    { totalPaise: 1_499_999, chosenOptions: [allows, allows], expected: true },
    { totalPaise: 1_500_000, chosenOptions: [allows, forbids], expected: false },
    { totalPaise: 10_000, chosenOptions: [forbids], expected: false },
    { totalPaise: 10_000, chosenOptions: [forbids, allows], expected: false },
    { totalPaise: 0, chosenOptions: [allows], expected: true },
    { totalPaise: 10_000, chosenOptions: [], expected: true }, // no option forbids it
    { totalPaise: 2_000_000, chosenOptions: [], expected: false },
  ])('total $totalPaise with $chosenOptions -> $expected', ({ totalPaise, chosenOptions, expected }) => {
    expect(isCodAllowed({ totalPaise, chosenOptions, pincodeHasCod: true })).toBe(expected);
  });

  it.each([
    { totalPaise: 10_000, chosenOptions: [allows], pincodeHasCod: true, expected: true },
    { totalPaise: 10_000, chosenOptions: [allows], pincodeHasCod: false, expected: false }, // COD does not reach it
    { totalPaise: 10_000, chosenOptions: [], pincodeHasCod: false, expected: false },
    { totalPaise: 1_500_001, chosenOptions: [allows], pincodeHasCod: false, expected: false },
  ])(
    'total $totalPaise, pincode with COD $pincodeHasCod -> $expected',
    ({ totalPaise, chosenOptions, pincodeHasCod, expected }) => {
      expect(isCodAllowed({ totalPaise, chosenOptions, pincodeHasCod })).toBe(expected);
    },
  );
});
