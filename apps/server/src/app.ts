import { resolve } from 'node:path';
import type { DatabaseHandle } from '@marketplace/db';
import { FEEDBACK_LIMITS, UPLOAD_LIMITS } from '@marketplace/domain/orders/feedback';
import type { Logger } from 'pino';
import { apiDocsRoutes } from './http/api-docs.ts';
import { compression } from './http/compression.ts';
import { apiError, handleError } from './http/errors.ts';
import { mediaRoutes } from './http/media.ts';
import { checkResponseContracts } from './http/response-contract.ts';
import {
  jsonBodyGuard,
  pageBodyLimit,
  requestContext,
  sameOriginWrites,
  securityHeaders,
} from './http/middleware.ts';
import { createRouter } from './http/router.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { adRoutes } from './modules/ads/routes.ts';
import { bankAccountRoutes } from './modules/bank-accounts/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { savedItemRoutes } from './modules/saved-items/routes.ts';
import { outboxPageRoutes } from './modules/messages/outbox-page.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { pincodeRoutes } from './modules/pincodes/routes.ts';
import { productRoutes } from './modules/product/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { createPincodeDirectory } from './modules/pincodes/service.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { createStorefrontServices } from './modules/storefront/service.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { sellerFulfilmentRoutes } from './modules/fulfilment/routes.ts';
import { myOrderRoutes } from './modules/orders/my-orders-routes.ts';
import { cancellationRoutes } from './modules/cancellations/routes.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { createSandboxProvider, isSandboxProvider } from './modules/payments/sandbox.ts';
import { sandboxPageRoutes } from './modules/payments/sandbox-page.ts';
import { razorpayWebhookRoutes } from './modules/payments/webhook.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { UPLOAD_PATH, uploadRoutes } from './modules/uploads/routes.ts';
import { afterSalesRoutes } from './modules/returns/routes.ts';
import { createDiskUploadStore, type UploadStore } from './modules/uploads/store.ts';
import { pageApi } from './web/page-api.ts';
import type { WebApp } from './web/web-app.ts';

export type AppDeps = {
  database: DatabaseHandle;
  logger: Logger;
  mediaDir: string;
  /** The server-rendered web app; without it (API-only tests) pages answer a plain 404. */
  web?: WebApp;
  /** How long a search-box lookup is reused for the same text (default a minute; 0: never). */
  keepSuggestionsMs?: number;
  /** How long pages reuse shared lookups: menus, banner choices, rate card, best-seller ranks (default a minute; 0: never). */
  keepPageLookupsMs?: number;
  /** Email and SMS: deliver queued messages now, and whether the development outbox page is served. */
  messages?: { notify?: () => void; outboxPage?: boolean };
  /** requirements#payments: the payment provider (default: the built-in sandbox with its own secret). */
  payments?: PaymentProvider;
  /** Customer uploads (default: files in an `uploads` folder beside the media folder). */
  uploads?: UploadStore;
  /** Check every API answer against its route's response schema (tests and development). */
  checkResponses?: boolean;
};

export const API_VERSION = '0.1.0';

/** Pages whose posted form may carry up to five photos of 5 MB when the page's scripts did not run. */
export const PHOTO_FORM_PATHS = ['/returnitem', '/replacementitem', '/productfeedback'];
export const PHOTO_FORM_MAX_BYTES = FEEDBACK_LIMITS.images * UPLOAD_LIMITS.imageBytes + 1024 * 1024;

/** The whole HTTP application: API, media, operations endpoints and the web pages. No listening here. */
export function createApp({
  database,
  logger,
  mediaDir,
  web,
  keepSuggestionsMs,
  keepPageLookupsMs,
  messages,
  payments = createSandboxProvider(),
  uploads = createDiskUploadStore(resolve(mediaDir, '..', 'uploads')),
  checkResponses = false,
}: AppDeps) {
  const { db } = database;
  const app = createRouter();
  app.use('*', requestContext(logger));
  // outermost but for the log line: it sees every answer whole, errors mapped and headers set
  app.use('*', compression());
  app.use('*', securityHeaders());
  app.onError(handleError);
  if (checkResponses)
    app.use(
      '/api/*',
      checkResponseContracts(() => app.openAPIRegistry.definitions),
    );

  app.route('/', healthRoutes(database));

  const api = createRouter();
  api.use('*', sameOriginWrites());
  api.use('*', jsonBodyGuard({ formPaths: [`/api${UPLOAD_PATH}`] }));
  api.route('/', pincodeRoutes(createPincodeDirectory(db)));
  api.route('/', searchRoutes(db, keepSuggestionsMs));
  api.route('/', accountRoutes(db, { notifyMessages: messages?.notify }));
  api.route('/', productRoutes(db));
  api.route('/', adRoutes(db));
  api.route('/', homeRoutes(db));
  api.route('/', profileRoutes(db));
  api.route('/', addressRoutes(db));
  api.route('/', bankAccountRoutes(db));
  api.route('/', cartRoutes(db));
  api.route('/', savedItemRoutes(db));
  api.route('/', checkoutRoutes(db));
  api.route('/', orderRoutes(db, payments));
  api.route('/', sellerFulfilmentRoutes(db));
  api.route('/', myOrderRoutes(db));
  api.route('/', cancellationRoutes(db, payments));
  api.route('/', paymentRoutes(db, payments));
  api.route('/', razorpayWebhookRoutes(db, payments));
  api.route('/', uploadRoutes(db, uploads));
  api.route('/', feedbackRoutes(db));
  api.route('/', afterSalesRoutes(db));
  app.route('/api', api);

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Bazaar marketplace API',
      version: API_VERSION,
      description:
        'JSON API of the marketplace. Money is integer paise. Errors: `{ "error": { "code", "message", "fields"? } }`.',
    },
    servers: [{ url: '/' }],
  });
  app.route('/api/docs', apiDocsRoutes());
  app.all('/api/*', (c) =>
    apiError(c, 'NOT_FOUND', `There is no API endpoint ${c.req.method} ${c.req.path}.`),
  );

  app.route('/media', mediaRoutes(mediaDir));
  if (messages?.outboxPage) app.route('/', outboxPageRoutes(db));
  if (isSandboxProvider(payments)) app.route('/', sandboxPageRoutes(db, payments));

  if (web) {
    const services = createStorefrontServices(db, logger, { keepMs: keepPageLookupsMs });
    app.route('/', web.assets);
    const apiFor = pageApi((request, env) => app.fetch(request, env));
    // a form posted from another site is refused before its page's action runs, as the API does
    // without scripts, the return, replacement and product feedback forms carry their photos (ADR-0014)
    const photos = pageBodyLimit({ photoPaths: PHOTO_FORM_PATHS, photoMaxBytes: PHOTO_FORM_MAX_BYTES });
    app.all('*', sameOriginWrites(), photos, (c) =>
      web.handle(c.req.raw, { services, requestId: c.get('requestId'), api: apiFor(c) }),
    );
  }
  app.notFound((c) => c.text('Not found', 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
