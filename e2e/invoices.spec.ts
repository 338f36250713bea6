// requirements#gst-invoices in a browser: a business buying for its trade gives its GSTIN at
// checkout, with and without scripts; its seller ships the order in Seller Central, which issues
// the tax invoice naming the business; the shopper downloads it from the order pages, the seller
// from the order's page, and no other shopper can.
import { readFile } from 'node:fs/promises';
import { count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orders, sellers, taxDocuments, users } from '@marketplace/db';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { gstinCheckCharacter, gstStateCodeOf } from '@marketplace/domain/sellers/tax-identity';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { pdfText } from '../apps/server/test-support/pdf.ts';
import { storedLine, userIdOf } from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const OTHER_SHOPPER = 'rahul@example.com';
const INVOICE_NO = /^[A-Z1-9][A-Z0-9/-]{0,4}-I\d{2}\/\d{6}$/;

const button = (name: string) => store.page.getByRole('button', { name, exact: true });
const field = (label: string) => store.page.getByLabel(label, { exact: true });

/** A GSTIN registered in the state of the shopper's address, with its right check character. */
async function shopperGstin() {
  const address = await defaultAddress(store.db, SHOPPER);
  const first14 = `${gstStateCodeOf(address.state) ?? '29'}AAPFU0939F1Z`;
  return first14 + gstinCheckCharacter(first14);
}
/** The GSTIN as a person copies it off a letterhead: lower case, in groups of five. */
const asTyped = (gstin: string) => gstin.toLowerCase().replace(/(.{5})(?=.)/g, '$1 ');

let used = 0;
/** A fresh offer that reaches the shopper with COD, of a seller registered for GST (it issues tax invoices). */
async function freshOffer() {
  const address = await defaultAddress(store.db, SHOPPER);
  const registered = await store.db.select({ id: sellers.id }).from(sellers).where(isNotNull(sellers.gstin));
  const found = (await deliverableOffers(store.db, address.pincode)).filter(
    (c) => c.offer.salePricePaise < 500_000 && registered.some((s) => s.id === c.offer.sellerId),
  )[used++];
  if (!found) throw new Error('a deliverable offer of a seller registered for GST');
  return found;
}
type Offer = Awaited<ReturnType<typeof freshOffer>>;

const ordersOf = async (userId: number) =>
  (await store.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]?.n ?? 0;
async function latestOrderOf(userId: number) {
  const [order] = await store.db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.id))
    .limit(1);
  if (!order) throw new Error('the shopper has an order');
  return order;
}

/** Opens "Buying for your business?" in the payment form and fills it in. */
async function giveBusiness(gstin: string, name: string) {
  await store.page.getByText('Buying for your business? Add your GSTIN for a GST invoice').click();
  await field('GSTIN').fill(gstin);
  await field('Business name (as registered for GST)').fill(name);
}

