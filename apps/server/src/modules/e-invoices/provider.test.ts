import { describe, expect, it } from 'vitest';
import { computeIrn, financialYearOfPortalDate } from './provider.ts';
import { instantOfPortalTimestamp, portalTimestamp } from './sandbox.ts';

// requirements#e-invoicing: NIC's worked example of an IRN (its e-invoice API presentation, "IRN is a
// HASH of <Supplier GSTIN><Fin. Year><Doc Type><Doc Number>", SHA-256)
describe('an IRN', () => {
  it.each([
    [
      '01AAAAB1234C1Z0',
      '2019-20',
      'INV',
      'AB1234',
      '35054cc24d97033afc24f49ec4444dbab81f542c555f9d30359dc75794e06bbe',
    ],
    // the number's leading zeros, '/' and '-' do not count: 00AB1234 is AB1234
    [
      '01AAAAB1234C1Z0',
      '2019-20',
      'INV',
      '00AB1234',
      '35054cc24d97033afc24f49ec4444dbab81f542c555f9d30359dc75794e06bbe',
    ],
  ] as const)('of %s %s %s %s is %s', (sellerGstin, financialYear, docType, docNo, irn) => {
    expect(computeIrn({ sellerGstin, financialYear, docType, docNo })).toBe(irn);
  });
  it('differs by document type: an invoice and a credit note of one number are two IRNs', () => {
    const args = { sellerGstin: '29AAGCS1234K1Z5', financialYear: '2026-27', docNo: 'SK-I27/000001' };
    expect(computeIrn({ ...args, docType: 'INV' })).not.toBe(computeIrn({ ...args, docType: 'CRN' }));
  });
  it.each([
    ['06/12/2026', '2026-27'],
    ['31/03/2027', '2026-27'],
    ['01/04/2027', '2027-28'],
  ])('counts %s in financial year %s', (date, year) => {
    expect(financialYearOfPortalDate(date)).toBe(year);
  });
  it('writes and reads the portal’s IST timestamps', () => {
    expect(portalTimestamp(new Date('2026-12-06T18:45:00Z'))).toBe('2026-12-07 00:15:00');
    expect(instantOfPortalTimestamp('2026-12-07 00:15:00')?.toISOString()).toBe('2026-12-06T18:45:00.000Z');
    expect(instantOfPortalTimestamp('07/12/2026')).toBeNull();
  });
});
