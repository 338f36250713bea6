import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, grievances, orders, outbox, users } from '@marketplace/db';
import { GRIEVANCE_OFFICER_MESSAGES } from '@marketplace/domain/admin/grievances-api';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { GRIEVANCE_MESSAGES, TICKET_NO } from '@marketplace/domain/grievances/grievances';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';

// requirements#grievances
let t: TestApp;
const clock = { now: new Date('2026-11-28T10:00:00+05:30') };
const HOUR = 60 * 60 * 1000;
const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
const SHOPPER = 'priya@example.com';
const OTHER = 'rahul@example.com';
const SELLER = 'dakshin-mart@sellers.example.com';
let shopper = '';
let other = '';
let support = '';
let owner = '';
let priyaOrderNo = '';
let rahulOrderNo = '';

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

const complaint = (change: Record<string, unknown> = {}) => ({
  category: 'damaged',
  subject: 'Cracked screen on arrival',
  description: 'The phone arrived with a cracked screen and the box was torn at one corner.',
  ...change,
});

async function file(cookie: string, body: unknown = complaint()) {
  const res = await request('POST', '/api/grievances', cookie, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { ticketNo: string; message: string }).ticketNo;
}

async function orderNoOf(email: string) {
  const [row] = await t.db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(users.email, email))
    .limit(1);
  if (!row) throw new Error(`no order of ${email}`);
  return row.orderNo;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock.now });
  shopper = await t.loginCookie(SHOPPER);
  other = await t.loginCookie(OTHER);
  support = (await verifiedStaff(t, 'support-grv@staff.example.com', 'support', () => clock.now)).cookie;
  owner = (await verifiedStaff(t, 'owner-grv@staff.example.com', 'owner', () => clock.now)).cookie;
  priyaOrderNo = await orderNoOf(SHOPPER);
  rahulOrderNo = await orderNoOf(OTHER);
});
afterAll(() => t.close());

