import { describe, expect, it } from 'vitest';
import { businessStateWarning, businessStateWarningText } from './business-buyer.ts';

// requirements#b2b-place-of-supply: IGST Act s. 10(1)(a) (place of supply where the goods' movement
// ends), CGST Act s. 16 and s. 25(4) (credit is taken by the registration of the state supplied)
describe('a business GSTIN from another state than the delivery address', () => {
  const cases: [string, string, string, string | null][] = [
    [
      'IGST Act s. 10(1)(a): a Maharashtra GSTIN delivered in Karnataka is warned',
      '27AAPFU0939F1ZV',
      'Karnataka',
      businessStateWarningText('Maharashtra', 'Karnataka'),
    ],
    ['CGST Act s. 16: the same state is not warned', '29AABCB1234K1ZT', 'Karnataka', null],
    [
      'lower case and spaces are read as typed',
      ' 27aapfu0939f1zv ',
      'Karnataka',
      businessStateWarningText('Maharashtra', 'Karnataka'),
    ],
    ['the pincode list’s spelling of a state', '34AAPFU0939F1ZV', 'Pondicherry', null],
    ['not a GSTIN yet: the form’s own check speaks', '27AAPFU', 'Karnataka', null],
    ['hostile text is no GSTIN', "27AAPFU0939F1ZV'; --\u0000", 'Karnataka', null],
    ['a delivery state not on the GST list', '27AAPFU0939F1ZV', 'Atlantis', null],
  ];
  it.each(cases)('%s', (_name, gstin, state, expected) => {
    expect(businessStateWarning(gstin, state)).toBe(expected);
  });

  it('names both states, the credit and the way out', () => {
    const text = businessStateWarningText('Maharashtra', 'Karnataka');
    expect(text).toContain('registered in Maharashtra');
    expect(text).toContain('place of supply is Karnataka');
    expect(text).toContain('cannot claim its GST as input tax credit in Maharashtra');
  });
});
