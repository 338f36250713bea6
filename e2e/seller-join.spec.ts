// requirements#seller-onboarding: a new account joins Seller Central with its documents, waits as
// pending, is approved by the operator's command, and reaches the dashboard; the form also works
// without scripts; a rejected seller corrects and sends again. Screenshots at 360 and 1366 px.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sellers, users } from '@marketplace/db';
import { SHIPPING_METHOD_LABELS } from '@marketplace/domain/delivery/shipping-zones-api';
import { SELLER_JOIN_MESSAGES as M } from '@marketplace/domain/sellers/seller-join';
import { DOCUMENT_PREFIX_MESSAGES } from '@marketplace/domain/tax/document-series';
import { runSellersCommand } from '../apps/server/src/cli/sellers-command.ts';
import { joinFields, PDF_BYTES, PNG_BYTES } from '../apps/server/test-support/seller-join.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

const LABELS: Record<string, string> = {
  legalName: 'Legal name',
  displayName: 'Display name',
  gstin: 'GSTIN',
  enrolmentNo: 'GST enrolment number',
  pan: 'PAN',
  pickupAddress: 'Pickup address',
  pickupPincode: 'Pickup pincode',
  returnAddress: 'Return address',
  returnPincode: 'Return pincode',
  contactName: 'Contact name',
  contactEmail: 'Email',
  contactMobile: 'Mobile number',
  bankAccountName: 'Account holder’s name',
  bankAccountNumber: 'Account number',
  bankIfsc: 'IFSC',
};

let accounts = 0;
/** A freshly registered shopper account, logged in in the page's browser. */
async function newAccount() {
  accounts += 1;
  const email = `new-seller-${accounts}@example.com`;
  await store.db
    .insert(users)
    .values({ email, passwordHash: 'x', firstName: 'Asha', lastName: `Seller ${accounts}` });
  await store.loginAs(email);
  return email;
}

async function fillJoinForm(values: Record<string, string | undefined>) {
  const page = store.page;
  for (const [name, label] of Object.entries(LABELS)) {
    const value = values[name];
    if (value === undefined) continue;
    const control = page.getByLabel(label, { exact: true });
    if (await control.count()) await control.fill(value);
  }
  await page.getByRole('checkbox').first().check();
}

async function attachDocuments() {
  await store.page
    .getByLabel(/GST certificate|enrolment certificate/)
    .setInputFiles({ name: 'gst.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF_BYTES) });
  await store.page
    .getByLabel('Cancelled cheque')
    .setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) });
}

const decide = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await runSellersCommand(store.db, argv, {
    log: (l) => lines.push(l),
    error: (l) => lines.push(l),
  });
  expect(code, lines.join('\n')).toBe(0);
};

async function shoot(name: string) {
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await store.page.setViewportSize({ width, height: 900 });
    await expectFitsWidth(store.page);
    await store.screenshot(name, width);
  }
}

