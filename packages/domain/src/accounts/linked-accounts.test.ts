import { describe, expect, it } from 'vitest';
import { LinkByCodeInput, LinkByPasswordInput, SwitchAccountInput } from './linked-accounts.ts';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('LinkByPasswordInput', () => {
  it.each([
    [{ emailOrMobile: 'rahul@example.com', password: 'Shopper@123' }, null],
    [{ emailOrMobile: '9123456780', password: 'Shopper@123' }, null],
    [{ emailOrMobile: '', password: 'Shopper@123' }, 'Please enter both Email/Mobile and Password.'],
    [{ emailOrMobile: 'rahul@example.com', password: '' }, 'Please enter both Email/Mobile and Password.'],
    [{ emailOrMobile: '  ', password: '' }, 'Please enter both Email/Mobile and Password.'],
    [{ emailOrMobile: 'rahul', password: 'x' }, 'Please enter a valid email or mobile number.'],
  ])('%j -> %s', (input, expected) => {
    expect(message(LinkByPasswordInput.safeParse(input))).toBe(expected);
  });

  it('hands the service the normalised contact', () => {
    expect(LinkByPasswordInput.parse({ emailOrMobile: ' Rahul@Example.com ', password: 'p' })).toEqual({
      emailOrMobile: 'rahul@example.com',
      password: 'p',
    });
  });
});

describe('codes for linking and switching', () => {
  it.each([
    ['123456', null],
    ['', 'Please enter OTP.'],
    ['   ', 'Please enter OTP.'],
    ['12345', 'Please enter the 6-digit OTP.'],
    ['1234567', 'Please enter the 6-digit OTP.'],
  ])('%j -> %s', (code, expected) => {
    expect(message(SwitchAccountInput.safeParse({ code }))).toBe(expected);
    expect(message(LinkByCodeInput.safeParse({ emailOrMobile: '9123456780', code }))).toBe(expected);
  });
});
