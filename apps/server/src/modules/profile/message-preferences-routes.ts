import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  MESSAGE_PREFERENCE_MESSAGES as M,
  MessagePreferences,
  MessagePreferencesSaved,
} from '@marketplace/domain/accounts/message-preferences';
import { guarded, requireShopper } from '../../http/auth.ts';
import { errorResponse } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { getMessagePreferences, saveMessagePreferences } from '../messages/index.ts';
import { hasConsent, recordConsent } from '../privacy/index.ts';

const getRoute = createRoute({
  method: 'get',
  path: '/profile/message-preferences',
  tags: ['Profile'],
  summary: 'The logged-in shopper’s message choices',
  description: M.always,
  responses: {
    200: { content: { 'application/json': { schema: MessagePreferences } }, description: 'The choices' },
    401: errorResponse('Not logged in'),
  },
});

const putRoute = createRoute({
  method: 'put',
  path: '/profile/message-preferences',
  tags: ['Profile'],
  summary: 'Save the message choices',
  description: `All six choices at once. ${M.always}`,
  request: { body: { required: true, content: { 'application/json': { schema: MessagePreferences } } } },
  responses: {
    200: { content: { 'application/json': { schema: MessagePreferencesSaved } }, description: 'Saved' },
    400: errorResponse('A choice is missing or not true/false'),
    401: errorResponse('Not logged in'),
  },
});

/** requirements#message-preferences: the shopper's own choices only (no id in the path to guess). */
export function messagePreferenceRoutes(db: Executor) {
  const signedIn = requireShopper(db, M.needsUser);
  return createRouter()
    .openapi(guarded(getRoute, signedIn), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getMessagePreferences(db, c.get('shopper').id), 200);
    })
    .openapi(guarded(putRoute, signedIn), async (c) => {
      const userId = c.get('shopper').id;
      const chosen = c.req.valid('json');
      const preferences = await saveMessagePreferences(db, userId, chosen);
      // requirements#privacy-consent: turning offers on here is giving marketing consent, recorded as such
      if (
        (chosen.smsOffers || chosen.emailOffers || chosen.whatsappOffers) &&
        !(await hasConsent(db, userId, 'marketing'))
      )
        await recordConsent(db, userId, { purpose: 'marketing', isGranted: true, language: 'en' });
      return c.json({ preferences, message: M.saved }, 200);
    });
}