describe('a shopper files a complaint', () => {
  it('gets a ticket number at once, by email too, and sees it in the list with its deadlines', async () => {
    const res = await request('POST', '/api/grievances', shopper, complaint({ orderNo: priyaOrderNo }));
    expect(res.status).toBe(201);
    const filed = (await res.json()) as { ticketNo: string; message: string };
    expect(filed.ticketNo).toMatch(/^GRV-2026-\d{6}$/);
    expect(filed.message).toBe(GRIEVANCE_MESSAGES.filed(filed.ticketNo));

    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'grievance-filed'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.recipient).toBe(SHOPPER);
    expect(mail?.subject).toContain(filed.ticketNo);
    expect(mail?.body).toContain('resolve it by Mon, 28 Dec 2026.');

    const list = (await (await request('GET', '/api/grievances', shopper)).json()) as {
      grievances: {
        ticketNo: string;
        orderNo: string;
        status: string;
        acknowledgeBy: string;
        resolveBy: string;
      }[];
    };
    expect(list.grievances[0]).toMatchObject({
      ticketNo: filed.ticketNo,
      orderNo: priyaOrderNo,
      status: 'open',
    });
    expect(list.grievances[0]?.acknowledgeBy).toBe(new Date('2026-11-30T10:00:00+05:30').toISOString());
    expect(list.grievances[0]?.resolveBy).toBe(new Date('2026-12-28T23:59:59.999+05:30').toISOString());
  });

  it('offers the shopper’s own orders only', async () => {
    const res = await request('GET', '/api/grievance-orders', shopper);
    const { orders: mine } = (await res.json()) as { orders: { orderNo: string; summary: string }[] };
    expect(mine.map((o) => o.orderNo)).toContain(priyaOrderNo);
    expect(mine.map((o) => o.orderNo)).not.toContain(rahulOrderNo);
    expect(mine[0]?.summary).toMatch(/₹/);
  });

  it('refuses bad input with a clear message, never a 500', async () => {
    const table: [string, unknown, number, string][] = [
      ['no category', complaint({ category: undefined }), 400, GRIEVANCE_MESSAGES.chooseCategory],
      ['a short subject', complaint({ subject: 'hi' }), 400, GRIEVANCE_MESSAGES.subjectLength],
      [
        'a short description',
        complaint({ description: 'Broken.' }),
        400,
        GRIEVANCE_MESSAGES.descriptionLength,
      ],
      [
        'an oversized description',
        complaint({ description: 'x'.repeat(10_000) }),
        400,
        GRIEVANCE_MESSAGES.descriptionLength,
      ],
      // a NUL byte is refused before the route by the API's guard, in its own words
      [
        'a NUL byte',
        complaint({ subject: 'Cracked\u0000screen' }),
        400,
        'This field has a character that is not allowed.',
      ],
      [
        'a bell character',
        complaint({ subject: 'Cracked\u0007screen' }),
        400,
        GRIEVANCE_MESSAGES.controlCharacters,
      ],
      [
        'another shopper’s order',
        complaint({ orderNo: rahulOrderNo }),
        400,
        GRIEVANCE_MESSAGES.orderNotFound,
      ],
      [
        'an order that does not exist',
        complaint({ orderNo: 'OD000' }),
        400,
        GRIEVANCE_MESSAGES.orderNotFound,
      ],
      ['a number for the subject', complaint({ subject: 42 }), 400, GRIEVANCE_MESSAGES.subjectLength],
    ];
    for (const [name, body, status, message] of table) {
      const res = await request('POST', '/api/grievances', shopper, body);
      expect(res.status, name).toBe(status);
      expect((await errorOf(res)).message, name).toBe(message);
    }
    const malformed = await request('POST', '/api/grievances', shopper, '{"category":');
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe('MALFORMED_JSON');
    const huge = await request(
      'POST',
      '/api/grievances',
      shopper,
      complaint({ description: 'x'.repeat(2_000_000) }),
    );
    expect([400, 413]).toContain(huge.status);
  });

  it('needs a login: a visitor gets 401', async () => {
    expect((await request('POST', '/api/grievances', undefined, complaint())).status).toBe(401);
    expect((await request('GET', '/api/grievances')).status).toBe(401);
    expect((await request('GET', '/api/grievance-orders')).status).toBe(401);
  });

  it('gives filings at the same moment distinct numbers, in order', async () => {
    const tickets = await Promise.all(Array.from({ length: 8 }, () => file(shopper)));
    expect(new Set(tickets).size).toBe(8);
    for (const ticket of tickets) expect(TICKET_NO.test(ticket)).toBe(true);
    const numbers = tickets.map((ticket) => Number(ticket.slice(-6))).sort((a, b) => a - b);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => first + i));
  });

  it('numbers a new Indian year from 1', async () => {
    const saved = clock.now;
    clock.now = new Date('2027-01-01T00:10:00+05:30'); // still 2026 in UTC
    expect(await file(shopper)).toBe('GRV-2027-000001');
    expect(await file(other)).toBe('GRV-2027-000002');
    clock.now = saved;
  });
});

describe('a ticket belongs to its shopper', () => {
  it('another shopper can neither read nor reply to it (404)', async () => {
    const ticketNo = await file(shopper);
    expect((await request('GET', `/api/grievances/${ticketNo}`, shopper)).status).toBe(200);
    const read = await request('GET', `/api/grievances/${ticketNo}`, other);
    expect(read.status).toBe(404);
    expect((await errorOf(read)).message).toBe(GRIEVANCE_MESSAGES.notFound);
    expect(
      (await request('POST', `/api/grievances/${ticketNo}/replies`, other, { message: 'Mine now' })).status,
    ).toBe(404);
    expect((await request('GET', `/api/grievances/${ticketNo}`)).status).toBe(401);
    for (const bad of ['GRV-1', 'nothing', `${ticketNo}x`, '%E0%A4%A'])
      expect((await request('GET', `/api/grievances/${bad}`, shopper)).status, bad).toBeOneOf([400, 404]);
  });

  it('the shopper replies while it is open, and the reply shows on the ticket', async () => {
    const ticketNo = await file(shopper);
    const res = await request('POST', `/api/grievances/${ticketNo}/replies`, shopper, {
      message: 'Photos attached.',
    });
    expect(res.status).toBe(201);
    const detail = (await (await request('GET', `/api/grievances/${ticketNo}`, shopper)).json()) as {
      messages: { author: string; body: string; kind: string }[];
    };
    expect(detail.messages).toEqual([
      expect.objectContaining({ author: 'shopper', kind: 'reply', body: 'Photos attached.' }),
    ]);
    for (const message of ['', '   ', 'x'.repeat(2001), 'a\u0000b']) {
      const bad = await request('POST', `/api/grievances/${ticketNo}/replies`, shopper, { message });
      expect(bad.status, JSON.stringify(message)).toBe(400);
    }
  });
});

