// requirements#operator-console: the console's staff working together, each in their own role. The
// owner adds a catalog staff member, who logs in with the authenticator app and approves a seller
// who joined in Seller Central and then that seller's new product; marketing edits a home block
// that the storefront shows, and puts a coupon and a lightning deal on the new product, which a
// shopper finds, applies and pays for; support finds the shopper's order, cancels the item and sees
// the refund; the shopper files a grievance that support acknowledge and resolve, with its ticket
// number shown to the shopper; the owner's audit log lists each of these changes.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, coupons, orders, products, refunds, sellers, users } from '@marketplace/db';
import { navFor } from '@marketplace/domain/admin/console';
import { MODERATION_MESSAGES } from '@marketplace/domain/admin/moderation-api';
import { PROMOTION_MESSAGES } from '@marketplace/domain/admin/promotions-api';
import { ADMIN_SELLER_MESSAGES } from '@marketplace/domain/admin/sellers-api';
import {
  type AuditAction,
  auditActionLabel,
  CLI_ACTOR,
  STAFF_MESSAGES,
} from '@marketplace/domain/admin/staff-api';
import { SUPPORT_MESSAGES } from '@marketplace/domain/admin/support-api';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { GRIEVANCE_MESSAGES } from '@marketplace/domain/grievances/grievances';
import { momentToIndianLocal } from '@marketplace/domain/marketing/promotions';
import { formatInr } from '@marketplace/domain/money/money';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { REFUND_TEXTS } from '@marketplace/domain/orders/refund-life';
import { SANDBOX_TEXTS } from '../apps/server/src/modules/payments/index.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { codeAt } from '../apps/server/src/modules/staff/index.ts';
import { submitSellerProduct } from '../apps/server/test-support/listings.ts';
import { joinFields, PDF_BYTES, PNG_BYTES } from '../apps/server/test-support/seller-join.ts';
import { STAFF_TEST_PASSWORD } from '../apps/server/test-support/staff.ts';
import { userIdOf } from './support/cart-fixtures.ts';
import { revealAll } from './support/home.ts';
import { addStaff, signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

const OWNER = 'owner-journey@staff.example.com';
const CATALOG = 'catalog-journey@staff.example.com';
const MARKETING = 'marketing-journey@staff.example.com';
const SUPPORT = 'support-journey@staff.example.com';
const GRIEVANCE_DESK = 'grievance-desk-journey@staff.example.com';
const APPLICANT = 'tungabhadra-weaves@example.com';
const SHOPPER = 'priya@example.com';

const SELLER_NAME = 'Tungabhadra Weaves';
const PRODUCT = 'Tungabhadra Handwoven Cotton Towel';
const HOME_ROW = 'Why shop with us';
const HOME_TEXT = 'Handwoven towels from Karnataka’s looms, sold by their own weavers.';
const COUPON = 'WEAVE100';
const COUPON_OFF = 10_000;
const RESOLUTION =
  'Your refund of the cancelled towel reached your card on the same day. Thank you for waiting.';

/** What each step leaves for the next: the new seller, its product, the deal, the order, the ticket. */
const journey = {
  sellerId: 0,
  productId: 0,
  couponId: 0,
  dealId: 0,
  orderNo: '',
  refundPaise: 0,
  ticketNo: '',
};

const field = (label: string) => store.page.getByLabel(label, { exact: true });
const button = (name: string) => store.page.getByRole('button', { name, exact: true });
const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();
const consoleNav = () => store.page.getByRole('navigation', { name: 'Console' });

/** The joining form's labels, by the application's field names. */
const JOIN_LABELS: Record<string, string> = {
  legalName: 'Legal name',
  displayName: 'Display name',
  gstin: 'GSTIN',
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

/** A new account fills Seller Central's joining form, ticks a category and attaches its documents. */
async function joinSellerCentral() {
  await store.db
    .insert(users)
    .values({ email: APPLICANT, passwordHash: 'x', firstName: 'Shilpa', lastName: 'Hegde' });
  await store.loginAs(APPLICANT);
  await store.openHydrated('/sellercentral/join');
  await heading('Start selling on bazaar.in');
  const values: Record<string, string | string[] | undefined> = joinFields({
    displayName: SELLER_NAME,
    contactEmail: APPLICANT,
  });
  for (const [name, label] of Object.entries(JOIN_LABELS)) {
    const value = values[name];
    if (typeof value === 'string') await field(label).fill(value);
  }
  await store.page.getByRole('group', { name: 'Categories' }).getByRole('checkbox').first().check();
  await store.page.getByLabel(/GST certificate|enrolment certificate/).setInputFiles({
    name: 'gst-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(PDF_BYTES),
  });
  await store.page
    .getByLabel('Cancelled cheque')
    .setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) });
  await button('Submit application').click();
  await heading('Your application is under review');
}

