// ADR-0062: support staff see the orders ONDC buyer apps placed and the callbacks the buyer apps
// did not take, and send a failed one again, on a phone and a desktop.
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ondcCallbacks, ondcOrders, orders } from '@marketplace/db';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

describe('ONDC in the console', () => {
  it('lists buyer apps’ orders and failed callbacks, and sends a callback again', async () => {
    const [order] = await store.db.select({ id: orders.id }).from(orders).orderBy(asc(orders.id)).limit(1);
    if (!order) throw new Error('no seeded order');
    await store.db.insert(ondcOrders).values({
      bapId: 'buyer.example.in',
      bapUri: 'https://buyer.example.in/ondc',
      ondcOrderId: 'O-2026-12-06-0001',
      transactionId: 'tx-e2e-1',
      orderId: order.id,
      providerId: '1',
      city: 'std:080',
      domain: 'ONDC:RET14',
    });
    const [callback] = await store.db
      .insert(ondcCallbacks)
      .values({
        action: 'on_status',
        url: 'https://buyer.example.in/ondc/on_status',
        bapId: 'buyer.example.in',
        messageId: 'm-e2e-1',
        transactionId: 'tx-e2e-1',
        body: { context: {}, message: {} },
        status: 'failed',
        attempts: 8,
        lastError: '503 no ACK: Service Unavailable',
      })
      .returning({ id: ondcCallbacks.id });
    await signInAsStaff(store, 'ondc-desk@staff.example.com', 'support');
    const page = store.page;
    await store.openHydrated('/admin');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'ONDC' }).click();
    await page.getByRole('heading', { level: 1, name: 'ONDC' }).waitFor();
    await page.getByText('O-2026-12-06-0001').waitFor();
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await expectFitsWidth(page);
      await store.screenshot('admin-ondc', width);
    }
    await page
      .getByRole('form', { name: `Send callback ${callback?.id} again` })
      .getByRole('button')
      .click();
    // ONDC is off in this shop: the callback waits in the queue until it is on
    await page.getByText(`Callback ${callback?.id} is queued again; it goes out once ONDC is on`).waitFor();
    await store.screenshot('admin-ondc-sent-again', WIDTHS.desktop);
    expect(await page.getByText('No callback has failed.').count()).toBe(1);
  });
});
