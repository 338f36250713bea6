import type { RouteConfig } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { type Executor, sellers } from '@marketplace/db';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import { SELLER_ACCOUNT_MESSAGES } from '@marketplace/domain/sellers/seller-account-api';
import {
  findSessionUser,
  hashSessionToken,
  noteLanguage,
  SESSION_COOKIE,
} from '../modules/sessions/index.ts';
import type { Language } from '@marketplace/domain/i18n/languages';
import type { AppEnv, SessionViewer } from './context.ts';
import { apiError } from './errors.ts';
import { noteActingUser } from './request-origin.ts';

// the session types live with the request's context, which every route reads
export type { SessionSeller, SessionShopper, SessionViewer } from './context.ts';

/**
 * The one way to read who a request comes from (requirements#module-faces): the account of its
 * session cookie, or null for a visitor. The guards below and the pages' services both ask here.
 */
export async function sessionViewer(db: Executor, request: Request, now?: Date): Promise<SessionViewer> {
  const viewer = await findSessionUser(db, request, now);
  // requirements#staff-security-events: the request's log line names the account it acts for
  noteActingUser(viewer?.id ?? null);
  return viewer;
}

/**
 * requirements#message-languages: a signed-in viewer's shop page in another language than the one
 * kept makes it theirs (their messages speak it from then on).
 */
export async function noteViewerLanguage(
  db: Executor,
  viewer: { id: number; language: string },
  language: Language,
): Promise<void> {
  if (viewer.language !== language) await noteLanguage(db, viewer.id, language);
}

/** The stored hash of the request's session token: what ties an answer to this one login session. */
export function sessionTokenHashOf(c: Context<AppEnv>): string {
  return hashSessionToken(getCookie(c, SESSION_COOKIE) ?? '');
}

/**
 * A logged-in account or a 401 with `message`, before the body is read. Identity never comes from
 * the request's body; the answers hold personal data, so no cache keeps them.
 */
export function requireShopper(db: Executor, message: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.header('Cache-Control', 'no-store');
    const user = await sessionViewer(db, c.req.raw);
    if (!user) return apiError(c, 'UNAUTHENTICATED', message);
    const token = getCookie(c, SESSION_COOKIE) ?? '';
    c.set('shopper', { id: user.id, email: user.email, sessionTokenHash: hashSessionToken(token) });
    return next();
  };
}

/**
 * requirements#seller-fulfilment: the seller of the request's session cookie. A visitor gets 401, any
 * other account 403; every seller query filters by the seller id found here, never by one sent in the request.
 * Only an approved seller lists and sells (requirements#seller-onboarding); `anyStatus` lets a
 * pending or rejected seller reach its own account (joining, documents, the decision);
 * `evenSuspended` lets a suspended seller fulfil the orders it already has, answer their requests
 * and messages (requirements#operator-sellers), while it lists and sells nothing new.
 */
export function requireSeller(
  db: Executor,
  options: { anyStatus?: boolean; evenSuspended?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.header('Cache-Control', 'no-store');
    const user = await sessionViewer(db, c.req.raw);
    if (!user) return apiError(c, 'UNAUTHENTICATED', FULFILMENT_MESSAGES.notLoggedIn);
    const [seller] =
      user.role === 'seller'
        ? await db
            .select({ id: sellers.id, name: sellers.name, status: sellers.status })
            .from(sellers)
            .where(eq(sellers.userId, user.id))
        : [];
    if (!seller) return apiError(c, 'FORBIDDEN', FULFILMENT_MESSAGES.notSeller);
    const allowed = seller.status === 'approved' || (options.evenSuspended && seller.status === 'suspended');
    if (!allowed && !options.anyStatus) {
      return apiError(c, 'FORBIDDEN', SELLER_ACCOUNT_MESSAGES.notApproved);
    }
    c.set('seller', { sellerId: seller.id, userId: user.id, name: seller.name });
    return next();
  };
}

/** For answers open to visitors that differ for a logged-in account: `c.get('viewer')` is the account or null. */
export function optionalShopper(db: Executor): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('viewer', await sessionViewer(db, c.req.raw));
    return next();
  };
}

/** A route definition that runs `guard` first, so a missing login is answered before the input is read. */
export function guarded<R extends RouteConfig>(route: R, guard: MiddlewareHandler<AppEnv>) {
  return { ...route, middleware: guard } as R & { middleware: MiddlewareHandler<AppEnv> };
}