/** The logged-in staff member's first visit: the set-up page's key, and the app's code for it. */
async function enrolOnThePage() {
  await heading('Set up your authenticator app');
  await store.page.locator('.admin-qr svg').waitFor();
  const secret = (await store.page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await field('6-digit code').fill(codeAt(secret, new Date()));
  await button('Set up').click();
  await store.page.waitForURL(store.url('/admin'));
  await heading(/^Welcome, /);
}

/** Another person at the same browser: nobody is signed in. */
const signOut = () => store.page.context().clearCookies();

describe('the console’s staff, one journey', () => {
  it('the owner adds catalog staff, who log in with their code and approve a seller who joined and its new product; storefront content is not theirs', async () => {
    await joinSellerCentral();
    const [application] = await store.db
      .select({ id: sellers.id, status: sellers.status })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, APPLICANT));
    expect(application?.status).toBe('pending');
    journey.sellerId = application?.id ?? 0;

    // the owner adds the staff member from the command line and hands over the temporary password
    const password = await addStaff(store, CATALOG, 'catalog');
    expect(password).not.toBe('');
    await signOut();
    await store.openHydrated('/admin');
    await store.page.waitForURL(/\/login\?redirectTo=%2Fadmin/);
    await field('Email').fill(CATALOG);
    await field('Password').fill(password);
    await button('Sign in').click();
    // the printed password is replaced first, then the authenticator app is set up
    await store.page.waitForURL(store.url('/admin/password'));
    await field('Temporary password').fill(password);
    await field('New password').fill(STAFF_TEST_PASSWORD);
    await field('Confirm new password').fill(STAFF_TEST_PASSWORD);
    await button('Save and continue').click();
    await store.page.waitForURL(store.url('/admin/enrol'));
    await enrolOnThePage();
    expect(await consoleNav().getByRole('link').allTextContents()).toEqual(
      navFor('catalog').map((item) => item.label),
    );

    await consoleNav().getByRole('link', { name: 'Sellers' }).click();
    await store.page.waitForURL(store.url('/admin/sellers'));
    const queue = store.page.getByRole('region', { name: 'Waiting for review sellers' });
    const row = queue.getByRole('row').filter({ hasText: SELLER_NAME });
    expect(await row.textContent()).toContain(APPLICANT);
    await row.getByRole('link', { name: SELLER_NAME }).click();
    await heading(SELLER_NAME);
    await store.page.getByRole('link', { name: 'gst-certificate.pdf' }).waitFor();
    await button('Approve').click();
    await store.page.getByText(ADMIN_SELLER_MESSAGES.done.approve(SELLER_NAME)).waitFor();
    await store.page.getByText('Pending → Approved').waitFor();
    await store.screenshot('admin-journey-seller-approved', WIDTHS.desktop);

    // the approved seller adds a new product in Seller Central; shoppers do not see it yet
    const { token } = await createSession(store.db, await userIdOf(store.db, APPLICANT));
    const created = await submitSellerProduct(
      (path, init) => fetch(store.url(path), init),
      `${SESSION_COOKIE}=${token}`,
      PRODUCT,
    );
    journey.productId = created.productId;
    const productPage = store.url(`/productdetails/${encodeURIComponent(PRODUCT)}`);
    expect((await fetch(productPage)).status).toBe(404);

    await consoleNav().getByRole('link', { name: 'Moderation' }).click();
    await heading('Moderation queue');
    const waiting = store.page.getByRole('row').filter({ hasText: PRODUCT });
    expect(await waiting.textContent()).toContain(SELLER_NAME);
    expect(await waiting.textContent()).toContain('New product');
    await waiting.getByRole('link', { name: PRODUCT }).click();
    await heading(PRODUCT);
    await button('Approve').click();
    await heading('Moderation queue');
    await store.page.getByText(MODERATION_MESSAGES.approved).waitFor();
    await expect.poll(() => store.page.getByRole('row').filter({ hasText: PRODUCT }).count()).toBe(0);
    const [product] = await store.db.select().from(products).where(eq(products.id, created.productId));
    expect(product).toMatchObject({ moderationStatus: 'approved', isActive: true });
    const shown = await store.page.goto(productPage);
    expect(shown?.status()).toBe(200);
    await heading(PRODUCT);

    // the home page's blocks belong to marketing
    const refused = await store.page.goto(store.url('/admin/content/blocks'));
    expect(refused?.status()).toBe(403);
    await heading('Not allowed');
    await store.page.getByText(STAFF_MESSAGES.wrongRole).waitFor();
    expect(await consoleNav().getByRole('link', { name: 'Storefront content' }).count()).toBe(0);
  }, 120_000);

  it('marketing edit a home block the storefront then shows, and put a coupon and a lightning deal on the new product', async () => {
    await signInAsStaff(store, MARKETING, 'marketing');
    await store.openHydrated('/admin');
    await consoleNav().getByRole('link', { name: 'Storefront content' }).click();
    await heading('Storefront content');
    await store.page.getByRole('link', { name: 'Page blocks' }).click();
    await heading('Page blocks: Home page');
    await store.page
      .getByRole('region', { name: 'Rows, top to bottom' })
      .getByRole('link', { name: HOME_ROW })
      .click();
    await heading(HOME_ROW);
    const block = store.page.getByRole('form', { name: 'Block 1' });
    await block.getByLabel('Text', { exact: true }).fill(HOME_TEXT);
    await block.getByRole('button', { name: 'Publish' }).click();
    await store.page.getByText('The block was published.').waitFor();

    // the storefront's home page shows it at once
    await store.openHydrated('/');
    await revealAll(store.page);
    await store.page.getByText(HOME_TEXT).waitFor();

    // a coupon and a lightning deal on the new product
    expect(journey.productId).toBeGreaterThan(0);
    const { productId, sellerId } = journey;
    await store.openHydrated('/admin');
    await consoleNav().getByRole('link', { name: 'Promotions' }).click();
    await heading('Coupons');
    await store.page.getByRole('link', { name: 'Create a coupon' }).click();
    await heading('Create a coupon');
    await field('Code').fill(COUPON);
    // requirements#console-pickers: the product chosen by its name, the seller by its id, from the lists
    await field('Product').fill(PRODUCT);
    await store.page.getByRole('option', { name: PRODUCT }).click();
    await field('Seller').fill(String(sellerId));
    await store.page.getByRole('option').first().waitFor();
    await field('Seller').press('Enter');
    await field('Discount (₹ or %)').fill(String(COUPON_OFF / 100));
    await button('Create coupon').click();
    await store.page.waitForURL(/\/admin\/promotions\?saved=1/);
    await store.page.getByText(PROMOTION_MESSAGES.couponSaved).waitFor();
    const coupon = store.page.getByRole('row').filter({ hasText: COUPON });
    await expect.poll(() => coupon.textContent()).toContain('Active');
    expect(await coupon.textContent()).toContain(`${formatInr(COUPON_OFF)} off`);
    const [saved] = await store.db.select().from(coupons).where(eq(coupons.name, COUPON));
    expect(saved).toMatchObject({
      productId,
      sellerId,
      offerType: 'cash',
      value: COUPON_OFF,
      isActive: true,
    });
    journey.couponId = saved?.id ?? 0;

    await store.page
      .getByRole('navigation', { name: 'Promotions' })
      .getByRole('link', { name: 'Deals and offers' })
      .click();
    await heading('Deals and offers');
    await store.page.getByRole('link', { name: 'Create a deal' }).click();
    await heading('Create a deal');
    await field('Product').fill(String(productId));
    await field('Seller').fill(String(sellerId));
    await field('Shown on').selectOption('deals');
    await field('Discount (%)').fill('99');
    const now = Date.now();
    await field('Starts (Indian time)').fill(momentToIndianLocal(new Date(now - 3_600_000)));
    await field('Ends (Indian time)').fill(momentToIndianLocal(new Date(now + 86_400_000)));
    await button('Create deal').click();
    await store.page.waitForURL(/\/admin\/promotions\/deals\?saved=1/);
    await store.page.getByText(PROMOTION_MESSAGES.dealSaved).waitFor();
    const dealId = Number(new URL(store.page.url()).searchParams.get('q'));
    expect(dealId).toBeGreaterThan(0);
    journey.dealId = dealId;
    await expect
      .poll(() =>
        store.page
          .getByRole('row')
          .filter({ hasText: `Deal ${dealId}` })
          .textContent(),
      )
      .toContain('Live');
  }, 90_000);

  it('the shopper opens the lightning deal, applies the coupon and pays less', async () => {
    expect(journey.dealId).toBeGreaterThan(0);
    await store.db.delete(cartItems).where(eq(cartItems.userId, await userIdOf(store.db, SHOPPER)));
    await store.loginAs(SHOPPER);
    await store.openHydrated('/todaydeals');
    const card = store.page.locator(`[data-deal-id="${journey.dealId}"]`);
    expect(await card.textContent()).toContain(PRODUCT);
    await card.locator('a.card-link').click();
    await store.page.waitForURL(/\/productdetails\//);
    await heading(PRODUCT);
    await store.page.getByRole('button', { name: CART_MESSAGES.getDiscount }).click();
    await store.page.getByRole('button', { name: CART_MESSAGES.couponApplied }).waitFor();
    await store.page
      .getByRole('complementary', { name: 'Buy this product' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await store.page.getByText('Product added to cart!').waitFor();

    await store.openHydrated('/checkout');
    await button(CHECKOUT_MESSAGES.proceed).click();
    await store.page.waitForURL(/\/deliveryreview\?address=[0-9]+$/);
    await expect.poll(() => button(CHECKOUT_MESSAGES.proceed).isEnabled()).toBe(true);
    await button(CHECKOUT_MESSAGES.proceed).click();
    await store.page.waitForURL(/\/deliveryfinalreview\?address=[0-9]+$/);
    const saving = store.page.locator('.is-saving').filter({ hasText: 'Coupon discount' });
    await expect.poll(() => saving.textContent()).toContain(`−${formatInr(COUPON_OFF)}`);
    await expect.poll(() => button(CHECKOUT_MESSAGES.payNow).isEnabled()).toBe(true);
    await button(CHECKOUT_MESSAGES.payNow).click();
    await store.page.waitForURL(/\/paymentgateway\?order=/);
    await button('Proceed to Pay').click();
    await button(SANDBOX_TEXTS.succeed).click();
    await store.page.waitForURL(/\/thankyou\?order=/);
    await store.page.getByText(ORDER_MESSAGES.onlinePlaced).waitFor();
    journey.orderNo = (await store.page.getByTestId('order-no').textContent()) ?? '';
    const [order] = await store.db.select().from(orders).where(eq(orders.orderNo, journey.orderNo));
    expect(order).toMatchObject({
      paymentMode: 'prepaid',
      paymentStatus: 'paid',
      couponDiscountPaise: COUPON_OFF,
    });
    journey.refundPaise = order?.totalPaise ?? 0;
  }, 120_000);

  it('support find the shopper’s order, cancel the item and see the refund', async () => {
    expect(journey.orderNo).not.toBe('');
    const { orderNo } = journey;
    await signInAsStaff(store, SUPPORT, 'support');
    await store.openHydrated('/admin');
    await consoleNav().getByRole('link', { name: 'Orders', exact: true }).click();
    await heading('Orders');
    await field('Order number, shopper’s email or mobile, or seller').fill(SHOPPER);
    await button('Find orders').click();
    await store.page.waitForURL(/\/admin\/orders\?q=priya/);
    const found = store.page
      .getByRole('region', { name: 'All orders, newest first' })
      .getByRole('row')
      .filter({ hasText: orderNo });
    await found.getByRole('link', { name: orderNo }).click();
    await store.page.waitForURL(store.url(`/admin/orders/${orderNo}`));
    await heading(`Order ${orderNo}`);

    const item = store.page
      .getByRole('region', { name: 'Items' })
      .getByRole('row')
      .filter({ hasText: PRODUCT });
    await item.getByText('Cancel for the shopper').click();
    const form = store.page.getByRole('form', { name: `Cancel ${PRODUCT} for the shopper` });
    await form.getByLabel('Shopper’s reason').selectOption({ label: 'Ordered by mistake' });
    await form
      .getByLabel('Note (the shopper sees it with the cancellation)')
      .fill('Priya called the helpline.');
    await form.getByRole('button', { name: 'Cancel item' }).click();
    await store.page
      .getByText(
        `${SUPPORT_MESSAGES.cancelled(1)} ${SUPPORT_MESSAGES.refundStarted(formatInr(journey.refundPaise))}`,
      )
      .waitFor();
    await expect.poll(() => item.textContent()).toContain('Cancelled');
    const refundsTable = store.page.getByRole('region', { name: 'Refunds' });
    await refundsTable.getByText('Processed').waitFor();
    expect(await refundsTable.textContent()).toContain(REFUND_TEXTS.toOriginalPayment);
    expect(await refundsTable.textContent()).toContain(formatInr(journey.refundPaise));
    await store.screenshot('admin-journey-order-cancelled', WIDTHS.desktop);
    const [refund] = await store.db
      .select({ amountPaise: refunds.amountPaise, status: refunds.status })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(orders.orderNo, orderNo));
    expect(refund).toEqual({ amountPaise: journey.refundPaise, status: 'processed' });
  }, 90_000);

  it('the shopper files a grievance about the order and gets its ticket number', async () => {
    expect(journey.orderNo).not.toBe('');
    await store.loginAs(SHOPPER);
    await store.openHydrated('/myorder');
    const card = store.page.getByTestId('order-card').filter({ hasText: journey.orderNo });
    await card.getByRole('link', { name: 'Raise a grievance' }).click();
    await store.page.waitForURL(/\/grievance\?order=/);
    await heading('Grievance Redressal');
    expect(await field('Order (optional)').inputValue()).toBe(journey.orderNo);
    await field('What is it about?').selectOption('refund');
    await field('Subject').fill('Refund for the cancelled towel');
    await field('Describe the problem').fill(
      'Support cancelled my towel on my request. Please confirm when the refund reaches my card.',
    );
    await button('Submit complaint').click();
    await store.page.waitForURL(/\/mygrievances\/GRV-\d{4}-\d{6}$/);
    journey.ticketNo = (await store.page.getByTestId('ticket-no').textContent()) ?? '';
    expect(journey.ticketNo).toMatch(/^GRV-\d{4}-\d{6}$/);
    await store.page.getByText(GRIEVANCE_MESSAGES.filed(journey.ticketNo)).waitFor();
    expect(await store.page.getByTestId('grievance-status').textContent()).toBe('Open');
  });

  it('support acknowledge and resolve it, and the shopper reads the resolution under its ticket number', async () => {
    expect(journey.ticketNo).not.toBe('');
    const { ticketNo } = journey;
    await signInAsStaff(store, GRIEVANCE_DESK, 'support');
    await store.openHydrated('/admin');
    await consoleNav().getByRole('link', { name: 'Grievances' }).click();
    await store.page.waitForURL(store.url('/admin/grievances'));
    await heading('Grievances');
    const row = store.page.getByTestId('grievance-row').filter({ hasText: ticketNo });
    await row.getByRole('link', { name: ticketNo }).click();
    await store.page.waitForURL(store.url(`/admin/grievances/${ticketNo}`));
    expect(await store.page.getByTestId('ticket-no').textContent()).toBe(ticketNo);
    await button('Acknowledge').click();
    await store.page.getByText(GRIEVANCE_MESSAGES.acknowledgedDone).waitFor();
    await expect.poll(() => store.page.getByTestId('grievance-status').textContent()).toBe('Acknowledged');
    await field('Resolution').fill(RESOLUTION);
    await button('Resolve').click();
    await store.page.getByText(GRIEVANCE_MESSAGES.resolvedDone).waitFor();
    await expect.poll(() => store.page.getByTestId('grievance-status').textContent()).toBe('Resolved');

    await signOut();
    await store.loginAs(SHOPPER);
    await store.page.goto(store.url('/mygrievances'));
    await heading('My grievances');
    await store.page.getByRole('link', { name: ticketNo }).click();
    await store.page.waitForURL(store.url(`/mygrievances/${ticketNo}`));
    expect(await store.page.getByTestId('ticket-no').textContent()).toBe(ticketNo);
    expect(await store.page.getByTestId('grievance-status').textContent()).toBe('Resolved');
    expect(await store.page.getByTestId('resolution').textContent()).toBe(RESOLUTION);
    await store.screenshot('admin-journey-grievance-resolved', WIDTHS.desktop);
  }, 90_000);

  it('the owner’s audit log lists each of these changes, with who made it', async () => {
    await signInAsStaff(store, OWNER, 'owner');
    await store.openHydrated('/admin');
    await consoleNav().getByRole('link', { name: 'Audit log' }).click();
    await store.page.waitForURL(store.url('/admin/audit'));
    await heading('Audit log');
    const table = store.page.getByRole('region', { name: 'Entries, newest first' });
    // each change: its action, who made it, and what it changed, field by field
    const expected: [AuditAction, string, string, string | RegExp][] = [
      ['staff.add', CLI_ACTOR, `staff ${CATALOG}`, /Role—catalog/],
      ['staff.enrol', CATALOG, `staff ${CATALOG}`, /EnrolledNoYes/],
      ['seller.approve', CATALOG, `seller ${journey.sellerId}`, /Status.*approved/],
      ['product.approve', CATALOG, `product ${journey.productId}`, /Moderation statuspendingapproved/],
      ['content.block', MARKETING, 'content-column', HOME_TEXT],
      ['coupon.create', MARKETING, `coupon ${journey.couponId}`, `Code—${COUPON}`],
      ['deal.create', MARKETING, `deal ${journey.dealId}`, `Product id—${journey.productId}`],
      ['order.cancel', SUPPORT, `order ${journey.orderNo}`, `Refund—${formatInr(journey.refundPaise)}`],
      ['grievance.acknowledge', GRIEVANCE_DESK, `grievance ${journey.ticketNo}`, /Status.*acknowledged/],
      ['grievance.resolve', GRIEVANCE_DESK, `grievance ${journey.ticketNo}`, RESOLUTION],
    ];
    for (const [action, actor, target, after] of expected) {
      const rows = table
        .getByRole('row')
        .filter({ hasText: auditActionLabel(action) })
        .filter({ has: store.page.getByRole('cell', { name: actor, exact: true }) })
        .filter({ has: store.page.getByRole('cell', { name: target }) })
        .filter({ hasText: after });
      await expect.poll(() => rows.count(), { message: `${action} by ${actor}` }).toBe(1);
    }
    await store.screenshot('admin-journey-audit', WIDTHS.desktop);

    // one staff member's entries: the catalog staff's set-up (password, app) and their two approvals
    await field('Staff member (email or cli)').fill(CATALOG);
    await button('Search').click();
    await store.page.waitForURL(/actor=catalog-journey/);
    const entries = table.locator('tr:has(> td[data-label="When"])');
    await expect.poll(() => entries.count()).toBe(4);
    expect(await entries.nth(0).textContent()).toContain(auditActionLabel('product.approve'));
    // their changes only: the two approvals, without the security events of their set-up
    await field('Kind').selectOption('changes');
    await button('Search').click();
    await store.page.waitForURL(/kind=changes/);
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(1).textContent()).toContain(auditActionLabel('seller.approve'));
  }, 90_000);
});
