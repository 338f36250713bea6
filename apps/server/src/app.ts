import { resolve } from 'node:path';
import type { DatabaseHandle } from '@marketplace/db';
import { FEEDBACK_LIMITS, UPLOAD_LIMITS } from '@marketplace/domain/orders/feedback';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import type { AppEnv } from './http/context.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import { forwardingTrust, siteOrigin, trustedProxies } from './http/client-address.ts';
import { hostOnlyCookie } from './http/host-cookie.ts';
import { compression } from './http/compression.ts';
import { apiError, handleError } from './http/errors.ts';
import { mediaRoutes } from './http/media.ts';
import { createDiskMediaStore, type MediaStore } from './media-store.ts';
import {
  type BrowsingCounter,
  type BrowsingLimit,
  browsingLimit,
  databaseBrowsingCounter,
} from './http/browsing-limit.ts';
import { refuseMalformedUrls } from './http/malformed-input.ts';
import { checkResponseContracts } from './http/response-contract.ts';
import {
  closeAfterUnreadBody,
  jsonBodyGuard,
  pageBodyLimit,
  requestContext,
  sameOriginWrites,
  securityHeaders,
} from './http/middleware.ts';
import { createRouter } from './http/router.ts';
import { readRouting } from './http/read-routing.ts';
import { accountRoutes } from './modules/accounts/index.ts';
import { SESSION_COOKIE } from './modules/sessions/index.ts';
import { addressRoutes } from './modules/addresses/index.ts';
import { adRoutes } from './modules/ads/index.ts';
import { bankAccountRoutes } from './modules/bank-accounts/index.ts';
import { cartRoutes } from './modules/cart/index.ts';
import { checkoutRoutes } from './modules/checkout/index.ts';
import { savedItemRoutes } from './modules/saved-items/index.ts';
import { enqueueMessages, outboxPageRoutes, configureNotices } from './modules/messages/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { seoRoutes, storeSeoFiles } from './modules/seo/index.ts';
import { homeRoutes } from './modules/browsing-history/index.ts';
import { pincodeRoutes, createPincodeDirectory } from './modules/pincodes/index.ts';
import { messagePreferenceRoutes, profileRoutes } from './modules/profile/index.ts';
import { cspReportRoutes, paymentScriptRoutes } from './modules/payment-page/index.ts';
import { breachConsoleRoutes, privacyRoutes, sellerExportRoutes } from './modules/privacy/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { createStorefrontServices, type StorefrontOptions } from './modules/storefront/index.ts';
import { type CourierReach, orderRoutes, myOrderRoutes } from './modules/orders/index.ts';
import { invoiceRoutes } from './modules/invoices/index.ts';
import {
  codRoutes,
  feeInvoiceRoutes,
  sellerSettlementRoutes,
  settlementConsoleRoutes,
} from './modules/settlements/index.ts';
import type { TurnoverBand } from '@marketplace/domain/tax/rates';
import { OPERATOR_TURNOVER_BAND_DEFAULT } from '@marketplace/domain/settlement/fee-invoices';
import { journalConsoleRoutes } from './modules/journal/index.ts';
import { sellerCentralOrderRoutes, sellerFulfilmentRoutes } from './modules/fulfilment/index.ts';
import { adminSellerRoutes, SELLER_REGISTRATION_PATH, sellerAccountRoutes } from './modules/sellers/index.ts';
// Seller Central: dashboard, messages and advertising
import { sellerDashboardRoutes } from './modules/seller-dashboard/index.ts';
import { sellerMessageRoutes } from './modules/seller-messages/index.ts';
import { sellerAdRoutes, SELLER_CAMPAIGNS_PATH } from './modules/seller-ads/index.ts';
import { shippingZoneRoutes } from './modules/shipping-zones/index.ts';
import { cancellationRoutes } from './modules/cancellations/index.ts';
import {
  type AccountValidator,
  createSandboxAccountValidator,
  type PaymentProvider,
  paymentRoutes,
  createSandboxProvider,
  isSandboxProvider,
  SANDBOX_PAY_PATH,
  sandboxPageRoutes,
} from './modules/payments/index.ts';
import { razorpayWebhookRoutes, shiprocketWebhookRoutes } from './modules/webhooks/index.ts';
import { feedbackRoutes } from './modules/feedback/index.ts';
import {
  UPLOAD_PATH,
  uploadRoutes,
  createDiskUploadStore,
  type UploadStore,
} from './modules/uploads/index.ts';
import { afterSalesRoutes } from './modules/returns/index.ts';
import { PRODUCT_IMAGE_PATH, sellerListingRoutes } from './modules/seller-listings/index.ts';
import { LISTING_LIMITS } from '@marketplace/domain/sellers/listing-api';
// Seller Central: inventory and prices in bulk
import { OFFER_IMPORTS_PATH, sellerInventoryRoutes } from './modules/seller-inventory/index.ts';
import { deliverySettingsRoutes } from './modules/delivery-settings/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { consolePulseRoutes } from './modules/console-pulse/index.ts';
import { secretBox, staffRoutes, staffTeamRoutes } from './modules/staff/index.ts';
import { BRAND_LOGO_PATH, catalogTreeRoutes } from './modules/catalog-tree/index.ts';
import { MEDIA_PATH, MEDIA_VIDEOS_PATH, mediaLibraryRoutes } from './modules/media-library/index.ts';
import { supportRoutes } from './modules/support/index.ts';
import { menusPagesRoutes } from './modules/menus-pages/index.ts';
import { catalogModerationRoutes } from './modules/catalog-moderation/index.ts';
import { productTextModerationRoutes, sellerProductTextRoutes } from './modules/product-texts/index.ts';
import { grievanceConsoleRoutes, grievanceRoutes } from './modules/grievances/index.ts';
import { promotionRoutes } from './modules/promotions/index.ts';
import { pickerRoutes } from './modules/pickers/index.ts';
import { gstRateRoutes } from './modules/gst-rates/index.ts';
import { isPageApiRequest, pageApi } from './web/page-api.ts';
import { pwaRoutes } from './web/pwa.ts';
import { createChanges, createContentChanges } from './kept-for.ts';
import { catalogChangeNotice } from './http/catalog-changes.ts';
import { type ChangeBus, databaseChangeBus } from './change-bus.ts';
import { ADMIN_BANNERS_PATH, adminContentRoutes } from './modules/admin-content/index.ts';
import type { WebApp } from './web/web-app.ts';
import {
  createSandboxIrp,
  eInvoiceConsoleRoutes,
  eInvoiceRoutes,
  type IrpProvider,
} from './modules/e-invoices/index.ts';
import { payoutAccountRoutes } from './modules/payout-accounts/index.ts';
import {
  courierInboxWorker,
  type CourierInboxWorker,
  type CourierProvider,
  courierRoutes,
  createSandboxCourier,
  ndrRoutes,
  reversePickupRoutes,
} from './modules/couriers/index.ts';

