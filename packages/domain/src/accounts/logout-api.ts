// The logout answer (`POST /api/auth/logout`), shared by the server route and the header's account
// menu. Kept apart from logout.ts, whose messages the storefront's scripts import without zod.
import { z } from 'zod';

export const LogoutResult = z.object({ success: z.literal(true) }).meta({ id: 'LogoutResult' });
export type LogoutResult = z.infer<typeof LogoutResult>;
