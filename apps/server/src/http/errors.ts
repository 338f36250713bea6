import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';

export const ERROR_CODES = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  DATABASE_UNAVAILABLE: 503,
  // requirements#e-invoicing: an outside system (the GST portal) could not be reached
  UPSTREAM_UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;
export type ErrorCode = keyof typeof ERROR_CODES;

/** requirements#api-errors: every API error has this shape. */
export const ErrorResponse = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'NOT_FOUND' }),
      message: z.string().openapi({ example: 'No such pincode.' }),
      fields: z.record(z.string(), z.string()).optional().openapi({ description: 'Per-field messages' }),
      requestId: z.string().optional(),
    }),
  })
  .openapi('Error');
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  requestId?: string,
) {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(requestId ? { requestId } : {}) } };
}

export function apiError<C extends ErrorCode>(
  c: Context<AppEnv>,
  code: C,
  message: string,
  fields?: Record<string, string>,
) {
  return c.json(errorBody(code, message, fields, c.get('requestId')), ERROR_CODES[code]);
}

/** Thrown for expected failures deep in a request; mapped to the JSON shape by the error handler. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** True when the error means the database cannot be reached (not that a query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    const message = e instanceof Error ? e.message : '';
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof ApiError) return apiError(c, error.code, error.message, error.fields);
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 400 && /JSON/i.test(error.message))
      return apiError(c, 'MALFORMED_JSON', 'The request body is not valid JSON.');
    if (status === 413) return apiError(c, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    const code =
      (Object.keys(ERROR_CODES) as ErrorCode[]).find((k) => ERROR_CODES[k] === status) ?? 'BAD_REQUEST';
    return apiError(c, code, error.message || 'The request could not be processed.');
  }
  const logger = c.get('logger');
  if (isDatabaseUnavailable(error)) {
    logger.error({ err: error }, 'database unavailable');
    c.header('Retry-After', '5');
    return apiError(
      c,
      'DATABASE_UNAVAILABLE',
      'The service is temporarily unavailable. Please try again shortly.',
    );
  }
  logger.error({ err: error }, 'unexpected error');
  return apiError(
    c,
    'INTERNAL_ERROR',
    'Something went wrong on our side. Please quote the request id if you contact support.',
  );
}
