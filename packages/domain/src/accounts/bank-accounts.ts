import { z } from 'zod';

// requirements#bank-accounts, requirements#one-default.
// Beyond the earlier app (requirements#bank-accounts): IFSC is 4 letters, 0, then 6 letters or digits; the number 9 to 18 digits.

export const BANK_ACCOUNT_LIMIT = 10;
export const BANK_TEXT_MAX = 100;
export const ACCOUNT_TYPES = ['savings', 'current'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = { savings: 'Savings', current: 'Current' };

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;

export const BANK_ACCOUNT_MESSAGES = {
  accountName: 'Please enter the account holder’s name.',
  accountNumber: 'Please enter the account number.',
  accountNumberShape: 'The account number must be 9 to 18 digits.',
  ifsc: 'Please enter the IFSC code.',
  ifscShape: 'The IFSC code must be 4 letters, then 0, then 6 letters or digits (for example SBIN0001234).',
  bankName: 'Please enter the bank name.',
  accountType: 'Please choose the account type (savings or current).',
  tooLong: `This field can be at most ${BANK_TEXT_MAX} characters.`,
  invalidText: 'Please enter this without control characters.',
  /** requirements#bank-accounts: success alerts */
  defaultUpdated: 'Default account updated successfully!',
  updated: 'Account updated successfully!',
  added: 'Account added successfully!',
  deleted: 'Account deleted successfully!',
  /** requirements#bank-accounts: a failure alerts 'Error: ' plus the server message */
  errorPrefix: 'Error: ',
  defaultNotDeletable: 'The default account cannot be deleted. Set another account as default first.',
  notFound: 'This bank account was not found.',
  limit: `You can save at most ${BANK_ACCOUNT_LIMIT} bank accounts. Delete one to add another.`,
  empty: 'You have no bank accounts yet.',
  confirmDelete: 'Delete this bank account?',
} as const;

/** requirements#bank-accounts: what a failed set-default, delete, add or edit alerts. */
export const bankAccountError = (serverMessage: string) =>
  `${BANK_ACCOUNT_MESSAGES.errorPrefix}${serverMessage}`;

const required = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(BANK_TEXT_MAX, { error: BANK_ACCOUNT_MESSAGES.tooLong })
    // a NUL byte can never be stored (PostgreSQL text), nor any control character shown
    .regex(/^\P{Cc}*$/u, { error: BANK_ACCOUNT_MESSAGES.invalidText });

/** The account form and `POST/PUT /api/bank-accounts`: all five fields required. */
export const BankAccountInput = z.strictObject(
  {
    accountName: required(BANK_ACCOUNT_MESSAGES.accountName),
    // spaces people type between digit groups are dropped
    accountNumber: z
      .string({ error: BANK_ACCOUNT_MESSAGES.accountNumber })
      .max(40, { error: BANK_ACCOUNT_MESSAGES.accountNumberShape })
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(
        z
          .string()
          .min(1, { error: BANK_ACCOUNT_MESSAGES.accountNumber })
          .regex(ACCOUNT_NUMBER_PATTERN, { error: BANK_ACCOUNT_MESSAGES.accountNumberShape }),
      ),
    ifsc: z
      .string({ error: BANK_ACCOUNT_MESSAGES.ifsc })
      .max(40, { error: BANK_ACCOUNT_MESSAGES.ifscShape })
      .transform((value) => value.trim().toUpperCase())
      .pipe(
        z
          .string()
          .min(1, { error: BANK_ACCOUNT_MESSAGES.ifsc })
          .regex(IFSC_PATTERN, { error: BANK_ACCOUNT_MESSAGES.ifscShape }),
      ),
    bankName: required(BANK_ACCOUNT_MESSAGES.bankName),
    accountType: z.enum(ACCOUNT_TYPES, { error: BANK_ACCOUNT_MESSAGES.accountType }),
  },
  { error: 'Send only the bank account fields.' },
);
export type BankAccountInput = z.input<typeof BankAccountInput>;
export type BankAccountFields = z.output<typeof BankAccountInput>;

/** All digits hidden but the last 4 (the full number is shown only in its owner's edit form). */
export function maskAccountNumber(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return `${'X'.repeat(Math.max(accountNumber.length - 4, 0))}${visible}`;
}

/** requirements#bank-accounts (`GET /api/bank-accounts`): the number masked. */
export const BankAccount = z
  .object({
    id: z.number().int(),
    accountName: z.string().meta({ example: 'Priya Sharma' }),
    maskedNumber: z
      .string()
      .meta({ example: 'XXXXXXXX9012', description: 'All but the last 4 digits hidden' }),
    ifsc: z.string().meta({ example: 'SBIN0001234' }),
    bankName: z.string().meta({ example: 'State Bank of India' }),
    accountType: z.enum(ACCOUNT_TYPES),
    isDefault: z.boolean(),
  })
  .meta({ id: 'BankAccount' });
export type BankAccount = z.infer<typeof BankAccount>;

/** `GET /api/bank-accounts/{id}`: one account for its owner's edit form, with the full number. */
export const BankAccountForEdit = BankAccount.extend({ accountNumber: z.string() }).meta({
  id: 'BankAccountForEdit',
});
export type BankAccountForEdit = z.infer<typeof BankAccountForEdit>;

/** `GET /api/bank-accounts`: the default first. */
export const BankAccountList = z.object({ accounts: z.array(BankAccount) }).meta({ id: 'BankAccountList' });
export type BankAccountList = z.infer<typeof BankAccountList>;

/** `POST /api/bank-accounts` and `PUT /api/bank-accounts/{id}`: the saved account and the spec's message. */
export const BankAccountSaved = z
  .object({ account: BankAccount, message: z.string() })
  .meta({ id: 'BankAccountSaved' });
export type BankAccountSaved = z.infer<typeof BankAccountSaved>;

/** `POST /api/bank-accounts/{id}/default` and `DELETE /api/bank-accounts/{id}`. */
export const BankAccountChanged = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'BankAccountChanged' });
export type BankAccountChanged = z.infer<typeof BankAccountChanged>;

/** The names of the account form's fields. */
export const BANK_ACCOUNT_FIELDS = [
  'accountName',
  'accountNumber',
  'ifsc',
  'bankName',
  'accountType',
] as const satisfies readonly (keyof BankAccountInput)[];

/** requirements#bank-accounts: the X delete control only on non-default accounts. */
export const canDeleteBankAccount = (account: { isDefault: boolean }) => !account.isDefault;
