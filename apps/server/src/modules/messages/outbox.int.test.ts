import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { codeMessages } from '../accounts/index.ts';
import { deliverDueMessages, enqueueMessages, MAX_SEND_ATTEMPTS } from './outbox.ts';
import { createSenders, type MessageSender, type MessageSenders } from './senders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ messages: { outboxPage: true } });
});
afterAll(() => t.close());

const quiet = pino({ level: 'silent' });
/**
 * A logger writing into `lines`, without the time, process id and host name, whose digits could
 * hold a code by chance and make a "never logs the code" check fail for no fault.
 */
const recordingLogger = (lines: string[]) =>
  pino(
    { level: 'trace', timestamp: false, base: undefined },
    { write: (line: string) => void lines.push(line) },
  );
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

  it('keeps messages in the outbox without a sender, never writing a code or body to the log', async () => {
    await enqueueMessages(t.db, [
      { channel: 'email', recipient: 'logged@example.in', subject: 'Hi', body: 'Code 1234', template: 't' },
      ...codeMessages('login-code', '5678', { mobile: '9000000111' }),
    ]);
    const lines: string[] = [];
    const logger = recordingLogger(lines);
    const senders = createSenders({ smtpUrl: null, from: 'Bazaar <a@b.in>' }, logger);
    expect(senders.email.kind).toBe('outbox');
    expect(senders.sms.kind).toBe('outbox');
    const result = await deliverDueMessages(t.db, senders, logger);
    expect(result.sent).toBeGreaterThanOrEqual(2);
    expect((await rowsTo('logged@example.in'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await rowsTo('9000000111'))[0]?.sentAt).toBeInstanceOf(Date);
    const log = lines.join('\n');
    expect(log).toContain('kept in the outbox');
    for (const secret of ['1234', '5678', 'OTP', '9000000111']) expect(log).not.toContain(secret);
    // nothing is sent twice
    expect((await deliverDueMessages(t.db, senders, quiet)).sent).toBe(0);
  });

  it('sends SMS through MSG91’s flow API with the DLT template of its kind (to a local fake MSG91)', async () => {
    const received: { path: string; authKey: string | undefined; body: unknown }[] = [];
    let answer = { status: 200, body: { type: 'success', message: '3763646c3058373530393831' } };
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          authKey: req.headers.authkey as string | undefined,
          body: JSON.parse(text),
        });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const lines: string[] = [];
    const logger = recordingLogger(lines);
    const templateIds = {
      'login-code': 'tpl-login',
      'login-code.hi': 'tpl-login-hi',
      'order-cancel-code': 'tpl-cancel',
    };
    const sms = {
      provider: 'msg91' as const,
      apiUrl: `http://127.0.0.1:${port}`,
      authKey: 'test-auth-key',
      senderId: 'BAZAAR',
      templateIds,
    };
    const senders = createSenders({ smtpUrl: null, from: 'Bazaar <a@b.in>', sms }, logger);
    try {
      expect(senders.sms.kind).toBe('sms-provider');
      await enqueueMessages(t.db, codeMessages('login-code', '4821', { mobile: '9876500001' }));
      await deliverDueMessages(t.db, senders, logger);
      expect(received).toEqual([
        {
          path: '/api/v5/flow',
          authKey: 'test-auth-key',
          body: {
            template_id: 'tpl-login',
            sender: 'BAZAAR',
            short_url: '0',
            recipients: [{ mobiles: '919876500001', otp: '4821' }],
          },
        },
      ]);
      expect((await rowsTo('9876500001'))[0]?.status).toBe('sent');

      // requirements#message-languages: a Hindi code goes by the Hindi DLT template; a Tamil one, with
      // no Tamil template configured, by the English one with the same code
      await enqueueMessages(t.db, codeMessages('login-code', '5512', { mobile: '9876500003' }, 'hi'));
      await enqueueMessages(t.db, codeMessages('login-code', '5513', { mobile: '9876500004' }, 'ta'));
      await deliverDueMessages(t.db, senders, logger);
      expect(received.slice(1).map((r) => r.body)).toEqual([
        expect.objectContaining({
          template_id: 'tpl-login-hi',
          recipients: [{ mobiles: '919876500003', otp: '5512' }],
        }),
        expect.objectContaining({
          template_id: 'tpl-login',
          recipients: [{ mobiles: '919876500004', otp: '5513' }],
        }),
      ]);
      expect((await rowsTo('9876500003'))[0]?.body).toBe(
        '5512 आपका Bazaar OTP है, लॉगिन करने के लिए। यह 10 मिनट में खत्म हो जाएगा। इसे किसी से शेयर न करें।',
      );
      received.length = 1;

      // MSG91 refusing: the message waits for another try; neither the log nor the row has the code
      answer = { status: 200, body: { type: 'error', message: 'Template not approved' } };
      await enqueueMessages(t.db, codeMessages('order-cancel-code', '7391', { mobile: '9876500002' }));
      await deliverDueMessages(t.db, senders, logger);
      const [row] = await rowsTo('9876500002');
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toContain('Template not approved');
      expect(row?.lastError).not.toContain('7391');
      expect(lines.join('\n')).not.toContain('7391');
      expect(lines.join('\n')).not.toContain('4821');
    } finally {
      senders.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
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
    const senders: MessageSenders = { email: failing, sms: failing, whatsapp: failing };
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

  it('opens an email’s HTML part as sent, and every message shows its kind', async () => {
    await enqueueMessages(t.db, [
      {
        channel: 'email',
        recipient: 'html@example.in',
        subject: 'Your order OD1 is placed',
        body: 'Plain part',
        html: '<!doctype html><p style="color:red">HTML part</p>',
        template: 'order-placed',
      },
    ]);
    const page = await (await t.request('/dev/outbox')).text();
    const link = /href="(\/dev\/outbox\/\d+\/email)"/.exec(page)?.[1];
    expect(page).toContain('order-placed');
    expect(link).toBeDefined();
    const email = await t.request(link ?? '');
    expect(email.status).toBe(200);
    expect(await email.text()).toBe('<!doctype html><p style="color:red">HTML part</p>');
    expect(email.headers.get('content-security-policy')).toContain("default-src 'none'");
    for (const path of [
      '/dev/outbox/0/email',
      '/dev/outbox/abc/email',
      '/dev/outbox/99999999999999999999/email',
    ])
      expect((await t.request(path)).status).toBe(404);
  });

  it('is not served when switched off (production, or a real mail server)', async () => {
    const off = await createTestApp();
    try {
      const res = await off.request('/dev/outbox');
      expect(res.status).toBe(404);
      expect((await off.request('/dev/outbox/1/email')).status).toBe(404);
      expect(await res.text()).not.toContain('Development outbox');
    } finally {
      await off.close();
    }
  });
});