/** The shopper's saved cart holds the offer alone, and the final review shows it (no scripts needed). */
async function finalReviewWithoutScripts(offer: Offer) {
  const saved = await store.page.request.put(store.url('/api/cart'), {
    data: { lines: [{ productId: offer.offer.productId, sellerId: offer.offer.sellerId, quantity: 1 }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await store.page.goto(store.url('/deliveryfinalreview'));
  await store.page.getByRole('heading', { name: CHECKOUT_MESSAGES.finalTitle }).waitFor();
  expect(await button(CHECKOUT_MESSAGES.payCod).isEnabled()).toBe(true);
}

/** Follows a download link as the browser does; the file's name and bytes. */
async function download(link: Locator) {
  const [file] = await Promise.all([store.page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile(await file.path())) };
}

async function sellerOf(sellerId: number) {
  const [row] = await store.db
    .select({ name: sellers.name, email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  if (!row) throw new Error('the seller has a login');
  return row;
}

describe('GST invoices for a business buyer', () => {
  it('without JavaScript, Pay COD carries the business’s GSTIN, normalised; a wrong GSTIN is refused and places nothing', async () => {
    const offer = await freshOffer();
    const gstin = await shopperGstin();
    const priya = await userIdOf(store.db, SHOPPER);
    await store.loginAs(SHOPPER);
    const page = await store.restartPage({ javaScript: false });
    await finalReviewWithoutScripts(offer);
    await giveBusiness(asTyped(gstin), '  Sharma Design Studio ');
    await store.screenshot('business-invoice-review', WIDTHS.mobile);
    await store.screenshot('business-invoice-review', WIDTHS.desktop);

    const before = await ordersOf(priya);
    await button(CHECKOUT_MESSAGES.payCod).click();
    await page.waitForURL(store.url('/myorder'));
    await page.getByRole('status').filter({ hasText: ORDER_MESSAGES.codPlaced }).waitFor();
    expect(await ordersOf(priya)).toBe(before + 1);
    expect(await latestOrderOf(priya)).toMatchObject({
      paymentMode: 'cod',
      buyerGstin: gstin,
      buyerBusinessName: 'Sharma Design Studio',
    });

    // one character off: the check character does not match, and the shopper is told what to enter
    await finalReviewWithoutScripts(offer);
    const wrong = gstin.slice(0, 14) + (gstin.endsWith('A') ? 'B' : 'A');
    await giveBusiness(wrong, 'Sharma Design Studio');
    await button(CHECKOUT_MESSAGES.payCod).click();
    await page.getByRole('alert').filter({ hasText: ORDER_MESSAGES.businessGstin }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/deliveryfinalreview');
    expect(await ordersOf(priya)).toBe(before + 1);
    // the section comes back open, with what was typed and the message beside the GSTIN
    const gstinField = page.getByLabel('GSTIN', { exact: true });
    expect(await gstinField.inputValue()).toBe(wrong);
    expect(await page.getByLabel('Business name (as registered for GST)').inputValue()).toBe(
      'Sharma Design Studio',
    );
    expect(await gstinField.getAttribute('aria-invalid')).toBe('true');
    await store.screenshot('business-invoice-refused', WIDTHS.mobile);
  });

  it('with JavaScript, a business buys on Buy Now, its seller ships it, and the tax invoice naming it downloads for the shopper and the seller only', async () => {
    const offer = await freshOffer();
    const gstin = await shopperGstin();
    const seller = await sellerOf(offer.offer.sellerId);
    const priya = await userIdOf(store.db, SHOPPER);
    const page = store.page;

    // Buy Now: the business's details travel with the scripted Cash on Delivery
    await store.loginAs(SHOPPER);
    await store.openHydrated('/');
    const item = storedLine({
      productId: offer.offer.productId,
      sellerId: offer.offer.sellerId,
      name: offer.name,
      price: offer.offer.salePricePaise,
    });
    await page.evaluate(
      (value) => localStorage.setItem('buyNowItem', value),
      JSON.stringify({
        ...item,
        product_id: `${offer.offer.productId}-${offer.offer.sellerPincode}`,
        seller_pincode: offer.offer.sellerPincode,
      }),
    );
    await store.openHydrated('/buynow');
    await expect.poll(() => button(CHECKOUT_MESSAGES.cashOnDelivery).isEnabled()).toBe(true);
    await giveBusiness(asTyped(gstin), 'Sharma Design Studio');
    const before = await ordersOf(priya);
    await button(CHECKOUT_MESSAGES.cashOnDelivery).click();
    await page.waitForURL(/\/myorder$/);
    expect(await ordersOf(priya)).toBe(before + 1);
    const order = await latestOrderOf(priya);
    expect(order).toMatchObject({ buyerGstin: gstin, buyerBusinessName: 'Sharma Design Studio' });
    const orderNo = order.orderNo;

    // the seller creates the shipment on the order's page in Seller Central: the invoice is issued
    await page.context().clearCookies();
    await store.loginAs(seller.email);
    await store.openHydrated(`/sellercentral/orders/${orderNo}`);
    const invoices = page.locator('section', {
      has: page.getByRole('heading', { name: 'Invoices and credit notes' }),
    });
    await invoices.getByText('Your tax invoice is issued when you create the shipment.').waitFor();
    await field('Carrier').fill('Delhivery');
    await field('AWB number').fill('DLV-INV-0042');
    await button('Create invoice and shipment').click();
    await page.getByText('The invoice and shipment have been created.').waitFor();
    const [invoice] = await store.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    if (!invoice) throw new Error('the shipment issued an invoice');
    expect(invoice).toMatchObject({ kind: 'invoice', buyerGstin: gstin, sellerId: offer.offer.sellerId });
    expect(invoice.number).toMatch(INVOICE_NO);
    const fileName = `${invoice.number.replace('/', '-')}.pdf`;

    const sellerLink = invoices.getByRole('link', { name: `Tax Invoice ${invoice.number}` });
    expect(await sellerLink.getAttribute('href')).toBe(`/api/seller/tax-documents/${invoice.id}/pdf`);
    await store.screenshot('seller-order-invoices', WIDTHS.desktop);
    const sellerCopy = await download(sellerLink);
    expect(sellerCopy.name).toBe(fileName);
    const sellerText = (await pdfText(sellerCopy.bytes)).text;
    expect(sellerText).toContain(invoice.number);
    expect(sellerText).toContain('Sharma Design Studio');

    // the shopper finds it under the seller's items on the order's details, and downloads it
    await page.context().clearCookies();
    await store.loginAs(SHOPPER);
    await store.openHydrated(`/neworderdetail?order=${orderNo}`);
    const shopperPdf = `/api/my-orders/${orderNo}/tax-documents/${invoice.id}/pdf`;
    const shopperLink = page
      .getByRole('list', { name: `Invoices from ${seller.name}` })
      .getByRole('link', { name: `Tax Invoice ${invoice.number}` });
    expect(await shopperLink.getAttribute('href')).toBe(shopperPdf);
    await store.screenshot('order-detail-invoice', WIDTHS.mobile);
    const shopperCopy = await download(shopperLink);
    expect(shopperCopy.name).toBe(fileName);
    const shopperText = (await pdfText(shopperCopy.bytes)).text;
    expect(shopperText).toContain(invoice.number);
    expect(shopperText).toContain(orderNo);
    expect(shopperText).toContain('Sharma Design Studio');
    expect(shopperText).toContain(`GSTIN: ${gstin}`);

    // My Orders lists it under the order too
    await store.openHydrated('/myorder');
    const card = page.getByRole('article', { name: `Order ${orderNo}` });
    expect(
      await card
        .getByRole('list', { name: `Invoices from ${seller.name}` })
        .getByRole('link', { name: `Tax Invoice ${invoice.number}` })
        .getAttribute('href'),
    ).toBe(shopperPdf);

    // another shopper asking for the same address finds nothing there
    await page.context().clearCookies();
    await store.loginAs(OTHER_SHOPPER);
    const theirs = await page.request.get(store.url(shopperPdf));
    expect(theirs.status()).toBe(404);
    expect(theirs.headers()['content-type']).not.toBe('application/pdf');
  });
});
