import { z } from 'zod';
import { MOBILE_PATTERN } from '../validation/common.ts';
import { NOTICE_LANGUAGES } from '../privacy/notice.ts';
import { CODE_LENGTHS, EMAIL_PATTERN, MAX_CODE_LENGTH, MAX_EMAIL_LENGTH } from './codes.ts';

export const GENDER_OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'others', label: 'Others' },
] as const;
export type Gender = (typeof GENDER_OPTIONS)[number]['value'];

/** New passwords (registration, reset, change); the login form keeps the spec's 6 for old ones. */
export const MIN_PASSWORD_LENGTH = 8;
/** Longer passwords are refused so hashing cannot be used to tie the server up. */
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 50;

/** requirements#registration: the registration form's texts. */
export const REGISTRATION_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  nameTooLong: `Names can be at most ${MAX_NAME_LENGTH} characters long.`,
  nameInvalid: 'Please enter a name without control characters.',
  email: 'Please enter a valid email address.',
  mobile: 'Please enter a valid 10-digit mobile number.',
  password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  passwordTooLong: `Password can be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  confirmRequired: 'Please confirm your password.',
  mismatch: 'Passwords do not match!',
  gender: 'Please select your gender.',
  emailCodeRequired: 'Please enter the OTP sent to your email.',
  mobileCodeRequired: 'Please enter the OTP sent to your mobile.',
  codeTooLong: `The OTP has at most ${MAX_CODE_LENGTH} characters.`,
  // said only at the last step, to someone who holds both codes (requirements#registration-existing)
  emailTaken: 'An account with this email address already exists. Please log in instead.',
  mobileTaken: 'An account with this mobile number already exists. Please log in instead.',
  expired: 'This registration has expired. Please register again.',
  codesSent: 'We have sent an OTP to your email and another to your mobile.',
  codesResent: 'New OTPs have been sent to your email and mobile.',
  failed: 'Something went wrong!',
} as const;

/** What every form that sets a password says about it, and the server's answer to a common one. */
export const NEW_PASSWORD_MESSAGES = {
  rule: `At least ${MIN_PASSWORD_LENGTH} characters, and not a commonly used password.`,
  common: 'This password is too common. Please choose one that is harder to guess.',
  /** requirements#staff-credentials: a console account's password (PCI DSS 4.0 8.3.6) */
  staffTooShort: 'Console accounts need a password of at least 12 characters.',
} as const;

const name = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(MAX_NAME_LENGTH, { error: REGISTRATION_MESSAGES.nameTooLong })
    // a NUL byte can never be stored (PostgreSQL text), nor any control character shown
    .regex(/^\P{Cc}*$/u, { error: REGISTRATION_MESSAGES.nameInvalid });

export const EmailAddress = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(MAX_EMAIL_LENGTH, { error: message })
    .regex(EMAIL_PATTERN, { error: message })
    .transform((email) => email.toLowerCase());

export const MobileNumber = z
  .string({ error: REGISTRATION_MESSAGES.mobile })
  .trim()
  .regex(MOBILE_PATTERN, { error: REGISTRATION_MESSAGES.mobile });

export const NewPassword = (tooShort: string) =>
  z
    .string({ error: tooShort })
    .min(MIN_PASSWORD_LENGTH, { error: tooShort })
    .max(MAX_PASSWORD_LENGTH, { error: REGISTRATION_MESSAGES.passwordTooLong });

/** requirements#registration: every registration field is required; the same schema checks the form and the API. */
export const RegistrationInput = z
  .object({
    firstName: name(REGISTRATION_MESSAGES.firstNameRequired),
    lastName: name(REGISTRATION_MESSAGES.lastNameRequired),
    email: EmailAddress(REGISTRATION_MESSAGES.email),
    mobile: MobileNumber,
    gender: z.enum(['male', 'female', 'others'], { error: REGISTRATION_MESSAGES.gender }),
    password: NewPassword(REGISTRATION_MESSAGES.password),
    confirmPassword: z
      .string({ error: REGISTRATION_MESSAGES.confirmRequired })
      .min(1, { error: REGISTRATION_MESSAGES.confirmRequired })
      .max(MAX_PASSWORD_LENGTH, { error: REGISTRATION_MESSAGES.passwordTooLong }),
    // requirements#privacy-consent: the two optional consents, each its own unticked box beside the notice
    consents: z
      .object({ marketing: z.boolean(), personalisation: z.boolean() })
      .strict()
      .default({ marketing: false, personalisation: false }),
    noticeLanguage: z.enum(NOTICE_LANGUAGES).default('en'),
  })
  .refine((input) => input.password === input.confirmPassword, {
    error: REGISTRATION_MESSAGES.mismatch,
    path: ['confirmPassword'],
    // say so even while other fields are still wrong, as long as both passwords were typed
    when: ({ value }) =>
      typeof value === 'object' &&
      value !== null &&
      'password' in value &&
      'confirmPassword' in value &&
      typeof value.password === 'string' &&
      typeof value.confirmPassword === 'string' &&
      value.confirmPassword !== '',
  });
export type RegistrationInput = z.infer<typeof RegistrationInput>;

/** requirements#one-time-codes: OTP fields accept at most 6 characters; we send 6 digits. */
const registrationCode = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(MAX_CODE_LENGTH, { error: REGISTRATION_MESSAGES.codeTooLong });

export const RegistrationCodesInput = z.object({
  emailCode: registrationCode(REGISTRATION_MESSAGES.emailCodeRequired),
  mobileCode: registrationCode(REGISTRATION_MESSAGES.mobileCodeRequired),
});
export type RegistrationCodesInput = z.infer<typeof RegistrationCodesInput>;

export const REGISTRATION_CODE_LENGTH = CODE_LENGTHS.registration;

/** A pending registration is reached by this random id (in /verifyotp's URL), never by the email. */
export const PENDING_REGISTRATION_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** The registration form's fields, as the page posts them. */
export const REGISTRATION_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'gender',
  'password',
  'confirmPassword',
] as const satisfies readonly (keyof RegistrationInput)[];

/** `POST /api/registrations`: the codes went out; the page continues at /verifyotp?registration={id}. */
export const RegistrationStarted = z
  .object({ success: z.literal(true), message: z.string(), registrationId: z.string() })
  .meta({ id: 'RegistrationStarted' });
export type RegistrationStarted = z.infer<typeof RegistrationStarted>;

/** `GET /api/registrations/{id}`: where the codes went (masked) and until when they work. */
export const PendingRegistration = z
  .object({
    email: z.string().describe('Masked: pr***@example.com'),
    mobile: z.string().describe('Masked: ******3210'),
    expiresAt: z.string(),
  })
  .meta({ id: 'PendingRegistration' });
export type PendingRegistration = z.infer<typeof PendingRegistration>;

/** Where a freshly registered shopper lands (requirements#registration: registration → verify → profile). */
export const AFTER_REGISTRATION_PATH = '/myprofile';
