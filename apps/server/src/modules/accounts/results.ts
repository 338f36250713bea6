import type { Context } from 'hono';
import { NEW_PASSWORD_MESSAGES } from '@marketplace/domain/accounts/registration';
import type { AppEnv } from '../../http/context.ts';
import { apiError, type ErrorCode } from '../../http/errors.ts';

/** The expected ways an account request fails; each maps to one HTTP status below. */
export type FailureCode =
  | 'WRONG_CREDENTIALS'
  | 'WRONG_LINK_CREDENTIALS'
  | 'WRONG_CODE'
  | 'CODE_LOCKED'
  | 'RATE_LIMITED'
  | 'TAKEN'
  | 'NOT_FOUND'
  | 'EXPIRED'
  | 'SELF'
  | 'ALREADY_LINKED'
  | 'WEAK_PASSWORD';

export type Failure = {
  ok: false;
  code: FailureCode;
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
};

export const fail = (
  code: FailureCode,
  message: string,
  retryAfterSeconds?: number,
  fields?: Record<string, string>,
): Failure => ({
  ok: false,
  code,
  message,
  ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  ...(fields ? { fields } : {}),
});

const STATUS_OF = {
  WRONG_CREDENTIALS: 'UNAUTHENTICATED',
  // a logged-in shopper proving another account: 401 would read as "you are logged out"
  WRONG_LINK_CREDENTIALS: 'UNPROCESSABLE',
  WRONG_CODE: 'UNPROCESSABLE',
  CODE_LOCKED: 'UNPROCESSABLE',
  RATE_LIMITED: 'RATE_LIMITED',
  TAKEN: 'CONFLICT',
  NOT_FOUND: 'NOT_FOUND',
  EXPIRED: 'NOT_FOUND',
  SELF: 'UNPROCESSABLE',
  ALREADY_LINKED: 'CONFLICT',
  WEAK_PASSWORD: 'VALIDATION_FAILED',
} as const satisfies Record<FailureCode, ErrorCode>;

/** A new password on the common list, told beside its field. */
export const commonPasswordFailure = (field: string) =>
  fail('WEAK_PASSWORD', NEW_PASSWORD_MESSAGES.common, undefined, { [field]: NEW_PASSWORD_MESSAGES.common });

/** The one place an account failure becomes an HTTP answer. */
export function failureResponse(c: Context<AppEnv>, failure: Failure) {
  if (failure.retryAfterSeconds) c.header('Retry-After', String(failure.retryAfterSeconds));
  c.header('Cache-Control', 'no-store');
  return apiError(c, STATUS_OF[failure.code], failure.message, failure.fields);
}