import { type OndcDeps, ondcConsoleRoutes, ondcRoutes } from './modules/ondc/index.ts';

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
  messages?: {
    notify?: () => void;
    outboxPage?: boolean;
    /** requirements#order-notices: the shop's origin for links in messages (PUBLIC_URL) */
    publicUrl?: string;
    /** whether WhatsApp messages are queued (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID set) */
    whatsapp?: boolean;
  };
  /**
   * requirements#payments: the payment provider (default: the built-in sandbox with its own secret); null when
   * none is configured (ADR-0017: only Cash on Delivery is offered)
   */
  payments?: PaymentProvider | null;
  /** Customer uploads (default: files in an `uploads` folder beside the media folder). */
  uploads?: UploadStore;
  /** requirements#media-store: the public media files (default: the media folder itself). */
  media?: MediaStore;
  /** requirements#media-store: MEDIA_BASE_URL, where pages link the media from (default: /media/). */
  mediaBaseUrl?: string | null;
  /** Check every API answer against its route's response schema (tests and development). */
  checkResponses?: boolean;
  /** TRUST_PROXY: addresses or CIDR ranges of the proxies whose X-Forwarded-* headers are believed. */
  trustProxy?: readonly string[];
  /** What one address may spend a minute on pages and public lookups (default: unlimited; ADR-0018, ADR-0055). */
  browsingLimit?: BrowsingLimit | null;
  /** ADR-0055: where the browsing limit counts (default: the database; Redis when REDIS_URL is set). */
  browsingCounter?: BrowsingCounter;
  /** ADR-0055: tells the other server processes what changed (default: through the database) */
  changeBus?: ChangeBus;
  /** The time (default: the system clock); the operator console's idle limit reads it, so tests can move it. */
  clock?: () => Date;
  /** STAFF_TOTP_KEY: seals staff authenticator secrets in the database (default: none, kept as they are; ADR-0028). */
  staffSecretKey?: Buffer | null;
  /** requirements#e-invoicing: the Invoice Registration Portal (default: the built-in sandbox, key in memory) */
  irp?: IrpProvider;
  /** requirements#payout-account: penny-drop checks of sellers' payout accounts (default: the sandbox); null: none */
  accountValidator?: AccountValidator | null;
  /** ADR-0051: makes the courier behind "Ship with Bazaar courier" (default: the built-in sandbox courier) */
  courier?: (db: DatabaseHandle['db']) => CourierProvider;
  /** requirements#courier-shiprocket: the x-api-key of Shiprocket's tracking webhook (null: the webhook answers 404) */
  shiprocketWebhookToken?: string | null;
  /** ADR-0069: applies the courier webhooks kept (default: a worker in this app; `npm start` uses its job runner) */
  courierInbox?: Pick<CourierInboxWorker, 'kick'>;
  /** ADR-0049: the payout provider in use, for the console's word on stopped payouts (default: the sandbox) */
  payoutProvider?: 'sandbox' | 'razorpayx' | null;
  /** requirements#fee-invoices: OPERATOR_TURNOVER_BAND, whether the operator's fee invoices are e-invoiced */
  operatorTurnoverBand?: TurnoverBand;
  /** requirements#seo: the shop's public origin (PUBLIC_URL); unset: the one each request reached */
  siteUrl?: string | null;
  /** requirements#seo: where the sitemap job writes the sitemaps (default: beside the media folder) */
  sitemapDir?: string;
  /** requirements#merchant-feed: where the merchant feed job writes the feeds (default: beside the media folder) */
  feedDir?: string;
  /** ADR-0062: the seller app on ONDC (its keys, the registry, the callback job's nudge); null: off */
  ondc?: Omit<OndcDeps, 'logger' | 'now'> | null;
};

