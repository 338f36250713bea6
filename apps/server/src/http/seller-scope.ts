import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { type Executor, sellers } from '@marketplace/db';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import { findSessionUser } from '../modules/accounts/sessions.ts';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

export type SessionSeller = { sellerId: number; userId: number; name: string };

/**
 * requirements#seller-fulfilment: the seller of the request's session cookie. A visitor gets 401, a shopper 403; every
 * seller query filters by the seller id found here, never by one sent in the request.
 */
export async function requireSeller(db: Executor, c: Context<AppEnv>): Promise<SessionSeller> {
  c.header('Cache-Control', 'no-store');
  const user = await findSessionUser(db, c.req.raw);
  if (!user) throw new ApiError('UNAUTHENTICATED', FULFILMENT_MESSAGES.notLoggedIn);
  const [seller] =
    user.role === 'seller'
      ? await db
          .select({ id: sellers.id, name: sellers.name })
          .from(sellers)
          .where(eq(sellers.userId, user.id))
      : [];
  if (!seller) throw new ApiError('FORBIDDEN', FULFILMENT_MESSAGES.notSeller);
  return { sellerId: seller.id, userId: user.id, name: seller.name };
}
