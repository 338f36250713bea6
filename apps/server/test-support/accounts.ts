import { and, desc, eq, sql } from 'drizzle-orm';
import { type Executor, outbox, users } from '@marketplace/db';
import { hashPassword } from '@marketplace/db/password';
import type { TestApp } from './testing.ts';

/** The code in the newest message to a recipient, read as a person reads their inbox. */
export async function latestCode(db: Executor, recipient: string, channel: 'email' | 'sms' = 'email') {
  const [message] = await db
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.channel, channel)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = /\b([0-9]{4,6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient} by ${channel}`);
  return code;
}

export async function messagesTo(db: Executor, recipient: string) {
  return db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id));
}

export type JsonReply = { status: number; body: Record<string, unknown>; headers: Headers };

/** A same-origin JSON request, as our pages send it. */
export async function send(
  t: TestApp,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonReply> {
  const res = await t.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** The session cookie a response set, as the Cookie header to send next. */
export function cookieFrom(reply: JsonReply): string {
  const set = reply.headers.get('set-cookie') ?? '';
  const token = /session=([^;]+)/.exec(set)?.[1];
  if (!token) throw new Error(`no session cookie in ${set}`);
  return `session=${token}`;
}

export const errorOf = (reply: JsonReply) =>
  reply.body.error as { code: string; message: string; fields?: Record<string, string> };

/** Who a Cookie header logs in, through the account's own page guard. */
export async function isLoggedIn(t: TestApp, cookie: string) {
  const res = await t.request('/myprofile', { headers: { cookie } });
  return res.status === 200;
}

/** As if half a minute passed: the one-code-per-30-seconds windows end. */
export async function afterHalfAMinute(db: Executor) {
  await db.execute(
    sql`UPDATE rate_limit_counters SET expires_at = now() - interval '1 second' WHERE key LIKE 'code-30s:%'`,
  );
}

let shoppers = 0;
/** A fresh shopper of this test's own, so limits other tests ran into do not leak in. */
export async function addShopper(db: Executor, password: string) {
  const n = ++shoppers;
  const email = `limits-${n}-${Date.now()}@example.com`;
  const mobile = `7${String((Date.now() * 10 + n) % 1e9).padStart(9, '0')}`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      mobile,
      passwordHash: await hashPassword(password),
      firstName: 'Limit',
      lastName: 'Tester',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('the shopper was not added');
  return { id: user.id, email, mobile };
}
