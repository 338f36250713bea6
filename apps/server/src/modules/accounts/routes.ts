import { createRoute } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import { LogoutResult } from '@marketplace/domain/accounts/logout-api';
import { deleteCookie } from 'hono/cookie';
import { createRouter } from '../../http/router.ts';
import { linkedAccountRoutes } from './linked-account-routes.ts';
import { loginRoutes } from './login-routes.ts';
import { registrationRoutes } from './registration-routes.ts';
import type { AccountDeps } from './route-kit.ts';
import { revokeSession, SESSION_COOKIE } from '../sessions/index.ts';

const logout = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['Accounts'],
  summary: 'Log out',
  description:
    'Ends the session of the request’s cookie on the server and clears the cookie. Logging out without a session also succeeds.',
  responses: {
    200: {
      content: { 'application/json': { schema: LogoutResult } },
      description: 'Logged out',
    },
  },
});

export function accountRoutes(db: Database, deps: AccountDeps = {}) {
  const router = createRouter();
  router.route('/', registrationRoutes(db, deps));
  router.route('/', loginRoutes(db, deps));
  router.route('/', linkedAccountRoutes(db, deps));
  return router.openapi(logout, async (c) => {
    await revokeSession(db, c.req.raw);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const }, 200);
  });
}
