import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type DatabaseHandle,
  offers,
  openDatabase,
  orders,
  outbox,
  payments,
  refunds,
} from '@marketplace/db';
import { type Job, type JobLocks, startJobs } from './jobs.ts';
import { fulfilmentKit, jsonRequest } from '../test-support/fulfilment.ts';
import { enqueueMessages, type MessageSender, outboxJob } from './modules/messages/index.ts';
import {
  unpaidOrderExpiryJob,
  type PaymentProvider,
  createSandboxPayoutProvider,
  createSandboxProvider,
} from './modules/payments/index.ts';
import { refundJob } from './modules/refunds/index.ts';
import { createTestApp, type TestApp } from '../test-support/testing.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
const sandbox = createSandboxProvider();
const closeAfter: (() => Promise<void>)[] = [];
beforeAll(async () => {
  t = await createTestApp({ payments: sandbox });
  kit = await fulfilmentKit(t, 'priya@example.com');
});
afterAll(async () => {
  for (const close of closeAfter.reverse()) await close();
  await t.close();
});

/** What the two servers did, counted across both. */
const done = {
  sent: [] as number[],
  refundCalls: [] as string[],
  logs: [] as { msg: string; server: number; orders?: string[]; sent?: number[]; completed?: number[] }[],
  lockRefused: 0,
};
const logger = pino({ level: 'info' }, { write: (line: string) => void done.logs.push(JSON.parse(line)) });

/** Sends slowly, so two servers delivering at once would both be sending the same messages. */
const countingSender: MessageSender = {
  kind: 'smtp',
  send: async (message) => {
    await sleep(20);
    done.sent.push(message.id);
  },
};
/** The sandbox answering slowly, so two refund runs at once would both send the same refund. */
const countingPayments: PaymentProvider = {
  ...sandbox,
  refund: async (input) => {
    done.refundCalls.push(input.idempotencyKey);
    await sleep(100);
    return sandbox.refund(input);
  },
};

/** One server's background jobs, as main.ts wires them, ticking every 40 ms with a clock past the payment window. */
function serverJobs(database: DatabaseHandle, server: number) {
  const log = logger.child({ server });
  const jobs: Job[] = [
    outboxJob(database.db, { email: countingSender, sms: countingSender, whatsapp: countingSender }, log),
    unpaidOrderExpiryJob(database.db, log, () => new Date(Date.now() + 31 * 60_000)),
    refundJob(database.db, { payments: countingPayments, payouts: createSandboxPayoutProvider() }, log),
  ].map((job) => ({ ...job, intervalMs: 40 }));
  const locks: JobLocks = {
    tryAdvisoryLock: async (name) => {
      const lock = await database.tryAdvisoryLock(name);
      if (!lock) done.lockRefused++;
      return lock;
    },
  };
  const runner = startJobs(jobs, { locks, logger: log });
  return { runner, names: jobs.map((job) => job.name) };
}

/** An online order nobody paid: awaiting payment, its stock taken. */
async function unpaidOnlineOrder() {
  const [candidate] = kit.takeOffers(1);
  if (!candidate) throw new Error('an offer');
  const res = await t.request('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: kit.shopper },
    body: JSON.stringify({
      idempotencyKey: `jobs-unpaid-${Date.now()}`,
      addressId: kit.address.id,
      paymentMode: 'online',
      lines: [
        {
          productId: candidate.offer.productId,
          sellerId: candidate.offer.sellerId,
          quantity: 2,
          deliveryType: 'standard',
        },
      ],
    }),
  });
  if (res.status !== 201) throw new Error(await res.text());
  const { orderNo } = (await res.json()) as { orderNo: string };
  return { orderNo, offerId: candidate.offer.id, stockBefore: candidate.offer.stock };
}

/** A prepaid item its seller cancelled: a refund of the online payment, initiated. */
async function refundDue() {
  const placed = await kit.singleItemOrder(1, 'prepaid');
  const { paymentId } = sandbox.succeed(`sandbox_order_${placed.orderNo}`);
  await t.db.insert(payments).values({
    orderId: placed.order.id,
    provider: 'sandbox',
    providerOrderId: `sandbox_order_${placed.orderNo}`,
    providerPaymentId: paymentId,
    amountPaise: placed.order.totalPaise,
    status: 'paid',
  });
  const res = await jsonRequest(t)(
    `/api/seller/order-items/${placed.item.id}/cancel`,
    placed.seller,
    'POST',
    {},
  );
  expect(res.status).toBe(200);
  const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, placed.order.id));
  if (!refund) throw new Error('the cancellation made a refund');
  expect(refund.status).toBe('initiated');
  return refund.id;
}

