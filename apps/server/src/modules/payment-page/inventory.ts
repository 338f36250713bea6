// requirements#payment-page-scripts: the payment page's scripts as the running build serves them
// (PCI DSS 4.0 6.4.3), and the check that records each new list and alerts on it (11.6.1).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import { type Database, type Executor, paymentPageInventories } from '@marketplace/db';
import {
  compareInventories,
  inventoryText,
  isTampered,
  type PaymentPageScript,
} from '@marketplace/domain/admin/payment-scripts-api';
import type { Job } from '../../jobs.ts';
import { writeAudit } from '../staff/index.ts';
import { dropOldViolations } from './csp-reports.ts';

/** The payment page's route in the web app, and the ids of the routes above it are read from the build. */
export const PAYMENT_ROUTE_ID = 'account:paymentgateway';

/** What the check needs of a production web build: its route manifest (with SRI) and its client files. */
export type PaymentPageBuild = { clientDir: string; assets: ServerBuild['assets'] };

/** An external script's address and who serves it, watched by fetching it. */
export type ExternalScript = { src: string; owner: string; purpose: string };

const OUR_NAME = 'Bazaar';
const SPLIT_MODULE_KEYS = [
  'clientActionModule',
  'clientLoaderModule',
  'clientMiddlewareModule',
  'hydrateFallbackModule',
] as const;

/** The scripts written into every page we render: each runs only with the response's own nonce. */
const INLINE_SCRIPTS: PaymentPageScript[] = [
  {
    src: 'inline: import map',
    purpose: 'Gives the browser the integrity of every build file the page may import.',
  },
  {
    src: 'inline: page data and start-up',
    purpose: 'Carries the page’s data and messages, and imports the page’s build files to start it.',
  },
  {
    src: 'inline: streamed rendering',
    purpose: 'Moves parts of the page rendered later into place (React’s streaming).',
  },
  {
    src: 'inline: scroll restoration',
    purpose: 'Puts the page back where the shopper scrolled when they come back to it.',
  },
].map((script) => ({
  ...script,
  kind: 'inline' as const,
  owner: OUR_NAME,
  integrity: null,
  control:
    'Runs only with the nonce of the response it came in (Content-Security-Policy script-src); written by our build, never by a shopper or seller.',
  observed: null,
}));

export const sha384 = (content: Buffer | string) =>
  `sha384-${createHash('sha384').update(content).digest('base64')}`;

/** The build files a fresh load of the payment page runs: the entry, the manifest and each route up to the root. */
export function paymentPageFiles(assets: PaymentPageBuild['assets']): string[] {
  const files = new Set<string>([assets.url, assets.entry.module, ...assets.entry.imports]);
  let id: string | undefined = PAYMENT_ROUTE_ID;
  while (id) {
    const route: PaymentPageBuild['assets']['routes'][string] = assets.routes[id];
    if (!route) throw new Error(`the web build has no route ${id}`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
    for (const key of SPLIT_MODULE_KEYS) {
      const file = route[key];
      if (file) files.add(file);
    }
    id = route.parentId;
  }
  return [...files].sort();
}

/** The sha384 of what `url` serves now, or null when it cannot be fetched in 10 s. */
export async function fetchScriptHash(url: string, timeoutMs = 10_000): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) return null;
    return sha384(Buffer.from(await response.arrayBuffer()));
  } catch {
    return null;
  }
}

/**
 * The payment page's scripts now: our build's files with the integrity the page gives and the hash
 * of the file on disk, the inline scripts, and each external script with the hash of what it serves.
 */
export async function paymentPageInventory(
  build: PaymentPageBuild,
  externals: readonly ExternalScript[],
  hashOf: (url: string) => Promise<string | null> = fetchScriptHash,
): Promise<PaymentPageScript[]> {
  const sri = typeof build.assets.sri === 'object' ? build.assets.sri : {};
  const bundles = await Promise.all(
    paymentPageFiles(build.assets).map(async (file): Promise<PaymentPageScript> => {
      const content = await readFile(join(build.clientDir, file)).catch(() => null);
      return {
        src: file,
        kind: 'bundle',
        owner: OUR_NAME,
        purpose:
          file === build.assets.url
            ? 'Lists the build’s pages and their files, so the page finds the next one it opens.'
            : file === build.assets.entry.module
              ? 'Starts the page in the browser (hydration).'
              : 'Part of the payment page, its frame or the code they share.',
        integrity: sri[file] ?? null,
        control:
          'Served from our own origin under a name that changes with its content; the browser refuses it when its content differs from the integrity the page gives.',
        observed: content ? sha384(content) : null,
      };
    }),
  );
  const external = await Promise.all(
    externals.map(async (script): Promise<PaymentPageScript> => ({
      src: script.src,
      kind: 'external',
      owner: script.owner,
      purpose: script.purpose,
      integrity: null,
      control:
        'Allowed by address in the Content-Security-Policy; the provider changes the file without changing its address, so no integrity can be given: the check fetches it and alerts when its content changes.',
      observed: await hashOf(script.src),
    })),
  );
  return [...bundles, ...INLINE_SCRIPTS, ...external];
}

export const fingerprintOf = (scripts: readonly PaymentPageScript[]) =>
  createHash('sha256').update(inventoryText(scripts)).digest('hex');

