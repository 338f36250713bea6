import { z } from 'zod';
import { MOBILE_PATTERN } from '../validation/common.ts';

// requirements#profile and requirements#change-password: the profile, its edit form and change password.

/** requirements#profile: '0000-00-00' means a date was never given. */
export const UNSET_DATE = '0000-00-00';
export const GENDERS = ['male', 'female', 'others'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', others: 'Others' };

export const NAME_MAX = 50;
/** A new password's minimum, as registration and reset ask (the spec's 6 stays for logging in). */
export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing it cannot be used to tie up the server. */
export const PASSWORD_MAX = 128;
/** requirements#change-password: after a password change the shopper is sent to the profile after 2 seconds. */
export const PASSWORD_REDIRECT_MS = 2_000;

export const PROFILE_MESSAGES = {
  needsUser: 'Profile update needs user and email',
  saveFailed: 'Something went wrong while saving user data!',
  saved: 'Profile updated successfully!',
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  nameTooLong: `Names can be at most ${NAME_MAX} characters.`,
  nameInvalid: 'Please enter a name without control characters.',
  mobile: 'Please enter a valid 10-digit mobile number.',
  mobileTaken: 'This mobile number is already registered with another account.',
  gender: 'Please choose male, female or others.',
  date: 'Please enter a real date (YYYY-MM-DD).',
  birthInFuture: 'Date of birth cannot be in the future.',
  anniversaryInFuture: 'Anniversary cannot be in the future.',
  tooOld: 'Please enter a date after 1900.',
  notSet: 'Not set',
} as const;

export const PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password.',
  wrongCurrent: 'Your current password is incorrect.',
  tooShort: `Password must be at least ${PASSWORD_MIN} characters long.`,
  tooLong: `Password can be at most ${PASSWORD_MAX} characters long.`,
  mismatch: 'Passwords do not match!',
  sameAsCurrent: 'The new password must differ from the current one.',
  failed: 'Failed to update password. Try again.',
  error: 'Error updating password.',
  updated: 'Password updated successfully! Taking you to your profile…',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a calendar date that exists (no 31 April, 29 February only in leap years). */
export function isRealDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A stored date for display: unset (null or '0000-00-00') shows 'Not set', else '18 Mar 1994'. */
export function displayDate(value: string | null | undefined): string {
  if (!value || value === UNSET_DATE || !isRealDate(value)) return PROFILE_MESSAGES.notSet;
  return new Date(`${value}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Today's date in India as YYYY-MM-DD (the shoppers' calendar decides what "the future" is). */
export function todayInIndia(now: Date): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
}

const name = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(NAME_MAX, { error: PROFILE_MESSAGES.nameTooLong })
    // a NUL byte can never be stored (PostgreSQL text), nor any control character shown
    .regex(/^\P{Cc}*$/u, { error: PROFILE_MESSAGES.nameInvalid });

// an empty box, '0000-00-00' or null all mean "not given"
const optionalDate = z
  .union([z.string().max(10, { error: PROFILE_MESSAGES.date }), z.null()], { error: PROFILE_MESSAGES.date })
  .transform((value) => (value === null || value.trim() === '' || value === UNSET_DATE ? null : value.trim()))
  .refine((value) => value === null || isRealDate(value), { error: PROFILE_MESSAGES.date })
  .refine((value) => value === null || value >= '1900-01-01', { error: PROFILE_MESSAGES.tooOld });

/** The profile edit form and `PUT /api/profile`; `today()` (YYYY-MM-DD, read at each parse) bounds the dates. */
export function profileUpdateSchema(today: () => string) {
  return z.strictObject(
    {
      firstName: name(PROFILE_MESSAGES.firstName),
      lastName: name(PROFILE_MESSAGES.lastName),
      mobile: z
        .string({ error: PROFILE_MESSAGES.mobile })
        .trim()
        .regex(MOBILE_PATTERN, { error: PROFILE_MESSAGES.mobile }),
      gender: z
        .union([z.enum(GENDERS), z.literal(''), z.null()], { error: PROFILE_MESSAGES.gender })
        .transform((value) => (value === '' ? null : value)),
      dateOfBirth: optionalDate.refine((value) => value === null || value <= today(), {
        error: PROFILE_MESSAGES.birthInFuture,
      }),
      anniversary: optionalDate.refine((value) => value === null || value <= today(), {
        error: PROFILE_MESSAGES.anniversaryInFuture,
      }),
    },
    { error: 'Send only the profile fields.' },
  );
}
export type ProfileUpdateInput = z.input<ReturnType<typeof profileUpdateSchema>>;
export type ProfileUpdate = z.output<ReturnType<typeof profileUpdateSchema>>;

/** Change password: the current one, a new one of at least 8 characters, typed twice. */
export const PasswordChange = z
  .strictObject({
    currentPassword: z
      .string({ error: PASSWORD_MESSAGES.currentRequired })
      .min(1, { error: PASSWORD_MESSAGES.currentRequired })
      .max(PASSWORD_MAX, { error: PASSWORD_MESSAGES.wrongCurrent }),
    newPassword: z
      .string({ error: PASSWORD_MESSAGES.tooShort })
      .min(PASSWORD_MIN, { error: PASSWORD_MESSAGES.tooShort })
      .max(PASSWORD_MAX, { error: PASSWORD_MESSAGES.tooLong }),
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.mismatch }).max(PASSWORD_MAX, {
      error: PASSWORD_MESSAGES.mismatch,
    }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    error: PASSWORD_MESSAGES.sameAsCurrent,
    path: ['newPassword'],
  });
export type PasswordChange = z.infer<typeof PasswordChange>;

/** The profile as the API returns it (`GET /api/profile`; dates YYYY-MM-DD or null for unset). */
export const Profile = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    dateOfBirth: z.string().nullable().describe('null when not set'),
    anniversary: z.string().nullable().describe('null when not set'),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

/** `PUT /api/profile`: the saved profile and the spec's message. */
export const ProfileUpdated = z
  .object({ profile: Profile, message: z.string() })
  .meta({ id: 'ProfileUpdated' });
export type ProfileUpdated = z.infer<typeof ProfileUpdated>;

/** `PUT /api/profile/password`: the spec's message (the session that asked stays logged in). */
export const PasswordChanged = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'PasswordChanged' });
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/** The names of the profile edit form's fields (the email is shown, never posted). */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'mobile',
  'gender',
  'dateOfBirth',
  'anniversary',
] as const satisfies readonly (keyof ProfileUpdateInput)[];

/** The names of the change-password form's fields. */
export const PASSWORD_FIELDS = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
] as const satisfies readonly (keyof PasswordChange)[];

/** Per-field messages of a failed parse, first message per field (forms show them by the field). */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
