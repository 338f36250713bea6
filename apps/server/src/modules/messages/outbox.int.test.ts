import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { deliverDueMessages, enqueueMessages, MAX_SEND_ATTEMPTS } from './outbox.ts';
import { createSenders, type MessageSender, type MessageSenders } from './senders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ messages: { outboxPage: true } });
});
afterAll(() => t.close());

const quiet = pino({ level: 'silent' });
const rowsTo = (recipient: string) => t.db.select().from(outbox).where(eq(outbox.recipient, recipient));

describe('the outbox', () => {
  it('queues in the caller’s transaction: nothing is queued when it rolls back', async () => {
    await t.db
      .transaction(async (tx) => {
        await enqueueMessages(tx, [
          { channel: 'email', recipient: 'rollback@example.in', body: 'x', template: 't' },
        ]);
        throw new Error('the order failed');
      })
      .catch(() => undefined);
    expect(await rowsTo('rollback@example.in')).toHaveLength(0);
  });

  it('logs and marks sent by default (email and SMS)', async () => {
    await enqueueMessages(t.db, [
      { channel: 'email', recipient: 'logged@example.in', subject: 'Hi', body: 'Code 1234', template: 't' },
      { channel: 'sms', recipient: '9000000111', body: 'Code 5678', template: 't' },
    ]);
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const senders = createSenders({ smtpUrl: null, from: 'Bazaar <a@b.in>' }, logger);
    expect(senders.email.kind).toBe('log');
    const result = await deliverDueMessages(t.db, senders, quiet);
    expect(result.sent).toBeGreaterThanOrEqual(2);
    expect((await rowsTo('logged@example.in'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await rowsTo('9000000111'))[0]?.sentAt).toBeInstanceOf(Date);
    expect(lines.join('\n')).toContain('Code 5678');
    // nothing is sent twice
    expect((await deliverDueMessages(t.db, senders, quiet)).sent).toBe(0);
  });

  it('sends email by SMTP when SMTP_URL is set (to a local SMTP server)', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => {
          received.push(text);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const senders = createSenders(
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Bazaar <no-reply@bazaar.test>' },
      quiet,
    );
    try {
      expect(senders.email.kind).toBe('smtp');
      await enqueueMessages(t.db, [
        {
          channel: 'email',
          recipient: 'smtp@example.in',
          subject: '4321 is your Bazaar OTP',
          body: 'Your OTP is 4321.',
          template: 't',
        },
      ]);
      await deliverDueMessages(t.db, senders, quiet);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: smtp@example.in');
      expect(received[0]).toContain('Subject: 4321 is your Bazaar OTP');
      expect(received[0]).toContain('Your OTP is 4321.');
      expect((await rowsTo('smtp@example.in'))[0]?.status).toBe('sent');
    } finally {
      senders.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('retries a failing message later, and gives up after five tries', async () => {
    const failing: MessageSender = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('mail server down')),
    };
    const senders: MessageSenders = { email: failing, sms: failing };
    await enqueueMessages(t.db, [
      { channel: 'email', recipient: 'down@example.in', body: 'x', template: 't' },
    ]);
    let now = new Date(Date.now() + 1000);
    for (let i = 1; i <= MAX_SEND_ATTEMPTS; i++) {
      await deliverDueMessages(t.db, senders, quiet, { now });
      const [row] = await rowsTo('down@example.in');
      expect(row).toMatchObject({ attempts: i, lastError: 'mail server down' });
      expect(row?.status).toBe(i < MAX_SEND_ATTEMPTS ? 'pending' : 'failed');
      // not retried before its back-off ends
      expect((await deliverDueMessages(t.db, senders, quiet, { now })).failed).toBe(0);
      now = new Date((row?.nextAttemptAt.getTime() ?? 0) + 1);
    }
  });
});

describe('the development outbox page', () => {
  it('lists the latest messages with recipient, subject and body, escaped', async () => {
    await enqueueMessages(t.db, [
      {
        channel: 'email',
        recipient: 'page@example.in',
        subject: '<b>Your OTP</b>',
        body: 'Your OTP is 987654 <script>x</script>',
        template: 't',
      },
    ]);
    const res = await t.request('/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).toContain('page@example.in');
    expect(page).toContain('Your OTP is 987654 &lt;script&gt;x&lt;/script&gt;');
    expect(page).toContain('&lt;b&gt;Your OTP&lt;/b&gt;');
    expect(page).not.toContain('<script>x');
  });

  it('is not served when switched off (production, or a real mail server)', async () => {
    const off = await createTestApp();
    try {
      const res = await off.request('/dev/outbox');
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('Development outbox');
    } finally {
      await off.close();
    }
  });
});
