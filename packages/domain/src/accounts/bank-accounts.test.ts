import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_MESSAGES,
  BankAccountInput,
  bankAccountError,
  canDeleteBankAccount,
  maskAccountNumber,
} from './bank-accounts.ts';

const valid = {
  accountName: 'Priya Sharma',
  accountNumber: '123456789012',
  ifsc: 'SBIN0001234',
  bankName: 'State Bank of India',
  accountType: 'savings',
};

describe('bank account input', () => {
  it('accepts the five fields, dropping spaces in the number and upper-casing the IFSC', () => {
    expect(
      BankAccountInput.parse({ ...valid, accountNumber: '1234 5678 9012', ifsc: ' sbin0001234 ' }),
    ).toEqual(valid);
  });

  it.each([
    ['123456789', true], // 9 digits
    ['123456789012345678', true], // 18 digits
    ['12345678', false],
    ['1234567890123456789', false],
    ['12345678a', false],
    ['-123456789', false],
  ])('account number %s valid: %s', (accountNumber, ok) => {
    const result = BankAccountInput.safeParse({ ...valid, accountNumber });
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues[0]?.message).toBe(BANK_ACCOUNT_MESSAGES.accountNumberShape);
  });

  it.each([
    ['HDFC0000123', true],
    ['UTIB0ABC789', true],
    ['HDFC1000123', false], // fifth character must be 0
    ['HDF00000123', false], // four letters first
    ['HDFC000012', false], // too short
    ['HDFC00001234', false], // too long
    ['HDFC0-00123', false],
  ])('IFSC %s valid: %s', (ifsc, ok) => {
    const result = BankAccountInput.safeParse({ ...valid, ifsc });
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues[0]?.message).toBe(BANK_ACCOUNT_MESSAGES.ifscShape);
  });

  it.each([
    [{ accountName: '' }, BANK_ACCOUNT_MESSAGES.accountName],
    [{ accountNumber: '' }, BANK_ACCOUNT_MESSAGES.accountNumber],
    [{ accountNumber: undefined }, BANK_ACCOUNT_MESSAGES.accountNumber],
    [{ ifsc: ' ' }, BANK_ACCOUNT_MESSAGES.ifsc],
    [{ bankName: '' }, BANK_ACCOUNT_MESSAGES.bankName],
    [{ accountType: '' }, BANK_ACCOUNT_MESSAGES.accountType],
    [{ accountType: 'fixed' }, BANK_ACCOUNT_MESSAGES.accountType],
    [{ bankName: 'x'.repeat(101) }, BANK_ACCOUNT_MESSAGES.tooLong],
    [{ accountName: 'Priya\u0000' }, BANK_ACCOUNT_MESSAGES.invalidText],
    [{ bankName: 'State\nBank' }, BANK_ACCOUNT_MESSAGES.invalidText],
  ])('%j -> %s', (change, message) => {
    expect(BankAccountInput.safeParse({ ...valid, ...change }).error?.issues[0]?.message).toBe(message);
  });

  it('takes no default flag or owner from the client', () => {
    expect(BankAccountInput.safeParse({ ...valid, isDefault: true }).success).toBe(false);
    expect(BankAccountInput.safeParse({ ...valid, userId: 1 }).success).toBe(false);
  });
});

describe('bank account rules', () => {
  it.each([
    ['123456789012', 'XXXXXXXX9012'],
    ['123456789', 'XXXXX6789'],
    ['1234', '1234'],
  ])('masks %s as %s', (number, masked) => expect(maskAccountNumber(number)).toBe(masked));

  it('allows deleting only non-default accounts', () => {
    expect(canDeleteBankAccount({ isDefault: true })).toBe(false);
    expect(canDeleteBankAccount({ isDefault: false })).toBe(true);
  });

  it('uses the spec texts', () => {
    expect(bankAccountError('Not found')).toBe('Error: Not found');
    expect(BANK_ACCOUNT_MESSAGES.defaultUpdated).toBe('Default account updated successfully!');
    expect(BANK_ACCOUNT_MESSAGES.updated).toBe('Account updated successfully!');
    expect(BANK_ACCOUNT_MESSAGES.added).toBe('Account added successfully!');
  });
});
