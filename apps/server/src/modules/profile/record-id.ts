import { z } from '@hono/zod-openapi';

/** A row id in a path: digits only, within the database's integer range (else it cannot exist). */
export const RecordIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'The id must be a positive whole number.')
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, 'The id must be a positive whole number.')
    .openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
});
