import { z } from 'zod';
import { CODE_LENGTHS, codeSchema, MAX_EMAIL_LENGTH, parseContact } from './codes.ts';
import { EmailAddress, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, NewPassword } from './registration.ts';

/** requirements#login: the login pages' texts. */
export const LOGIN_MESSAGES = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 6 characters long',
  // one answer for an unknown email and a wrong password: nobody learns which accounts exist
  wrongCredentials: 'Invalid email or password.',
  tooManyAttempts: (minutes: number) =>
    `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  // ADR-0016: guesses from many addresses pause the password, never the account: a code still works
  accountPaused: (minutes: number) =>
    `Too many login attempts for this account. Please log in with an OTP instead, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  failed: 'An error occurred. Please try again.',
  // requirements#staff-credentials: a temporary password works for 24 hours
  temporaryPasswordExpired:
    'This temporary password has expired. Use Forgot password to choose a new one, or ask an owner to invite you again.',
} as const;

export const CODE_LOGIN_MESSAGES = {
  contact: 'Please enter a valid email or mobile number.',
  code: 'Please enter a valid 4-digit OTP.',
  sent: 'If this email or mobile number belongs to an account, a 4-digit OTP has been sent to it.',
  sendFailed: 'Failed to send OTP. Try again.',
  verifyFailed: 'Failed to verify OTP.',
} as const;

export const RESET_MESSAGES = {
  email: 'Please enter a valid email address.',
  newRequired: 'New password is required.',
  confirmRequired: 'Confirm Password is required.',
  mismatch: 'Passwords do not match.',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  code: 'Please enter the 6-digit reset code.',
  sendFailed: 'Failed to send the password reset link.',
  sent: 'If this email belongs to an account, a password reset code has been sent to it.',
  done: 'Your password has been reset. Please log in with your new password.',
  failed: 'An error occurred. Please try again.',
} as const;

export const LoginInput = z.object({
  email: EmailAddress(LOGIN_MESSAGES.email),
  password: z
    .string({ error: LOGIN_MESSAGES.password })
    .min(6, { error: LOGIN_MESSAGES.password })
    .max(MAX_PASSWORD_LENGTH, { error: LOGIN_MESSAGES.wrongCredentials }),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** An email or an exactly 10-digit mobile, as typed; parsed into the contact a code goes to. */
export const ContactInput = (message: string) =>
  z
    .string({ error: message })
    .max(MAX_EMAIL_LENGTH, { error: message })
    .transform((text, context) => {
      const contact = parseContact(text);
      if (!contact) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return contact.value;
    });

export const CodeLoginRequest = z.object({ emailOrMobile: ContactInput(CODE_LOGIN_MESSAGES.contact) });
export type CodeLoginRequest = z.infer<typeof CodeLoginRequest>;

export const CodeLoginVerify = z.object({
  emailOrMobile: ContactInput(CODE_LOGIN_MESSAGES.contact),
  code: codeSchema(CODE_LENGTHS.login, CODE_LOGIN_MESSAGES.code),
});
export type CodeLoginVerify = z.infer<typeof CodeLoginVerify>;

export const PasswordResetRequest = z.object({ email: EmailAddress(RESET_MESSAGES.email) });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** requirements#password-reset: new password and its confirmation, each required, and equal. */
export const PasswordResetInput = z
  .object({
    email: EmailAddress(RESET_MESSAGES.email),
    code: codeSchema(CODE_LENGTHS.passwordReset, RESET_MESSAGES.code),
    newPassword: z
      .string({ error: RESET_MESSAGES.newRequired })
      .min(1, { error: RESET_MESSAGES.newRequired })
      .pipe(NewPassword(RESET_MESSAGES.tooShort)),
    confirmPassword: z
      .string({ error: RESET_MESSAGES.confirmRequired })
      .min(1, { error: RESET_MESSAGES.confirmRequired })
      .max(MAX_PASSWORD_LENGTH, { error: RESET_MESSAGES.mismatch }),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    error: RESET_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

/** What the account endpoints answer when they have only something to say (a code sent, a password reset). */
export const SuccessMessage = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'SuccessMessage' });
export type SuccessMessage = z.infer<typeof SuccessMessage>;

/** A login by password or code, a finished registration or a switch: who is now logged in. */
export const LoggedIn = z
  .object({
    success: z.literal(true),
    user: z.object({ firstName: z.string(), email: z.string() }),
  })
  .meta({ id: 'LoggedIn' });
export type LoggedIn = z.infer<typeof LoggedIn>;

/**
 * Where to go after logging in: the path the login guard sent along, if it is one of our own
 * pages (never another site, never back to a login page); otherwise home.
 */
export function safeReturnPath(redirectTo: string | null | undefined): string {
  if (!redirectTo || !redirectTo.startsWith('/') || redirectTo.startsWith('//')) return '/';
  if (/[\\\s]/.test(redirectTo) || redirectTo.length > 2000) return '/';
  const path = redirectTo.split(/[?#]/)[0] ?? '';
  if (['/login', '/otpverification', '/registration', '/verifyotp'].includes(path)) return '/';
  return redirectTo;
}