const stockOf = async (offerId: number) =>
  (await t.db.select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId)))[0]?.stock;

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('the jobs did not finish their work in time');
    await sleep(50);
  }
}

describe('background jobs on several server processes', () => {
  it('hold a named lock in one server at a time, until it is given back', async () => {
    const mine = await t.database.tryAdvisoryLock('job:lock-test');
    expect(mine).not.toBeNull();
    if (t.database.kind === 'postgres' && t.database.url) {
      const other = await openDatabase({ kind: 'postgres', url: t.database.url, poolSize: 1 });
      try {
        expect(await other.tryAdvisoryLock('job:lock-test')).toBeNull();
        expect(await mine?.release()).toBe(true);
        const theirs = await other.tryAdvisoryLock('job:lock-test');
        expect(await theirs?.release()).toBe(true);
      } finally {
        await other.close();
      }
    } else {
      expect(await mine?.release()).toBe(true);
    }
    // given back once: a second release says it was not held
    expect(await mine?.release()).toBe(false);
  });

  it('do each piece of work once: one send per message, one refund sent and completed, one expiry', async () => {
    // every message queued from here on: the test's own, and the refund notices the work queues
    const [{ baseline } = { baseline: 0 }] = await t.db
      .select({ baseline: sql<number>`coalesce(max(${outbox.id}), 0)::int` })
      .from(outbox);
    const queuedSince = () =>
      t.db.select({ id: outbox.id, status: outbox.status }).from(outbox).where(gt(outbox.id, baseline));
    const order = await unpaidOnlineOrder();
    expect(await stockOf(order.offerId)).toBe(order.stockBefore - 2);
    const refundIds = [await refundDue(), await refundDue()];
    const recipients = Array.from({ length: 30 }, (_, i) => `jobs-${i}@example.in`);
    await enqueueMessages(
      t.db,
      recipients.map((recipient) => ({ channel: 'email', recipient, body: 'Hello', template: 'test' })),
    );
    const messageIds = (
      await t.db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.recipient, recipients))
    ).map((row) => row.id);

    // PostgreSQL: a second server is a second pool of connections to the same database, as a second
    // process has; the embedded database belongs to one process, so it runs one server
    const databases = [t.database];
    if (t.database.kind === 'postgres' && t.database.url) {
      const second = await openDatabase({ kind: 'postgres', url: t.database.url, poolSize: 4 });
      closeAfter.push(() => second.close());
      databases.push(second);
    }
    const servers = databases.map((database, i) => serverJobs(database, i + 1));
    // every job of every server starts at the same moment, then ticks on its own
    for (const { runner, names } of servers) for (const name of names) runner.runSoon(name);

    const refundStatuses = async () =>
      (await t.db.select({ status: refunds.status }).from(refunds).where(inArray(refunds.id, refundIds))).map(
        (row) => row.status,
      );
    await until(async () => {
      const [row] = await t.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.orderNo, order.orderNo));
      return (
        done.sent.length >= messageIds.length &&
        (await queuedSince()).every((m) => m.status === 'sent') &&
        row?.status === 'payment_failed' &&
        (await refundStatuses()).every((status) => status === 'completed')
      );
    });
    // let both servers tick a while longer: work done twice would show now
    await sleep(400);
    await Promise.all(servers.map(({ runner }) => runner.stop()));

    const queued = (await queuedSince()).map((m) => m.id);
    expect(queued).toEqual(expect.arrayContaining(messageIds));
    expect(done.sent.filter((id) => id > baseline).toSorted((a, b) => a - b)).toEqual(
      queued.toSorted((a, b) => a - b),
    );
    // each refund due (the seed's too) went to the provider once
    expect(done.refundCalls).toEqual([...new Set(done.refundCalls)]);
    expect(done.refundCalls).toEqual(expect.arrayContaining(refundIds.map((id) => `bazaar-refund-${id}`)));
    const logged = (msg: string) => done.logs.filter((line) => line.msg === msg);
    const moved = logged('refunds moved on');
    for (const id of refundIds) {
      expect(moved.filter((line) => line.sent?.includes(id))).toHaveLength(1);
      expect(moved.filter((line) => line.completed?.includes(id))).toHaveLength(1);
    }
    expect(
      logged('unpaid online orders cancelled').filter((line) => line.orders?.includes(order.orderNo)),
    ).toHaveLength(1);
    // the stock came back once, not once per server
    expect(await stockOf(order.offerId)).toBe(order.stockBefore);
    expect(done.logs.filter((line) => line.msg.includes('failed') || line.msg.includes('lost'))).toEqual([]);
    // with two servers the one-at-a-time jobs were refused to one while the other ran them
    if (servers.length === 2) expect(done.lockRefused).toBeGreaterThan(0);
  });
});

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/** A server process (main.ts) on the given port, its output kept. */
function serverProcess(env: Record<string, string>) {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: resolve(import.meta.dirname, '../../..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const lines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; sent?: number[]; completed?: number[] });
  return { child, exited, output: () => output, lines };
}

async function healthy(port: number, server: ReturnType<typeof serverProcess>) {
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`no /healthz within 90 s:\n${server.output()}`);
}