/** The list the last check found (the newest checked), or undefined before the first check. */
export async function newestInventory(db: Executor) {
  const [row] = await db
    .select()
    .from(paymentPageInventories)
    .orderBy(desc(paymentPageInventories.checkedAt), desc(paymentPageInventories.id))
    .limit(1);
  return row;
}

/** The list an owner (or the first check) reviewed last. */
export async function newestReviewedInventory(db: Executor) {
  const [row] = await db
    .select()
    .from(paymentPageInventories)
    .where(isNotNull(paymentPageInventories.reviewedAt))
    .orderBy(desc(paymentPageInventories.reviewedAt), desc(paymentPageInventories.id))
    .limit(1);
  return row;
}

/** One writer of the lists at a time across processes, until the transaction ends. */
const lockInventories = (tx: Executor) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('payment-page-inventory'))`);

export type CheckResult = 'first' | 'same' | 'changed' | 'seen-before';

/**
 * Records the list found now. A shop's first list stands reviewed (by the first check); a list not
 * seen before writes the alert to the audit log (security event `payment-scripts.changed`) with what
 * moved since the last reviewed list, and the console shows it until an owner reviews it.
 */
export async function recordInventory(
  db: Database,
  scripts: PaymentPageScript[],
  now: Date,
): Promise<{ result: CheckResult; fingerprint: string }> {
  const fingerprint = fingerprintOf(scripts);
  return db.transaction(async (tx) => {
    // one check at a time across processes: the job's lock already, and a console read never writes
    await lockInventories(tx);
    const latest = await newestInventory(tx);
    const [known] = await tx
      .update(paymentPageInventories)
      .set({ checkedAt: now })
      .where(eq(paymentPageInventories.fingerprint, fingerprint))
      .returning({ id: paymentPageInventories.id });
    if (known) return { result: latest?.fingerprint === fingerprint ? 'same' : 'seen-before', fingerprint };
    const reviewed = await newestReviewedInventory(tx);
    const first = latest === undefined;
    await tx.insert(paymentPageInventories).values({
      fingerprint,
      scripts,
      firstSeenAt: now,
      checkedAt: now,
      ...(first ? { reviewedAt: now, reviewedBy: 'first check' } : {}),
    });
    if (first) return { result: 'first', fingerprint };
    const moved = compareInventories(reviewed?.scripts ?? [], scripts);
    await writeAudit(
      tx,
      { job: 'payment-page-check' },
      {
        action: 'payment-scripts.changed',
        targetType: 'payment-page',
        targetId: fingerprint.slice(0, 16),
        before: null,
        after: {
          added: moved.added.map((script) => script.src),
          removed: moved.removed.map((script) => script.src),
          changed: moved.changed.map((script) => script.src),
        },
      },
      now,
    );
    return { result: 'changed', fingerprint };
  });
}

/** An owner accepts the list they read; a list that changed since they read it is not accepted unseen. */
export async function approveInventory(
  db: Database,
  actor: { staffId: number; email: string },
  fingerprint: string,
  now: Date,
): Promise<'APPROVED' | 'ALREADY' | 'STALE'> {
  return db.transaction(async (tx) => {
    await lockInventories(tx);
    const latest = await newestInventory(tx);
    if (!latest || latest.fingerprint !== fingerprint) return 'STALE';
    if (latest.reviewedAt) return 'ALREADY';
    await tx
      .update(paymentPageInventories)
      .set({ reviewedAt: now, reviewedByStaffId: actor.staffId, reviewedBy: actor.email.toLowerCase() })
      .where(eq(paymentPageInventories.id, latest.id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'payment-scripts.approved',
        targetType: 'payment-page',
        targetId: fingerprint.slice(0, 16),
        before: null,
        after: { scripts: latest.scripts.map((script) => script.src) },
      },
      now,
    );
    return 'APPROVED';
  });
}

/** The check's run: every 15 minutes, and soon after start (PCI DSS 11.6.1 asks for at least weekly). */
export const PAYMENT_PAGE_CHECK_MS = 15 * 60_000;

export function paymentPageCheckJob(
  db: Database,
  source: () => PaymentPageBuild | null,
  externals: readonly ExternalScript[],
  logger: Logger,
  options: { now?: () => Date; hashOf?: (url: string) => Promise<string | null> } = {},
): Job {
  return {
    name: 'payment-page-check',
    intervalMs: PAYMENT_PAGE_CHECK_MS,
    run: async () => {
      const at = options.now?.() ?? new Date();
      await dropOldViolations(db, at);
      const build = source();
      if (!build) return; // development serves no build, and a production build is still loading
      const scripts = await paymentPageInventory(build, externals, options.hashOf);
      const { result, fingerprint } = await recordInventory(db, scripts, at);
      const tampered = scripts.filter(isTampered);
      if (tampered.length > 0)
        logger.error(
          { files: tampered.map((script) => script.src) },
          'payment page: build files differ from the integrity the page gives; browsers refuse them',
        );
      if (result === 'changed' || result === 'seen-before')
        logger.warn(
          { fingerprint },
          'payment page: its scripts changed; an owner reviews them in the console',
        );
    },
  };
}
