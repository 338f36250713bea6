import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  browsingHistory,
  itemRequests,
  messagePreferences,
  orderItems,
  orders,
  outbox,
  products,
  refunds,
  sessions,
  taxDocuments,
  users,
} from '@marketplace/db';
import { NOTICE_VERSION, PRIVACY_NOTICE } from '@marketplace/domain/privacy/notice';
import { PRIVACY_MESSAGES as M } from '@marketplace/domain/privacy/rights';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { PERSONAL_TABLES } from './registry.ts';
import { erasedEmail } from './erase.ts';

// requirements#privacy-consent, #data-export, #account-deletion (DPDP Act 2023 ss. 6, 11, 12; CGST Act s. 36)
let t: TestApp;
let rahul: string;
let ananya: string;
let ananyaId: number;
beforeAll(async () => {
  t = await createTestApp();
  rahul = await t.loginCookie('rahul@example.com');
  ananya = await t.loginCookie('ananya@example.com');
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'ananya@example.com'));
  ananyaId = row?.id ?? 0;
});
afterAll(() => t.close());

const send = (
  method: string,
  path: string,
  cookie: string | null,
  body?: string,
  type = 'application/json',
) =>
  t.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': type }), ...(cookie ? { cookie } : {}) },
    body,
  });

describe('the privacy notice (DPDP Act s. 5, DPDP Rules 2025 rule 3)', () => {
  it.each(['en', 'hi', 'ta', 'te'] as const)('answers the notice in %s with its version', async (lang) => {
    const res = await send('GET', `/api/privacy/notice?lang=${lang}`, null);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { version: string; language: string; notice: { title: string } };
    expect(body).toMatchObject({ version: NOTICE_VERSION, language: lang });
    expect(body.notice.title).toBe(PRIVACY_NOTICE[lang].title);
  });

  it('answers English for an unknown or hostile language, and 400 for an oversized one', async () => {
    const unknown = await send('GET', '/api/privacy/notice?lang=fr', null);
    expect(unknown.status).toBe(200);
    expect(((await unknown.json()) as { language: string }).language).toBe('en');
    for (const lang of ['%00', 'hi%00', '%E0%A4']) {
      expect((await send('GET', `/api/privacy/notice?lang=${lang}`, null)).status).toBe(400);
    }
    expect((await send('GET', `/api/privacy/notice?lang=${'x'.repeat(50)}`, null)).status).toBe(400);
  });
});

