// requirements#message-preferences and requirements#order-notices in a browser: the Messages page
// without scripts, and an order notice's email as the development outbox opens it.
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messagePreferences, orders, outbox, users } from '@marketplace/db';
import { MESSAGE_PREFERENCE_MESSAGES as M } from '@marketplace/domain/accounts/message-preferences';
import { queueOrderNotices } from '../apps/server/src/modules/messages/index.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront({ messages: { outboxPage: true } });

describe('the Messages page without JavaScript', () => {
  it('says what is always sent, and saves the boxes ticked', async () => {
    await store.loginAs('rahul@example.com');
    await store.restartPage({ javaScript: false });
    await store.page.goto(store.url('/messagepreferences'));
    await store.page.getByRole('heading', { level: 1, name: M.title }).waitFor();
    await store.page.getByText(M.always).waitFor();
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.screenshot('message-preferences', width);
      await store.page.setViewportSize({ width, height: 900 });
      await expectFitsWidth(store.page);
    }
    const updates = store.page.getByRole('group', { name: 'Order updates' });
    await updates.getByLabel('SMS').uncheck();
    await updates.getByLabel('WhatsApp').check();
    await store.page.getByRole('button', { name: 'Save choices' }).click();
    await store.page.getByRole('status').filter({ hasText: M.saved }).waitFor();
    expect(await updates.getByLabel('SMS').isChecked()).toBe(false);
    expect(await updates.getByLabel('WhatsApp').isChecked()).toBe(true);
    const [rahul] = await store.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'rahul@example.com'));
    const [saved] = await store.db
      .select()
      .from(messagePreferences)
      .where(eq(messagePreferences.userId, rahul?.id ?? 0));
    expect(saved).toMatchObject({ smsUpdates: false, whatsappUpdates: true });
  });
});

describe('an order notice’s email', () => {
  it('opens from the development outbox with the order’s items, amounts and link', async () => {
    const [order] = await store.db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    if (!order) throw new Error('a seeded order');
    await queueOrderNotices(store.db, { kind: 'order-placed', orderId: order.id });
    const [email] = await store.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        sql`${outbox.template} = 'order-placed' AND ${outbox.channel} = 'email' AND ${outbox.payload}->>'orderNo' = ${order.orderNo}`,
      );
    expect(email).toBeDefined();
    await store.page.goto(store.url(`/dev/outbox/${email?.id ?? 0}/email`));
    await store.page.getByRole('heading', { name: `Your order ${order.orderNo} is placed` }).waitFor();
    await store.page.getByRole('link', { name: 'View your order' }).waitFor();
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.screenshot('order-placed-email', width);
      await store.page.setViewportSize({ width, height: 900 });
      await expectFitsWidth(store.page);
    }
  });
});
