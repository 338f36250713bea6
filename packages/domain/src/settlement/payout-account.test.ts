import { describe, expect, it } from 'vitest';
import {
  BANK_CHANGE_HOLD_HOURS,
  holdLiftsAt,
  namesMatch,
  nameWords,
  PAYOUT_ACCOUNT_MESSAGES,
  SellerBankConfirmInput,
  StaffBankChangeInput,
} from './payout-account.ts';

describe('the hold after a payout account changes (requirements#payout-account)', () => {
  it('lasts 48 hours from the change', () => {
    expect(BANK_CHANGE_HOLD_HOURS).toBe(48);
    expect(holdLiftsAt(new Date('2026-12-06T09:00:00Z')).toISOString()).toBe('2026-12-08T09:00:00.000Z');
  });

  it('tells the seller when it lifts, in India time', () => {
    expect(PAYOUT_ACCOUNT_MESSAGES.held(new Date('2026-12-08T09:00:00Z'))).toContain(
      'Tue, 8 Dec 2026, 2:30 pm (India time)',
    );
  });
});

describe('the name the bank holds against the name typed', () => {
  it.each([
    ['Ganga Mercantile', 'GANGA MERCANTILE', true],
    ['Priya Sharma', 'Mrs. PRIYA  SHARMA', true],
    ['Sharma Priya', 'PRIYA SHARMA', true],
    ['Priya Sharma', 'PRIYA RAJESH SHARMA', true], // a middle name the seller left out
    ['P Sharma', 'PRIYA SHARMA', true], // an initial
    ['Ganga Mercantile Pvt Ltd', 'GANGA MERCANTILE PRIVATE LIMITED', true],
    ['M/s Ganga Mercantile', 'GANGA MERCANTILE', true],
    ['Ganga Mercantile', 'RAVI KUMAR', false],
    ['Priya Sharma', 'PRIYA VERMA', false],
    ['Priya Sharma', '', false],
    ['', 'PRIYA SHARMA', false],
  ])('%s against %s: %s', (typed, registered, expected) => {
    expect(namesMatch(typed, registered)).toBe(expected);
  });

  it('reads a name as its words, honorifics and punctuation dropped', () => {
    expect(nameWords('Dr. A.  K. Rao')).toEqual(['A', 'K', 'RAO']);
  });
});

describe('the forms', () => {
  it('takes the email code, and the mobile code when there is one', () => {
    expect(SellerBankConfirmInput.safeParse({ emailCode: '123456', mobileCode: '654321' }).success).toBe(
      true,
    );
    expect(SellerBankConfirmInput.safeParse({ emailCode: '123456' }).success).toBe(true);
    for (const bad of [
      {},
      { emailCode: '' },
      { emailCode: '12a456' },
      { emailCode: '1234567' },
      { emailCode: '1\u0000' },
    ])
      expect(SellerBankConfirmInput.safeParse(bad).success).toBe(false);
    expect(SellerBankConfirmInput.safeParse({ emailCode: '123456', extra: 1 }).success).toBe(false);
  });

  it('needs a staff change to say why', () => {
    const bank = {
      bankAccountName: 'Ganga Mercantile',
      bankAccountNumber: '000111222333',
      confirmAccountNumber: '000111222333',
      bankIfsc: 'icic0001234',
    };
    const parsed = StaffBankChangeInput.safeParse({ ...bank, reason: 'Seller letter of 5 Dec, ticket G-12' });
    expect(parsed.success && parsed.data).toMatchObject({
      bankIfsc: 'ICIC0001234',
      reason: 'Seller letter of 5 Dec, ticket G-12',
    });
    expect(StaffBankChangeInput.safeParse({ ...bank, reason: '' }).success).toBe(false);
    expect(StaffBankChangeInput.safeParse({ ...bank, reason: 'why\u0000not' }).success).toBe(false);
    expect(
      StaffBankChangeInput.safeParse({ ...bank, confirmAccountNumber: '1', reason: 'letter' }).success,
    ).toBe(false);
  });
});
