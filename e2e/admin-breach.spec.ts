// requirements#privacy-breach: an owner records a personal data breach in the console, counts the
// people it touched, confirms, and sees it listed with the Board's 72-hour deadline in IST.
// Screenshots at 360 and 1366 px.
import { boardReportDueAt } from '@marketplace/domain/admin/breaches-api';
import { formatIndianDateTime } from '@marketplace/domain/text/dates';
import { describe, expect, it } from 'vitest';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SUMMARY = 'A support laptop with an export of delivery addresses was stolen.';

describe('personal data breaches in the console', () => {
  it('an owner records a breach, confirms the count and sees it listed with its deadline', async () => {
    await signInAsStaff(store, 'owner-breach-e2e@staff.example.com', 'owner');
    const { page } = store;
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/breaches'));
    await page.getByRole('heading', { level: 1, name: 'Personal data breaches' }).waitFor();
    await page.getByRole('link', { name: 'Record a breach' }).click();
    await page.getByRole('heading', { level: 1, name: 'Record a data breach' }).waitFor();

    // two hours ago, as India's clock reads it
    const local = new Date(Date.now() - 2 * 3_600_000 + 330 * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('What happened', { exact: true }).fill(SUMMARY);
    await page
      .getByLabel('Its nature and extent', { exact: true })
      .fill('Loss of an unencrypted file of names, mobiles and addresses of two shoppers.');
    await page.getByLabel('Discovered at (IST)').fill(local);
    await page.getByLabel('Where it happened').fill('Our support office in Bengaluru.');
    await page.getByLabel('names, email addresses and mobile numbers').check();
    await page.getByLabel('delivery addresses').check();
    await page
      .getByLabel('Likely consequences for the people affected')
      .fill('Calls or visits from people pretending to be our delivery staff.');
    await page
      .getByLabel('What we have done and are doing')
      .fill('We reported the theft to the police and wiped the laptop remotely.');
    await page
      .getByLabel('What the people affected can do')
      .fill('Never share an OTP and check any caller’s identity on our help page.');
    await page
      .getByLabel('Whom they contact with questions')
      .fill('Grievance Officer, grievance@example.com');
    await page.getByLabel('A list of email addresses or mobile numbers').check();
    await page
      .getByLabel('Email addresses or mobile numbers (for a list)')
      .fill('priya@example.com\nrahul@example.com\nnobody@example.com');
    await store.screenshot('admin-breach-form', WIDTHS.mobile);
    await page.getByRole('button', { name: 'Count the people affected' }).click();
    await page.getByText('1 of the pasted entries matches no account.', { exact: false }).waitFor();
    await store.screenshot('admin-breach-preview', WIDTHS.desktop);
    await page.getByRole('button', { name: 'Record and email 2 people' }).click();
    await page.getByText('Breach recorded. 2 people are being emailed.').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Report to the Board' }).waitFor();
    expect(await page.locator('.breach-report').textContent()).toContain(SUMMARY);
    await store.screenshot('admin-breach-detail', WIDTHS.desktop);
    await store.screenshot('admin-breach-detail', WIDTHS.mobile);

    await page.getByRole('link', { name: '‹ All breaches' }).click();
    const row = page.getByRole('row').filter({ hasText: SUMMARY });
    await row.waitFor();
    const due = formatIndianDateTime(boardReportDueAt(`${local}:00+05:30`));
    expect(await row.textContent()).toContain(due);
    expect(await row.textContent()).toMatch(/69 h \d+ min left|70 h 0 min left/);
    expect(await row.textContent()).toContain('of 2 sent');
    await store.screenshot('admin-breaches', WIDTHS.desktop);
    await store.screenshot('admin-breaches', WIDTHS.mobile);
  });
});
