import { describe, expect, it } from 'vitest';
import { CODE_LENGTHS, CODE_MESSAGES, CODE_RULES, codeSchema, maskContact, parseContact } from './codes.ts';

describe('parseContact', () => {
  it.each([
    ['priya@example.com', { kind: 'email', value: 'priya@example.com' }],
    ['  Priya@Example.COM ', { kind: 'email', value: 'priya@example.com' }],
    ['9876543210', { kind: 'mobile', value: '9876543210' }],
    [' 9876543210 ', { kind: 'mobile', value: '9876543210' }],
    ['1234567890', { kind: 'mobile', value: '1234567890' }], // requirements#code-login: exactly 10 digits
    ['987654321', null],
    ['98765432101', null],
    ['+919876543210', null],
    ['priya@', null],
    ['priya example.com', null],
    ['priya@\u0000example.com', null], // hostile input: a NUL byte or any control character
    ['pri\u0007ya@example.com', null],
    ['', null],
    [`${'a'.repeat(250)}@example.com`, null],
  ])('%j -> %j', (input, contact) => {
    expect(parseContact(input)).toEqual(contact);
  });
});

describe('codeSchema', () => {
  const login = codeSchema(CODE_LENGTHS.login, 'bad');
  it.each([
    ['1234', true],
    [' 0042 ', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
    ['', false],
    ['１２３４', false], // full-width digits are not ASCII digits
  ])('4-digit %j -> %s', (code, valid) => {
    const result = login.safeParse(code);
    expect(result.success).toBe(valid);
    if (!valid) expect(result.error?.issues[0]?.message).toBe('bad');
  });
});

describe('maskContact', () => {
  it.each([
    ['priya@example.com', 'pr***@example.com'],
    ['a@b.in', 'a***@b.in'],
    ['9876543210', '******3210'],
  ])('%s -> %s', (contact, masked) => {
    expect(maskContact(contact)).toBe(masked);
  });
});

describe('code rules', () => {
  it('match the issue’s security rules and the spec’s countdown', () => {
    expect(CODE_RULES).toEqual({
      ttlMinutes: 10,
      maxAttempts: 5,
      resendSeconds: 30,
      sendsPerHour: 5,
      wrongLoginCodesPerDay: 10,
    });
    expect(CODE_LENGTHS.login).toBe(4);
    expect(CODE_LENGTHS.registration).toBeLessThanOrEqual(6);
  });
  it.each([
    [1, 'Please wait 1 second before requesting another OTP.'],
    [30, 'Please wait 30 seconds before requesting another OTP.'],
  ])('wait message for %i', (seconds, text) => {
    expect(CODE_MESSAGES.waitBeforeResend(seconds)).toBe(text);
  });
});
