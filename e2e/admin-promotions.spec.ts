// requirements#operator-promotions: marketing staff create a coupon and a lightning deal in the
// console; a shopper then finds the deal on Today's Deals, applies the coupon on the product page and
// pays less at checkout. The coupon form also works without scripts.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brandCampaigns, cartItems, coupons, deals } from '@marketplace/db';
import { PROMOTION_MESSAGES } from '@marketplace/domain/admin/promotions-api';
import { momentToIndianLocal } from '@marketplace/domain/marketing/promotions';
import { formatInr } from '@marketplace/domain/money/money';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { couponsOf, defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { userIdOf } from './support/cart-fixtures.ts';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';

const field = (label: string) => store.page.getByLabel(label, { exact: true });
const button = (name: string) => store.page.getByRole('button', { name, exact: true });
const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();

/** Offers the shopper can have delivered, of products with no coupon yet. */
async function offersWithoutCoupon(count: number) {
  const address = await defaultAddress(store.db, SHOPPER);
  const found = [];
  for (const candidate of await deliverableOffers(store.db, address.pincode)) {
    if (candidate.offer.salePricePaise < 50_000) continue;
    if ((await couponsOf(store.db, candidate.offer.productId)).length > 0) continue;
    found.push(candidate);
    if (found.length === count) return found;
  }
  throw new Error('deliverable offers without a coupon');
}

describe('promotions in the console', () => {
  it('marketing creates a coupon and a lightning deal; a shopper sees the deal and pays less with the coupon', async () => {
    const [target] = await offersWithoutCoupon(1);
    if (!target) throw new Error('an offer');
    const { productId, sellerId } = target.offer;
    await signInAsStaff(store, 'meera-e2e@staff.example.com', 'marketing');

    // the coupon
    await store.openHydrated('/admin/promotions');
    await heading('Coupons');
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Overview', 'Promotions']),
    );
    expect(await nav.getByRole('link').allTextContents()).not.toContain('Sellers');
    await store.screenshot('admin-promotions-coupons', WIDTHS.desktop);
    await store.page.getByRole('link', { name: 'Create a coupon' }).click();
    await heading('Create a coupon');
    await field('Code').fill('shop-100');
    // requirements#console-pickers: the product chosen by name, the seller by its id, from the lists
    await field('Product').fill(target.name.slice(0, 40));
    await store.page.getByRole('option', { name: target.name }).click();
    expect(await field('Product').inputValue()).toBe(target.name);
    await field('Seller').fill(String(sellerId));
    await store.page.getByRole('option').first().waitFor();
    await field('Seller').press('Enter');
    await field('Discount (₹ or %)').fill('100');
    await button('Create coupon').click();
    await store.page.getByText(PROMOTION_MESSAGES.code).waitFor();
    await store.screenshot('admin-promotions-coupon-form', WIDTHS.desktop);
    await field('Code').fill('shop100');
    await button('Create coupon').click();
    await store.page.waitForURL(/\/admin\/promotions\?saved=1/);
    const row = store.page.getByRole('row').filter({ hasText: 'SHOP100' });
    await expect.poll(() => row.textContent()).toContain('Active');
    expect(await row.textContent()).toContain('₹100.00 off');
    const [coupon] = await store.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.productId, productId), eq(coupons.name, 'SHOP100')));
    expect(coupon).toMatchObject({ offerType: 'cash', value: 10_000, sellerId, isActive: true });

    // the lightning deal, typed in Indian time
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
    await field('Ends (Indian time)').fill(momentToIndianLocal(new Date(now - 7_200_000)));
    await button('Create deal').click();
    await store.page.getByText(PROMOTION_MESSAGES.dealOrder).waitFor();
    await field('Ends (Indian time)').fill(momentToIndianLocal(new Date(now + 86_400_000)));
    await button('Create deal').click();
    await store.page.waitForURL(/\/admin\/promotions\/deals\?saved=1/);
    const [deal] = await store.db
      .select()
      .from(deals)
      .where(and(eq(deals.productId, productId), eq(deals.discountPercent, 99)));
    if (!deal) throw new Error('the deal was saved');
    // stored in UTC: the minute typed in India
    expect(momentToIndianLocal(deal.startsAt)).toBe(momentToIndianLocal(new Date(now - 3_600_000)));
    await expect
      .poll(() =>
        store.page
          .getByRole('row')
          .filter({ hasText: `Deal ${deal.id}` })
          .textContent(),
      )
      .toContain('Live');
    await store.screenshot('admin-promotions-deals', WIDTHS.desktop);

    // the shopper: the deal on Today's Deals, the coupon on the product page, a lower total at checkout
    const priya = await userIdOf(store.db, SHOPPER);
    await store.db.delete(cartItems).where(eq(cartItems.userId, priya));
    await store.loginAs(SHOPPER);
    await store.openHydrated('/todaydeals');
    const card = store.page.locator(`[data-deal-id="${deal.id}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain(target.name);
    await store.screenshot('admin-promotions-shopper-deals', WIDTHS.mobile);

    await store.page.evaluate(() => {
      localStorage.removeItem('cartItems');
      localStorage.removeItem('Discountdata');
    });
    await store.openHydrated(`/productdetails/${encodeURIComponent(target.name)}?seller=${sellerId}`);
    const buyBox = store.page.getByRole('complementary', { name: 'Buy this product' });
    await store.page.getByRole('button', { name: 'Get Discount' }).click();
    await store.page.getByRole('button', { name: 'Coupon Applied' }).waitFor();
    await buyBox.getByRole('button', { name: 'Add to Cart' }).click();
    await store.page.getByText('Product added to cart!').waitFor();

    await store.openHydrated('/checkout');
    await button(CHECKOUT_MESSAGES.proceed).click();
    await store.page.waitForURL(/\/deliveryreview\?address=[0-9]+$/);
    await expect.poll(() => button(CHECKOUT_MESSAGES.proceed).isEnabled()).toBe(true);
    await button(CHECKOUT_MESSAGES.proceed).click();
    await store.page.waitForURL(/\/deliveryfinalreview\?address=[0-9]+$/);
    const saving = store.page.locator('.is-saving').filter({ hasText: 'Coupon discount' });
    await expect.poll(() => saving.textContent()).toContain(`−${formatInr(10_000)}`);
    const total = await store.page.getByTestId('summary-total').textContent();
    const delivery = await store.page.getByTestId('summary-delivery').textContent();
    const deliveryPaise =
      delivery === 'FREE' ? 0 : Math.round(Number((delivery ?? '').replace(/[^0-9.]/g, '')) * 100);
    expect(total).toBe(formatInr(target.offer.salePricePaise - 10_000 + deliveryPaise - 5_000));
    await store.screenshot('admin-promotions-shopper-checkout', WIDTHS.mobile);
  }, 180_000);

  it('without scripts, marketing creates a coupon, sees a wrong value named, and pauses it', async () => {
    const [, target] = await offersWithoutCoupon(2);
    if (!target) throw new Error('an offer');
    await signInAsStaff(store, 'kiran-e2e@staff.example.com', 'marketing');
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/promotions/coupons/new'));
    await heading('Create a coupon');
    await field('Code').fill('NOSCRIPT15');
    // before scripts the picker takes the product's id (or its name) as typed
    await field('Product').fill(String(target.offer.productId));
    await page.getByLabel('Percentage of the price').check();
    await field('Discount (₹ or %)').fill('150');
    await page.getByLabel('Sat').check();
    await field('Uses a day').fill('-2');
    await button('Create coupon').click();
    await page.getByText(PROMOTION_MESSAGES.percentage).waitFor();
    await page.getByText(PROMOTION_MESSAGES.limit).waitFor();
    // what was typed stays
    expect(await field('Code').inputValue()).toBe('NOSCRIPT15');
    expect(await page.getByLabel('Sat').isChecked()).toBe(true);
    await store.screenshot('admin-promotions-coupon-errors', WIDTHS.desktop);

    await field('Discount (₹ or %)').fill('15');
    await field('Uses a day').fill('5');
    await button('Create coupon').click();
    await page.waitForURL(/\/admin\/promotions\?saved=1/);
    const row = page.getByRole('row').filter({ hasText: 'NOSCRIPT15' });
    expect(await row.textContent()).toContain('15% off');
    expect(await row.textContent()).toContain('Sat');
    await page.getByRole('button', { name: 'Pause NOSCRIPT15' }).click();
    await page.getByText(`NOSCRIPT15: ${PROMOTION_MESSAGES.couponPaused}`).waitFor();
    const [saved] = await store.db.select().from(coupons).where(eq(coupons.name, 'NOSCRIPT15'));
    expect(saved).toMatchObject({
      offerType: 'percentage',
      value: 15,
      perDayLimit: 5,
      isActive: false,
      selectedDays: [6],
    });
  }, 120_000);

  it('the owner sets PromoJun and reviews a campaign without scripts', async () => {
    await signInAsStaff(store, 'owner-promotions-e2e@staff.example.com', 'owner');
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/promotions/promo'));
    await heading('PromoJun platform promo');
    expect(await field('Amount off each order (₹)').inputValue()).toBe('50');
    await field('Amount off each order (₹)').fill('75');
    await button('Save promo').click();
    await page.getByText(PROMOTION_MESSAGES.promoSaved).waitFor();
    await store.screenshot('admin-promotions-promo', WIDTHS.desktop);
    // back to the standing (requirements#platform-promo) amount for the other tests of this run
    await field('Amount off each order (₹)').fill('50');
    await button('Save promo').click();
    await page.getByText(PROMOTION_MESSAGES.promoSaved).waitFor();

    // the queue: sellers' campaigns waiting, oldest first; one approved, one refused with a reason
    const waiting = await store.db
      .select({ id: brandCampaigns.id, name: brandCampaigns.name })
      .from(brandCampaigns)
      .where(eq(brandCampaigns.reviewStatus, 'pending'))
      .orderBy(asc(brandCampaigns.createdAt), asc(brandCampaigns.id));
    const [first, second] = waiting;
    if (!first || !second) throw new Error('the seed has campaigns waiting for review');
    await page.goto(store.url('/admin/promotions/campaigns'));
    await heading('Brand campaigns');
    await store.screenshot('admin-promotions-campaigns', WIDTHS.desktop);
    await page.getByRole('button', { name: `Approve ${first.name}` }).click();
    await page.getByText(`${first.name}: ${PROMOTION_MESSAGES.campaignApproved}`).waitFor();
    const refuse = page.getByRole('form', { name: `Refuse ${second.name}` });
    await refuse.getByRole('button', { name: 'Refuse' }).click();
    await page.getByText(PROMOTION_MESSAGES.reason).waitFor();
    await page
      .getByRole('form', { name: `Refuse ${second.name}` })
      .getByLabel('Reason to refuse')
      .fill('The banner names a brand you do not sell.');
    await page
      .getByRole('form', { name: `Refuse ${second.name}` })
      .getByRole('button', { name: 'Refuse' })
      .click();
    await page.getByText(`${second.name}: ${PROMOTION_MESSAGES.campaignRefused}`).waitFor();
    const reviewed = await store.db
      .select({
        id: brandCampaigns.id,
        status: brandCampaigns.reviewStatus,
        reason: brandCampaigns.reviewReason,
      })
      .from(brandCampaigns)
      .where(inArray(brandCampaigns.id, [first.id, second.id]))
      .orderBy(asc(brandCampaigns.createdAt), asc(brandCampaigns.id));
    expect(reviewed).toEqual([
      { id: first.id, status: 'approved', reason: null },
      { id: second.id, status: 'refused', reason: 'The banner names a brand you do not sell.' },
    ]);
  }, 120_000);
});