describe('joining Seller Central', () => {
  it('sends a visitor to log in and back', async () => {
    await store.page.goto(store.url('/sellercentral/join'));
    await store.page.waitForURL(/\/login\?redirectTo=%2Fsellercentral%2Fjoin$/);
  });

  it('takes a new account from the form to pending, approval and the dashboard', async () => {
    const email = await newAccount();
    await store.openHydrated('/sellercentral');
    await store.page.waitForURL(/\/sellercentral\/join$/);
    await store.page.getByRole('heading', { level: 1, name: 'Start selling on bazaar.in' }).waitFor();
    await shoot('sellercentral-join-empty');

    // wrong values come back with their messages, typed values kept
    await fillJoinForm(
      joinFields({
        displayName: 'Asha Handlooms',
        gstin: '29AAPFU0939F1ZA',
        pickupPincode: '999999',
        bankIfsc: 'SBIN1234567',
      }),
    );
    await attachDocuments();
    await store.page.getByRole('button', { name: 'Submit application' }).click();
    await store.page.getByText(M.gstinCheck).waitFor();
    expect(await store.page.getByText(M.unknownPincode).isVisible()).toBe(true);
    expect(await store.page.getByText(M.bankIfsc).isVisible()).toBe(true);
    expect(await store.page.getByLabel('Display name', { exact: true }).inputValue()).toBe('Asha Handlooms');
    await shoot('sellercentral-join-errors');

    await fillJoinForm(joinFields({ displayName: 'Asha Handlooms' }));
    await attachDocuments();
    await store.page.getByRole('button', { name: 'Submit application' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Your application is under review' }).waitFor();
    expect(await store.page.getByRole('link', { name: 'gst.pdf' }).isVisible()).toBe(true);
    expect(await store.page.getByText('•••• 9012').isVisible()).toBe(true);
    await shoot('sellercentral-join-pending');
    // the seller sections stay closed until approved
    await store.page.goto(store.url('/sellercentral/account'));
    await store.page.waitForURL(/\/sellercentral\/join$/);

    await decide(
      'reject',
      email,
      '--reason',
      'The cancelled cheque is not readable. Please upload a clearer scan.',
    );
    await store.openHydrated('/sellercentral/join');
    await store.page.getByRole('heading', { level: 1, name: 'Correct your application' }).waitFor();
    expect(
      await store.page.getByText('The cancelled cheque is not readable.', { exact: false }).isVisible(),
    ).toBe(true);
    expect(await store.page.getByLabel('Legal name', { exact: true }).inputValue()).toBe(
      joinFields().legalName,
    );
    await shoot('sellercentral-join-rejected');
    await store.page.getByLabel('Account number', { exact: true }).fill('123456789012');
    await store.page
      .getByLabel('Cancelled cheque')
      .setInputFiles({ name: 'cheque-clear.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) });
    await store.page.getByRole('button', { name: 'Send corrected application' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Your application is under review' }).waitFor();
    expect(await store.page.getByRole('link', { name: 'cheque-clear.png' }).isVisible()).toBe(true);

    await decide('approve', email);
    await store.page.goto(store.url('/sellercentral/join'));
    await store.page.waitForURL((url) => url.pathname === '/sellercentral');
    expect(await store.page.getByRole('navigation', { name: 'Seller Central' }).isVisible()).toBe(true);

    await store.openHydrated('/sellercentral/account');
    await store.page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    expect(await store.page.getByText('cannot be changed here once you are approved').isVisible()).toBe(true);
    await shoot('sellercentral-account');
    await store.page.getByLabel('Contact name', { exact: true }).fill('Asha Devi');
    await store.page.getByRole('button', { name: 'Save business details' }).click();
    await store.page.getByText('Your business details have been saved.').waitFor();
    const [user] = await store.db.select({ role: users.role }).from(users).where(eq(users.email, email));
    expect(user?.role).toBe('seller');
  });

  // requirements#document-series: the seller's own invoice number prefix, chosen with the plain form
  it('chooses an invoice number prefix without scripts: a bad one is shown beside the field, a good one kept in capitals', async () => {
    await newAccount();
    await store.restartPage({ javaScript: false });
    await store.page.goto(store.url('/sellercentral/join'));
    await store.page.getByRole('heading', { level: 1, name: 'Start selling on bazaar.in' }).waitFor();
    await fillJoinForm(joinFields({ displayName: 'Prefix Plain Traders' }));
    const prefix = store.page.getByLabel('Invoice number prefix', { exact: true });
    await prefix.fill('0 b');
    await attachDocuments();
    await store.page.getByRole('button', { name: 'Submit application' }).click();
    await store.page.getByText(DOCUMENT_PREFIX_MESSAGES.characters).waitFor();
    expect(await store.page.getByLabel('Invoice number prefix', { exact: true }).inputValue()).toBe('0 b');
    await shoot('seller-join-prefix-error');
    await store.page.getByLabel('Invoice number prefix', { exact: true }).fill('pz/7');
    await store.page.getByLabel('Account number', { exact: true }).fill('123456789012');
    await attachDocuments();
    await store.page.getByRole('button', { name: 'Submit application' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Your application is under review' }).waitFor();
    await store.page.getByText('PZ/7', { exact: true }).waitFor();
  });

  it('works without scripts: the form posts its documents and shows the pending page', async () => {
    const email = await newAccount();
    await store.restartPage({ javaScript: false });
    await store.page.goto(store.url('/sellercentral/join'));
    await store.page.getByRole('heading', { level: 1, name: 'Start selling on bazaar.in' }).waitFor();
    // both identities show without scripts; the chosen one is read
    await store.page.getByLabel('No, I have a GST enrolment number').check();
    await fillJoinForm(
      joinFields({
        displayName: 'Plain Form Crafts',
        gstin: undefined,
        enrolmentNo: '29AAPFU0939F1AB',
        contactMobile: '98450',
      }),
    );
    // requirements#courier-opt-in: Bazaar courier is offered first; this shop ships itself
    expect(await store.page.getByLabel(SHIPPING_METHOD_LABELS.courier).isChecked()).toBe(true);
    await store.page.getByLabel(SHIPPING_METHOD_LABELS.self).check();
    await attachDocuments();
    await store.page.getByRole('button', { name: 'Submit application' }).click();
    await store.page.getByText(M.contactMobile).waitFor();
    expect(await store.page.getByLabel('GST enrolment number', { exact: true }).inputValue()).toBe(
      '29AAPFU0939F1AB',
    );
    await store.page.getByLabel('Mobile number', { exact: true }).fill('9845012345');
    await store.page.getByLabel('Account number', { exact: true }).fill('123456789012');
    await attachDocuments();
    await store.page.getByRole('button', { name: 'Submit application' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Your application is under review' }).waitFor();
    expect(await store.page.getByText('sells within this state only', { exact: false }).isVisible()).toBe(
      true,
    );
    const [row] = await store.db
      .select({ shipsWithCourier: sellers.shipsWithCourier })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, email));
    expect(row?.shipsWithCourier).toBe(false);
  });
});