describe('the console’s complaints', () => {
  it('refuses visitors (401), shoppers, sellers and staff whose role does not reach grievances (403)', async () => {
    const ticketNo = await file(shopper);
    const paths: [string, string, unknown?][] = [
      ['GET', '/api/admin/grievances'],
      ['GET', `/api/admin/grievances/${ticketNo}`],
      ['POST', `/api/admin/grievances/${ticketNo}/acknowledgement`, { message: 'Seen' }],
      ['POST', `/api/admin/grievances/${ticketNo}/replies`, { message: 'Hi' }],
      ['POST', `/api/admin/grievances/${ticketNo}/resolution`, { resolution: 'Done' }],
      ['GET', '/api/admin/grievance-officer'],
    ];
    const seller = await t.loginCookie(SELLER);
    const outsiders: string[] = [];
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner' && r !== 'support'))
      outsiders.push((await verifiedStaff(t, `${role}-grv@staff.example.com`, role, () => clock.now)).cookie);
    for (const [method, path, body] of paths) {
      expect((await request(method, path, undefined, body)).status, path).toBe(401);
      const asShopper = await request(method, path, shopper, body);
      expect(asShopper.status, path).toBe(403);
      expect((await errorOf(asShopper)).message).toBe(STAFF_MESSAGES.notStaff);
      expect((await request(method, path, seller, body)).status, path).toBe(403);
      for (const cookie of outsiders) {
        const refused = await request(method, path, cookie, body);
        expect(refused.status, path).toBe(403);
        expect((await errorOf(refused)).message).toBe(STAFF_MESSAGES.wrongRole);
      }
    }
    const [ticket] = await t.db.select().from(grievances).where(eq(grievances.ticketNo, ticketNo));
    expect(ticket?.status).toBe('open');
  });

  it('lists tickets oldest open first, flags those past a limit and highlights those about to be', async () => {
    const old = await file(shopper, complaint({ subject: 'Filed four days ago' }));
    await t.db
      .update(grievances)
      .set({
        filedAt: new Date(clock.now.getTime() - 96 * HOUR),
        acknowledgeBy: new Date(clock.now.getTime() - 48 * HOUR),
      })
      .where(eq(grievances.ticketNo, old));
    const soon = await file(shopper, complaint({ subject: 'Filed forty hours ago' }));
    await t.db
      .update(grievances)
      .set({
        filedAt: new Date(clock.now.getTime() - 40 * HOUR),
        acknowledgeBy: new Date(clock.now.getTime() + 8 * HOUR),
      })
      .where(eq(grievances.ticketNo, soon));

    const res = await request('GET', '/api/admin/grievances', support);
    expect(res.status).toBe(200);
    const list = (await res.json()) as {
      rows: {
        ticketNo: string;
        filedAt: string;
        status: string;
        age: string;
        deadlines: { isOverdue: boolean; isDueSoon: boolean; acknowledgement: string };
      }[];
      counts: { overdue: number; unresolved: number };
    };
    const filedTimes = list.rows.map((row) => row.filedAt);
    expect(filedTimes).toEqual([...filedTimes].sort());
    expect(list.rows.every((row) => row.status !== 'resolved')).toBe(true);
    const oldRow = list.rows.find((row) => row.ticketNo === old);
    expect(oldRow).toMatchObject({
      age: '4 days',
      deadlines: { isOverdue: true, acknowledgement: 'overdue' },
    });
    expect(list.rows.find((row) => row.ticketNo === soon)?.deadlines).toMatchObject({
      isOverdue: false,
      isDueSoon: true,
      acknowledgement: 'due-soon',
    });
    expect(list.counts.overdue).toBeGreaterThanOrEqual(1);

    const overdue = (await (
      await request('GET', '/api/admin/grievances?status=overdue', support)
    ).json()) as typeof list;
    expect(overdue.rows.map((row) => row.ticketNo)).toContain(old);
    expect(overdue.rows.map((row) => row.ticketNo)).not.toContain(soon);
    expect(overdue.rows.every((row) => row.deadlines.isOverdue)).toBe(true);

    for (const query of ['status=closed', 'page=0', 'page=abc', 'status=%00', 'page=1%00']) {
      const bad = await request('GET', `/api/admin/grievances?${query}`, support);
      expect(bad.status, query).toBe(400);
    }
    expect((await request('GET', '/api/admin/grievances?status=%E0%A4%A', support)).status).toBe(400);
  });

  it('support acknowledges, replies and resolves; the shopper is told each time and sees it; each step is audited', async () => {
    const ticketNo = await file(shopper, complaint({ orderNo: priyaOrderNo }));
    later(5 * 60 * 1000); // within the console's 15 idle minutes (requirements#staff-credentials)
    const base = `/api/admin/grievances/${ticketNo}`;
    const early = await request('POST', `${base}/replies`, support, { message: 'Hello' });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(GRIEVANCE_MESSAGES.notAcknowledged);

    const ack = await request('POST', `${base}/acknowledgement`, support, {
      message: 'We are looking into it.',
    });
    expect(ack.status).toBe(200);
    expect(await ack.json()).toMatchObject({
      status: 'acknowledged',
      message: GRIEVANCE_MESSAGES.acknowledgedDone,
    });
    const again = await request('POST', `${base}/acknowledgement`, owner, { message: 'Again' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(GRIEVANCE_MESSAGES.alreadyAcknowledged);

    expect(
      (await request('POST', `${base}/replies`, support, { message: 'Please send a photo.' })).status,
    ).toBe(200);
    expect((await request('POST', `${base}/resolution`, support, { resolution: '' })).status).toBe(400);
    later(5 * 60 * 1000); // within the console's 15 idle minutes (requirements#staff-credentials)
    const resolved = await request('POST', `${base}/resolution`, support, {
      resolution: 'A replacement phone was delivered on 30 November.',
    });
    expect(resolved.status).toBe(200);
    expect((await request('POST', `${base}/resolution`, support, { resolution: 'Twice' })).status).toBe(409);
    const closed = await request('POST', `/api/grievances/${ticketNo}/replies`, shopper, {
      message: 'Thanks',
    });
    expect(closed.status).toBe(409);
    expect((await errorOf(closed)).message).toBe(GRIEVANCE_MESSAGES.resolved);

    const seen = (await (await request('GET', `/api/grievances/${ticketNo}`, shopper)).json()) as {
      status: string;
      resolution: string;
      acknowledgedAt: string;
      resolvedAt: string;
      messages: { kind: string; author: string; body: string }[];
    };
    expect(seen).toMatchObject({
      status: 'resolved',
      resolution: 'A replacement phone was delivered on 30 November.',
    });
    expect(seen.messages.map((m) => [m.kind, m.author])).toEqual([
      ['acknowledgement', 'staff'],
      ['reply', 'staff'],
      ['resolution', 'staff'],
    ]);
    const staffView = (await (await request('GET', base, support)).json()) as {
      deadlines: { acknowledgement: string; resolution: string };
      messageAuthors: Record<string, string>;
      shopper: { email: string };
    };
    expect(staffView.deadlines).toMatchObject({ acknowledgement: 'met', resolution: 'met' });
    expect(Object.values(staffView.messageAuthors)[0]).toContain('support-grv@staff.example.com');
    expect(staffView.shopper.email).toBe(SHOPPER);

    const mails = await t.db
      .select({ template: outbox.template, recipient: outbox.recipient })
      .from(outbox)
      .where(sql`${outbox.subject} LIKE ${`%${ticketNo}%`}`)
      .orderBy(outbox.id);
    expect(mails.map((m) => m.template)).toEqual([
      'grievance-filed',
      'grievance-acknowledgement',
      'grievance-reply',
      'grievance-resolution',
    ]);
    expect(mails.every((m) => m.recipient === SHOPPER)).toBe(true);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'grievance'), eq(auditLog.targetId, ticketNo)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['grievance.acknowledge', 'support-grv@staff.example.com'],
      ['grievance.reply', 'support-grv@staff.example.com'],
      ['grievance.resolve', 'support-grv@staff.example.com'],
    ]);
    expect(entries[0]?.before).toMatchObject({ status: 'open', acknowledgedAt: null });
    expect(entries[0]?.after).toMatchObject({
      status: 'acknowledged',
      acknowledgement: 'We are looking into it.',
    });
    expect(entries[2]?.before).toMatchObject({ status: 'acknowledged' });
    expect(entries[2]?.after).toMatchObject({
      status: 'resolved',
      resolution: 'A replacement phone was delivered on 30 November.',
    });
  });

  it('a missing or malformed ticket is 404, bad messages 400', async () => {
    expect((await request('GET', '/api/admin/grievances/GRV-2026-999999', support)).status).toBe(404);
    expect((await request('GET', '/api/admin/grievances/drop-table', support)).status).toBe(404);
    const ticketNo = await file(shopper);
    const base = `/api/admin/grievances/${ticketNo}`;
    for (const body of [
      {},
      { message: '' },
      { message: 'x'.repeat(2001) },
      { message: 'a\u0000' },
      '{"message":',
    ])
      expect(
        (await request('POST', `${base}/acknowledgement`, support, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    const [ticket] = await t.db.select().from(grievances).where(eq(grievances.ticketNo, ticketNo));
    expect(ticket?.status).toBe('open');
  });

  it('two staff acknowledging at once: one wins, the other is told it is already done', async () => {
    const ticketNo = await file(shopper);
    const base = `/api/admin/grievances/${ticketNo}/acknowledgement`;
    const answers = await Promise.all([
      request('POST', base, support, { message: 'First' }),
      request('POST', base, owner, { message: 'Second' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, ticketNo));
    expect(entries).toHaveLength(1);
  });
});

describe('the grievance officer', () => {
  const officer = {
    name: 'Kavya Menon',
    designation: 'Chief Grievance Officer',
    email: 'kavya.menon@bazaar.example',
    phone: '+91 80 4718 2300',
    address: '5th Floor, 12 MG Road, Bengaluru 560001',
    hours: 'Monday to Friday, 10 am to 6 pm',
  };

  it('is public, named by owners only, and the change is audited with before and after', async () => {
    const before = (await (await request('GET', '/api/grievance-officer')).json()) as { name: string };
    expect(before.name).toBe('Meera Iyer');
    const refused = await request('PUT', '/api/admin/grievance-officer', support, officer);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(GRIEVANCE_OFFICER_MESSAGES.ownersOnly);
    expect((await request('GET', '/api/admin/grievance-officer', support)).status).toBe(200);
    expect((await request('PUT', '/api/admin/grievance-officer', shopper, officer)).status).toBe(403);
    expect((await request('PUT', '/api/admin/grievance-officer', undefined, officer)).status).toBe(401);

    for (const bad of [
      { ...officer, email: 'nope' },
      { ...officer, name: '' },
      { ...officer, address: 'a\u0000b' },
      {},
    ])
      expect((await request('PUT', '/api/admin/grievance-officer', owner, bad)).status).toBe(400);

    const saved = await request('PUT', '/api/admin/grievance-officer', owner, officer);
    expect(saved.status).toBe(200);
    expect(await (await request('GET', '/api/grievance-officer')).json()).toEqual(officer);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.grievance-officer'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.actor).toBe('owner-grv@staff.example.com');
    expect(entry?.before).toMatchObject({ name: 'Meera Iyer' });
    expect(entry?.after).toEqual(officer);
  });
});
