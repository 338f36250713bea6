import { randomBytes } from 'node:crypto';
import type { AccountValidator, ValidationReport } from './account-validation.ts';

const PREFIX = 'sandbox_fav_';

export type SandboxAccountValidator = AccountValidator & {
  name: 'sandbox';
  /** The name the sandbox's "bank" holds for an account number (default: the name typed). */
  holders: Map<string, string>;
};

/**
 * ADR-0049: the built-in account validation, answering at once as a bank would: an account number
 * ending in 000 does not exist (invalid), any other is active in the name registered for it in
 * `holders`, else in the name typed, in capitals as banks write it.
 */
export function createSandboxAccountValidator(): SandboxAccountValidator {
  const holders = new Map<string, string>();
  const reports = new Map<string, ValidationReport>();
  return {
    name: 'sandbox',
    holders,
    validate(account) {
      const validationId = `${PREFIX}${randomBytes(9).toString('hex')}`;
      const report: ValidationReport = account.accountNumber.endsWith('000')
        ? { state: 'completed', accountStatus: 'invalid', registeredName: null }
        : {
            state: 'completed',
            accountStatus: 'active',
            registeredName: (holders.get(account.accountNumber) ?? account.accountName).toUpperCase(),
          };
      reports.set(validationId, report);
      return Promise.resolve({ validationId, report });
    },
    validationStatus: (validationId) => {
      const report = reports.get(validationId);
      return report
        ? Promise.resolve(report)
        : Promise.reject(new Error(`${validationId} is not a validation of this sandbox`));
    },
  };
}
