import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { orderItems, orders, outbox, sessions, users } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { erasedEmail } from './erase.ts';
import { DEFAULT_ERASE_AFTER_DAYS, LOG_RETENTION_DAYS, runRetention } from './retention.ts';

// requirements#inactive-erasure, #log-retention: DPDP Rules 2025 rule 8 and the Third Schedule
const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function shopper(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(email);
  return user;
}

describe('erasure after three years without use (Third Schedule, rule 8(2))', () => {
  it('warns 48 hours before, erases only when still inactive, and keeps an account that signs in', async () => {
    // the seeded accounts were active when the database was made, moments ago
    const now = new Date();
    const rahul = await shopper('rahul@example.com');
    const priya = await shopper('priya@example.com');
    // Rahul's orders are all finished; both were last seen just short of 3 years ago, Priya a year ago
    const rahulOrders = t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, rahul.id));
    await t.db
      .update(orderItems)
      .set({ status: 'delivered' })
      .where(inArray(orderItems.orderId, rahulOrders));
    await t.db.update(orders).set({ status: 'placed' }).where(eq(orders.userId, rahul.id));
    const almost = new Date(now.getTime() - (DEFAULT_ERASE_AFTER_DAYS * DAY - DAY));
    await t.db.update(users).set({ lastActiveAt: almost }).where(eq(users.id, rahul.id));
    await t.db
      .update(users)
      .set({ lastActiveAt: new Date(now.getTime() - 365 * DAY) })
      .where(eq(users.id, priya.id));

    const first = await runRetention(
      t.db,
      { eraseAfterDays: DEFAULT_ERASE_AFTER_DAYS, publicUrl: 'https://shop.example' },
      now,
    );
    expect(first.erased).toBe(0);
    const warnings = await t.db.select().from(outbox).where(eq(outbox.template, 'account-inactive-warning'));
    expect(warnings.map((m) => m.recipient)).toEqual(['rahul@example.com']);
    expect(warnings[0]?.body).toContain('https://shop.example/login');
    // a second run the same day does not warn again
    await runRetention(
      t.db,
      { eraseAfterDays: DEFAULT_ERASE_AFTER_DAYS },
      new Date(now.getTime() + 3_600_000),
    );
    expect(
      await t.db.select().from(outbox).where(eq(outbox.template, 'account-inactive-warning')),
    ).toHaveLength(1);
    // 24 hours on: past 3 years but not yet 48 hours since the warning: kept
    const dayLater = await runRetention(
      t.db,
      { eraseAfterDays: DEFAULT_ERASE_AFTER_DAYS },
      new Date(now.getTime() + DAY),
    );
    expect(dayLater.erased).toBe(0);
    // 48 hours on and still away: erased
    const later = await runRetention(
      t.db,
      { eraseAfterDays: DEFAULT_ERASE_AFTER_DAYS },
      new Date(now.getTime() + 2 * DAY),
    );
    expect(later.erased).toBe(1);
    expect((await t.db.select().from(users).where(eq(users.id, rahul.id)))[0]).toMatchObject({
      email: erasedEmail(rahul.id),
      mobile: null,
    });
    expect((await shopper('priya@example.com')).erasedAt).toBeNull();
  });

  it('a sign-in after the warning keeps the account', async () => {
    const now = new Date(Date.now() + 10 * DAY);
    const ananya = await shopper('ananya@example.com');
    await t.db
      .update(users)
      .set({ lastActiveAt: new Date(now.getTime() - 2000 * DAY) })
      .where(eq(users.id, ananya.id));
    await runRetention(t.db, { eraseAfterDays: DEFAULT_ERASE_AFTER_DAYS }, now);
    expect((await shopper('ananya@example.com')).inactivityWarnedAt).not.toBeNull();
    await t.loginCookie('ananya@example.com'); // a new session notes the activity
    const after = await runRetention(
      t.db,
      { eraseAfterDays: DEFAULT_ERASE_AFTER_DAYS },
      new Date(now.getTime() + 3 * DAY),
    );
    expect(after.erased).toBe(0);
    const kept = await shopper('ananya@example.com');
    expect(kept.erasedAt).toBeNull();
    expect(kept.inactivityWarnedAt).toBeNull();
  });
});

describe('logs kept one year, then dropped (rule 8(3))', () => {
  it('drops sign-in records older than a year and keeps newer ones', async () => {
    const now = new Date('2032-01-01T00:00:00Z');
    const priya = await shopper('priya@example.com');
    const old = new Date(now.getTime() - (LOG_RETENTION_DAYS + 1) * DAY);
    const recent = new Date(now.getTime() - 200 * DAY);
    await t.db.insert(sessions).values([
      {
        tokenHash: 'old-session',
        userId: priya.id,
        createdAt: old,
        lastSeenAt: old,
        expiresAt: old,
        ipAddress: '203.0.113.9',
      },
      {
        tokenHash: 'recent-session',
        userId: priya.id,
        createdAt: recent,
        lastSeenAt: recent,
        expiresAt: recent,
        ipAddress: '203.0.113.10',
      },
    ]);
    await runRetention(t.db, { eraseAfterDays: 36_500 }, now);
    const left = await t.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(inArray(sessions.tokenHash, ['old-session', 'recent-session']));
    expect(left).toEqual([{ tokenHash: 'recent-session' }]);
  });
});
