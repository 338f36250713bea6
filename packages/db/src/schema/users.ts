import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@marketplace/domain/i18n/languages';
import { createdAt, id, oneOf, updatedAt } from './columns.ts';
import { pincodes } from './geo.ts';

export const USER_ROLES = ['shopper', 'seller', 'admin'] as const;
export const GENDERS = ['male', 'female', 'others'] as const;
export const ONE_TIME_CODE_PURPOSES = [
  'registration_email',
  'registration_mobile',
  'login',
  'password_reset',
  'order_cancel',
  'switch_account',
  'link_account',
  // requirements#payout-account: a seller's change of its payout bank account, one code per channel
  'seller_bank_change',
] as const;
export const BANK_ACCOUNT_TYPES = ['savings', 'current'] as const;

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    mobile: text(),
    passwordHash: text().notNull(),
    /** a password made for the account (a new staff member's, printed once): changed before the console opens */
    passwordIsTemporary: boolean().notNull().default(false),
    /** requirements#staff-credentials: when a temporary password stops opening the account (null: never set) */
    temporaryPasswordExpiresAt: timestamp({ withTimezone: true }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    gender: text(),
    dateOfBirth: date(), // null means unset (the spec's 0000-00-00)
    anniversary: date(),
    role: text().notNull().default('shopper'),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    mobileVerifiedAt: timestamp({ withTimezone: true }),
    // requirements#inactive-erasure: the last sign-in or use of a right; the inactivity clock starts here
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** when the 48-hour warning before erasure for inactivity was queued; cleared by a sign-in */
    inactivityWarnedAt: timestamp({ withTimezone: true }),
    /** requirements#account-deletion: the account's personal data was erased; the row stays for its invoices */
    erasedAt: timestamp({ withTimezone: true }),
    /** requirements#message-languages: the language of the shop pages the user last used signed in; their messages speak it */
    language: text().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    check('users_role_known', sql.raw(oneOf('role', USER_ROLES))),
    check('users_language_known', sql.raw(oneOf('language', LANGUAGES))),
    check('users_gender_known', sql.raw(`gender IS NULL OR ${oneOf('gender', GENDERS)}`)),
    check('users_mobile_pattern', sql`${t.mobile} IS NULL OR ${t.mobile} ~ '^[6-9][0-9]{9}$'`),
    check('users_email_shape', sql`${t.email} ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'`),
  ],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    ipAddress: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One-time codes for registration, login, password reset, order cancellation and account switching. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    purpose: text().notNull(),
    target: text().notNull(), // the email address or mobile number the code was sent to
    codeHash: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb(), // e.g. pending registration details, the cancellation being confirmed
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_purpose_target_idx').on(t.purpose, t.target, t.createdAt),
    // /verifyotp finds a pending registration by the random id kept in its payload
    index('one_time_codes_registration_idx')
      .on(sql`(${t.payload}->>'registrationId')`)
      .where(sql`${t.payload}->>'registrationId' IS NOT NULL`),
    check('one_time_codes_purpose_known', sql.raw(oneOf('purpose', ONE_TIME_CODE_PURPOSES))),
    check('one_time_codes_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);

/** Accounts a shopper has proven they own and may switch to. */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('linked_accounts_pair_key').on(t.userId, t.linkedUserId),
    check('linked_accounts_not_self', sql`${t.userId} <> ${t.linkedUserId}`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    mobile: text().notNull(),
    doorNo: text().notNull(),
    street: text().notNull(),
    landmark: text().notNull(),
    pincode: text()
      .notNull()
      .references(() => pincodes.pincode),
    city: text().notNull(),
    state: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // requirements#one-default: exactly one default address per shopper
    uniqueIndex('addresses_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('addresses_mobile_pattern', sql`${t.mobile} ~ '^[6-9][0-9]{9}$'`),
  ],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountName: text().notNull(),
    accountNumber: text().notNull(),
    ifsc: text().notNull(),
    bankName: text().notNull(),
    accountType: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bank_accounts_user_idx').on(t.userId),
    uniqueIndex('bank_accounts_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('bank_accounts_type_known', sql.raw(oneOf('account_type', BANK_ACCOUNT_TYPES))),
    check('bank_accounts_number_digits', sql`${t.accountNumber} ~ '^[0-9]{9,18}$'`),
    check('bank_accounts_ifsc_shape', sql`${t.ifsc} ~ '^[A-Z]{4}0[A-Z0-9]{6}$'`),
  ],
);
