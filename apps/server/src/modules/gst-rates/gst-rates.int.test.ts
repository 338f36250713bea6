import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gstRateSchedule, sellers, taxDocumentLines, taxDocuments, users } from '@marketplace/db';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import {
  GST_RATE_MESSAGES as M,
  type GstRateSchedule,
  type HsnOptions,
} from '@marketplace/domain/tax/rates-api';
import { jsonRequest } from '../../../test-support/fulfilment.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#gst-tax: the GST rate schedule in the console and the sellers' HSN picker, over HTTP

const clock = () => new Date();
const DAY = 86_400_000;
const dayAfter = (days: number) => momentToIndianDay(new Date(clock().getTime() + days * DAY));

let t: TestApp;
let call: ReturnType<typeof jsonRequest>;
let finance = '';
beforeAll(async () => {
  t = await createTestApp({ clock });
  call = jsonRequest(t);
  finance = (await verifiedStaff(t, 'finance-gst@staff.example.com', 'finance', clock)).cookie;
});
afterAll(() => t.close());

const PATH = '/api/admin/settlements/gst-rates';
const good = (overrides: Record<string, unknown> = {}) => ({
  hsnPrefix: '9503',
  description: 'Toys',
  effectiveFrom: dayAfter(30),
  rateBp: 500,
  notification: 'Notification 99/2026-Central Tax (Rate)',
  ...overrides,
});
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('the GST rate schedule in the console', () => {
  it('answers a visitor 401, shoppers, sellers and roles other than finance and owner 403, writing nothing', async () => {
    const before = (await t.db.select().from(gstRateSchedule)).length;
    const shopper = await t.loginCookie('priya@example.com');
    const seller = await t.loginCookie('dakshin-mart@sellers.example.com');
    for (const [method, body] of [['GET'], ['POST', good()]] as const) {
      expect((await call(PATH, null, method, body)).status).toBe(401);
      expect((await call(PATH, shopper, method, body)).status).toBe(403);
      expect((await call(PATH, seller, method, body)).status).toBe(403);
      for (const role of STAFF_ROLES.filter((r) => r !== 'owner' && r !== 'finance')) {
        const { cookie } = await verifiedStaff(
          t,
          `gst-${role}-${method.toLowerCase()}@staff.example.com`,
          role,
          clock,
        );
        expect((await call(PATH, cookie, method, body)).status, `${role} ${method}`).toBe(403);
      }
    }
    expect((await t.db.select().from(gstRateSchedule)).length).toBe(before);
  });

  it('shows finance staff every row, the one in force today marked, with its notification', async () => {
    const res = await call(PATH, finance);
    expect(res.status).toBe(200);
    const body = (await res.json()) as GstRateSchedule;
    const kurtas = body.rows.filter((r) => r.hsnPrefix === '62');
    expect(kurtas.map((r) => [r.effectiveFrom, r.rateBp, r.thresholdPaise, r.rateAboveBp, r.status])).toEqual(
      [
        ['2022-01-01', 500, 1_000_00, 1200, 'past'],
        ['2025-09-22', 500, 2_500_00, 1800, 'in_force'],
      ],
    );
    expect(kurtas[1]?.notification).toContain('Notification 9/2025-Central Tax (Rate)');
    const panMasala = body.rows.filter((r) => r.hsnPrefix === '21069020').map((r) => r.rateBp);
    expect(panMasala).toEqual([2800, 4000]);
  });

  it.each([
    ['a retired 12 %', { rateBp: 1200 }, 'rateBp', M.rate],
    ['a rate outside the law', { rateBp: 1000 }, 'rateBp', M.rate],
    ['a malformed HSN prefix', { hsnPrefix: '621' }, 'hsnPrefix', M.hsnPrefix],
    ['an HSN prefix with letters', { hsnPrefix: '62AB' }, 'hsnPrefix', M.hsnPrefix],
    ['a threshold without the rate above it', { thresholdPaise: 2_500_00 }, 'rateAboveBp', M.rateAbove],
    ['a rate above without a threshold', { rateAboveBp: 1800 }, 'thresholdPaise', M.threshold],
    [
      'the same rate above the threshold',
      { thresholdPaise: 2_500_00, rateAboveBp: 500 },
      'rateAboveBp',
      M.rateAbove,
    ],
    [
      'a threshold of a fraction of a paisa',
      { thresholdPaise: 1.5, rateAboveBp: 1800 },
      'thresholdPaise',
      M.threshold,
    ],
    ['a day that is not a day', { effectiveFrom: '2027-02-30' }, 'effectiveFrom', M.effectiveFrom],
    ['a description too long', { description: 'x'.repeat(201) }, 'description', M.description],
    ['no citation', { notification: '' }, 'notification', M.notification],
  ])('refuses %s with a clear message', async (_label, change, field, message) => {
    const res = await call(PATH, finance, 'POST', good(change));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
  });

  it('refuses a NUL byte in the description with a 400, writing nothing', async () => {
    const res = await call(PATH, finance, 'POST', good({ hsnPrefix: '9505', description: 'Toys\u0000' }));
    expect(res.status).toBe(400);
    expect(await t.db.select().from(gstRateSchedule).where(eq(gstRateSchedule.hsnPrefix, '9505'))).toEqual(
      [],
    );
  });

  it.each([
    ['today', 0],
    ['a past day', -1],
  ])('refuses a row taking effect %s: past rows are never changed', async (_label, days) => {
    const res = await call(PATH, finance, 'POST', good({ effectiveFrom: dayAfter(days) }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.effectiveFrom).toBe(M.effectiveFromPast);
  });

  it('refuses broken JSON and a missing body with a 400, never a 500', async () => {
    expect((await call(PATH, finance, 'POST', '{"hsnPrefix":')).status).toBe(400);
    expect((await call(PATH, finance, 'POST', '')).status).toBe(400);
  });

  it('adds a future row once, audited; two staff adding the same row at once get one row and one refusal', async () => {
    const row = good({ hsnPrefix: '9504', effectiveFrom: dayAfter(40) });
    const answers = await Promise.all([call(PATH, finance, 'POST', row), call(PATH, finance, 'POST', row)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    const added = await t.db.select().from(gstRateSchedule).where(eq(gstRateSchedule.hsnPrefix, '9504'));
    expect(added).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(added[0]?.id ?? 0)));
    expect(audit).toMatchObject({
      action: 'settlement.gst-rate-add',
      actor: 'finance-gst@staff.example.com',
    });
    const listed = (await (await call(PATH, finance)).json()) as GstRateSchedule;
    expect(listed.rows.find((r) => r.hsnPrefix === '9504')).toMatchObject({
      status: 'scheduled',
      addedBy: 'finance-gst@staff.example.com',
    });
  });
});

describe('the sellers’ HSN picker', () => {
  const PICK = '/api/seller/hsn-codes';

  it('finds codes by digits and by words, with today’s rate, and says how many digits the seller needs', async () => {
    const seller = await t.loginCookie('dakshin-mart@sellers.example.com');
    const byDigits = (await (await call(`${PICK}?q=6211`, seller)).json()) as HsnOptions;
    expect(byDigits.options.map((o) => [o.hsnCode, o.rateBp, o.thresholdPaise, o.rateAboveBp])).toEqual([
      ['62', 500, 2_500_00, 1800],
    ]);
    expect(byDigits.digitsRequired).toBe(4);
    const byWords = (await (await call(`${PICK}?q=hair`, seller)).json()) as HsnOptions;
    expect(byWords.options.map((o) => [o.hsnCode, o.rateBp])).toContainEqual(['3305', 500]);
  });

  it('asks 6 digits of a seller declaring turnover above ₹5 crore', async () => {
    const [seller] = await t.db
      .select({ id: sellers.id })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, 'dakshin-mart@sellers.example.com'));
    if (!seller) throw new Error('seeded seller missing');
    await t.db.update(sellers).set({ turnoverBand: 'above_10cr' }).where(eq(sellers.id, seller.id));
    try {
      const cookie = await t.loginCookie('dakshin-mart@sellers.example.com');
      const body = (await (await call(`${PICK}?q=`, cookie)).json()) as HsnOptions;
      expect(body.digitsRequired).toBe(6);
    } finally {
      await t.db.update(sellers).set({ turnoverBand: 'up_to_5cr' }).where(eq(sellers.id, seller.id));
    }
  });

  it.each([
    ['a search too long', `?q=${'6'.repeat(61)}`],
    ['a control character', '?q=62%01'],
  ])('refuses %s with 400', async (_label, query) => {
    const seller = await t.loginCookie('dakshin-mart@sellers.example.com');
    expect((await call(`${PICK}${query}`, seller)).status).toBe(400);
  });

  it('answers a visitor 401 and a shopper or staff 403', async () => {
    expect((await call(PICK, null)).status).toBe(401);
    expect((await call(PICK, await t.loginCookie('priya@example.com'))).status).toBe(403);
    expect((await call(PICK, finance)).status).toBe(403);
  });
});

describe('issued documents', () => {
  it('never change: the database refuses to rewrite a line’s rate and the schedule refuses edits', async () => {
    const [line] = await t.db.select().from(taxDocumentLines).limit(1);
    const [schedule] = await t.db.select().from(gstRateSchedule).limit(1);
    if (!schedule) throw new Error('seeded schedule missing');
    await expect(
      t.db.update(gstRateSchedule).set({ rateBp: 1800 }).where(eq(gstRateSchedule.id, schedule.id)),
    ).rejects.toThrow();
    if (line) {
      const before = await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, line.documentId));
      // adding a future row changes no issued document
      await call(
        PATH,
        finance,
        'POST',
        good({
          hsnPrefix: line.hsnCode.slice(0, 2) === '49' ? '4902' : line.hsnCode,
          effectiveFrom: dayAfter(50),
          rateBp: 4000,
        }),
      );
      const after = await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, line.documentId));
      expect(after).toEqual(before);
      const [again] = await t.db.select().from(taxDocumentLines).where(eq(taxDocumentLines.id, line.id));
      expect(again).toEqual(line);
    }
  });
});
