import { describe, expect, it } from 'vitest';
import {
  CodeLoginRequest,
  CodeLoginVerify,
  LoginInput,
  PasswordResetInput,
  PasswordResetRequest,
  safeReturnPath,
} from './login.ts';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('LoginInput', () => {
  it.each([
    [{ email: 'priya@example.com', password: 'Shopper@123' }, null],
    [{ email: 'priya@example', password: 'Shopper@123' }, 'Please enter a valid email address'],
    [{ email: '', password: 'Shopper@123' }, 'Please enter a valid email address'],
    [{ password: 'Shopper@123' }, 'Please enter a valid email address'],
    [{ email: 'priya@example.com', password: '12345' }, 'Password must be at least 6 characters long'],
    [{ email: 'priya@example.com' }, 'Password must be at least 6 characters long'],
  ])('%j -> %s', (input, expected) => {
    expect(message(LoginInput.safeParse(input))).toBe(expected);
  });
});

describe('code login', () => {
  it.each([
    ['priya@example.com', null],
    ['9876543210', null],
    ['98765', 'Please enter a valid email or mobile number.'],
    ['98765432100', 'Please enter a valid email or mobile number.'],
    ['priya', 'Please enter a valid email or mobile number.'],
    ['', 'Please enter a valid email or mobile number.'],
  ])('contact %j -> %s', (emailOrMobile, expected) => {
    expect(message(CodeLoginRequest.safeParse({ emailOrMobile }))).toBe(expected);
  });

  it.each([
    ['1234', null],
    ['123', 'Please enter a valid 4-digit OTP.'],
    ['12345', 'Please enter a valid 4-digit OTP.'],
    ['abcd', 'Please enter a valid 4-digit OTP.'],
    ['', 'Please enter a valid 4-digit OTP.'],
  ])('code %j -> %s', (code, expected) => {
    expect(message(CodeLoginVerify.safeParse({ emailOrMobile: '9876543210', code }))).toBe(expected);
  });
});

describe('password reset', () => {
  const valid = {
    email: 'priya@example.com',
    code: '123456',
    newPassword: 'newpass1',
    confirmPassword: 'newpass1',
  };
  it.each([
    [{}, null],
    [{ newPassword: '' }, 'New password is required.'],
    [{ confirmPassword: '' }, 'Confirm Password is required.'],
    [{ confirmPassword: 'newpass2' }, 'Passwords do not match.'],
    [{ newPassword: 'abc', confirmPassword: 'abc' }, 'Password must be at least 8 characters long.'],
    [{ newPassword: 'abc1234', confirmPassword: 'abc1234' }, 'Password must be at least 8 characters long.'],
    [{ code: '12' }, 'Please enter the 6-digit reset code.'],
    [{ email: 'nobody' }, 'Please enter a valid email address.'],
  ])('%j -> %s', (change, expected) => {
    expect(message(PasswordResetInput.safeParse({ ...valid, ...change }))).toBe(expected);
  });

  it('asks for a valid email to send the code to', () => {
    expect(message(PasswordResetRequest.safeParse({ email: 'x' }))).toBe(
      'Please enter a valid email address.',
    );
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/myorder', '/myorder'],
    ['/checkout?step=2', '/checkout?step=2'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login', '/'],
    ['/login?redirectTo=%2Fmyorder', '/'],
    ['/otpverification', '/'],
  ])('%j -> %s', (input, path) => {
    expect(safeReturnPath(input)).toBe(path);
  });
});
