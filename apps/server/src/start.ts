import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import {
  type DatabaseOptions,
  migrateDatabase,
  openDatabase,
  refreshProductSuggestions,
  SUGGESTIONS_REFRESH_MS,
} from '@marketplace/db';
import type { PincodeRow } from '@marketplace/db/pincodes';
import { resetDatabase, seedDatabase, seedState } from '@marketplace/db/seed';
import { createApp } from './app.ts';
import { unusedUploadSweepJob, createDiskUploadStore, createS3UploadStore } from './modules/uploads/index.ts';
import { copyMediaFolder, createDiskMediaStore, createS3MediaStore } from './media-store.ts';
import type { Config } from './env.ts';
import type { Logger } from 'pino';
import { OUTBOX_PAGE_PATH, createSenders, outboxJob } from './modules/messages/index.ts';
import {
  choosePaymentProviders,
  gatewaySettlementJob,
  RAZORPAY_CHECKOUT_SCRIPT,
  razorpayGatewaySettlements,
  sandboxGatewaySettlements,
  unpaidOrderExpiryJob,
} from './modules/payments/index.ts';
import { refundJob } from './modules/refunds/index.ts';
import { type PaymentPageBuild, paymentPageCheckJob } from './modules/payment-page/index.ts';
import { feeInvoiceJob, sellerPayoutJob } from './modules/settlements/index.ts';
import { payoutAccountValidationJob } from './modules/payout-accounts/index.ts';
import { issueMissingDocuments } from './modules/invoices/index.ts';
import { pickupJob } from './modules/fulfilment/index.ts';
import {
  courierInboxJob,
  courierPollJob,
  createSandboxCourier,
  createShiprocketCourier,
  reversePickupJob,
  sandboxCourierJob,
  SHIPROCKET_TRACKING_CALLS_PER_MINUTE,
} from './modules/couriers/index.ts';
import { merchantFeedJob, sitemapJob } from './modules/seo/index.ts';
import { type Job, startJobs } from './jobs.ts';
import { privacyRetentionJob } from './modules/privacy/index.ts';
import { createNicIrp, createSandboxIrp, eInvoiceJob } from './modules/e-invoices/index.ts';
import { databaseChangeBus, redisChangeBus } from './change-bus.ts';
import { redisBrowsingCounter } from './http/browsing-limit.ts';
import { connectRedis } from './redis.ts';
import { createShutdown } from './shutdown.ts';
import { webBuildDir } from './web/build.ts';
import { precompressRelease } from './web/precompress.ts';
import { createDevelopmentWeb } from './web/development.ts';
import { loadProductionWeb } from './web/production.ts';
import { ondcNetwork } from './ondc-network.ts';

export type StartOptions = {
  config: Config;
  logger: Logger;
  /** The web build under way in its child process (none in development). */
  webBuild: Promise<unknown> | null;
  /** performance.now() when the process began to start */
  started: number;
  /** The seed's pincode list, read while a new embedded database was created (main.ts). */
  pincodeRows?: Promise<PincodeRow[]>;
};

