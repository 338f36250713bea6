import type { Database } from '@marketplace/db';
import type { Logger } from 'pino';
import type { Job } from '../../jobs.ts';
import type { AccountValidator } from '../payments/index.ts';
import { checkPendingValidations } from './changes.ts';

/** How often pending penny-drop checks are asked about. */
export const VALIDATION_JOB_INTERVAL_MS = 60_000;

/** requirements#payout-account: the penny-drop checks still waiting for the bank's answer. */
export function payoutAccountValidationJob(
  db: Database,
  validator: AccountValidator | null,
  logger: Logger,
): Job {
  return {
    name: 'payout-account-validations',
    intervalMs: VALIDATION_JOB_INTERVAL_MS,
    run: async () => {
      if (!validator) return;
      await checkPendingValidations(db, validator, (error, changeId) =>
        logger.warn({ err: error, changeId }, 'payout account check not answered this time'),
      );
    },
  };
}
