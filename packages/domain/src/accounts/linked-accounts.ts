import { z } from 'zod';
import { CODE_LENGTHS, codeSchema, MAX_EMAIL_LENGTH, parseContact } from './codes.ts';
import { MAX_PASSWORD_LENGTH } from './registration.ts';

/** requirements#linked-accounts: the linked-account pages' texts. */
export const LINKED_ACCOUNT_MESSAGES = {
  bothRequired: 'Please enter both Email/Mobile and Password.',
  enterCode: 'Please enter OTP.',
  contact: 'Please enter a valid email or mobile number.',
  code: 'Please enter the 6-digit OTP.',
  wrongCredentials: 'Invalid Email/Mobile or Password.',
  self: 'This is the account you are logged in to.',
  alreadyLinked: 'This account is already linked.',
  linked: 'Account added successfully!',
  codeSent: 'An OTP has been sent to the email and mobile of this account.',
  linkCodeSent: 'If this email or mobile number belongs to an account, an OTP has been sent to it.',
  notLinked: 'This account is not linked to yours.',
  none: 'No linked accounts yet. Add an account to switch to it quickly.',
  failed: 'Something went wrong!',
} as const;

/** Add account by password: both fields are required (spec's message when either is empty). */
export const LinkByPasswordInput = z
  .object({
    emailOrMobile: z.string({ error: LINKED_ACCOUNT_MESSAGES.bothRequired }).max(MAX_EMAIL_LENGTH, {
      error: LINKED_ACCOUNT_MESSAGES.contact,
    }),
    password: z
      .string({ error: LINKED_ACCOUNT_MESSAGES.bothRequired })
      .max(MAX_PASSWORD_LENGTH, { error: LINKED_ACCOUNT_MESSAGES.wrongCredentials }),
  })
  .superRefine((input, context) => {
    if (input.emailOrMobile.trim() === '' || input.password === '') {
      context.addIssue({ code: 'custom', message: LINKED_ACCOUNT_MESSAGES.bothRequired, path: ['_'] });
    } else if (!parseContact(input.emailOrMobile)) {
      context.addIssue({ code: 'custom', message: LINKED_ACCOUNT_MESSAGES.contact, path: ['emailOrMobile'] });
    }
  })
  .transform((input) => ({
    emailOrMobile: parseContact(input.emailOrMobile)?.value ?? '',
    password: input.password,
  }));
export type LinkByPasswordInput = z.infer<typeof LinkByPasswordInput>;

export const LinkCodeRequest = z.object({
  emailOrMobile: z
    .string({ error: LINKED_ACCOUNT_MESSAGES.contact })
    .max(MAX_EMAIL_LENGTH, { error: LINKED_ACCOUNT_MESSAGES.contact })
    .transform((text, context) => {
      const contact = parseContact(text);
      if (contact) return contact.value;
      context.addIssue({ code: 'custom', message: LINKED_ACCOUNT_MESSAGES.contact });
      return z.NEVER;
    }),
});
export type LinkCodeRequest = z.infer<typeof LinkCodeRequest>;

/** A code typed into an OTP box: the spec's 'Please enter OTP.' when empty. */
export const accountCode = z
  .string({ error: LINKED_ACCOUNT_MESSAGES.enterCode })
  .trim()
  .min(1, { error: LINKED_ACCOUNT_MESSAGES.enterCode })
  .pipe(codeSchema(CODE_LENGTHS.linkAccount, LINKED_ACCOUNT_MESSAGES.code));

export const LinkByCodeInput = LinkCodeRequest.extend({ code: accountCode });
export type LinkByCodeInput = z.infer<typeof LinkByCodeInput>;

export const SwitchAccountInput = z.object({ code: accountCode });
export type SwitchAccountInput = z.infer<typeof SwitchAccountInput>;

/** Where switching lands (requirements#profile: choose, code sent, verify, go to the profile). */
export const AFTER_SWITCH_PATH = '/myprofile';

/** One account the shopper can switch to (requirements#linked-accounts, swaccount.php: first name, email and mobile). */
export const LinkedAccount = z
  .object({ id: z.number().int(), firstName: z.string(), email: z.string(), mobile: z.string().nullable() })
  .meta({ id: 'LinkedAccount' });
export type LinkedAccount = z.infer<typeof LinkedAccount>;

/** `GET /api/linked-accounts`. */
export const LinkedAccountList = z
  .object({ accounts: z.array(LinkedAccount) })
  .meta({ id: 'LinkedAccountList' });
export type LinkedAccountList = z.infer<typeof LinkedAccountList>;
