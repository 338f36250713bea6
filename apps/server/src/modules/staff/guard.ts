import type { MiddlewareHandler } from 'hono';
import type { Executor } from '@marketplace/db';
import { type ConsoleArea, canReach } from '@marketplace/domain/admin/console';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { sessionTokenHashOf, sessionViewer } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { findStaffMember, isSessionVerified } from './staff.ts';

/**
 * requirements#operator-console: the staff member of the request's session. A visitor gets 401; a
 * shopper or seller 403; staff 403 while the account still has its temporary password (unless
 * `temporaryPassword`: who the console serves), and until this session entered a right code from the authenticator
 * app within the idle limit (unless `unverified`: setting the app up, entering the code), and 403
 * outside the areas its role reaches. Every console module's routes stand behind it. `now` is the
 * clock (tests move it).
 */
export function requireStaff(
  db: Executor,
  options: { area?: ConsoleArea; unverified?: boolean; temporaryPassword?: boolean; now?: () => Date } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.header('Cache-Control', 'no-store');
    const now = options.now?.() ?? new Date();
    const user = await sessionViewer(db, c.req.raw, now);
    if (!user) return apiError(c, 'UNAUTHENTICATED', STAFF_MESSAGES.notLoggedIn);
    const member = await findStaffMember(db, user.id);
    if (!member) return apiError(c, 'FORBIDDEN', STAFF_MESSAGES.notStaff);
    // a temporary password is changed before anything else: it was printed, and may have been seen
    if (member.passwordIsTemporary && !options.temporaryPassword)
      return apiError(c, 'FORBIDDEN', STAFF_MESSAGES.needsNewPassword);
    const sessionTokenHash = sessionTokenHashOf(c);
    const isVerified =
      member.enrolledAt !== null && (await isSessionVerified(db, member.id, sessionTokenHash, now));
    if (!options.unverified && !isVerified) {
      const message = member.enrolledAt ? STAFF_MESSAGES.needsSecondFactor : STAFF_MESSAGES.needsEnrolment;
      return apiError(c, 'FORBIDDEN', message);
    }
    if (options.area && !canReach(member.role, options.area))
      return apiError(c, 'FORBIDDEN', STAFF_MESSAGES.wrongRole);
    const { id, email, name, role, enrolledAt, passwordIsTemporary } = member;
    c.set('staff', { id, email, name, role, enrolledAt, passwordIsTemporary, sessionTokenHash, isVerified });
    return next();
  };
}