export const API_VERSION = '0.1.0';

/** Pages whose posted form may carry up to five photos of 5 MB when the page's scripts did not run. */
export const PHOTO_FORM_PATHS = ['/returnitem', '/replacementitem', '/productfeedback'];
/** requirements#seller-onboarding: without scripts the joining form posts its two documents to the page. */
export const DOCUMENT_FORM_PATHS = ['/sellercentral/join'];
export const PHOTO_FORM_MAX_BYTES = FEEDBACK_LIMITS.images * UPLOAD_LIMITS.imageBytes + 1024 * 1024;
/** requirements#seller-listings: the new-product form carries up to eight images of 5 MB. */
export const PRODUCT_FORM_PATHS = [
  '/sellercentral/listings/new-product',
  '/sellercentral/listings/new-product.data',
];
export const PRODUCT_FORM_MAX_BYTES = LISTING_LIMITS.images * LISTING_LIMITS.imageBytes + 1024 * 1024;

/** Seller Central's CSV upload page: its form carries the file (at most 10 MB, checked by the API) without scripts too. */
export const FILE_FORM_PATHS = [
  '/sellercentral/inventory/upload',
  // requirements#operator-catalog: a brand's logo (at most 2 MB, checked by the API)
  '/admin/catalog/brands/logo',
  '/admin/catalog/brands/logo.data',
];

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
  media = createDiskMediaStore(mediaDir),
  mediaBaseUrl = null,
  checkResponses = false,
  trustProxy = [],
  browsingLimit: browsing = null,
  browsingCounter,
  changeBus,
  clock,
  staffSecretKey = null,
  irp = createSandboxIrp(),
  accountValidator = createSandboxAccountValidator(),
  payoutProvider = 'sandbox',
  courier,
  shiprocketWebhookToken = null,
  courierInbox,
  operatorTurnoverBand = OPERATOR_TURNOVER_BAND_DEFAULT,
  siteUrl = null,
  sitemapDir = resolve(mediaDir, '..', 'sitemaps'),
  feedDir = resolve(mediaDir, '..', 'feeds'),
  ondc = null,
}: AppDeps) {
  const { db } = database;
  // requirements#read-replica: lag-tolerant reads, on the replica when DATABASE_READ_URL names one
  const reads = database.reads;
  configureNotices({ publicUrl: messages?.publicUrl, whatsapp: messages?.whatsapp });
  const app = createRouter();
  app.use('*', closeAfterUnreadBody());
  app.use('*', requestContext(logger));
  app.use('*', forwardingTrust(trustedProxies(trustProxy)));
  // behind HTTPS the browser holds the session as __Host-session (requirements#host-cookie)
  app.use('*', hostOnlyCookie(SESSION_COOKIE, isPageApiRequest));
  // requirements#read-replica: where this request's lag-tolerant reads go; a browser that wrote reads its write
  app.use('*', readRouting(database.replica, isPageApiRequest));
  // outermost but for the log line: it sees every answer whole, errors mapped and headers set
  app.use('*', compression());
  app.use('*', securityHeaders({ mediaOrigin: mediaBaseUrl === null ? null : originOf(mediaBaseUrl) }));
  app.onError(handleError);
  // requirements#operator-content: content staff publish shows on this process's next page; ADR-0055:
  // so does a catalog change a seller or staff made, in this process or another
  const bus = changeBus ?? databaseChangeBus(database, logger);
  const contentChanges = createContentChanges(bus);
  const catalogChanges = createChanges('catalog', bus);
  const renderPage =
    web &&
    pageRenderer(
      web,
      db,
      logger,
      { keepMs: keepPageLookupsMs, contentChanges, catalogChanges, now: clock, reads },
      (request, env) => app.fetch(request, env),
      siteUrl,
      mediaBaseUrl,
    );
  // an address that cannot be decoded never reaches a route: 400 from the API, the not-found page
  app.use(
    '*',
    refuseMalformedUrls({ notFoundPage: renderPage && ((c) => renderPage(c, notFoundRequest(c))) }),
  );
  if (browsing) {
    const counter = browsingCounter ?? databaseBrowsingCounter(db, browsing.perMinute);
    app.use('*', browsingLimit(browsing, { isCounted: isBrowsingRequest, counter, logger }));
  }
  if (checkResponses)
    app.use(
      '/api/*',
      checkResponseContracts(() => app.openAPIRegistry.definitions),
    );

  app.route('/', healthRoutes(database));
  // requirements#seo, #merchant-feed: robots.txt, the sitemaps and the merchant feeds their jobs write
  // with the media store in a bucket, read from there: one server writes them, every server serves them
  app.route(
    '/',
    seoRoutes(sitemapDir, {
      siteUrl,
      feedDir,
      ...(media.kind === 's3' ? { files: storeSeoFiles(media) } : {}),
    }),
  );
  // requirements#payment-page-scripts: what the pages' Content-Security-Policy blocked, as browsers report it
  app.route('/', cspReportRoutes(db, { now: clock }));

  const api = createRouter();
  api.use('*', sameOriginWrites());
  api.use('*', catalogChangeNotice(catalogChanges.changed));
  api.use(
    '*',
    jsonBodyGuard({
      formPaths: [
        `/api${UPLOAD_PATH}`,
        `/api${PRODUCT_IMAGE_PATH}`,
        // requirements#seller-onboarding: the joining form carries its documents
        `/api${SELLER_REGISTRATION_PATH}`,
        // requirements#seller-bulk-inventory: the offers CSV
        `/api${OFFER_IMPORTS_PATH}`,
        // requirements#seller-ads: a campaign's image or video
        `/api${SELLER_CAMPAIGNS_PATH}`,
        // requirements#operator-catalog: a brand's logo
        `/api${BRAND_LOGO_PATH}`,
        // requirements#operator-content: a banner's image
        `/api${ADMIN_BANNERS_PATH}`,
        // requirements#media-library: an image added to the library
        `/api${MEDIA_PATH}`,
        // requirements#media-library: a film added to the library (ADR-0047)
        `/api${MEDIA_VIDEOS_PATH}`,
      ],
    }),
  );
  api.route('/', pincodeRoutes(createPincodeDirectory(db)));
  api.route('/', searchRoutes(reads, keepSuggestionsMs));
  api.route('/', accountRoutes(db, { notifyMessages: messages?.notify, now: clock }));
  api.route('/', adRoutes(db));
  api.route('/', homeRoutes(db));
  api.route('/', profileRoutes(db));
  api.route('/', messagePreferenceRoutes(db));
  api.route('/', privacyRoutes(db, { clock, sessionCookie: SESSION_COOKIE }));
  // requirements#data-export: a seller's own data
  api.route('/', sellerExportRoutes(db, { now: clock }));
  api.route('/', addressRoutes(db));
  api.route('/', bankAccountRoutes(db));
  api.route('/', cartRoutes(db));
  api.route('/', savedItemRoutes(db));
  // ADR-0051: Ship with Bazaar courier (the sandbox courier unless another is configured)
  const courierProvider = courier ? courier(db) : createSandboxCourier(db);
  // requirements#courier-opt-in: checkout asks it whether it reaches the shopper's pincode
  // A courier that cannot be asked refuses nothing: the seller can still ship the parcel itself.
  const courierReach: CourierReach = (input) =>
    courierProvider.quote(input).catch((error: unknown) => {
      logger.warn({ err: error }, 'the courier could not be asked whether it reaches a pincode');
      return { code: 'SERVICEABLE' as const };
    });
  api.route('/', checkoutRoutes(db, { isOnlinePaymentOffered: payments !== null, courier: courierReach }));
  api.route('/', orderRoutes(db, payments, courierReach));
  api.route('/', sellerFulfilmentRoutes(db));
  // Seller Central: orders tabs, an order's page, labels and the returns queue
  api.route('/', sellerCentralOrderRoutes(db, { now: clock }));
  api.route('/', courierRoutes(db, courierProvider, { now: clock }));
  // ADR-0058: the shopper's and the seller's choice after a failed delivery attempt
  api.route('/', ndrRoutes(db, courierProvider, { now: clock }));
  api.route('/', reversePickupRoutes(db, { now: clock }));
  api.route('/', shippingZoneRoutes(db));
  api.route('/', sellerAccountRoutes(db, uploads));
  // requirements#payout-account: changing the payout account (codes, hold, penny-drop; ADR-0049)
  api.route('/', payoutAccountRoutes(db, { validator: accountValidator, payoutProvider, now: clock }));
  api.route('/', myOrderRoutes(db));
  api.route('/', invoiceRoutes(db));
  // requirements#e-invoicing: the seller's e-invoices and tax settings
  api.route('/', eInvoiceRoutes(db, irp, { now: clock }));
  api.route('/', eInvoiceConsoleRoutes(db, irp, { now: clock }));
  api.route('/', sellerSettlementRoutes(db, { now: clock }));
  api.route('/', feeInvoiceRoutes(db, { now: clock }));
  api.route('/', codRoutes(db, { now: clock }));
  api.route('/', cancellationRoutes(db, payments));
  api.route('/', paymentRoutes(db, payments));
  api.route('/', razorpayWebhookRoutes(db, payments));
  // requirements#courier-shiprocket: Shiprocket's tracking webhook moves the parcels booked with it
  // ADR-0069: kept and answered at once, applied by the inbox's worker moments later
  const inbox = courierInbox ?? courierInboxWorker(db, logger);
  api.route('/', shiprocketWebhookRoutes(db, { token: shiprocketWebhookToken, onQueued: inbox.kick }));
  api.route('/', uploadRoutes(db, uploads));
  api.route('/', feedbackRoutes(db));
  api.route('/', afterSalesRoutes(db));
  // requirements#seller-listings
  api.route('/', sellerListingRoutes(db, media));
  // requirements#product-languages: products' texts in Hindi, Tamil and Telugu
  api.route('/', sellerProductTextRoutes(db, clock));
  api.route('/', sellerInventoryRoutes(db, { now: clock }));
  // Seller Central: dashboard, messages and advertising
  api.route('/', sellerDashboardRoutes(db, { now: clock }));
  api.route('/', sellerMessageRoutes(db));
  api.route('/', sellerAdRoutes(db, media, { now: clock }));
  // requirements#operator-console: staff, their second factor and the audit log
  api.route('/', staffRoutes(db, { now: clock, secrets: secretBox(staffSecretKey) }));
  // requirements#operator-staff: owners invite, change and remove staff
  api.route('/', staffTeamRoutes(db, { now: clock, enqueue: enqueueMessages, siteUrl }));
  api.route('/', reportRoutes(db, { now: clock, reads }));
  api.route('/', consolePulseRoutes(db, { now: clock }));
  api.route('/', deliverySettingsRoutes(db, { now: clock }));
  // requirements#operator-catalog: the category tree, its leaves' filters and brands
  api.route('/', catalogTreeRoutes(db, media, { now: clock }));
  // requirements#operator-support: support in the console
  api.route('/', supportRoutes(db, payments, { now: clock }));
  // requirements#operator-content: page blocks, banners and the privilege-claim text
  api.route('/', adminContentRoutes(db, { media, now: clock, contentChanges }));
  api.route('/', mediaLibraryRoutes(db, { media, now: clock }));
  // requirements#operator-content: the top menu, footer menus and explore/policy pages
  api.route('/', menusPagesRoutes(db, { now: clock }));
  // requirements#operator-catalog: the moderation queue and merging duplicates
  api.route('/', catalogModerationRoutes(db, { now: clock }));
  api.route('/', productTextModerationRoutes(db, { now: clock }));
  // requirements#operator-sellers
  api.route('/', adminSellerRoutes(db, uploads, { now: clock }));
  // requirements#grievances: shoppers' complaints and the console's side of them
  api.route('/', grievanceRoutes(db, { now: clock }));
  api.route('/', grievanceConsoleRoutes(db, { now: clock }));
  // requirements#privacy-breach: personal data breaches, their notices and the Board's report (owners)
  api.route('/', breachConsoleRoutes(db, { now: clock }));
  // requirements#payment-page-scripts: the payment page's scripts, reviewed by owners
  api.route('/', paymentScriptRoutes(db, { now: clock }));
  api.route('/', promotionRoutes(db, { now: clock }));
  // requirements#console-pickers: what the console's forms choose, by name
  api.route('/', pickerRoutes(db, { now: clock }));
  // ADR-0062: the console's view of the shop on ONDC
  api.route('/', ondcConsoleRoutes(db, ondc, { now: clock }));
  // requirements#settlement: commission rules, payouts and the month's exports in the console
  api.route('/', settlementConsoleRoutes(db, { now: clock, operatorBand: operatorTurnoverBand }));
  // requirements#journal (ADR-0053): the operator's trial balance and the month's Tally and CSV journal
  api.route('/', journalConsoleRoutes(db, { now: clock }));
  // requirements#gst-tax: the GST rate schedule in the console and the sellers' HSN picker
  api.route('/', gstRateRoutes(db, { now: clock }));
  app.route('/api', api);

  // the document (about 140 KB) is built at its first request and kept: the routes never change
  let apiDocument: string | undefined;
  app.get('/api/openapi.json', (c) => {
    apiDocument ??= JSON.stringify(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Bazaar marketplace API',
          version: API_VERSION,
          description:
            'JSON API of the marketplace. Money is integer paise. Errors: `{ "error": { "code", "message", "fields"? } }`.',
        },
        servers: [{ url: '/' }],
      }),
    );
    return c.body(apiDocument, 200, { 'Content-Type': 'application/json' });
  });
  app.route('/api/docs', apiDocsRoutes());
  app.all('/api/*', (c) =>
    apiError(c, 'NOT_FOUND', `There is no API endpoint ${c.req.method} ${c.req.path}.`),
  );

  app.route('/media', mediaRoutes(mediaDir, media));
  // ADR-0062: the network's requests, signed by their senders; never a page's form
  if (ondc) app.route('/', ondcRoutes(db, { ...ondc, logger, now: clock }));
  if (messages?.outboxPage) app.route('/', outboxPageRoutes(db));
  if (payments && isSandboxProvider(payments)) {
    // its form is posted like any page's: refused from another site
    app.use(`${SANDBOX_PAY_PATH}/*`, sameOriginWrites());
    app.route('/', sandboxPageRoutes(db, payments));
  } else {
    // ADR-0017: no test payments here; a stale link to the sandbox page finds nothing
    app.all(`${SANDBOX_PAY_PATH}/*`, (c) => c.text('Not found', 404));
  }

  if (web && renderPage) {
    // requirements#pwa: the manifest and the service worker
    app.route('/', pwaRoutes(web.serviceWorker));
    app.route('/', web.assets);
    // a form posted from another site is refused before its page's action runs, as the API does
    // without scripts, the return, replacement and product feedback forms carry their photos (ADR-0014)
    const photos = pageBodyLimit({
      photoPaths: [...PHOTO_FORM_PATHS, ...DOCUMENT_FORM_PATHS, ...FILE_FORM_PATHS],
      photoMaxBytes: PHOTO_FORM_MAX_BYTES,
    });
    const productForm = pageBodyLimit({
      photoPaths: PRODUCT_FORM_PATHS,
      photoMaxBytes: PRODUCT_FORM_MAX_BYTES,
    });
    const bodyLimit: MiddlewareHandler<AppEnv> = (c, next) =>
      PRODUCT_FORM_PATHS.includes(c.req.path.toLowerCase()) ? productForm(c, next) : photos(c, next);
    app.all('*', sameOriginWrites(), bodyLimit, (c) => renderPage(c, c.req.raw));
  }
  app.notFound((c) => c.text('Not found', 404));
  return app;
}