/** The server after its first steps (main.ts): the database, the seed, the jobs and the HTTP server. */
export async function start({ config, logger, webBuild, started, pincodeRows }: StartOptions) {
  const databaseOptions: DatabaseOptions =
    config.database.kind === 'postgres'
      ? {
          kind: 'postgres',
          url: config.database.url,
          ...(config.database.migrationUrl ? { migrationUrl: config.database.migrationUrl } : {}),
          ...(config.database.readUrl ? { readUrl: config.database.readUrl } : {}),
          poolSize: config.database.poolSize,
          onPoolError: (error) =>
            logger.warn({ err: error }, 'database connection lost; it will be re-opened on demand'),
        }
      : { kind: 'pglite', dataDir: config.database.dataDir };

  const database = await openDatabase(databaseOptions);
  await migrateDatabase(databaseOptions, database);
  logger.info({ database: database.kind }, 'database migrated');
  const state = config.seedOnStart ? await seedState(database.db) : 'complete';
  if (state !== 'complete') {
    if (state === 'partial') {
      logger.warn('an earlier first-start seed did not finish: emptying the database and seeding again');
      await resetDatabase(database.db, config.mediaDir);
    }
    if (config.seedDemo)
      logger.info(
        { products: config.seedProducts },
        'empty database: seeding the demo catalog (first start only)',
      );
    else
      logger.info(
        'empty database: seeding reference data only (pincodes, categories, rate card); SEED_DEMO=true adds the demo catalog and accounts',
      );
    await seedDatabase(database.db, {
      demo: config.seedDemo,
      products: config.seedProducts,
      mediaDir: config.mediaDir,
      onProgress: (message) => logger.info(message),
      ...(pincodeRows ? { pincodeRows } : {}),
      // requirements#gst-invoices: the demo orders' shipments have their invoices and ledgers
      issueDocuments: issueMissingDocuments,
    });
  }
  // ADR-0007: email and SMS leave through the outbox; the worker delivers it
  const senders = createSenders(config.messages, logger);
  const outbox = outboxJob(database.db, senders, logger);
  const messages = {
    notify: () => jobs.runSoon(outbox.name),
    outboxPage: config.messages.outboxPage,
    publicUrl: config.messages.publicUrl,
    whatsapp: config.messages.whatsapp !== null,
  };
  // requirements#payments and ADR-0017: Razorpay when configured, else the built-in sandbox where it is allowed
  // (never silently in production), else none; unpaid online orders expire. docs/decisions/0011:
  // refunds of online payments go back through the payment provider, cash refunds to the shopper's
  // bank account through the payout provider; the job sends waiting ones and asks the providers
  // about taken ones until they are completed
  const { payments, payouts, accountValidator, warnings } = choosePaymentProviders(config);
  const unpaidExpiry = unpaidOrderExpiryJob(database.db, logger);
  const refunds = refundJob(database.db, { payments, payouts }, logger, config.refundJobIntervalMs);
  // requirements#return-pickup: a returned product's refund starts at its pickup; until a courier is
  // connected, the pickup is recorded on the shopper's pickup day, and the refund job sends it soon
  const pickups = pickupJob(database.db, logger, { onCollected: () => jobs.runSoon(refunds.name) });
  const uploads =
    config.uploads.kind === 's3'
      ? createS3UploadStore(config.uploads)
      : createDiskUploadStore(config.uploads.dir);
  // requirements#media-store: the public media on disk, or in the bucket under media/; the catalog
  // images a first-start seed wrote on disk are copied up (objects already there are skipped)
  const media =
    config.media.store.kind === 's3'
      ? createS3MediaStore(config.media.store)
      : createDiskMediaStore(config.mediaDir);
  if (media.kind === 's3' && state !== 'complete') {
    const counts = await copyMediaFolder(config.mediaDir, media);
    logger.info(counts, 'seeded media copied to the bucket');
  }
  // photos and videos never attached to a request or a feedback go after a day
  const uploadSweep = unusedUploadSweepJob(database.db, uploads, logger);
  // the best sellers the search box suggests follow the catalog's sales
  const suggestions: Job = {
    name: 'search-suggestions',
    intervalMs: SUGGESTIONS_REFRESH_MS,
    run: () =>
      refreshProductSuggestions(database.db).catch((error: unknown) =>
        logger.warn({ err: error }, 'search suggestions could not be refreshed; keeping the previous list'),
      ),
  };
  // ADR-0019: each run once across the server processes on this database, never two at a time
  // requirements#settlement: sellers are paid weekly, through the same payout provider
  const sellerPayouts = sellerPayoutJob(database.db, payouts, logger);
  // requirements#e-invoicing: NIC's e-invoice API when configured, else the built-in sandbox portal;
  // B2B documents of sellers above ₹5 crore are registered in the background, retried after outages
  const irp =
    config.eInvoicing.kind === 'nic'
      ? createNicIrp({
          baseUrl: config.eInvoicing.baseUrl,
          clientId: config.eInvoicing.clientId,
          clientSecret: config.eInvoicing.clientSecret,
          publicKeyPem: readFileSync(config.eInvoicing.publicKeyFile, 'utf8'),
          signingKeyPem: config.eInvoicing.signingKeyFile
            ? readFileSync(config.eInvoicing.signingKeyFile, 'utf8')
            : null,
          users: config.eInvoicing.users,
        })
      : createSandboxIrp({ keyFile: config.eInvoicing.keyFile });
  const eInvoices = eInvoiceJob(database.db, irp, logger, 5_000);
  // requirements#fee-invoices: once a month has ended, its fee invoices to sellers, with their IRNs
  const feeInvoices = feeInvoiceJob(database.db, irp, { operatorBand: config.operatorTurnoverBand, logger });
  // requirements#payout-account: penny-drop checks of changed payout accounts still waiting for the bank
  const accountChecks = payoutAccountValidationJob(database.db, accountValidator, logger);
  // ADR-0051: the built-in sandbox courier books parcels and scans them on its own clock; its clock
  // keeps running for parcels it booked even when COURIER_PROVIDER names a real courier
  const provider = config.courierProvider;
  const shiprocket =
    provider.name === 'shiprocket'
      ? createShiprocketCourier({
          baseUrl: provider.baseUrl,
          email: provider.email,
          password: provider.password,
          pickupLocation: provider.pickupLocation,
        })
      : null;
  const courier = (db: typeof database.db) => shiprocket ?? createSandboxCourier(db, config.courierSandbox);
  const courierScans = sandboxCourierJob(database.db, logger, {
    intervalMs: config.courierSandbox.speed === 'instant' ? 1_000 : 5_000,
  });
  // requirements#gateway-settlements (ADR-0054): the gateway’s transfers to the bank, with their fees, into the journal
  const gatewaySource = config.razorpay
    ? razorpayGatewaySettlements(config.razorpay)
    : payments?.name === 'sandbox'
      ? sandboxGatewaySettlements()
      : null;
  const gatewaySettlements = gatewaySource && gatewaySettlementJob(database.db, gatewaySource, logger);
  // requirements#seo: the sitemaps, written to files every hour and soon after start
  // requirements#media-store: published to the bucket too when the media store is one, for every server
  const publishTo = media.kind === 's3' ? media : null;
  const sitemaps = sitemapJob(database.db, resolve(config.dataDir, 'sitemaps'), logger, {
    siteUrl: config.siteUrl,
    publishTo,
  });
  // requirements#merchant-feed: the Google Merchant Center feeds, rewritten within five minutes of a change
  const merchantFeeds = merchantFeedJob(database.db, resolve(config.dataDir, 'feeds'), logger, {
    siteUrl: config.siteUrl,
    publishTo,
  });
  // requirements#courier-shiprocket: polling, the fallback to Shiprocket's tracking webhook
  const courierPolls = shiprocket
    ? [courierPollJob(database.db, shiprocket, logger, { perMinute: SHIPROCKET_TRACKING_CALLS_PER_MINUTE })]
    : [];
  // ADR-0069: the courier webhooks kept, applied soon after each arrives and every few seconds
  const courierInbox = courierInboxJob(database.db, logger);
  // ADR-0058: accepted returns of parcels the courier carried go back by its reverse pickup
  const reversePickups = reversePickupJob(database.db, courier(database.db), logger);
  // requirements#inactive-erasure, #log-retention: once a day
  const retention = privacyRetentionJob(database.db, logger, {
    eraseAfterDays: config.accountInactiveEraseAfterDays,
    publicUrl: config.messages.publicUrl,
  });
  // requirements#payment-page-scripts: the payment page's scripts checked every 15 minutes against the
  // reviewed list; Razorpay's checkout script is fetched and hashed when Razorpay takes payments
  let release: PaymentPageBuild | null = null;
  const paymentPageCheck = paymentPageCheckJob(
    database.db,
    () => release,
    payments?.name === 'razorpay'
      ? [
          {
            src: RAZORPAY_CHECKOUT_SCRIPT,
            owner: 'Razorpay',
            purpose: 'Razorpay’s checkout: the card, UPI and netbanking form opens in Razorpay’s own frame.',
          },
        ]
      : [],
    logger,
  );
  // ADR-0062: the seller app on ONDC when ONDC_ENV names a network
  const ondc = ondcNetwork(config, database.db, logger, () => jobs.runSoon(ondc?.job.name ?? ''));
  const jobs = startJobs(
    [
      ...(ondc ? [ondc.job] : []),
      outbox,
      unpaidExpiry,
      refunds,
      pickups,
      uploadSweep,
      suggestions,
      sellerPayouts,
      eInvoices,
      feeInvoices,
      accountChecks,
      courierScans,
      ...(gatewaySettlements ? [gatewaySettlements] : []),
      sitemaps,
      merchantFeeds,
      ...courierPolls,
      courierInbox,
      reversePickups,
      retention,
      paymentPageCheck,
    ],
    {
      locks: database,
      logger,
    },
  );
  // the first sitemaps once the first pages are served, not beside them
  setTimeout(() => {
    jobs.runSoon(sitemaps.name);
    jobs.runSoon(merchantFeeds.name);
    jobs.runSoon(paymentPageCheck.name);
  }, 30_000).unref();
  // Production serves the web build (made once, until its sources change). Development serves the
  // sources through Vite, which attaches hot reload to the HTTP server, so that server comes first.
  // ADR-0055: with REDIS_URL the browsing limit counts, and cache changes travel, through Redis
  const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : null;
  const browsingCounter =
    redis && config.browsingLimit
      ? redisBrowsingCounter(redis.client, config.browsingLimit.perMinute)
      : undefined;
  const changeBus = redis ? redisChangeBus(redis, logger) : databaseChangeBus(database, logger);
  let app: ReturnType<typeof createApp> | undefined;
  let closeWeb = () => Promise.resolve();
  if (webBuild) {
    await webBuild;
    const web = await loadProductionWeb();
    release = web.release;
    app = createApp({
      database,
      logger,
      mediaDir: config.mediaDir,
      web,
      messages,
      payments,
      uploads,
      media,
      mediaBaseUrl: config.media.baseUrl,
      trustProxy: config.trustProxy,
      browsingLimit: config.browsingLimit,
      browsingCounter,
      changeBus,
      staffSecretKey: config.staffSecretKey,
      irp,
      courier,
      shiprocketWebhookToken: config.shiprocketWebhookToken,
      courierInbox: { kick: () => jobs.runSoon(courierInbox.name) },
      ondc: ondc?.deps ?? null,
      accountValidator,
      payoutProvider: payouts?.name ?? null,
      operatorTurnoverBand: config.operatorTurnoverBand,
      siteUrl: config.siteUrl,
    });
  }
  const server = serve({
    fetch: (request, env) => (app ? app.fetch(request, env) : new Response('Starting', { status: 503 })),
    port: config.port,
    hostname: config.host,
  }) as Server;
  await once(server, 'listening');
  if (config.isDevelopment) {
    const web = await createDevelopmentWeb(server);
    closeWeb = () => web.close();
    app = createApp({
      database,
      logger,
      mediaDir: config.mediaDir,
      web,
      messages,
      payments,
      uploads,
      media,
      mediaBaseUrl: config.media.baseUrl,
      trustProxy: config.trustProxy,
      browsingLimit: config.browsingLimit,
      browsingCounter,
      changeBus,
      staffSecretKey: config.staffSecretKey,
      irp,
      courier,
      shiprocketWebhookToken: config.shiprocketWebhookToken,
      courierInbox: { kick: () => jobs.runSoon(courierInbox.name) },
      ondc: ondc?.deps ?? null,
      accountValidator,
      payoutProvider: payouts?.name ?? null,
      operatorTurnoverBand: config.operatorTurnoverBand,
      siteUrl: config.siteUrl,
      checkResponses: true, // development: an answer that drifted from its schema shows at once
    });
  }
  const cpu = process.cpuUsage(); // every thread of the process: a shared machine's wall clock varies more
  logger.info(
    {
      port: config.port,
      startupMs: Math.round(performance.now() - started),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    },
    `marketplace ready at http://localhost:${config.port}`,
  );
  if (webBuild)
    void precompressRelease(webBuildDir).then(
      (done) => done && logger.info(`${done.files} scripts and styles precompressed for the browsers`),
      (error: unknown) =>
        logger.warn({ err: error }, 'scripts and styles could not be precompressed; served as they are'),
    );
  // last lines of the start, where an operator looks
  for (const warning of warnings) logger.warn(warning);
  if (config.messages.outboxPage)
    logger.info(
      `email or SMS has no sender configured: codes and messages are readable at http://localhost:${config.port}${OUTBOX_PAGE_PATH}`,
    );
  const shutdown = createShutdown({
    server,
    database: {
      close: () => {
        return jobs
          .stop()
          .then(() => senders.close())
          .then(() => closeWeb())
          .then(() => changeBus.close())
          .then(() => redis?.close())
          .then(() => database.close());
      },
    },
    logger,
    timeoutMs: config.shutdownTimeoutMs,
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      shutdown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
