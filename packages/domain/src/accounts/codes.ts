import { z } from 'zod';

/** How one-time codes behave (requirements#one-time-codes). */
export const CODE_RULES = {
  /** a code stops working 10 minutes after it was sent */
  ttlMinutes: 10,
  /** the fifth wrong try kills the code */
  maxAttempts: 5,
  /** requirements#one-time-codes: the login code resend countdown is 30 seconds; the server holds every destination to it */
  resendSeconds: 30,
  /** codes sent to one destination within an hour */
  sendsPerHour: 5,
  /** wrong login codes one account takes in a day, across all its codes (a 4-digit code is a 1-in-10,000 guess) */
  wrongLoginCodesPerDay: 10,
} as const;

/** requirements#one-time-codes: a login code has 4 digits; registration codes up to 6 characters (we send 6 digits). */
export const CODE_LENGTHS = {
  login: 4,
  registration: 6,
  passwordReset: 6,
  linkAccount: 6,
  switchAccount: 6,
} as const;

/** The longest code any form accepts (requirements#one-time-codes: OTP fields accept at most 6 characters). */
export const MAX_CODE_LENGTH = 6;

/** Texts about codes that several account flows share (requirements#one-time-codes, and our server answers). */
export const CODE_MESSAGES = {
  enterCode: 'Please enter OTP.',
  invalid: 'The OTP is incorrect or has expired. Please try again.',
  tooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  sendFailed: 'Failed to send OTP. Please try again.',
  resendFailed: 'Failed to resend OTP. Please try again.',
  resendError: 'Error occurred while resending OTP.',
  verifyFailed: 'Failed to verify OTP.',
  waitBeforeResend: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another OTP.`,
  tooManyWrongToday: (hours: number) =>
    `Too many wrong OTPs for this account today. Please log in with your password, or try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
  tooManySends: (minutes: number) =>
    `Too many OTP requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

// no spaces and no control characters (a NUL byte is never part of an address)
export const EMAIL_PATTERN = /^[^@\s\p{Cc}]+@[^@\s\p{Cc}]+\.[^@\s\p{Cc}]+$/u;
export const MAX_EMAIL_LENGTH = 254;

/** A contact a code goes to: an email address (lower-cased) or a 10-digit mobile number. */
export type Contact = { kind: 'email'; value: string } | { kind: 'mobile'; value: string };

/** Reads what a shopper typed as an email or a mobile; null when it is neither. */
export function parseContact(input: string): Contact | null {
  const text = input.trim();
  // requirements#code-login: code login takes an exactly 10-digit mobile
  if (/^[0-9]{10}$/.test(text)) return { kind: 'mobile', value: text };
  if (text.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(text))
    return { kind: 'email', value: text.toLowerCase() };
  return null;
}

/** A code field: digits only, exactly `length` of them. */
export function codeSchema(length: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^[0-9]{${length}}$`), { error: message });
}

/** Shows where a code went without spelling the whole address: pr***@example.com, ******3210. */
export function maskContact(contact: string): string {
  const at = contact.indexOf('@');
  if (at > 0) return `${contact.slice(0, Math.min(2, at))}***${contact.slice(at)}`;
  return `${'*'.repeat(Math.max(0, contact.length - 4))}${contact.slice(-4)}`;
}
