import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Database, users } from '@marketplace/db';
import { openTestDatabase } from '@marketplace/db/testing';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/modules/sessions/index.ts';
import { type AppDeps, createApp } from '../../apps/server/src/app.ts';
import { type CourierInboxWorker, courierInboxWorker } from '../../apps/server/src/modules/couriers/index.ts';
import {
  createSandboxPayoutProvider,
  createSandboxProvider,
} from '../../apps/server/src/modules/payments/index.ts';
import { runRefunds, type RefundRun } from '../../apps/server/src/modules/refunds/index.ts';
import { loadProductionWeb } from '../../apps/server/src/web/production.ts';
import { openHydrated } from './home.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
export const SCREENSHOTS = resolve(import.meta.dirname, '../screenshots');
export const WIDTHS = { mobile: 360, desktop: 1366 } as const;

/** The page as it stands at the window's width: nothing wider than the window, and its main heading shown. */
export async function expectFitsWidth(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.window);
  expect(await page.locator('h1').first().isVisible(), 'the main heading is shown').toBe(true);
}

/**
 * One storefront per spec file: the real app on a free port over this file's own copy of the
 * seeded database, and one Chromium. Each test gets a fresh page (and browser context); a failing
 * test leaves a screenshot in e2e/screenshots/failures/.
 */
export function useStorefront(
  options: Pick<AppDeps, 'keepPageLookupsMs' | 'courier' | 'messages' | 'shiprocketWebhookToken'> = {},
) {
  const state: {
    baseUrl: string;
    db?: Database;
    browser?: Browser;
    page?: Page;
    courierInbox?: CourierInboxWorker;
    close?: () => Promise<void>;
  } = {
    baseUrl: '',
  };

  // the server's payment and payout providers, which the refund job (run by the test) talks to
  const providers = { payments: createSandboxProvider(), payouts: createSandboxPayoutProvider() };

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is not installed at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`,
      );
    }
    const source = inject('testDatabase');
    const database = await openTestDatabase(source);
    state.db = database.db;
    // ADR-0069: the courier webhooks the app keeps are applied by this worker; tests wait on it
    const courierInbox = courierInboxWorker(database.db, pino({ level: 'silent' }));
    state.courierInbox = courierInbox;
    const app = createApp({
      database,
      logger: pino({ level: 'silent' }),
      mediaDir: source.mediaDir,
      web: await loadProductionWeb(),
      payments: providers.payments,
      checkResponses: true,
      courierInbox,
      ...options,
    });
    const server = await new Promise<Server>((done) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s)) as Server;
    });
    state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    state.browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    state.close = async () => {
      await state.browser?.close();
      await new Promise((done) => server.close(done));
      await database.close();
    };
  });

  afterAll(async () => {
    await state.close?.();
  });

  beforeEach(async (context) => {
    await state.page?.context().close();
    const browserContext = await state.browser?.newContext({
      viewport: { width: WIDTHS.desktop, height: 900 },
      locale: 'en-IN',
    });
    state.page = await browserContext?.newPage();
    context.onTestFailed(async () => {
      const folder = join(SCREENSHOTS, 'failures');
      await mkdir(folder, { recursive: true });
      await state.page?.screenshot({
        path: join(folder, `${context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`),
        fullPage: true,
      });
    });
  });

  return {
    url: (path: string) => `${state.baseUrl}${path}`,
    /** ADR-0069: settles once every courier webhook answered so far has been applied */
    courierInboxIdle: () => state.courierInbox?.idle() ?? Promise.resolve(),
    get page(): Page {
      if (!state.page) throw new Error('the page is not ready: use it inside a test');
      return state.page;
    },
    get db(): Database {
      if (!state.db) throw new Error('the database is not ready: use it inside a test');
      return state.db;
    },
    /** Signs the page's browser in as a seeded account: a real session row and its cookie. */
    async loginAs(email: string) {
      const db = this.db;
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no seeded account ${email}`);
      const { token } = await createSession(db, user.id);
      await this.page
        .context()
        .addCookies([
          { name: SESSION_COOKIE, value: token, url: state.baseUrl, httpOnly: true, sameSite: 'Lax' },
        ]);
    },
    /**
     * Starts this test's page afresh as a shopper whose browser runs no scripts, or whose scripts
     * arrive late (a slow phone on a slow network): the app's own modules are held back by
     * `delayScriptsMs`.
     */
    async restartPage(options: { javaScript?: boolean; delayScriptsMs?: number } = {}) {
      const cookies = await this.page.context().cookies();
      await this.page.context().close();
      const browserContext = await state.browser?.newContext({
        viewport: { width: WIDTHS.mobile, height: 800 },
        locale: 'en-IN',
        javaScriptEnabled: options.javaScript ?? true,
      });
      if (!browserContext) throw new Error('the browser is not ready');
      await browserContext.addCookies(cookies);
      const delay = options.delayScriptsMs;
      if (delay)
        await browserContext.route(/\/assets\/.*\.js$/, async (route) => {
          await new Promise((done) => setTimeout(done, delay));
          await route.continue();
        });
      state.page = await browserContext.newPage();
      return state.page;
    },
    /** Opens a path and waits until React has hydrated the page, so clicks reach its handlers. */
    async openHydrated(path: string) {
      await openHydrated(this.page, `${state.baseUrl}${path}`);
    },
    /** One run of the refund job, as the server runs it every minute. */
    runRefunds(): Promise<RefundRun> {
      return runRefunds(this.db, providers);
    },
    /** Saves a full-page screenshot at a width, for people to look at. */
    async screenshot(name: string, width: number) {
      const page = this.page;
      await page.setViewportSize({ width, height: 900 });
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
      // every page photographed is also one whose labels and ARIA references point at one element
      expect(await duplicateIds(page), `ids used twice on ${name}`).toEqual([]);
    },
  };
}

/**
 * The ids that more than one element of the page carries. A label or an aria-describedby naming
 * such an id belongs to whichever element comes first, so a shopper filling the form by its
 * labels (or a screen reader) reaches the wrong field.
 */
export async function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const element of document.querySelectorAll('[id]')) {
      if (seen.has(element.id)) twice.add(element.id);
      seen.add(element.id);
    }
    return [...twice];
  });
}
