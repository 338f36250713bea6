import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orderItems,
  orders,
  outbox,
  privacyBreachSubjects,
  privacyBreaches,
  sellers,
  users,
} from '@marketplace/db';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { BREACH_MESSAGES, type BreachDetail, type BreachList } from '@marketplace/domain/admin/breaches-api';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';

// requirements#privacy-breach
let t: TestApp;
const clock = { now: new Date('2026-12-07T10:00:00+05:30') };
const SHOPPER = 'priya@example.com';
const OTHER = 'rahul@example.com';
const SELLER = 'dakshin-mart@sellers.example.com';
let owner = '';
let shopper = '';
let seller = '';
const roleCookies: Record<string, string> = {};
let keyNo = 0;

const request = (method: string, path: string, cookie?: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

const freshKey = () => `form-key-${String(++keyNo).padStart(8, '0')}`;
const breach = (change: Record<string, unknown> = {}) => ({
  submissionKey: freshKey(),
  summary: 'A copy of the orders database was left readable on a public storage link.',
  nature: 'Unauthorised access to a database backup, about 2 shoppers’ records.',
  discoveredAt: '2026-12-06T09:30:00+05:30',
  location: 'The backup storage bucket of our hosting provider in Mumbai.',
  consequences: 'Fraud calls or messages pretending to be from us, using your name and order details.',
  measures: 'We closed the link, rotated every key and asked the provider for its access logs.',
  safetySteps: 'Change your password, never share an OTP, and ignore calls asking for payment.',
  contact: 'Anita Rao, Grievance Officer, grievance@example.com, 080-4000-1234',
  categories: ['contact', 'orders'],
  audience: { kind: 'contacts', list: `${SHOPPER}\n${OTHER}` },
  ...change,
});

const idOf = async (email: string) => {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no ${email}`);
  return row.id;
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock.now });
  owner = (await verifiedStaff(t, 'owner-breach@staff.example.com', 'owner', () => clock.now)).cookie;
  for (const role of STAFF_ROLES.filter((r) => r !== 'owner'))
    roleCookies[role] = (
      await verifiedStaff(t, `${role}-breach@staff.example.com`, role, () => clock.now)
    ).cookie;
  shopper = await t.loginCookie(SHOPPER);
  seller = await t.loginCookie(SELLER);
});
afterAll(() => t.close());

describe('only owners reach the breaches', () => {
  const calls: [string, string, unknown][] = [
    ['GET', '/api/admin/breaches', undefined],
    ['POST', '/api/admin/breaches/preview', { audience: { kind: 'contacts', list: SHOPPER } }],
    ['POST', '/api/admin/breaches', 'body'],
    ['GET', '/api/admin/breaches/1', undefined],
    ['GET', '/api/admin/breaches/1/board-report.txt', undefined],
    ['PUT', '/api/admin/breaches/1/report-details', { circumstances: '' }],
    ['POST', '/api/admin/breaches/1/board/report', undefined],
  ];

  it('a visitor gets 401; a shopper, a seller and every other role 403; nothing is recorded', async () => {
    for (const [method, path, payload] of calls) {
      const body = payload === 'body' ? breach() : payload;
      expect((await request(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
      for (const [who, cookie] of [
        ['shopper', shopper],
        ['seller', seller],
        ...Object.entries(roleCookies),
      ]) {
        const res = await request(method, path, cookie, body);
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
      }
    }
    expect(await t.db.$count(privacyBreaches)).toBe(0);
    expect(await t.db.$count(outbox, eq(outbox.template, 'breach-notice'))).toBe(0);
  });
});

describe('an owner records a breach', () => {
  it('previews how many people a rule reaches, sending nothing', async () => {
    const res = await request('POST', '/api/admin/breaches/preview', owner, {
      audience: {
        kind: 'contacts',
        list: `${SHOPPER}, ${OTHER.toUpperCase()}\nnobody@example.com\n+91 98765 43210`,
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const preview = (await res.json()) as { count: number; unmatched: number; audienceText: string };
    // 9876543210 is Priya's mobile in the seed: the same person counts once
    const [priya] = await t.db.select({ mobile: users.mobile }).from(users).where(eq(users.email, SHOPPER));
    expect(priya?.mobile).toBe('9876543210');
    expect(preview).toMatchObject({ count: 2, unmatched: 1 });
    expect(await t.db.$count(outbox, eq(outbox.template, 'breach-notice'))).toBe(0);
  });

  it('previews every buyer of one seller’s orders, and shoppers who signed up in a range', async () => {
    const [own] = await t.db
      .select({ id: sellers.id })
      .from(sellers)
      .where(eq(sellers.userId, await idOf(SELLER)));
    if (!own) throw new Error('no seeded seller');
    const buyers = await t.db
      .selectDistinct({ userId: orders.userId })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(eq(orderItems.sellerId, own.id));
    const res = await request('POST', '/api/admin/breaches/preview', owner, {
      audience: { kind: 'seller-buyers', sellerId: own.id },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { count: number }).count).toBe(buyers.length);
    expect(buyers.length).toBeGreaterThan(0);

    const shoppers = await t.db.$count(users, and(eq(users.role, 'shopper'), isNull(users.erasedAt)));
    const range = await request('POST', '/api/admin/breaches/preview', owner, {
      audience: { kind: 'signed-up', from: '2000-01-01', to: '2099-12-31' },
    });
    expect(((await range.json()) as { count: number }).count).toBe(shoppers);
    const none = await request('POST', '/api/admin/breaches/preview', owner, {
      audience: { kind: 'signed-up', from: '2001-01-01', to: '2001-01-31' },
    });
    expect(((await none.json()) as { count: number }).count).toBe(0);

    const unknown = await request('POST', '/api/admin/breaches/preview', owner, {
      audience: { kind: 'seller-buyers', sellerId: 999999 },
    });
    expect(unknown.status).toBe(422);
    expect((await errorOf(unknown)).message).toBe(BREACH_MESSAGES.sellerNotFound);
  });

  let breachId = 0;
  it('records it, keeps its people and queues exactly one email each with the five contents of rule 7(1)', async () => {
    const input = breach();
    const res = await request('POST', '/api/admin/breaches', owner, input);
    expect(res.status, await res.clone().text()).toBe(201);
    const recorded = (await res.json()) as { id: number; affectedCount: number; message: string };
    expect(recorded.affectedCount).toBe(2);
    expect(recorded.message).toBe(BREACH_MESSAGES.recorded(2));
    breachId = recorded.id;

    const subjects = await t.db
      .select({ userId: privacyBreachSubjects.userId })
      .from(privacyBreachSubjects)
      .where(eq(privacyBreachSubjects.breachId, breachId));
    expect(subjects.map((s) => s.userId).sort()).toEqual([await idOf(SHOPPER), await idOf(OTHER)].sort());

    const mails = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `breach-notice:${breachId}:%`));
    expect(mails.map((m) => m.recipient).sort()).toEqual([SHOPPER, OTHER].sort());
    for (const mail of mails) {
      expect(mail.channel).toBe('email');
      expect(mail.template).toBe('breach-notice');
      // (i) description, nature, extent, timing and location
      expect(mail.body).toContain(input.summary);
      expect(mail.body).toContain(input.nature);
      expect(mail.body).toContain('names, email addresses and mobile numbers; order history');
      expect(mail.body).toContain('Sun, 6 Dec 2026, 9:30 am IST');
      expect(mail.body).toContain(input.location);
      // (ii) likely consequences, (iii) mitigation, (iv) safety measures, (v) contact
      expect(mail.body).toContain(input.consequences);
      expect(mail.body).toContain(input.measures);
      expect(mail.body).toContain(input.safetySteps);
      expect(mail.body).toContain(`Grievance Officer, ${input.contact}`);
    }
    expect(mails.find((m) => m.recipient === SHOPPER)?.body).toMatch(/^Hello Priya,/);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'breach.record'), eq(auditLog.targetId, String(breachId))));
    expect(audit?.actor).toBe('owner-breach@staff.example.com');
    expect(audit?.after).toMatchObject({ affectedCount: 2, summary: input.summary });
  });

  it('a second submit of the same form records and sends nothing more', async () => {
    const input = breach();
    const first = await request('POST', '/api/admin/breaches', owner, input);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: number };
    const [again, third] = await Promise.all([
      request('POST', '/api/admin/breaches', owner, input),
      request('POST', '/api/admin/breaches', owner, input),
    ]);
    for (const res of [again, third]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id, message: BREACH_MESSAGES.alreadyRecorded });
    }
    expect(await t.db.$count(privacyBreaches, eq(privacyBreaches.submissionKey, input.submissionKey))).toBe(
      1,
    );
    expect(await t.db.$count(outbox, like(outbox.dedupeKey, `breach-notice:${id}:%`))).toBe(2);
    expect(
      await t.db.$count(
        auditLog,
        and(eq(auditLog.action, 'breach.record'), eq(auditLog.targetId, String(id))),
      ),
    ).toBe(1);
  });

  it('lists it with its 72-hour deadline, how long is left and the people told', async () => {
    const res = await request('GET', '/api/admin/breaches', owner);
    expect(res.status).toBe(200);
    const { breaches } = (await res.json()) as BreachList;
    const listed = breaches.find((b) => b.id === breachId);
    expect(listed).toMatchObject({
      discoveredAt: new Date('2026-12-06T09:30:00+05:30').toISOString(),
      reportDueAt: new Date('2026-12-09T09:30:00+05:30').toISOString(),
      isOverdue: false,
      timeLeft: '47 h 30 min left',
      affectedCount: 2,
      sentCount: 0,
    });
    // the outbox sends one: the list counts it
    await t.db
      .update(outbox)
      .set({ status: 'sent', sentAt: clock.now })
      .where(and(like(outbox.dedupeKey, `breach-notice:${breachId}:%`), eq(outbox.recipient, SHOPPER)));
    const list = ((await (await request('GET', '/api/admin/breaches', owner)).json()) as BreachList).breaches;
    expect(list.find((b) => b.id === breachId)).toMatchObject({ sentCount: 1 });

    // one found 72 and a half hours ago is past its deadline
    const late = await request(
      'POST',
      '/api/admin/breaches',
      owner,
      breach({ discoveredAt: '2026-12-04T09:30:00+05:30' }),
    );
    expect(late.status).toBe(201);
    const lateId = ((await late.json()) as { id: number }).id;
    const again = ((await (await request('GET', '/api/admin/breaches', owner)).json()) as BreachList)
      .breaches;
    expect(again.find((b) => b.id === lateId)).toMatchObject({
      isOverdue: true,
      timeLeft: '0 h 30 min overdue',
      reportDueAt: new Date('2026-12-07T09:30:00+05:30').toISOString(),
    });
    // newest discovery first
    expect(again.map((b) => b.id).indexOf(breachId)).toBeLessThan(again.map((b) => b.id).indexOf(lateId));
  });

  it('prepares the Board’s detailed report from the record, and marks what was sent, once, audited', async () => {
    const details = {
      circumstances: 'A backup job copied the database to a bucket whose link was public by mistake.',
      causeFindings: 'No outside attacker identified; an engineer’s configuration change made it public.',
      remedialMeasures: 'Backups are now encrypted and their buckets private by policy, checked daily.',
    };
    const saved = await request('PUT', `/api/admin/breaches/${breachId}/report-details`, owner, details);
    expect(saved.status, await saved.clone().text()).toBe(200);

    const res = await request('GET', `/api/admin/breaches/${breachId}`, owner);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as BreachDetail;
    for (const text of [
      ...Object.values(details),
      'Discovered: Sun, 6 Dec 2026, 9:30 am IST',
      'Number of people told: 2',
      'Channel: email',
      'delivered to the mail service: 1',
      breach().measures,
      breach().location,
    ])
      expect(detail.boardReport).toContain(text);

    const file = await request('GET', `/api/admin/breaches/${breachId}/board-report.txt`, owner);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(await file.text()).toContain(details.remedialMeasures);

    for (const step of ['intimation', 'report'] as const) {
      const marked = await request('POST', `/api/admin/breaches/${breachId}/board/${step}`, owner);
      expect(marked.status).toBe(200);
      const twice = await request('POST', `/api/admin/breaches/${breachId}/board/${step}`, owner);
      expect(twice.status).toBe(409);
    }
    const after = (await (
      await request('GET', `/api/admin/breaches/${breachId}`, owner)
    ).json()) as BreachDetail;
    expect(after.boardIntimatedAt).toBe(clock.now.toISOString());
    expect(after.boardReportedAt).toBe(clock.now.toISOString());
    expect(after.isOverdue).toBe(false);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'privacy-breach'), eq(auditLog.targetId, String(breachId))))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'breach.record',
      'breach.report-details',
      'breach.board-intimation',
      'breach.board-report',
    ]);
  });
});

describe('hostile and malformed input', () => {
  it('refuses each with a clear message, never a 500, and records nothing', async () => {
    const before = await t.db.$count(privacyBreaches);
    const table: [string, unknown, number][] = [
      ['not JSON', '{"summary":', 400],
      ['an empty body', {}, 400],
      ['an array', [], 400],
      ['no summary', breach({ summary: undefined }), 400],
      ['a short summary', breach({ summary: 'oops' }), 400],
      ['an oversized summary', breach({ summary: 'x'.repeat(20_000) }), 400],
      ['a NUL byte', breach({ nature: 'Unauthorised access\u0000 to the database backup.' }), 400],
      ['a number for text', breach({ measures: 42 }), 400],
      ['no categories', breach({ categories: [] }), 400],
      ['an unknown category', breach({ categories: ['everything'] }), 400],
      ['a discovery in the future', breach({ discoveredAt: '2027-01-01T10:00:00+05:30' }), 400],
      ['a discovery that is no time', breach({ discoveredAt: 'yesterday' }), 400],
      ['no audience', breach({ audience: undefined }), 400],
      ['an unknown audience', breach({ audience: { kind: 'everyone' } }), 400],
      [
        'a reversed range',
        breach({ audience: { kind: 'signed-up', from: '2026-12-02', to: '2026-12-01' } }),
        400,
      ],
      [
        'a day that is no day',
        breach({ audience: { kind: 'signed-up', from: "2026-12-01' OR 1=1", to: '2026-12-02' } }),
        400,
      ],
      [
        'a seller that is no number',
        breach({ audience: { kind: 'seller-buyers', sellerId: '1; DROP TABLE users' } }),
        400,
      ],
      ['a negative seller', breach({ audience: { kind: 'seller-buyers', sellerId: -3 } }), 400],
      ['an empty list', breach({ audience: { kind: 'contacts', list: ' \n ,' } }), 400],
      [
        'a list with junk',
        breach({ audience: { kind: 'contacts', list: `${SHOPPER}\n<script>alert(1)</script>` } }),
        400,
      ],
      ['a list too long', breach({ audience: { kind: 'contacts', list: 'a@b.in\n'.repeat(70_000) } }), 400],
      ['a bad form key', breach({ submissionKey: '../../etc' }), 400],
      ['nobody matches', breach({ audience: { kind: 'contacts', list: 'nobody-at-all@example.com' } }), 422],
    ];
    for (const [name, body, status] of table) {
      const res = await request('POST', '/api/admin/breaches', owner, body);
      expect(res.status, `${name}: ${await res.clone().text()}`).toBe(status);
      expect((await errorOf(res)).message, name).toBeTruthy();
    }
    const nobody = await request(
      'POST',
      '/api/admin/breaches',
      owner,
      breach({ audience: { kind: 'contacts', list: 'nobody-at-all@example.com' } }),
    );
    expect((await errorOf(nobody)).message).toBe(BREACH_MESSAGES.nobody);
    expect(await t.db.$count(privacyBreaches)).toBe(before);
  });

  it('answers 404 for an unknown or malformed breach, and 400 for an unknown step or bad details', async () => {
    for (const path of ['/api/admin/breaches/999999', '/api/admin/breaches/abc', '/api/admin/breaches/0'])
      expect((await request('GET', path, owner)).status, path).toBe(path.endsWith('999999') ? 404 : 400);
    expect((await request('POST', '/api/admin/breaches/999999/board/report', owner)).status).toBe(404);
    expect((await request('POST', '/api/admin/breaches/1/board/erase', owner)).status).toBe(400);
    expect(
      (await request('PUT', '/api/admin/breaches/1/report-details', owner, { circumstances: 'short' }))
        .status,
    ).toBe(400);
    expect(
      (
        await request('PUT', '/api/admin/breaches/1/report-details', owner, {
          causeFindings: 'y'.repeat(9000),
        })
      ).status,
    ).toBe(400);
  });

  it('keeps markup in the text as text: the notice is plain text and the report repeats it verbatim', async () => {
    const hostile = '<img src=x onerror=alert(1)> A copy of the addresses table was exposed.';
    const res = await request('POST', '/api/admin/breaches', owner, breach({ summary: hostile }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `breach-notice:${id}:%`))
      .limit(1);
    expect(mail?.body).toContain(hostile);
    expect(mail?.payload).not.toHaveProperty('html');
    const ids = await t.db
      .select({ id: privacyBreaches.id })
      .from(privacyBreaches)
      .where(inArray(privacyBreaches.id, [id]));
    expect(ids).toHaveLength(1);
    expect(await t.db.$count(privacyBreachSubjects, sql`${privacyBreachSubjects.breachId} = ${id}`)).toBe(2);
  });
});