// Two processes can share only a database server: an embedded PGlite belongs to the one process
// that opened it, so this runs in the PostgreSQL pass of the suite (CI runs both passes).
if (inject('testDatabase').kind === 'postgres')
  describe('two server processes on one PostgreSQL', () => {
    it('send each outbox email once and each refund once, and stop cleanly', async () => {
      const received: string[] = [];
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, done) {
          stream.on('data', () => undefined);
          stream.on('end', () => {
            for (const to of session.envelope.rcptTo) received.push(to.address);
            done();
          });
        },
      });
      await new Promise<void>((listening) => smtp.listen(0, '127.0.0.1', listening));
      closeAfter.push(() => new Promise<void>((closed) => smtp.close(closed)));
      const dataDir = await mkdtemp(join(tmpdir(), 'marketplace-jobs-'));
      closeAfter.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = {
        DATABASE_URL: t.database.url ?? '',
        DATABASE_POOL_SIZE: '4',
        DATA_DIR: dataDir,
        SEED_ON_START: 'false',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        REFUND_JOB_INTERVAL_SECONDS: '1',
      };
      const ports = [await freePort(), await freePort()];
      const servers = ports.map((port) => serverProcess({ ...env, PORT: String(port) }));
      closeAfter.push(() => {
        for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
        return Promise.resolve();
      });
      await Promise.all(servers.map((server, i) => healthy(ports[i] ?? 0, server)));

      // every email queued from here on: the test's own, and the refund notices the work queues
      const [{ baseline } = { baseline: 0 }] = await t.db
        .select({ baseline: sql<number>`coalesce(max(${outbox.id}), 0)::int` })
        .from(outbox);
      const emailsSince = () =>
        t.db
          .select({ recipient: outbox.recipient, status: outbox.status })
          .from(outbox)
          .where(and(gt(outbox.id, baseline), eq(outbox.channel, 'email')));
      // work for both at once: due emails and refunds, made while both servers run
      const recipients = Array.from({ length: 40 }, (_, i) => `two-servers-${i}@example.in`);
      await enqueueMessages(
        t.db,
        recipients.map((recipient) => ({ channel: 'email', recipient, body: 'Hello', template: 'test' })),
      );
      const refundIds = [await refundDue(), await refundDue(), await refundDue()];
      await until(async () => {
        const rows = await t.db
          .select({ status: refunds.status })
          .from(refunds)
          .where(inArray(refunds.id, refundIds));
        return (
          received.length >= recipients.length &&
          rows.every((row) => row.status === 'completed') &&
          (await emailsSince()).every((m) => m.status === 'sent')
        );
      }, 60_000);
      // a few more ticks of both: work done twice would show now
      await sleep(2_500);
      for (const server of servers) server.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);

      const queued = (await emailsSince()).map((m) => m.recipient);
      expect(queued).toEqual(expect.arrayContaining(recipients));
      expect(received.toSorted()).toEqual(queued.toSorted());
      const moved = servers
        .flatMap((server) => server.lines())
        .filter((line) => line.msg === 'refunds moved on');
      for (const id of refundIds) {
        expect(moved.filter((line) => line.sent?.includes(id))).toHaveLength(1);
        expect(moved.filter((line) => line.completed?.includes(id))).toHaveLength(1);
      }
      for (const server of servers) expect(server.output()).toContain('shut down cleanly');
    }, 180_000); // two real starts of the server
  });
