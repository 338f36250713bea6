import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  PASSWORD_MESSAGES,
  PasswordChange,
  PasswordChanged,
  Profile,
  PROFILE_MESSAGES,
  ProfileUpdated,
  profileUpdateSchema,
  todayInIndia,
} from '@marketplace/domain/accounts/profile';
import { NEW_PASSWORD_MESSAGES } from '@marketplace/domain/accounts/registration';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { changePassword } from './change-password.ts';
import { errorResponse } from '../../http/openapi.ts';
import { getProfile, updateProfile } from './service.ts';

// the birth and anniversary dates may not lie after today in India, read at each request
const ProfileUpdate = profileUpdateSchema(() => todayInIndia(new Date()));

const getRoute = createRoute({
  method: 'get',
  path: '/profile',
  tags: ['Profile'],
  summary: 'The logged-in shopper’s profile',
  responses: {
    200: { content: { 'application/json': { schema: Profile } }, description: 'The profile' },
    401: errorResponse('Not logged in'),
  },
});

const updateRoute = createRoute({
  method: 'put',
  path: '/profile',
  tags: ['Profile'],
  summary: 'Update the profile',
  description: 'Names, mobile, gender, date of birth and anniversary. The email cannot be changed here.',
  request: {
    body: { required: true, content: { 'application/json': { schema: ProfileUpdate } } },
  },
  responses: {
    200: {
      content: {
        'application/json': {
          schema: ProfileUpdated,
        },
      },
      description: 'Saved',
    },
    400: errorResponse('A field is missing or invalid (per-field messages)'),
    401: errorResponse('Not logged in'),
    409: errorResponse('The mobile number belongs to another account'),
  },
});

const passwordRoute = createRoute({
  method: 'put',
  path: '/profile/password',
  tags: ['Profile'],
  summary: 'Change the password',
  description:
    'Checks the current password, stores the new one and logs out every other session of the shopper; the session that asked stays logged in.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: PasswordChange,
        },
      },
    },
  },
  responses: {
    200: {
      content: {
        'application/json': {
          schema: PasswordChanged,
        },
      },
      description: 'Changed',
    },
    400: errorResponse('Too short, too common, mismatched or missing'),
    401: errorResponse('Not logged in'),
    422: errorResponse('The current password is wrong'),
  },
});

export function profileRoutes(db: Executor) {
  const signedIn = requireShopper(db, PROFILE_MESSAGES.needsUser);
  return createRouter()
    .openapi(guarded(getRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const profile = await getProfile(db, shopper.id);
      if (!profile) return apiError(c, 'UNAUTHENTICATED', PROFILE_MESSAGES.needsUser);
      return c.json(profile, 200);
    })
    .openapi(guarded(updateRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await updateProfile(db, shopper.id, c.req.valid('json'));
      if (result.code === 'MOBILE_TAKEN')
        return apiError(c, 'CONFLICT', PROFILE_MESSAGES.mobileTaken, {
          mobile: PROFILE_MESSAGES.mobileTaken,
        });
      if (result.code === 'NOT_FOUND') return apiError(c, 'UNAUTHENTICATED', PROFILE_MESSAGES.needsUser);
      return c.json({ profile: result.profile, message: PROFILE_MESSAGES.saved }, 200);
    })
    .openapi(guarded(passwordRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await changePassword(db, {
        userId: shopper.id,
        keepSessionHash: shopper.sessionTokenHash,
        change: c.req.valid('json'),
      });
      if (result.code === 'WRONG_PASSWORD')
        return apiError(c, 'UNPROCESSABLE', PASSWORD_MESSAGES.wrongCurrent, {
          currentPassword: PASSWORD_MESSAGES.wrongCurrent,
        });
      if (result.code === 'COMMON_PASSWORD')
        return apiError(c, 'VALIDATION_FAILED', NEW_PASSWORD_MESSAGES.common, {
          newPassword: NEW_PASSWORD_MESSAGES.common,
        });
      if (result.code === 'STAFF_TOO_SHORT')
        return apiError(c, 'VALIDATION_FAILED', NEW_PASSWORD_MESSAGES.staffTooShort, {
          newPassword: NEW_PASSWORD_MESSAGES.staffTooShort,
        });
      if (result.code === 'NOT_FOUND') return apiError(c, 'UNAUTHENTICATED', PROFILE_MESSAGES.needsUser);
      return c.json({ success: true as const, message: PASSWORD_MESSAGES.updated }, 200);
    });
}