describe('consents per purpose (DPDP Act s. 6)', () => {
  it('starts from the recorded choices (none for marketing), and records each with its notice version', async () => {
    const before = (await (await send('GET', '/api/privacy', rahul)).json()) as { consents: unknown[] };
    expect(before.consents).toEqual([
      { purpose: 'marketing', isGranted: false, noticeVersion: null, recordedAt: null },
      {
        purpose: 'personalisation',
        isGranted: true,
        noticeVersion: NOTICE_VERSION,
        recordedAt: expect.any(String),
      },
    ]);
    const res = await send(
      'PUT',
      '/api/privacy/consents',
      rahul,
      JSON.stringify({ purpose: 'marketing', isGranted: true, language: 'hi' }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      message: string;
      consents: { purpose: string; isGranted: boolean; noticeVersion: string }[];
    };
    expect(body.message).toBe(M.consentGiven);
    expect(body.consents[0]).toMatchObject({
      purpose: 'marketing',
      isGranted: true,
      noticeVersion: NOTICE_VERSION,
    });
  });

  it('withdrawing marketing turns every offers message off at once', async () => {
    await send(
      'PUT',
      '/api/profile/message-preferences',
      rahul,
      JSON.stringify({
        smsUpdates: true,
        emailUpdates: true,
        whatsappUpdates: false,
        smsOffers: true,
        emailOffers: true,
        whatsappOffers: true,
      }),
    );
    const res = await send(
      'PUT',
      '/api/privacy/consents',
      rahul,
      JSON.stringify({ purpose: 'marketing', isGranted: false }),
    );
    expect(((await res.json()) as { message: string }).message).toBe(M.consentWithdrawn);
    const [prefs] = await t.db
      .select()
      .from(messagePreferences)
      .where(sql`${messagePreferences.userId} = (select id from users where email = 'rahul@example.com')`);
    expect(prefs).toMatchObject({
      smsOffers: false,
      emailOffers: false,
      whatsappOffers: false,
      smsUpdates: true,
      emailUpdates: true,
    });
  });

  it('withdrawing personalisation erases the browsing history and stops recording it', async () => {
    await send(
      'PUT',
      '/api/privacy/consents',
      rahul,
      JSON.stringify({ purpose: 'personalisation', isGranted: true }),
    );
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    const entry = JSON.stringify({
      history: [{ productId: product?.id, productName: 'x', image: 'x', timestamp: Date.now() }],
    });
    expect((await send('POST', '/api/history', rahul, entry)).status).toBe(200);
    const count = async () =>
      (
        await t.db
          .select()
          .from(browsingHistory)
          .where(sql`${browsingHistory.userId} = (select id from users where email = 'rahul@example.com')`)
      ).length;
    expect(await count()).toBe(1);
    await send(
      'PUT',
      '/api/privacy/consents',
      rahul,
      JSON.stringify({ purpose: 'personalisation', isGranted: false }),
    );
    expect(await count()).toBe(0);
    const again = await send('POST', '/api/history', rahul, entry);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ history: [] });
    expect(await count()).toBe(0);
  });

  it.each([
    ['an unknown purpose', JSON.stringify({ purpose: 'selling', isGranted: true })],
    ['a missing choice', JSON.stringify({ purpose: 'marketing' })],
    ['a choice as text', JSON.stringify({ purpose: 'marketing', isGranted: 'yes' })],
    ['an extra field', JSON.stringify({ purpose: 'marketing', isGranted: true, userId: 1 })],
    ['a NUL byte', JSON.stringify({ purpose: 'market\u0000ing', isGranted: true })],
    ['broken JSON', '{"purpose":'],
    [
      'an oversized body',
      JSON.stringify({ purpose: 'marketing', isGranted: true, pad: 'x'.repeat(2_000_000) }),
    ],
  ])('refuses %s without a 500', async (_what, body) => {
    const res = await send('PUT', '/api/privacy/consents', rahul, body);
    expect([400, 413]).toContain(res.status);
  });

  it('refuses a visitor everywhere (401)', async () => {
    expect((await send('GET', '/api/privacy', null)).status).toBe(401);
    expect(
      (
        await send(
          'PUT',
          '/api/privacy/consents',
          null,
          JSON.stringify({ purpose: 'marketing', isGranted: true }),
        )
      ).status,
    ).toBe(401);
    expect((await send('GET', '/api/privacy/export', null)).status).toBe(401);
    expect((await send('GET', '/api/privacy/deletion', null)).status).toBe(401);
    expect(
      (await send('POST', '/api/privacy/deletion', null, JSON.stringify({ confirm: 'DELETE' }))).status,
    ).toBe(401);
  });
});

describe('the data export (DPDP Act s. 11)', () => {
  it('is a JSON file of the shopper’s own data only, covering every registered table', async () => {
    const res = await send('GET', '/api/privacy/export', ananya);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = (await res.json()) as Record<string, unknown> & { profile: { email: string; id: number } };
    expect(file.profile.email).toBe('ananya@example.com');
    expect(file.profile).not.toHaveProperty('passwordHash');
    for (const entry of PERSONAL_TABLES) expect(file, entry.name).toHaveProperty(entry.name);
    const ordersInFile = file.orders as { userId: number }[];
    expect(ordersInFile.length).toBeGreaterThan(0);
    // nothing of another shopper's: every keyed row is Ananya's
    for (const entry of PERSONAL_TABLES)
      for (const row of file[entry.name] as Record<string, unknown>[])
        expect(row[entry.owner.name === 'user_id' ? 'userId' : 'userId']).toBe(file.profile.id);
    expect(JSON.stringify(file)).not.toContain('rahul@example.com');
  });
});

