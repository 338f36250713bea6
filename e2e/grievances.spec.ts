// requirements#grievances: a shopper files a complaint from My Orders and sees its ticket number;
// support sees it flagged by age, acknowledges and resolves it; the shopper reads the resolution;
// the complaint form works without scripts; the footer leads to the grievance page.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grievances } from '@marketplace/db';
import { SEED_GRIEVANCE_OFFICER } from '@marketplace/db/seed';
import { GRIEVANCE_OFFICER_MESSAGES } from '@marketplace/domain/admin/grievances-api';
import { acknowledgeBy, GRIEVANCE_MESSAGES, resolveBy } from '@marketplace/domain/grievances/grievances';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const RESOLUTION = 'The seller sent a replacement phone, delivered on 30 November. Sorry for the trouble.';
let ticketNo = '';

const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();
const field = (label: string) => store.page.getByLabel(label, { exact: true });

describe('grievances', () => {
  it('a visitor finds the grievance page in the footer, sees the officer and is asked to log in', async () => {
    await store.page.goto(store.url('/'));
    const footer = store.page.locator('footer');
    await footer.getByRole('link', { name: 'Grievance Redressal' }).click();
    await store.page.waitForURL(store.url('/grievance'));
    await heading('Grievance Redressal');
    expect(await store.page.getByTestId('officer-name').textContent()).toBe(SEED_GRIEVANCE_OFFICER.name);
    const login = store.page.getByRole('link', { name: 'Log in to file a complaint' });
    expect(await login.getAttribute('href')).toBe('/login?redirectTo=%2Fgrievance');

    // the policy pages name the officer from the same settings
    await store.page.goto(store.url('/policy/Privacy%20Notice'));
    await store.page.getByTestId('officer-name').waitFor();
    expect(await store.page.getByTestId('officer-name').textContent()).toBe(SEED_GRIEVANCE_OFFICER.name);
  });

  it('a shopper files a complaint about an order from My Orders and gets its ticket number at once', async () => {
    await store.loginAs(SHOPPER);
    await store.openHydrated('/myorder');
    const card = store.page.getByTestId('order-card').first();
    const orderNo = (await card.getByTestId('order-no').textContent()) ?? '';
    await store.screenshot('myorder-grievance-link', WIDTHS.mobile);
    await card.getByRole('link', { name: 'Raise a grievance' }).click();
    await store.page.waitForURL(/\/grievance\?order=/);
    await heading('Grievance Redressal');
    expect(await field('Order (optional)').inputValue()).toBe(orderNo);

    // the form says what is missing before anything is filed
    await store.page.getByRole('button', { name: 'Submit complaint' }).click();
    await store.page.getByText(GRIEVANCE_MESSAGES.chooseCategory).waitFor();
    expect(await store.page.getByText(GRIEVANCE_MESSAGES.descriptionLength).count()).toBe(1);
    await store.screenshot('grievance-form', WIDTHS.mobile);
    await expectFitsWidth(store.page);

    await field('What is it about?').selectOption('damaged');
    await field('Subject').fill('Cracked screen on arrival');
    await field('Describe the problem').fill(
      'The phone arrived with a cracked screen and the box was torn at one corner. I would like a replacement.',
    );
    await store.page.getByRole('button', { name: 'Submit complaint' }).click();
    await store.page.waitForURL(/\/mygrievances\/GRV-\d{4}-\d{6}$/);
    ticketNo = (await store.page.getByTestId('ticket-no').textContent()) ?? '';
    expect(ticketNo).toMatch(/^GRV-\d{4}-\d{6}$/);
    await store.page.getByText(GRIEVANCE_MESSAGES.filed(ticketNo)).waitFor();
    expect(await store.page.getByTestId('grievance-status').textContent()).toBe('Open');
    expect(await store.page.getByRole('link', { name: orderNo }).count()).toBe(1);
    await store.screenshot('grievance-filed', WIDTHS.mobile);
    await expectFitsWidth(store.page);
    await store.screenshot('grievance-filed', WIDTHS.desktop);

    await store.page.goto(store.url('/mygrievances'));
    await heading('My grievances');
    await store.page.getByRole('link', { name: ticketNo }).waitFor();
    await store.screenshot('my-grievances', WIDTHS.mobile);
    await expectFitsWidth(store.page);
  });

  it('support sees the complaint flagged by its age, acknowledges and resolves it', async () => {
    expect(ticketNo).not.toBe('');
    // three days pass without an answer: past the 48-hour acknowledgement
    const filedAt = new Date(Date.now() - 72 * 60 * 60 * 1000);
    await store.db
      .update(grievances)
      .set({ filedAt, acknowledgeBy: acknowledgeBy(filedAt), resolveBy: resolveBy(filedAt) })
      .where(eq(grievances.ticketNo, ticketNo));

    await signInAsStaff(store, 'support-grievances-e2e@staff.example.com', 'support');
    await store.page.goto(store.url('/admin'));
    await store.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Grievances' })
      .click();
    await store.page.waitForURL(store.url('/admin/grievances'));
    await heading('Grievances');
    const row = store.page.getByTestId('grievance-row').filter({ hasText: ticketNo });
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('admin-grv-overdue');
    expect(await row.textContent()).toContain('3 days ago');
    expect(await row.textContent()).toContain('Overdue');
    // oldest first: the seeded complaint filed 40 hours ago comes after this one
    const tickets = await store.page
      .getByTestId('grievance-row')
      .locator('.admin-grv-ticket')
      .allTextContents();
    expect(tickets.indexOf(ticketNo)).toBeGreaterThanOrEqual(0);
    await store.screenshot('admin-grievances', WIDTHS.desktop);

    await row.getByRole('link', { name: ticketNo }).click();
    await store.page.waitForURL(store.url(`/admin/grievances/${ticketNo}`));
    expect(await store.page.getByTestId('ticket-no').textContent()).toBe(ticketNo);
    await store.page.getByRole('button', { name: 'Acknowledge' }).click();
    await store.page.getByText(GRIEVANCE_MESSAGES.acknowledgedDone).waitFor();
    // the answer shows at once; the page's data follows when it has been read again
    await expect.poll(() => store.page.getByTestId('grievance-status').textContent()).toBe('Acknowledged');

    await field('Resolution').fill(RESOLUTION);
    await store.page.getByRole('button', { name: 'Resolve' }).click();
    await store.page.getByText(GRIEVANCE_MESSAGES.resolvedDone).waitFor();
    await expect.poll(() => store.page.getByTestId('grievance-status').textContent()).toBe('Resolved');
    expect(await store.page.getByTestId('resolution').textContent()).toBe(RESOLUTION);
    await store.screenshot('admin-grievance', WIDTHS.desktop);
  });

  it('the shopper sees the resolution on the ticket’s page', async () => {
    expect(ticketNo).not.toBe('');
    await store.loginAs(SHOPPER);
    await store.page.goto(store.url(`/mygrievances/${ticketNo}`));
    await heading(new RegExp(ticketNo));
    expect(await store.page.getByTestId('grievance-status').textContent()).toBe('Resolved');
    expect(await store.page.getByTestId('resolution').textContent()).toBe(RESOLUTION);
    expect(await store.page.getByRole('button', { name: 'Send reply' }).count()).toBe(0);
    await store.screenshot('grievance-resolved', WIDTHS.mobile);
    await expectFitsWidth(store.page);
    await store.screenshot('grievance-resolved', WIDTHS.desktop);
  });

  it('without scripts, a shopper files a complaint and replies to it', async () => {
    await store.loginAs(SHOPPER);
    const page = await store.restartPage({ javaScript: false });
    await page.goto(store.url('/grievance'));
    await heading('Grievance Redressal');
    await field('Subject').fill('hi');
    await page.getByRole('button', { name: 'Submit complaint' }).click();
    await page.getByText(GRIEVANCE_MESSAGES.subjectLength).waitFor();
    expect(await field('Subject').inputValue()).toBe('hi');

    await field('What is it about?').selectOption('refund');
    await field('Subject').fill('Refund not received');
    await field('Describe the problem').fill(
      'I cancelled an order a week ago and the refund has not arrived yet.',
    );
    await page.getByRole('button', { name: 'Submit complaint' }).click();
    await page.waitForURL(/\/mygrievances\/GRV-\d{4}-\d{6}$/);
    const filed = (await page.getByTestId('ticket-no').textContent()) ?? '';
    expect(filed).not.toBe(ticketNo);
    await page.getByText(GRIEVANCE_MESSAGES.filed(filed)).waitFor();

    await field('Your reply').fill('The order number is on the cancellation email.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText(GRIEVANCE_MESSAGES.replied).waitFor();
    await page.getByText('The order number is on the cancellation email.').waitFor();
  });
});

describe('the grievance officer', () => {
  it('without scripts, an owner names a new officer and the grievance page shows them', async () => {
    await signInAsStaff(store, 'owner-grievances-e2e@staff.example.com', 'owner');
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/grievances/officer'));
    await heading('Grievance officer');
    expect(await field('Name').inputValue()).toBe(SEED_GRIEVANCE_OFFICER.name);
    await field('Email').fill('not an email');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter the officer’s email address.').waitFor();

    await field('Name').fill('Kavya Menon');
    await field('Email').fill('kavya.menon@bazaar.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(GRIEVANCE_OFFICER_MESSAGES.saved).waitFor();
    await store.screenshot('admin-grievance-officer', WIDTHS.desktop);

    await page.goto(store.url('/grievance'));
    expect(await page.getByTestId('officer-name').textContent()).toBe('Kavya Menon');
    await page.getByRole('link', { name: 'kavya.menon@bazaar.example' }).waitFor();
  });
});