export type App = ReturnType<typeof createApp>;

/** The origin of an absolute MEDIA_BASE_URL, for the pages' image sources; null for a path on this host. */
function originOf(baseUrl: string): string | null {
  return /^https?:\/\//.test(baseUrl) ? new URL(baseUrl).origin : null;
}

/** Renders a page request with the load context every page gets. */
function pageRenderer(
  web: WebApp,
  db: AppDeps['database']['db'],
  logger: Logger,
  options: StorefrontOptions,
  fetchApp: (request: Request, env: unknown) => Response | Promise<Response>,
  siteUrl: string | null,
  mediaBaseUrl: string | null,
) {
  const services = createStorefrontServices(db, logger, options);
  const apiFor = pageApi(fetchApp);
  return async (c: Context<AppEnv>, request: Request) => {
    const context = {
      services,
      requestId: c.get('requestId'),
      api: apiFor(c),
      nonce: c.get('nonce'),
      siteOrigin: siteUrl ?? siteOrigin(c),
      mediaBaseUrl,
    };
    const response = await web.handle(request, context);
    if (getCookie(c, SESSION_COOKIE) === undefined) return response;
    // a logged-in shopper's page or its data shows their name, addresses and orders: never cached
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', 'private, no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

// what anyone may ask without logging in: pages and the public lookups, never the site's files
const PUBLIC_LOOKUPS = /^\/api\/(search\/|products\/|pincodes\/|openapi\.json$|docs)/;
const NOT_PAGES =
  /^\/(api\/|media\/|assets\/|images\/|icons\/|favicon\.svg$|manifest\.webmanifest$|sw\.js$|healthz$|readyz$)/;

/** The requests the per-address browsing limit counts: GETs of pages and public lookups. */
function isBrowsingRequest(request: Request): boolean {
  if (!['GET', 'HEAD'].includes(request.method) || isPageApiRequest(request)) return false;
  const path = new URL(request.url).pathname;
  return PUBLIC_LOOKUPS.test(path) || !NOT_PAGES.test(path);
}

/** The not-found page (or its data) in place of an address that cannot be decoded. */
function notFoundRequest(c: Context<AppEnv>): Request {
  const path = c.req.path.endsWith('.data') ? '/pagenotfound.data' : '/pagenotfound';
  return new Request(new URL(path, c.req.url), { headers: c.req.raw.headers });
}