describe('deleting the account (DPDP Act s. 12(3); CGST Act s. 36)', () => {
  it('refuses a confirmation other than DELETE, and hostile input, without a 500', async () => {
    for (const body of [
      JSON.stringify({ confirm: 'delete' }),
      JSON.stringify({}),
      JSON.stringify({ confirm: 'DELETE\u0000' }),
      JSON.stringify({ confirm: 'DELETE', userId: 1 }),
      '{"confirm":',
    ]) {
      const res = await send('POST', '/api/privacy/deletion', ananya, body);
      expect(res.status).toBe(400);
    }
  });

  it('lists the open orders, requests and refunds and refuses (409) while they run', async () => {
    const preview = (await (await send('GET', '/api/privacy/deletion', ananya)).json()) as {
      canDelete: boolean;
      blockers: { text: string }[];
      retained: { reason: string }[];
    };
    expect(preview.retained[0]?.reason).toMatch(/section 36 of the CGST Act, 2017/);
    if (preview.blockers.length === 0) return; // the seed gave Ananya no open orders
    expect(preview.canDelete).toBe(false);
    const res = await send('POST', '/api/privacy/deletion', ananya, JSON.stringify({ confirm: 'DELETE' }));
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message.startsWith(M.deleteBlocked)).toBe(true);
    for (const blocker of preview.blockers) expect(body.error.message).toContain(blocker.text);
  });

  it('another shopper cannot delete or export Ananya: each request acts on its own session only', async () => {
    const before = await t.db.select({ email: users.email }).from(users).where(eq(users.id, ananyaId));
    // Rahul has no way to name another account: his request reads his own
    const res = await send('GET', '/api/privacy/deletion', rahul);
    expect(res.status).toBe(200);
    const after = await t.db.select({ email: users.email }).from(users).where(eq(users.id, ananyaId));
    expect(after).toEqual(before);
  });

  it('erases the personal data, keeps the invoices whole, and ends every session', async () => {
    // Ananya's open business finishes: deliveries made, requests decided, refunds paid
    const mine = t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, ananyaId));
    await t.db
      .update(orderItems)
      .set({ status: 'delivered' })
      .where(and(inArray(orderItems.orderId, mine), inArray(orderItems.status, ['pending', 'shipped'])));
    await t.db
      .update(orders)
      .set({ status: 'placed' })
      .where(and(eq(orders.userId, ananyaId), eq(orders.status, 'awaiting_payment')));
    await t.db.execute(
      sql`update item_requests set status = case kind when 'cancel' then 'cancelled' when 'return' then 'returned' else 'replaced' end where user_id = ${ananyaId} and status = 'pending'`,
    );
    await t.db.execute(
      sql`update refunds set status = 'completed', provider = coalesce(provider, 'sandbox'), provider_refund_id = coalesce(provider_refund_id, 'rf_' || id), processed_at = coalesce(processed_at, now()), completed_at = now() where order_id in (select id from orders where user_id = ${ananyaId}) and status <> 'completed'`,
    );
    const invoicesBefore = await t.db.select().from(taxDocuments).where(inArray(taxDocuments.orderId, mine));
    const second = await t.loginCookie('ananya@example.com');

    const preview = (await (await send('GET', '/api/privacy/deletion', ananya)).json()) as {
      canDelete: boolean;
    };
    expect(preview.canDelete).toBe(true);
    const [one, two] = await Promise.all([
      send('POST', '/api/privacy/deletion', ananya, JSON.stringify({ confirm: 'DELETE' })),
      send('POST', '/api/privacy/deletion', second, JSON.stringify({ confirm: 'DELETE' })),
    ]);
    expect([one?.status, two?.status].sort()).toEqual([200, 401]);
    const done = one?.status === 200 ? one : two;
    expect(await done?.json()).toEqual({ message: M.deleted });
    expect(done?.headers.get('set-cookie')).toMatch(/session=;/);

    const [user] = await t.db.select().from(users).where(eq(users.id, ananyaId));
    expect(user).toMatchObject({
      email: erasedEmail(ananyaId),
      mobile: null,
      firstName: 'Erased',
      lastName: '',
      dateOfBirth: null,
    });
    expect(user?.erasedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ananyaId))).toEqual([]);
    expect((await send('GET', '/api/privacy', second)).status).toBe(401);
    // every registered table: deleted rows gone, anonymised columns no longer hold her details
    for (const entry of PERSONAL_TABLES) {
      const rows = (await t.db.select().from(entry.table).where(eq(entry.owner, ananyaId))) as Record<
        string,
        unknown
      >[];
      if (entry.erasure.kind === 'delete') expect(rows, entry.name).toEqual([]);
      if (entry.erasure.kind === 'anonymise')
        for (const row of rows)
          for (const [key, value] of Object.entries(entry.erasure.set))
            expect(row[key], `${entry.name}.${key}`).toEqual(value);
    }
    const text = JSON.stringify(await t.db.select().from(orders).where(eq(orders.userId, ananyaId)));
    expect(text).not.toContain('ananya@example.com');
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'ananya@example.com'))).toEqual([]);
    // the tax documents stay exactly as issued
    expect(await t.db.select().from(taxDocuments).where(inArray(taxDocuments.orderId, mine))).toEqual(
      invoicesBefore,
    );
    // nothing left that the refunds or requests tables needed
    expect(
      (await t.db.select().from(itemRequests).where(eq(itemRequests.userId, ananyaId))).every(
        (r) => r.additionalInfo === null,
      ),
    ).toBe(true);
    expect(
      await t.db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(inArray(refunds.orderId, mine), eq(refunds.status, 'initiated'))),
    ).toEqual([]);
  });
});
