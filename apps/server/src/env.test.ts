import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './env.ts';

/** Production as an operator sets it up: the console's secrets sealed under a key of its own. */
const STAFF_TOTP_KEY = 'ab'.repeat(32);
const PRODUCTION = { NODE_ENV: 'production', STAFF_TOTP_KEY };

const MSG91 = {
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'key-123456789',
  MSG91_SENDER_ID: 'BAZAAR',
  MSG91_TEMPLATE_IDS:
    'registration-code=tpl-reg,registration-account-exists=tpl-reg-exists,login-code=tpl-login,link-account-code=tpl-link,switch-account-code=tpl-switch,order-cancel-code=tpl-cancel,seller-bank-change-code=tpl-bank-code,seller-bank-changed=tpl-bank-changed,' +
    'order-placed=tpl-np,order-shipped=tpl-ns,out-for-delivery=tpl-no,order-delivered=tpl-nd,delivery-attempted=tpl-na,return-pickup-booked=tpl-nr,refund-started=tpl-nrs,refund-completed=tpl-nrc,seller-new-order=tpl-sn,seller-delivery-attempted=tpl-sa,seller-return-requested=tpl-sr',
};

describe('parseConfig', () => {
  // requirements#web-concurrency
  it.each([
    [{}, 1],
    [{ DATABASE_URL: 'postgres://db/shop' }, availableParallelism()],
    [{ DATABASE_URL: 'postgres://db/shop', NODE_ENV: 'development' }, 1],
    [{ DATABASE_URL: 'postgres://db/shop', WEB_CONCURRENCY: '3' }, 3],
    [{ WEB_CONCURRENCY: '1' }, 1],
    [
      { WEB_CONCURRENCY: '2' },
      'Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database is opened by one server process only',
    ],
    [
      { DATABASE_URL: 'postgres://db/shop', NODE_ENV: 'development', WEB_CONCURRENCY: '2' },
      'Invalid configuration: WEB_CONCURRENCY above 1 is for production: npm run dev runs one process',
    ],
    [{ WEB_CONCURRENCY: '0' }, 'Invalid configuration: WEB_CONCURRENCY must be between 1 and 64 (got "0")'],
    [{ WEB_CONCURRENCY: '65' }, 'Invalid configuration: WEB_CONCURRENCY must be between 1 and 64 (got "65")'],
    [{ WEB_CONCURRENCY: 'two' }, 'Invalid configuration: WEB_CONCURRENCY must be a whole number (got "two")'],
  ])(
    'runs as many server processes as WEB_CONCURRENCY says, one per core on PostgreSQL: %o',
    (env, expected) => {
      const parsed = parseConfig(env);
      expect(parsed.ok ? parsed.config.webConcurrency : parsed.error).toBe(expected);
    },
  );

  it('defaults to port 3000 and the embedded database under ./data', () => {
    const result = parseConfig({});
    expect(result).toEqual({
      ok: true,
      config: expect.objectContaining({
        port: 3000,
        host: '0.0.0.0',
        database: { kind: 'pglite', dataDir: resolve('data/db') },
        mediaDir: resolve('data/media'),
        logLevel: 'info',
        seedOnStart: true,
        seedProducts: 2000,
        refundJobIntervalMs: 60_000,
        accountInactiveEraseAfterDays: 1095,
      }),
    });
  });

  it('seeds demo sellers and shoppers outside production, and in production only with SEED_DEMO=true (ADR-0049)', () => {
    const seedDemoOf = (env: Record<string, string>) => {
      const parsed = parseConfig(env);
      return parsed.ok ? parsed.config.seedDemo : parsed.error;
    };
    const production = { ...PRODUCTION, OUTBOX_PAGE: 'on' };
    expect(seedDemoOf({})).toBe(true);
    expect(seedDemoOf({ NODE_ENV: 'development' })).toBe(true);
    expect(seedDemoOf({ SEED_DEMO: 'false' })).toBe(false);
    expect(seedDemoOf(production)).toBe(false);
    expect(seedDemoOf({ ...production, SEED_DEMO: 'false' })).toBe(false);
    expect(seedDemoOf({ ...production, SEED_DEMO: 'true' })).toBe(true);
    expect(seedDemoOf({ ...production, SEED_DEMO: 'yes' })).toContain('SEED_DEMO');
  });

  it('limits browsing to 1200 requests a minute per address unless told otherwise, 0 for none', () => {
    const standard = parseConfig({});
    expect(standard.ok && standard.config.browsingLimit).toEqual({ perMinute: 1200, expensiveAtOnce: 2 });
    const fewer = parseConfig({ RATE_LIMIT_BROWSING_PER_MINUTE: '300' });
    expect(fewer.ok && fewer.config.browsingLimit).toEqual({ perMinute: 300, expensiveAtOnce: 2 });
    const off = parseConfig({ RATE_LIMIT_BROWSING_PER_MINUTE: '0' });
    expect(off.ok && off.config.browsingLimit).toBeNull();
    expect(parseConfig({ RATE_LIMIT_BROWSING_PER_MINUTE: 'lots' })).toEqual({
      ok: false,
      error: 'Invalid configuration: RATE_LIMIT_BROWSING_PER_MINUTE must be a whole number (got "lots")',
    });
    const wider = parseConfig({ RATE_LIMIT_EXPENSIVE_AT_ONCE: '5' });
    expect(wider.ok && wider.config.browsingLimit).toEqual({ perMinute: 1200, expensiveAtOnce: 5 });
    expect(parseConfig({ RATE_LIMIT_EXPENSIVE_AT_ONCE: '0' }).ok).toBe(false);
  });

  it('counts limits and sends cache changes through Redis only when REDIS_URL is set', () => {
    const standard = parseConfig({});
    expect(standard.ok && standard.config.redisUrl).toBeNull();
    const redis = parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' });
    expect(redis.ok && redis.config.redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(parseConfig({ REDIS_URL: 'http://127.0.0.1:6379' }).ok).toBe(false);
  });

  it('runs the refund job at the interval asked for', () => {
    const result = parseConfig({ REFUND_JOB_INTERVAL_SECONDS: '15' });
    expect(result.ok && result.config.refundJobIntervalMs).toBe(15_000);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const result = parseConfig({
      DATABASE_URL: 'postgres://shop:secret@db.internal:5432/marketplace',
      DATABASE_POOL_SIZE: '25',
    });
    expect(result.ok && result.config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://shop:secret@db.internal:5432/marketplace',
      poolSize: 25,
    });
  });

  // ADR-0045
  it('migrates as MIGRATION_DATABASE_URL’s role and serves as DATABASE_URL’s', () => {
    const result = parseConfig({
      DATABASE_URL: 'postgres://bazaar_server:secret@db.internal:5432/marketplace',
      MIGRATION_DATABASE_URL: 'postgres://bazaar_owner:other@db.internal:5432/marketplace',
    });
    expect(result.ok && result.config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://bazaar_server:secret@db.internal:5432/marketplace',
      migrationUrl: 'postgres://bazaar_owner:other@db.internal:5432/marketplace',
      poolSize: 10,
    });
  });

  it.each([
    [
      { MIGRATION_DATABASE_URL: 'postgres://owner:pw@db/shop' },
      'Invalid configuration: MIGRATION_DATABASE_URL needs DATABASE_URL (the embedded database has no roles)',
    ],
    [
      { MIGRATION_DATABASE_URL: 'postgres://shop:pw@db/shop', DATABASE_URL: 'postgres://shop:other@db/shop' },
      "Invalid configuration: MIGRATION_DATABASE_URL and DATABASE_URL must connect as different roles (the server's role must not own the tables)",
    ],
    [
      { MIGRATION_DATABASE_URL: 'mysql://owner:secret@db/shop', DATABASE_URL: 'postgres://shop@db/shop' },
      // the password is never repeated
      'Invalid configuration: MIGRATION_DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
  ])('refuses MIGRATION_DATABASE_URL %o', (env, error) => {
    expect(parseConfig(env)).toEqual({ ok: false, error });
  });

  // ADR-0068
  it('sends lag-tolerant reads to DATABASE_READ_URL’s replica', () => {
    const result = parseConfig({
      DATABASE_URL: 'postgres://shop:secret@db.internal:5432/marketplace',
      DATABASE_READ_URL: 'postgres://shop:secret@replica.internal:5432/marketplace',
    });
    expect(result.ok && result.config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://shop:secret@db.internal:5432/marketplace',
      readUrl: 'postgres://shop:secret@replica.internal:5432/marketplace',
      poolSize: 10,
    });
  });

  it.each([
    [
      { DATABASE_READ_URL: 'postgres://shop:pw@replica/shop' },
      'Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (a replica of the PostgreSQL database the server writes to)',
    ],
    [
      { DATABASE_READ_URL: 'mysql://shop:secret@replica/shop', DATABASE_URL: 'postgres://shop@db/shop' },
      // the password is never repeated
      'Invalid configuration: DATABASE_READ_URL must be a postgres:// or postgresql:// URL',
    ],
  ])('refuses DATABASE_READ_URL %o', (env, error) => {
    expect(parseConfig(env)).toEqual({ ok: false, error });
  });

  it('treats empty variables as unset', () => {
    const result = parseConfig({ PORT: '', DATABASE_URL: '' });
    expect(result.ok && result.config.port).toBe(3000);
    expect(result.ok && result.config.database.kind).toBe('pglite');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 1 and 65535 (got "70000")'],
    [{ PORT: '0' }, 'Invalid configuration: PORT must be between 1 and 65535 (got "0")'],
    [{ PORT: '30.5' }, 'Invalid configuration: PORT must be a whole number (got "30.5")'],
    [
      { DATABASE_URL: 'mysql://root@localhost/shop' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://root@localhost/shop")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [{ SEED_ON_START: 'yes' }, 'Invalid configuration: SEED_ON_START must be true or false (got "yes")'],
    [{ SEED_PRODUCTS: '10' }, 'Invalid configuration: SEED_PRODUCTS must be at least 50 (got "10")'],
    [
      { ACCOUNT_INACTIVE_ERASE_AFTER_DAYS: '1' },
      'Invalid configuration: ACCOUNT_INACTIVE_ERASE_AFTER_DAYS must be between 3 and 36500 (got "1")',
    ],
    [
      { REFUND_JOB_INTERVAL_SECONDS: '0' },
      'Invalid configuration: REFUND_JOB_INTERVAL_SECONDS must be between 1 and 86400 (got "0")',
    ],
    [
      { REFUND_JOB_INTERVAL_SECONDS: 'soon' },
      'Invalid configuration: REFUND_JOB_INTERVAL_SECONDS must be a whole number (got "soon")',
    ],
  ])('rejects %o with one clear line', (env, message) => {
    const result = parseConfig(env);
    expect(result).toEqual({ ok: false, error: message });
    expect(result.ok || result.error.includes('\n')).toBe(false);
  });

  it.each([
    [{}, true], // npm start on a laptop: no NODE_ENV, no SMTP
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test' }, true],
    [{ ...PRODUCTION }, false],
    [{ ...PRODUCTION, OUTBOX_PAGE: 'on' }, true],
    [{ OUTBOX_PAGE: 'off' }, false],
    [{ SMTP_URL: 'smtp://mail.internal:25' }, true], // SMS codes have no sender yet
    [{ SMTP_URL: 'smtp://mail.internal:25', ...MSG91 }, false], // real senders: codes reach inboxes and phones
    [{ SMTP_URL: 'smtp://mail.internal:25', ...MSG91, OUTBOX_PAGE: 'on' }, false],
  ])('with %o the outbox page is %s', (env, outboxPage) => {
    const result = parseConfig(env);
    expect(result.ok && result.config.messages.outboxPage).toBe(outboxPage);
  });

  it('sends SMS through MSG91 with a DLT template for every kind, never echoing its key', () => {
    const result = parseConfig({ ...MSG91, MSG91_API_URL: 'http://127.0.0.1:9999' });
    expect(result.ok && result.config.messages.sms).toEqual({
      provider: 'msg91',
      apiUrl: 'http://127.0.0.1:9999',
      authKey: 'key-123456789',
      senderId: 'BAZAAR',
      templateIds: {
        'registration-code': 'tpl-reg',
        'registration-account-exists': 'tpl-reg-exists',
        'login-code': 'tpl-login',
        'link-account-code': 'tpl-link',
        'switch-account-code': 'tpl-switch',
        'order-cancel-code': 'tpl-cancel',
        'seller-bank-change-code': 'tpl-bank-code',
        'seller-bank-changed': 'tpl-bank-changed',
        'order-placed': 'tpl-np',
        'order-shipped': 'tpl-ns',
        'out-for-delivery': 'tpl-no',
        'order-delivered': 'tpl-nd',
        'delivery-attempted': 'tpl-na',
        'return-pickup-booked': 'tpl-nr',
        'refund-started': 'tpl-nrs',
        'refund-completed': 'tpl-nrc',
        'seller-new-order': 'tpl-sn',
        'seller-delivery-attempted': 'tpl-sa',
        'seller-return-requested': 'tpl-sr',
      },
    });
    const none = parseConfig({});
    expect(none.ok && none.config.messages.sms).toBeNull();
    // requirements#message-languages: a language's own DLT template beside the English one
    const withHindi = parseConfig({
      ...MSG91,
      MSG91_TEMPLATE_IDS: `${MSG91.MSG91_TEMPLATE_IDS},login-code.hi=tpl-login-hi,order-placed.ta=tpl-np-ta`,
    });
    expect(withHindi.ok && withHindi.config.messages.sms?.templateIds).toMatchObject({
      'login-code': 'tpl-login',
      'login-code.hi': 'tpl-login-hi',
      'order-placed.ta': 'tpl-np-ta',
    });
    for (const wrong of ['login-code.fr=tpl', 'login-code.=tpl', 'login-code.hi.ta=tpl'])
      expect(
        parseConfig({ ...MSG91, MSG91_TEMPLATE_IDS: `${MSG91.MSG91_TEMPLATE_IDS},${wrong}` }).ok,
        wrong,
      ).toBe(false);
    expect(parseConfig({ ...MSG91, MSG91_TEMPLATE_IDS: 'login-code=tpl-login' })).toEqual({
      ok: false,
      error:
        'Invalid configuration: MSG91_TEMPLATE_IDS has no template for registration-code, registration-account-exists, link-account-code, switch-account-code, order-cancel-code, seller-bank-change-code, seller-bank-changed, order-placed, order-shipped, out-for-delivery, order-delivered, delivery-attempted, return-pickup-booked, refund-started, refund-completed, seller-new-order, seller-delivery-attempted, seller-return-requested',
    });
    expect(parseConfig({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'secret-key-1' })).toEqual({
      ok: false,
      error:
        'Invalid configuration: SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_SENDER_ID, MSG91_TEMPLATE_IDS',
    });
    expect(parseConfig({ MSG91_AUTH_KEY: 'secret-key-1' })).toEqual({
      ok: false,
      error: 'Invalid configuration: MSG91_AUTH_KEY needs SMS_PROVIDER=msg91',
    });
    expect(parseConfig({ ...MSG91, MSG91_AUTH_KEY: 'short' })).toEqual({
      ok: false,
      error: 'Invalid configuration: MSG91_AUTH_KEY must be at least 8 characters',
    });
    expect(parseConfig({ ...MSG91, MSG91_SENDER_ID: 'bazaar1' })).toMatchObject({ ok: false });
  });

  it.each([
    [{ ...PRODUCTION }, false],
    [{ ...PRODUCTION, SMTP_URL: 'smtp://mail.internal:25' }, false], // SMS codes would go nowhere
    [{ ...PRODUCTION, ...MSG91 }, false], // email codes would go nowhere
    [{ ...PRODUCTION, SMTP_URL: 'smtp://mail.internal:25', ...MSG91 }, true],
    [{ ...PRODUCTION, OUTBOX_PAGE: 'on' }, true], // a staging machine reads codes on the page
  ])('in production with %o it starts: %s (codes must have somewhere to go)', (env, starts) => {
    const result = parseConfig(env);
    expect(result.ok).toBe(starts);
    if (!result.ok) expect(result.error).toMatch(/one-time codes need a way out/);
  });

  it('in production needs STAFF_TOTP_KEY, 32 bytes, and never repeats it in an error', () => {
    const staging = { OUTBOX_PAGE: 'on' };
    const without = parseConfig({ ...staging, NODE_ENV: 'production' });
    expect(without.ok ? '' : without.error).toMatch(/STAFF_TOTP_KEY must be set/);
    const started = parseConfig({ ...staging, ...PRODUCTION });
    expect(started.ok && started.config.staffSecretKey?.toString('hex')).toBe(STAFF_TOTP_KEY);
    const base64 = parseConfig({ STAFF_TOTP_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(base64.ok && base64.config.staffSecretKey?.length).toBe(32);
    // outside production the secrets may stay as they are
    const none = parseConfig({});
    expect(none.ok && none.config.staffSecretKey).toBeNull();
    const short = parseConfig({ STAFF_TOTP_KEY: 'cd'.repeat(16) });
    expect(short.ok).toBe(false);
    expect(short.ok ? '' : short.error).toMatch(/STAFF_TOTP_KEY must be 32 random bytes/);
    expect(short.ok ? '' : short.error).not.toContain('cd'.repeat(16));
  });

  it('reads the SMTP sender and never repeats its URL in an error', () => {
    const result = parseConfig({ SMTP_URL: 'smtps://user:pw@mail.example:465', MAIL_FROM: 'Shop <a@b.in>' });
    expect(result.ok && result.config.messages).toEqual({
      smtpUrl: 'smtps://user:pw@mail.example:465',
      from: 'Shop <a@b.in>',
      outboxPage: true, // SMS codes have no sender: the page shows them
      sms: null,
      whatsapp: null,
      publicUrl: 'http://localhost:3000',
    });
    expect(parseConfig({ SMTP_URL: 'http://user:secret@x' })).toEqual({
      ok: false,
      error: 'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL',
    });
    expect(parseConfig({ OUTBOX_PAGE: 'yes' })).toEqual({
      ok: false,
      error: 'Invalid configuration: OUTBOX_PAGE must be on or off (got "yes")',
    });
  });

  it('turns WhatsApp on only with its token and phone number id, never echoing the token', () => {
    const token = 'EAAG-secret-token-1234567890';
    const on = parseConfig({ WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: '106540352242922' });
    expect(on.ok && on.config.messages.whatsapp).toEqual({
      apiUrl: 'https://graph.facebook.com/v21.0',
      token,
      phoneNumberId: '106540352242922',
    });
    const half = parseConfig({ WHATSAPP_TOKEN: token });
    expect(half).toEqual({
      ok: false,
      error: 'Invalid configuration: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID must be set together',
    });
    const bad = parseConfig({ WHATSAPP_TOKEN: 'short', WHATSAPP_PHONE_NUMBER_ID: '1065403' });
    expect(bad.ok ? '' : bad.error).not.toContain('short"');
    expect(parseConfig({ PUBLIC_URL: 'https://bazaar.example/shop' }).ok).toBe(false);
    const url = parseConfig({ PUBLIC_URL: 'https://bazaar.example' });
    expect(url.ok && url.config.messages.publicUrl).toBe('https://bazaar.example');
  });

  it('uses Razorpay only when its key id and secret are both set, never echoing a secret', () => {
    const none = parseConfig({});
    expect(none.ok && none.config.razorpay).toBeNull();
    const both = parseConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc123', RAZORPAY_KEY_SECRET: 'secret-123456' });
    expect(both.ok && both.config.razorpay).toEqual({
      keyId: 'rzp_test_abc123',
      keySecret: 'secret-123456',
      webhookSecret: null,
    });
    expect(parseConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc123' })).toEqual({
      ok: false,
      error: 'Invalid configuration: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together',
    });
    expect(parseConfig({ RAZORPAY_KEY_ID: 'key', RAZORPAY_KEY_SECRET: 'secret-123456' }).ok).toBe(false);
    const short = parseConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_KEY_SECRET: 'short' });
    expect(short.ok ? '' : short.error).not.toContain('short"');
  });

  it('lets the test payment sandbox stand in for a missing provider outside production, and in production only when asked for', () => {
    const sandboxOf = (env: Record<string, string>) => {
      // production needs a way out for one-time codes; a staging outbox page gives one
      const parsed = parseConfig(env.NODE_ENV === 'production' ? { OUTBOX_PAGE: 'on', ...env } : env);
      return parsed.ok ? parsed.config.paymentsSandbox : parsed.error;
    };
    expect(sandboxOf({})).toBe('on');
    expect(sandboxOf({ NODE_ENV: 'development' })).toBe('on');
    expect(sandboxOf({ NODE_ENV: 'test' })).toBe('on');
    expect(sandboxOf({ ...PRODUCTION })).toBe('off');
    // ADR-0061: refused at start unless the second variable says yes too
    expect(sandboxOf({ ...PRODUCTION, PAYMENTS_SANDBOX: 'on' })).toMatch(
      /^Invalid configuration: PAYMENTS_SANDBOX=on in production .* ALLOW_TEST_PAYMENTS_IN_PRODUCTION=yes/,
    );
    expect(
      sandboxOf({ ...PRODUCTION, PAYMENTS_SANDBOX: 'on', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'no' }),
    ).toMatch(/^Invalid configuration: PAYMENTS_SANDBOX=on in production/);
    expect(
      sandboxOf({ ...PRODUCTION, PAYMENTS_SANDBOX: 'on', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'yes' }),
    ).toBe('in-production');
    expect(
      sandboxOf({ ...PRODUCTION, PAYMENTS_SANDBOX: 'on', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'sure' }),
    ).toBe('Invalid configuration: ALLOW_TEST_PAYMENTS_IN_PRODUCTION must be yes or no (got "sure")');
    // outside production the sandbox needs no second word
    expect(sandboxOf({ NODE_ENV: 'development', PAYMENTS_SANDBOX: 'on' })).toBe('on');
    expect(sandboxOf({ NODE_ENV: 'development', PAYMENTS_SANDBOX: 'off' })).toBe('off');
    expect(sandboxOf({ ...PRODUCTION, PAYMENTS_SANDBOX: '' })).toBe('off');
    expect(sandboxOf({ PAYMENTS_SANDBOX: 'yes' })).toBe(
      'Invalid configuration: PAYMENTS_SANDBOX must be on or off (got "yes")',
    );
  });

  it('pays cash refunds through RazorpayX only when its account number is set with the Razorpay keys', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_abc123', RAZORPAY_KEY_SECRET: 'secret-123456' };
    const none = parseConfig(keys);
    expect(none.ok && none.config.razorpayx).toBeNull();
    const all = parseConfig({ ...keys, RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316' });
    expect(all.ok && all.config.razorpayx).toEqual({
      keyId: 'rzp_test_abc123',
      keySecret: 'secret-123456',
      accountNumber: '7878780080316316',
    });
    // payments stay Razorpay's as before
    expect(all.ok && all.config.razorpay?.keyId).toBe('rzp_test_abc123');
    const needsKeys =
      'Invalid configuration: RAZORPAYX_ACCOUNT_NUMBER needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (RazorpayX payouts use the Razorpay API keys)';
    expect(parseConfig({ RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316' })).toEqual({
      ok: false,
      error: needsKeys,
    });
    // one key without the other is still that error first
    expect(
      parseConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc123', RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316' }),
    ).toEqual({
      ok: false,
      error: 'Invalid configuration: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together',
    });
    for (const bad of ['12345', '7878-7800-8031', 'x'.repeat(41), "1234567' OR 1=1"])
      expect(parseConfig({ ...keys, RAZORPAYX_ACCOUNT_NUMBER: bad })).toEqual({
        ok: false,
        error: `Invalid configuration: RAZORPAYX_ACCOUNT_NUMBER must be the RazorpayX account number (6 to 40 letters and digits) (got "${bad}")`,
      });
    // empty means unset
    const empty = parseConfig({ ...keys, RAZORPAYX_ACCOUNT_NUMBER: '' });
    expect(empty.ok && empty.config.razorpayx).toBeNull();
  });

  it('keeps uploads under DATA_DIR/uploads unless all four S3 variables are set', () => {
    const disk = parseConfig({ DATA_DIR: '/srv/bazaar' });
    expect(disk.ok && disk.config.uploads).toEqual({ kind: 'disk', dir: '/srv/bazaar/uploads' });
    const s3 = parseConfig({
      UPLOADS_S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com',
      UPLOADS_S3_BUCKET: 'bazaar-uploads',
      UPLOADS_S3_REGION: 'ap-south-1',
      UPLOADS_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      UPLOADS_S3_SECRET_ACCESS_KEY: 'very-secret-key',
    });
    expect(s3.ok && s3.config.uploads).toEqual({
      kind: 's3',
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      bucket: 'bazaar-uploads',
      region: 'ap-south-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'very-secret-key',
    });
    expect(parseConfig({ UPLOADS_S3_BUCKET: 'bazaar-uploads' })).toEqual({
      ok: false,
      error:
        'Invalid configuration: UPLOADS_S3_ENDPOINT, UPLOADS_S3_BUCKET, UPLOADS_S3_ACCESS_KEY_ID, UPLOADS_S3_SECRET_ACCESS_KEY must be set together',
    });
    expect(parseConfig({ UPLOADS_S3_ENDPOINT: 'ftp://files' }).ok).toBe(false);
    const secret = parseConfig({ UPLOADS_S3_SECRET_ACCESS_KEY: 'short' });
    expect(secret.ok ? '' : secret.error).not.toContain('short"');
  });

  it('keeps media on disk unless MEDIA_STORE=s3 names the uploads bucket, and links them from MEDIA_BASE_URL', () => {
    const bucket = {
      UPLOADS_S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com',
      UPLOADS_S3_BUCKET: 'bazaar-files',
      UPLOADS_S3_REGION: 'ap-south-1',
      UPLOADS_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      UPLOADS_S3_SECRET_ACCESS_KEY: 'very-secret-key',
    };
    const disk = parseConfig({ DATA_DIR: '/srv/bazaar', ...bucket });
    expect(disk.ok && disk.config.media).toEqual({
      store: { kind: 'disk', dir: '/srv/bazaar/media' },
      baseUrl: null,
    });
    const s3 = parseConfig({
      ...bucket,
      MEDIA_STORE: 's3',
      MEDIA_BASE_URL: 'https://cdn.bazaar.example/media',
    });
    expect(s3.ok && s3.config.media).toEqual({
      store: {
        kind: 's3',
        endpoint: 'https://s3.ap-south-1.amazonaws.com',
        bucket: 'bazaar-files',
        region: 'ap-south-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'very-secret-key',
      },
      baseUrl: 'https://cdn.bazaar.example/media/',
    });
    const noBucket = parseConfig({ MEDIA_STORE: 's3' });
    expect(noBucket.ok ? '' : noBucket.error).toContain(
      'MEDIA_STORE=s3 needs the bucket of UPLOADS_S3_ENDPOINT',
    );
    expect(parseConfig({ MEDIA_STORE: 'ftp' }).ok).toBe(false);
    for (const bad of ['javascript:alert(1)', 'cdn.example', 'https://cdn.example/media?x=1', 'https://a b'])
      expect(parseConfig({ MEDIA_BASE_URL: bad }).ok, bad).toBe(false);
  });

  it('books with the sandbox courier unless COURIER_PROVIDER=shiprocket has its API user and pickup location', () => {
    const sandbox = parseConfig({});
    expect(sandbox.ok && sandbox.config.courierProvider).toEqual({ name: 'sandbox' });
    expect(sandbox.ok && sandbox.config.shiprocketWebhookToken).toBeNull();
    const missing = parseConfig({ COURIER_PROVIDER: 'shiprocket', SHIPROCKET_EMAIL: 'api@shop.example' });
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.error).toContain('SHIPROCKET_PASSWORD');
    const secret = parseConfig({ SHIPROCKET_PASSWORD: 'short' });
    expect(!secret.ok && secret.error).toBe(
      'Invalid configuration: SHIPROCKET_PASSWORD must be at least 6 characters',
    );
    expect(parseConfig({ COURIER_PROVIDER: 'delhivery' }).ok).toBe(false);
    const set = parseConfig({
      COURIER_PROVIDER: 'shiprocket',
      SHIPROCKET_EMAIL: 'api@shop.example',
      SHIPROCKET_PASSWORD: 'secret-password',
      SHIPROCKET_PICKUP_LOCATION: 'Primary',
      SHIPROCKET_BASE_URL: 'http://127.0.0.1:4010/v1/external',
      SHIPROCKET_WEBHOOK_TOKEN: 'a-long-webhook-token',
    });
    expect(set.ok && set.config.courierProvider).toEqual({
      name: 'shiprocket',
      baseUrl: 'http://127.0.0.1:4010/v1/external',
      email: 'api@shop.example',
      password: 'secret-password',
      pickupLocation: 'Primary',
    });
    expect(set.ok && set.config.shiprocketWebhookToken).toBe('a-long-webhook-token');
  });

  it('trusts no proxy unless TRUST_PROXY lists addresses or CIDR ranges', () => {
    const none = parseConfig({});
    expect(none.ok && none.config.trustProxy).toEqual([]);
    const listed = parseConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,::1,fd00::/8' });
    expect(listed.ok && listed.config.trustProxy).toEqual(['10.0.0.5', '172.16.0.0/12', '::1', 'fd00::/8']);
    for (const bad of ['*', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/2', 'true'])
      expect(parseConfig({ TRUST_PROXY: bad })).toEqual({
        ok: false,
        error: expect.stringMatching(/^Invalid configuration: TRUST_PROXY must be a comma-separated list/),
      });
  });
});
