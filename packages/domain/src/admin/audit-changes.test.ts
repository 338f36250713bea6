import { describe, expect, it } from 'vitest';
import { auditFieldChanges, auditFieldLabel } from './audit-changes.ts';

describe('an audit entry as people read it', () => {
  it('puts each field on its own row, in words, before and after', () => {
    expect(
      auditFieldChanges(
        { moderationStatus: 'pending', isActive: false },
        { moderationStatus: 'approved', isActive: true },
      ),
    ).toEqual([
      { field: 'moderationStatus', label: 'Moderation status', before: 'pending', after: 'approved' },
      { field: 'isActive', label: 'Active', before: 'No', after: 'Yes' },
    ]);
  });

  it('shows a field only one side holds with a dash on the other, and money in rupees', () => {
    expect(auditFieldChanges(null, { email: 'a@b.in', amountPaise: 123456 })).toEqual([
      { field: 'email', label: 'Email', before: '—', after: 'a@b.in' },
      { field: 'amountPaise', label: 'Amount', before: '—', after: '₹1,234.56' },
    ]);
  });

  it('leaves out fields that did not change, and opens nested values by their path', () => {
    expect(
      auditFieldChanges(
        { rate: { charge: 40, days: 3 }, zone: 'local' },
        { rate: { charge: 50, days: 3 }, zone: 'local' },
      ),
    ).toEqual([{ field: 'rate.charge', label: 'Rate › charge', before: '40', after: '50' }]);
  });

  it('lists arrays and keeps rows when nothing changed', () => {
    expect(auditFieldChanges({ pincodes: ['560001', '560002'] }, { pincodes: ['560001', '560002'] })).toEqual(
      [{ field: 'pincodes', label: 'Pincodes', before: '560001, 560002', after: '560001, 560002' }],
    );
  });

  it('shows a value that is not an object as one row', () => {
    expect(auditFieldChanges('old', 'new')).toEqual([
      { field: '', label: 'Value', before: 'old', after: 'new' },
    ]);
    expect(auditFieldChanges(null, null)).toEqual([]);
  });

  it('words field names', () => {
    expect(auditFieldLabel('cod_limit')).toBe('Cod limit');
    expect(auditFieldLabel('returnDays')).toBe('Return days');
  });
});
