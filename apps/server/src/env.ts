import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { TURNOVER_BANDS, type TurnoverBand } from '@marketplace/domain/tax/rates';
import { OPERATOR_TURNOVER_BAND_DEFAULT } from '@marketplace/domain/settlement/fee-invoices';
import { z } from 'zod';
import { proxyRange } from './http/client-address.ts';
import { parseSecretKey } from './secret-box.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** an ONDC key, base64 as the registry prints it */
const ondcKey = z
  .string()
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
  .optional();

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65_535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // requirements#web-concurrency: server processes sharing the port (one per core on PostgreSQL)
  WEB_CONCURRENCY: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 64')
    .max(64, 'must be between 1 and 64')
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // ADR-0045: the role that owns the tables and runs the migrations; DATABASE_URL's role then only uses them
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // ADR-0068: a streaming replica of DATABASE_URL's database for lag-tolerant reads
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int('must be a whole number').min(1).max(200).default(10),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SEED_ON_START: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
  // ADR-0049: demo sellers and shoppers (whose passwords the README prints) only where asked for
  SEED_DEMO: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  // requirements#fee-invoices: the operator's aggregate turnover band; above ₹5 crore its fee invoices carry an IRN
  OPERATOR_TURNOVER_BAND: z
    .enum(TURNOVER_BANDS, { message: `must be one of ${TURNOVER_BANDS.join(', ')}` })
    .default(OPERATOR_TURNOVER_BAND_DEFAULT),
  SEED_PRODUCTS: z.coerce.number().int('must be a whole number').min(50, 'must be at least 50').default(2000),
  NODE_ENV: z
    .enum(['production', 'development', 'test'], { message: 'must be production, development or test' })
    .default('production'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int('must be a whole number').min(0).default(10_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Bazaar <no-reply@bazaar.local>'),
  OUTBOX_PAGE: z.enum(['on', 'off'], { message: 'must be on or off' }).optional(),
  PAYMENTS_SANDBOX: z.enum(['on', 'off'], { message: 'must be on or off' }).optional(),
  // requirements#payments (ADR-0061): test payments in production only with this second, explicit word
  ALLOW_TEST_PAYMENTS_IN_PRODUCTION: z.enum(['yes', 'no'], { message: 'must be yes or no' }).optional(),
  SMS_PROVIDER: z.enum(['msg91'], { message: 'must be msg91 (or unset)' }).optional(),
  MSG91_AUTH_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  MSG91_SENDER_ID: z
    .string()
    .regex(/^[A-Z]{6}$/, 'must be the DLT-registered sender id (header) of 6 capital letters')
    .optional(),
  MSG91_TEMPLATE_IDS: z
    .string()
    .regex(
      /^[a-z-]+(\.(hi|ta|te))?=[A-Za-z0-9_-]+(,[a-z-]+(\.(hi|ta|te))?=[A-Za-z0-9_-]+)*$/,
      'must be kind=template-id pairs separated by commas (registration-code=…,login-code=…; a language’s own template as login-code.hi=…)',
    )
    .optional(),
  MSG91_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// URL')
    .default('https://control.msg91.com'),
  // requirements#order-notices: the shop's own address, for the links in emails, SMS and WhatsApp
  // (the one domain whitelisted with DLT)
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s/]+$/,
      "must be the shop's http:// or https:// origin, without a path (https://bazaar.example)",
    )
    .optional(),
  WHATSAPP_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the numeric phone number id')
    .optional(),
  WHATSAPP_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// URL')
    .default('https://graph.facebook.com/v21.0'),
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_\w+$/, 'must look like rzp_test_… or rzp_live_…')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  RAZORPAYX_ACCOUNT_NUMBER: z
    .string()
    .regex(/^[A-Za-z0-9]{6,40}$/, 'must be the RazorpayX account number (6 to 40 letters and digits)')
    .optional(),
  // requirements#inactive-erasure: DPDP Rules 2025, Third Schedule (3 years); at least 3 days, past the 48-hour warning
  ACCOUNT_INACTIVE_ERASE_AFTER_DAYS: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(3, 'must be between 3 and 36500')
    .max(36_500, 'must be between 3 and 36500')
    .default(1095),
  REFUND_JOB_INTERVAL_SECONDS: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 86400')
    .max(86_400, 'must be between 1 and 86400')
    .default(60),
  UPLOADS_S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// URL')
    .optional(),
  UPLOADS_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3 to 63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  // requirements#media-store (ADR-0066): the shop's public media on disk or in the uploads bucket
  MEDIA_STORE: z.enum(['disk', 's3'], { message: 'must be disk or s3' }).default('disk'),
  MEDIA_BASE_URL: z
    .string()
    .regex(/^(https?:\/\/[^\s/?#]+(\/[^\s?#]*)?|\/[^\s?#]*)$/, 'must be an http:// or https:// URL or a path')
    .optional(),
  UPLOADS_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region such as ap-south-1 or auto')
    .default('auto'),
  RATE_LIMIT_BROWSING_PER_MINUTE: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(1200),
  RATE_LIMIT_EXPENSIVE_AT_ONCE: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(100, 'must be 100 or fewer')
    .default(2),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// address')
    .optional(),
  UPLOADS_S3_ACCESS_KEY_ID: z.string().min(3).max(200).optional(),
  UPLOADS_S3_SECRET_ACCESS_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  STAFF_TOTP_KEY: z
    .string()
    .refine((text) => parseSecretKey(text) !== null, {
      message: 'must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)',
    })
    .optional(),
  // requirements#e-invoicing: the NIC e-invoice API v1.03 (unset: the built-in sandbox portal)
  EINVOICE_NIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// URL')
    .optional(),
  // ADR-0051: the sandbox courier's clock and its seeded failures
  COURIER_SANDBOX_SPEED: z
    .string()
    .regex(/^(instant|[1-9][0-9]{0,6})$/, 'must be instant or courier minutes per real minute (1 to 9999999)')
    .default('1440'),
  COURIER_SANDBOX_FAILED_ATTEMPT_RATE: z.coerce
    .number({ message: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(0.1),
  COURIER_SANDBOX_RTO_RATE: z.coerce
    .number({ message: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(0.03),
  COURIER_SANDBOX_QC_FAIL_RATE: z.coerce
    .number({ message: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(0.02),
  COURIER_SANDBOX_SEED: z.string().min(1).max(100).default('bazaar'),
  // requirements#courier-shiprocket, ADR-0057: the courier behind "Ship with Bazaar courier"
  COURIER_PROVIDER: z
    .enum(['sandbox', 'shiprocket'], { message: 'must be sandbox or shiprocket' })
    .default('sandbox'),
  SHIPROCKET_EMAIL: z
    .string()
    .regex(/^[^@\s]+@[^@\s]+$/, 'must be the API user’s e-mail')
    .optional(),
  SHIPROCKET_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  SHIPROCKET_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// URL')
    .default('https://apiv2.shiprocket.in/v1/external'),
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1).max(100).optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // ADR-0062, requirements#ondc: the shop as a seller app on ONDC; off unless an environment is named
  ONDC_ENV: z
    .enum(['off', 'staging', 'preprod', 'production'], {
      message: 'must be off, staging, preprod or production',
    })
    .default('off'),
  ONDC_SUBSCRIBER_ID: z
    .string()
    .regex(
      /^[a-z0-9.-]+\.[a-z]{2,}(\/[A-Za-z0-9._-]+)*$/,
      'must be the domain name the shop registered (e.g. ondc.example.in)',
    )
    .optional(),
  // the actions are served under its path, which must not be the site's root (the pages live there)
  ONDC_SUBSCRIBER_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s/]+\/[^\s?#]*[^\s?#/][^\s?#]*$/,
      'must be an http(s) URL with a path, e.g. https://ondc.example.in/ondc',
    )
    .optional(),
  ONDC_REGISTRY_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// URL')
    .optional(),
  ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY: ondcKey,
  ONDC_UNIQUE_KEY_ID: z.string().min(1).max(100).optional(),
  ONDC_SIGNING_PRIVATE_KEY: ondcKey,
  ONDC_ENCRYPTION_PRIVATE_KEY: ondcKey,
  ONDC_SITE_VERIFICATION_REQUEST_ID: z.string().min(1).max(200).optional(),
  ONDC_CONSUMER_CARE: z
    .string()
    .regex(/^[^,]{1,100},[^@,\s]+@[^@,\s]+,\d{10,11}$/, 'must be name,email,phone (the grievance contact)')
    .optional(),
  EINVOICE_NIC_CLIENT_ID: z.string().min(3).max(200).optional(),
  EINVOICE_NIC_CLIENT_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  EINVOICE_NIC_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  EINVOICE_NIC_SIGNING_KEY_FILE: z.string().min(1).optional(),
  EINVOICE_NIC_USERS: z
    .string()
    .regex(
      /^[0-9A-Z]{15}=[^:,\s]+:[^,\s]+(,[0-9A-Z]{15}=[^:,\s]+:[^,\s]+)*$/,
      'must be GSTIN=username:password entries separated by commas',
    )
    .optional(),
  TRUST_PROXY: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every((entry) => proxyRange(entry) !== null), {
      message: 'must be a comma-separated list of addresses or CIDR ranges (e.g. 10.0.0.5,172.16.0.0/12)',
    })
    .default([]),
});

// values never repeated in an error line: they may hold passwords
const SECRET_VARIABLES = new Set([
  'MIGRATION_DATABASE_URL',
  'DATABASE_READ_URL',
  'SMTP_URL',
  'MSG91_AUTH_KEY',
  'WHATSAPP_TOKEN',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'UPLOADS_S3_SECRET_ACCESS_KEY',
  'STAFF_TOTP_KEY',
  'EINVOICE_NIC_CLIENT_SECRET',
  'EINVOICE_NIC_USERS',
  'SHIPROCKET_PASSWORD',
  'SHIPROCKET_WEBHOOK_TOKEN',
  'ONDC_SIGNING_PRIVATE_KEY',
  'ONDC_ENCRYPTION_PRIVATE_KEY',
]);
const NIC_VARIABLES = [
  'EINVOICE_NIC_URL',
  'EINVOICE_NIC_CLIENT_ID',
  'EINVOICE_NIC_CLIENT_SECRET',
  'EINVOICE_NIC_PUBLIC_KEY_FILE',
  'EINVOICE_NIC_USERS',
] as const;
const S3_VARIABLES = [
  'UPLOADS_S3_ENDPOINT',
  'UPLOADS_S3_BUCKET',
  'UPLOADS_S3_ACCESS_KEY_ID',
  'UPLOADS_S3_SECRET_ACCESS_KEY',
] as const;

/** ADR-0062: the shop on ONDC as configured; its keys come from the environment or DATA_DIR's key file. */
export type OndcSettings = {
  environment: 'staging' | 'preprod' | 'production';
  subscriberId: string;
  subscriberUrl: string;
  registryUrl: string;
  registryEncryptionPublicKey: string | null;
  siteVerificationRequestId: string | null;
  consumerCare: { name: string; email: string; phone: string };
  keys: { uniqueKeyId?: string; signingPrivateKey?: string; encryptionPrivateKey?: string };
};

const ONDC_REGISTRY_URLS = {
  staging: 'https://staging.registry.ondc.org',
  preprod: 'https://preprod.registry.ondc.org/ondc',
  production: 'https://prod.registry.ondc.org',
} as const;

export type Config = {
  /** ONDC_ENV and the ONDC_* settings; null: the shop is not on the network */
  ondc: OndcSettings | null;
  port: number;
  host: string;
  database:
    | { kind: 'postgres'; url: string; migrationUrl?: string; readUrl?: string; poolSize: number }
    | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  mediaDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  seedOnStart: boolean;
  /** ADR-0049: the first start seeds the demo catalog, sellers and shoppers (else reference data only) */
  seedDemo: boolean;
  seedProducts: number;
  /** requirements#fee-invoices: OPERATOR_TURNOVER_BAND */
  operatorTurnoverBand: TurnoverBand;
  /** requirements#seo: the shop's public origin; null: the one each request reached */
  siteUrl: string | null;
  shutdownTimeoutMs: number;
  /** requirements#web-concurrency: how many server processes share the port */
  webConcurrency: number;
  /** development: the web app is served by Vite with hot reload instead of the production build. */
  isDevelopment: boolean;
  messages: {
    /** email goes out by SMTP when set; otherwise every message is only logged */
    smtpUrl: string | null;
    from: string;
    /** docs/decisions/0007: the development outbox page at /dev/outbox */
    outboxPage: boolean;
    /** ADR-0018: SMS through MSG91's flow API with a DLT template per kind; null: SMS stay in the outbox */
    sms: Msg91Config | null;
    /** WhatsApp by Meta's Cloud API when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set; null: off */
    whatsapp: { apiUrl: string; token: string; phoneNumberId: string } | null;
    /** the shop's origin for links in messages (PUBLIC_URL; by default this machine's port) */
    publicUrl: string;
  };
  /**
   * ADR-0017: whether the built-in sandbox (no money moves) stands in for a payment or payout
   * provider that is not configured: by default only outside production; in production only with
   * PAYMENTS_SANDBOX=on ('in-production', warned at start and on its page)
   */
  paymentsSandbox: 'off' | 'on' | 'in-production';
  /** requirements#payments: Razorpay when its key id and secret are set; otherwise the sandbox, when allowed */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string | null } | null;
  /**
   * docs/decisions/0011: cash refunds are paid out through RazorpayX when its account number is set
   * (with the Razorpay keys); otherwise through the built-in sandbox
   */
  razorpayx: { keyId: string; keySecret: string; accountNumber: string } | null;
  /** how often the refund job sends waiting refunds and asks the providers about taken ones */
  refundJobIntervalMs: number;
  /** requirements#inactive-erasure: days without use before a shopper's account is erased */
  accountInactiveEraseAfterDays: number;
  /** ADR-0051: the built-in sandbox courier (the only courier until a real adapter is configured) */
  courierSandbox: {
    speed: number | 'instant';
    rates: { failedAttemptRate: number; rtoRate: number; qcFailRate: number };
    seed: string;
  };
  /**
   * requirements#courier-shiprocket: COURIER_PROVIDER: the courier that books new parcels (the
   * sandbox by default); Shiprocket with its API user, pickup location and webhook token
   */
  courierProvider:
    | { name: 'sandbox' }
    | { name: 'shiprocket'; baseUrl: string; email: string; password: string; pickupLocation: string };
  /** SHIPROCKET_WEBHOOK_TOKEN: the x-api-key of Shiprocket's tracking webhook; null: the webhook is off */
  shiprocketWebhookToken: string | null;
  /** the reverse proxies whose X-Forwarded-For, -Host and -Proto are believed; none by default */
  trustProxy: string[];
  /** STAFF_TOTP_KEY: seals the console's authenticator secrets (null: kept as they are, outside production) */
  staffSecretKey: Buffer | null;
  /** requests a minute one address may make to pages and public lookups; null: no limit (ADR-0018) */
  browsingLimit: { perMinute: number; expensiveAtOnce: number } | null;
  /** REDIS_URL: the browsing limit and cache changes go through Redis (null: through the database; ADR-0055) */
  redisUrl: string | null;
  /**
   * requirements#e-invoicing: the Invoice Registration Portal: NIC's e-invoice API when configured,
   * otherwise the built-in sandbox, signing with a key kept under DATA_DIR (ADR-0042)
   */
  eInvoicing:
    | { kind: 'sandbox'; keyFile: string }
    | {
        kind: 'nic';
        baseUrl: string;
        clientId: string;
        clientSecret: string;
        publicKeyFile: string;
        signingKeyFile: string | null;
        users: Record<string, { username: string; password: string }>;
      };
  /**
   * requirements#media-store: where the public media files are kept (MEDIA_STORE) and the address
   * pages link them from (MEDIA_BASE_URL, ending in a slash; null: the shop's own /media/)
   */
  media: {
    store:
      | { kind: 'disk'; dir: string }
      | {
          kind: 's3';
          endpoint: string;
          bucket: string;
          region: string;
          accessKeyId: string;
          secretAccessKey: string;
        };
    baseUrl: string | null;
  };
  /** customer uploads: files under DATA_DIR/uploads, or an S3-compatible bucket when configured */
  uploads:
    | { kind: 'disk'; dir: string }
    | {
        kind: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      };
};

export type Msg91Config = {
  provider: 'msg91';
  apiUrl: string;
  authKey: string;
  senderId: string;
  /** the MSG91 template (mapped to its DLT template) for each kind of message, e.g. login-code */
  templateIds: Record<string, string>;
};

/** The role a postgres:// URL connects as (PostgreSQL's default user when it names none). */
function roleOf(url: string): string {
  try {
    const { username } = new URL(url);
    return decodeURIComponent(username) || 'postgres';
  } catch {
    return url; // unreadable: compared as written
  }
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; error: string };

/** Parses the environment once at start; a bad value gives one clear line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  // an empty variable means "not set", as shells and .env files commonly write it
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = SECRET_VARIABLES.has(name) ? undefined : present[name];
    return {
      ok: false,
      error: `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${got === undefined ? '' : ` (got "${got}")`}`,
    };
  }
  const e = parsed.data;
  if ((e.RAZORPAY_KEY_ID === undefined) !== (e.RAZORPAY_KEY_SECRET === undefined)) {
    return {
      ok: false,
      error: 'Invalid configuration: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together',
    };
  }
  if (e.RAZORPAYX_ACCOUNT_NUMBER !== undefined && e.RAZORPAY_KEY_ID === undefined) {
    return {
      ok: false,
      error:
        'Invalid configuration: RAZORPAYX_ACCOUNT_NUMBER needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (RazorpayX payouts use the Razorpay API keys)',
    };
  }
  const s3Set = S3_VARIABLES.filter((name) => e[name] !== undefined);
  if (s3Set.length > 0 && s3Set.length < S3_VARIABLES.length) {
    return {
      ok: false,
      error: `Invalid configuration: ${S3_VARIABLES.join(', ')} must be set together`,
    };
  }
  if (e.MEDIA_STORE === 's3' && s3Set.length === 0) {
    return {
      ok: false,
      error: `Invalid configuration: MEDIA_STORE=s3 needs the bucket of ${S3_VARIABLES.join(', ')} (media go under media/, uploads under uploads/)`,
    };
  }
  if (e.MIGRATION_DATABASE_URL !== undefined) {
    if (e.DATABASE_URL === undefined)
      return {
        ok: false,
        error:
          'Invalid configuration: MIGRATION_DATABASE_URL needs DATABASE_URL (the embedded database has no roles)',
      };
    if (roleOf(e.MIGRATION_DATABASE_URL) === roleOf(e.DATABASE_URL))
      return {
        ok: false,
        error:
          "Invalid configuration: MIGRATION_DATABASE_URL and DATABASE_URL must connect as different roles (the server's role must not own the tables)",
      };
  }
  if (e.DATABASE_READ_URL !== undefined && e.DATABASE_URL === undefined)
    return {
      ok: false,
      error:
        'Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (a replica of the PostgreSQL database the server writes to)',
    };
  const nicSet = NIC_VARIABLES.filter((name) => e[name] !== undefined);
  if (nicSet.length > 0 && nicSet.length < NIC_VARIABLES.length) {
    return { ok: false, error: `Invalid configuration: ${NIC_VARIABLES.join(', ')} must be set together` };
  }
  const sms = msg91Config(e);
  if (typeof sms === 'string') return { ok: false, error: `Invalid configuration: ${sms}` };
  if ((e.WHATSAPP_TOKEN === undefined) !== (e.WHATSAPP_PHONE_NUMBER_ID === undefined))
    return {
      ok: false,
      error: 'Invalid configuration: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID must be set together',
    };
  const isProduction = present.NODE_ENV === 'production';
  // only while a channel has no real sender; off in production (NODE_ENV set) unless asked for
  const outboxPage =
    !(e.SMTP_URL && sms) && (e.OUTBOX_PAGE === 'on' || (e.OUTBOX_PAGE === undefined && !isProduction));
  if (isProduction && !outboxPage && !(e.SMTP_URL && sms)) {
    return {
      ok: false,
      error:
        'Invalid configuration: in production one-time codes need a way out: set SMTP_URL for email and SMS_PROVIDER=msg91 (with MSG91_AUTH_KEY, MSG91_SENDER_ID, MSG91_TEMPLATE_IDS) for SMS, or OUTBOX_PAGE=on on a staging machine',
    };
  }
  // ADR-0028: in production staff authenticator secrets are stored sealed under a key of the operator's
  if (isProduction && e.STAFF_TOTP_KEY === undefined) {
    return {
      ok: false,
      error:
        'Invalid configuration: in production STAFF_TOTP_KEY must be set (32 random bytes: openssl rand -base64 32); the console’s authenticator secrets are stored encrypted with it',
    };
  }
  if (
    e.COURIER_PROVIDER === 'shiprocket' &&
    (!e.SHIPROCKET_EMAIL || !e.SHIPROCKET_PASSWORD || !e.SHIPROCKET_PICKUP_LOCATION)
  ) {
    return {
      ok: false,
      error:
        'Invalid configuration: COURIER_PROVIDER=shiprocket needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD (an API user made under Settings › API in Shiprocket) and SHIPROCKET_PICKUP_LOCATION (the nickname of a pickup address in the account)',
    };
  }
  if (e.ONDC_ENV !== 'off' && (!e.ONDC_SUBSCRIBER_ID || !e.ONDC_SUBSCRIBER_URL || !e.ONDC_CONSUMER_CARE)) {
    return {
      ok: false,
      error:
        'Invalid configuration: ONDC_ENV needs ONDC_SUBSCRIBER_ID (the registered domain), ONDC_SUBSCRIBER_URL (where the network reaches the shop, e.g. https://ondc.example.in/ondc) and ONDC_CONSUMER_CARE (name,email,phone)',
    };
  }
  const dataDir = resolve(e.DATA_DIR);
  // the S3-compatible bucket customer uploads use, and media too when MEDIA_STORE=s3
  const bucket =
    e.UPLOADS_S3_ENDPOINT &&
    e.UPLOADS_S3_BUCKET &&
    e.UPLOADS_S3_ACCESS_KEY_ID &&
    e.UPLOADS_S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.UPLOADS_S3_ENDPOINT,
          bucket: e.UPLOADS_S3_BUCKET,
          region: e.UPLOADS_S3_REGION,
          accessKeyId: e.UPLOADS_S3_ACCESS_KEY_ID,
          secretAccessKey: e.UPLOADS_S3_SECRET_ACCESS_KEY,
        }
      : null;
  // production as the operator set it (unset runs the demo, as for the outbox page)
  const sandboxAsked = e.PAYMENTS_SANDBOX ?? (isProduction ? 'off' : 'on');
  // a production shop that takes test payments ships goods unpaid: one variable is not enough to ask for it
  if (isProduction && sandboxAsked === 'on' && e.ALLOW_TEST_PAYMENTS_IN_PRODUCTION !== 'yes') {
    return {
      ok: false,
      error:
        'Invalid configuration: PAYMENTS_SANDBOX=on in production takes test payments (no money moves) for real orders; set ALLOW_TEST_PAYMENTS_IN_PRODUCTION=yes as well if this machine is a staging shop, or unset PAYMENTS_SANDBOX',
    };
  }
  // requirements#web-concurrency: the embedded database is opened by one process only
  if ((e.WEB_CONCURRENCY ?? 1) > 1 && !e.DATABASE_URL)
    return {
      ok: false,
      error:
        'Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database is opened by one server process only',
    };
  if ((e.WEB_CONCURRENCY ?? 1) > 1 && e.NODE_ENV === 'development')
    return {
      ok: false,
      error: 'Invalid configuration: WEB_CONCURRENCY above 1 is for production: npm run dev runs one process',
    };
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      webConcurrency:
        e.WEB_CONCURRENCY ?? (e.DATABASE_URL && e.NODE_ENV !== 'development' ? availableParallelism() : 1),
      database: e.DATABASE_URL
        ? {
            kind: 'postgres',
            url: e.DATABASE_URL,
            ...(e.MIGRATION_DATABASE_URL ? { migrationUrl: e.MIGRATION_DATABASE_URL } : {}),
            ...(e.DATABASE_READ_URL ? { readUrl: e.DATABASE_READ_URL } : {}),
            poolSize: e.DATABASE_POOL_SIZE,
          }
        : { kind: 'pglite', dataDir: resolve(dataDir, 'db') },
      dataDir,
      mediaDir: resolve(dataDir, 'media'),
      logLevel: e.LOG_LEVEL,
      seedOnStart: e.SEED_ON_START === 'true',
      // production as the operator set it seeds reference data only unless SEED_DEMO=true
      seedDemo: e.SEED_DEMO === undefined ? !isProduction : e.SEED_DEMO === 'true',
      seedProducts: e.SEED_PRODUCTS,
      operatorTurnoverBand: e.OPERATOR_TURNOVER_BAND,
      siteUrl: e.PUBLIC_URL ?? null,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
      isDevelopment: e.NODE_ENV === 'development',
      messages: {
        smtpUrl: e.SMTP_URL ?? null,
        from: e.MAIL_FROM,
        outboxPage,
        sms,
        whatsapp:
          e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
            ? {
                apiUrl: e.WHATSAPP_API_URL,
                token: e.WHATSAPP_TOKEN,
                phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
              }
            : null,
        publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
      },
      paymentsSandbox: sandboxAsked === 'off' ? 'off' : isProduction ? 'in-production' : 'on',
      razorpay:
        e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
          ? {
              keyId: e.RAZORPAY_KEY_ID,
              keySecret: e.RAZORPAY_KEY_SECRET,
              webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? null,
            }
          : null,
      razorpayx:
        e.RAZORPAYX_ACCOUNT_NUMBER && e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
          ? {
              keyId: e.RAZORPAY_KEY_ID,
              keySecret: e.RAZORPAY_KEY_SECRET,
              accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER,
            }
          : null,
      refundJobIntervalMs: e.REFUND_JOB_INTERVAL_SECONDS * 1000,
      accountInactiveEraseAfterDays: e.ACCOUNT_INACTIVE_ERASE_AFTER_DAYS,
      courierSandbox: {
        speed: e.COURIER_SANDBOX_SPEED === 'instant' ? 'instant' : Number(e.COURIER_SANDBOX_SPEED),
        rates: {
          failedAttemptRate: e.COURIER_SANDBOX_FAILED_ATTEMPT_RATE,
          rtoRate: e.COURIER_SANDBOX_RTO_RATE,
          qcFailRate: e.COURIER_SANDBOX_QC_FAIL_RATE,
        },
        seed: e.COURIER_SANDBOX_SEED,
      },
      courierProvider:
        e.COURIER_PROVIDER === 'shiprocket' &&
        e.SHIPROCKET_EMAIL &&
        e.SHIPROCKET_PASSWORD &&
        e.SHIPROCKET_PICKUP_LOCATION
          ? {
              name: 'shiprocket',
              baseUrl: e.SHIPROCKET_BASE_URL,
              email: e.SHIPROCKET_EMAIL,
              password: e.SHIPROCKET_PASSWORD,
              pickupLocation: e.SHIPROCKET_PICKUP_LOCATION,
            }
          : { name: 'sandbox' },
      shiprocketWebhookToken: e.SHIPROCKET_WEBHOOK_TOKEN ?? null,
      ondc:
        e.ONDC_ENV !== 'off' && e.ONDC_SUBSCRIBER_ID && e.ONDC_SUBSCRIBER_URL && e.ONDC_CONSUMER_CARE
          ? {
              environment: e.ONDC_ENV,
              subscriberId: e.ONDC_SUBSCRIBER_ID,
              subscriberUrl: e.ONDC_SUBSCRIBER_URL.replace(/\/+$/, ''),
              registryUrl: (e.ONDC_REGISTRY_URL ?? ONDC_REGISTRY_URLS[e.ONDC_ENV]).replace(/\/+$/, ''),
              registryEncryptionPublicKey: e.ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY ?? null,
              siteVerificationRequestId: e.ONDC_SITE_VERIFICATION_REQUEST_ID ?? null,
              consumerCare: (([name = '', email = '', phone = '']) => ({ name, email, phone }))(
                e.ONDC_CONSUMER_CARE.split(','),
              ),
              keys: {
                uniqueKeyId: e.ONDC_UNIQUE_KEY_ID,
                signingPrivateKey: e.ONDC_SIGNING_PRIVATE_KEY,
                encryptionPrivateKey: e.ONDC_ENCRYPTION_PRIVATE_KEY,
              },
            }
          : null,
      trustProxy: e.TRUST_PROXY,
      eInvoicing:
        e.EINVOICE_NIC_URL &&
        e.EINVOICE_NIC_CLIENT_ID &&
        e.EINVOICE_NIC_CLIENT_SECRET &&
        e.EINVOICE_NIC_PUBLIC_KEY_FILE &&
        e.EINVOICE_NIC_USERS
          ? {
              kind: 'nic',
              baseUrl: e.EINVOICE_NIC_URL,
              clientId: e.EINVOICE_NIC_CLIENT_ID,
              clientSecret: e.EINVOICE_NIC_CLIENT_SECRET,
              publicKeyFile: resolve(e.EINVOICE_NIC_PUBLIC_KEY_FILE),
              signingKeyFile: e.EINVOICE_NIC_SIGNING_KEY_FILE
                ? resolve(e.EINVOICE_NIC_SIGNING_KEY_FILE)
                : null,
              users: Object.fromEntries(
                e.EINVOICE_NIC_USERS.split(',').map((entry) => {
                  const [gstin = '', credentials = ''] = entry.split('=');
                  const colon = credentials.indexOf(':');
                  return [
                    gstin,
                    { username: credentials.slice(0, colon), password: credentials.slice(colon + 1) },
                  ];
                }),
              ),
            }
          : { kind: 'sandbox', keyFile: resolve(dataDir, 'sandbox-irp-key.pem') },
      staffSecretKey: e.STAFF_TOTP_KEY === undefined ? null : parseSecretKey(e.STAFF_TOTP_KEY),
      browsingLimit:
        e.RATE_LIMIT_BROWSING_PER_MINUTE > 0
          ? {
              perMinute: e.RATE_LIMIT_BROWSING_PER_MINUTE,
              expensiveAtOnce: e.RATE_LIMIT_EXPENSIVE_AT_ONCE,
            }
          : null,
      redisUrl: e.REDIS_URL ?? null,
      media: {
        store:
          e.MEDIA_STORE === 's3' && bucket
            ? { kind: 's3', ...bucket }
            : { kind: 'disk', dir: resolve(dataDir, 'media') },
        baseUrl: e.MEDIA_BASE_URL === undefined ? null : e.MEDIA_BASE_URL.replace(/\/*$/, '/'),
      },
      uploads: bucket ? { kind: 's3', ...bucket } : { kind: 'disk', dir: resolve(dataDir, 'uploads') },
    },
  };
}

/** The kinds of message sent by SMS: each needs its DLT-registered template. */
export const SMS_KINDS = [
  'registration-code',
  // requirements#registration-existing: the owner of a mobile someone tried to register again
  'registration-account-exists',
  'login-code',
  'link-account-code',
  'switch-account-code',
  'order-cancel-code',
  // requirements#payout-account: the code confirming a seller's new payout account, and the notice of it
  'seller-bank-change-code',
  'seller-bank-changed',
  // requirements#order-notices: what the shop tells shoppers and sellers as an order moves
  'order-placed',
  'order-shipped',
  'out-for-delivery',
  'order-delivered',
  'delivery-attempted',
  'return-pickup-booked',
  'refund-started',
  'refund-completed',
  'seller-new-order',
  'seller-delivery-attempted',
  'seller-return-requested',
] as const;

/** MSG91's settings when SMS_PROVIDER=msg91, null when unset, or the line saying what is missing. */
function msg91Config(e: z.infer<typeof EnvSchema>): Msg91Config | null | string {
  const named = ['MSG91_AUTH_KEY', 'MSG91_SENDER_ID', 'MSG91_TEMPLATE_IDS'] as const;
  if (e.SMS_PROVIDER === undefined) {
    const stray = named.find((name) => e[name] !== undefined);
    return stray ? `${stray} needs SMS_PROVIDER=msg91` : null;
  }
  if (!e.MSG91_AUTH_KEY || !e.MSG91_SENDER_ID || !e.MSG91_TEMPLATE_IDS)
    return `SMS_PROVIDER=msg91 needs ${named.join(', ')}`;
  const templateIds = Object.fromEntries(
    e.MSG91_TEMPLATE_IDS.split(',').map((pair): [string, string] => {
      const [kind = '', id = ''] = pair.split('=');
      return [kind, id];
    }),
  );
  const missing = SMS_KINDS.filter((kind) => !templateIds[kind]);
  if (missing.length > 0) return `MSG91_TEMPLATE_IDS has no template for ${missing.join(', ')}`;
  return {
    provider: 'msg91',
    apiUrl: e.MSG91_API_URL,
    authKey: e.MSG91_AUTH_KEY,
    senderId: e.MSG91_SENDER_ID,
    templateIds,
  };
}
