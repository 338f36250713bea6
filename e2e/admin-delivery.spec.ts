// requirements#operator-delivery: the owner changes a rate of the card, the cash-on-delivery limit
// and the pincodes without delivery, in the browser and without scripts; other staff are refused.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryRates, deliverySettings, pincodes } from '@marketplace/db';
import { DELIVERY_MESSAGES } from '@marketplace/domain/admin/delivery-api';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const heading = (name: string) => store.page.getByRole('heading', { level: 1, name }).waitFor();

describe('delivery in the console', () => {
  it('the owner sets a rate, the cash-on-delivery limit and pincodes from a CSV', async () => {
    await signInAsStaff(store, 'owner-delivery-e2e@staff.example.com', 'owner');
    await store.page.goto(store.url('/admin'));
    await store.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Delivery' })
      .click();
    await heading('Delivery');
    await store.screenshot('admin-delivery', WIDTHS.desktop);

    // one rate of the card
    await store.page.getByLabel('Express Delivery, National: charge in rupees').fill('123.50');
    await store.page.getByLabel('Express Delivery, National: days to arrive').fill('6');
    const row = store.page.getByRole('row', { name: /Express Delivery · National/ });
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Rate saved.').waitFor();
    const [rate] = await store.db
      .select()
      .from(deliveryRates)
      .where(and(eq(deliveryRates.deliveryType, 'express'), eq(deliveryRates.zone, 'national')));
    expect(rate).toMatchObject({ chargePaise: 12_350, arrivingDays: 6 });

    // same-day delivery stays local
    await store.page.getByLabel('Same-Day Delivery, Regional: available').check();
    const sameDay = store.page.getByRole('row', { name: /Same-Day Delivery · Regional/ });
    await sameDay.getByRole('button', { name: 'Save' }).click();
    await sameDay.getByText(DELIVERY_MESSAGES.sameDayLocal).waitFor();

    // the limit
    await store.page.getByLabel('Limit (₹)').fill('20,000');
    await store.page.getByRole('button', { name: 'Save limit' }).click();
    await store.page.getByText('Cash on delivery now goes up to ₹20,000.00.').waitFor();
    const [limit] = await store.db.select().from(deliverySettings);
    expect(limit?.codLimitPaise).toBe(2_000_000);

    // pincodes from a CSV file
    const [a, b] = await store.db.select({ pincode: pincodes.pincode }).from(pincodes).limit(2);
    if (!a || !b) throw new Error('pincodes');
    const file = join(tmpdir(), `pincodes-${Date.now()}.csv`);
    await writeFile(file, `pincode,reason\n${a.pincode},floods\n${b.pincode},strike\nnot-a-pincode,x\n`);
    await store.page.getByLabel('Change').selectOption('unserviceable');
    await store.page.getByLabel('Or a CSV file').setInputFiles(file);
    await store.page.getByRole('button', { name: 'Apply' }).click();
    await store.page.getByText('2 pincodes changed.').waitFor();
    const leftOut = store.page.getByRole('region', { name: 'Entries left out' });
    await leftOut.getByRole('cell', { name: DELIVERY_MESSAGES.notPincode }).waitFor();
    await store.page
      .getByRole('region', { name: 'Pincodes without delivery or cash on delivery' })
      .getByRole('rowheader', { name: a.pincode })
      .waitFor();
    await store.screenshot('admin-delivery-pincodes', WIDTHS.desktop);
    await store.screenshot('admin-delivery-pincodes', WIDTHS.mobile);

    // back as they were, typed this time
    await store.page.getByLabel('Change').selectOption('serviceable');
    await store.page
      .getByRole('textbox', { name: 'Pincodes', exact: true })
      .fill(`${a.pincode}, ${b.pincode}`);
    await store.page.getByRole('button', { name: 'Apply' }).click();
    await store.page.getByText('2 pincodes changed.').waitFor();
  });

  it('without scripts, the owner saves a rate and is told what is wrong with a charge', async () => {
    await signInAsStaff(store, 'owner-delivery-noscript@staff.example.com', 'owner');
    await store.restartPage({ javaScript: false });
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.goto(store.url('/admin/delivery'));
    const row = () => store.page.getByRole('row', { name: /Standard Delivery · Remote/ });
    await store.page.getByLabel('Standard Delivery, Remote: charge in rupees').fill('12.345');
    await row().getByRole('button', { name: 'Save' }).click();
    await row().getByText(DELIVERY_MESSAGES.charge).waitFor();
    await store.page.getByLabel('Standard Delivery, Remote: charge in rupees').fill('99');
    await row().getByRole('button', { name: 'Save' }).click();
    await row().getByText('Rate saved.').waitFor();
    const [rate] = await store.db
      .select()
      .from(deliveryRates)
      .where(and(eq(deliveryRates.deliveryType, 'standard'), eq(deliveryRates.zone, 'remote')));
    expect(rate?.chargePaise).toBe(9_900);
  });

  it('refuses support staff the delivery settings, and leaves them out of its menu', async () => {
    await signInAsStaff(store, 'support-delivery@staff.example.com', 'support');
    await store.page.goto(store.url('/admin'));
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allTextContents()).not.toContain('Delivery');
    const refused = await store.page.goto(store.url('/admin/delivery'));
    expect(refused?.status()).toBe(403);
    await heading('Not allowed');
  });
});
