import { z } from '@hono/zod-openapi';
import { MAX_RECORD_ID, RECORD_ID_PATTERN } from '@marketplace/domain/validation/record-id';
import { ErrorResponse } from './errors.ts';

/** A JSON answer in the OpenAPI document; the schemas live in the domain, shared with the web client. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

/** An error answer in the OpenAPI document, in the shared error shape. */
export const errorResponse = (description: string) => ({
  content: { 'application/json': { schema: ErrorResponse } },
  description,
});

/** A row id in a path or query as a number: digits only, within the database's integer range (else it cannot exist). */
export const recordId = (message: string) =>
  z
    .string()
    .regex(RECORD_ID_PATTERN, message)
    .transform(Number)
    .refine((id) => id <= MAX_RECORD_ID, message);

/** The `{id}` of a path that names one row. */
export const RecordIdParams = z.object({
  id: recordId('The id must be a positive whole number.').openapi({
    param: { name: 'id', in: 'path' },
    example: '12',
  }),
});
