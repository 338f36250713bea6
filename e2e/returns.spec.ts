import AxeBuilder from '@axe-core/playwright';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts, itemRequests, orderItems, orders, refunds, sellers, users } from '@marketplace/db';
import { formatInr } from '@marketplace/domain/money/money';
import { REFUND_TEXTS } from '@marketplace/domain/orders/refund-life';
import { REPLACEMENT_SHIPMENT_TEXTS } from '@marketplace/domain/orders/replacement';
import { ITEM_STATUS_TITLES } from '@marketplace/domain/orders/item-status';
import { indiaDate, REPLACEMENT_MESSAGES, RETURN_MESSAGES } from '@marketplace/domain/orders/returns';
import { newRepliesText, SELLER_ANSWER_TEXTS } from '@marketplace/domain/orders/seller-answers';
import { formatDate, formatDay } from '../apps/web/app/components/orders/order-dates.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { FILES } from '../apps/server/test-support/feedback.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
let used = 0;

/** A COD order placed through the API, shipped and delivered by its seller through the seller API. */
async function deliveredCodOrder(quantity = 1) {
  await store.loginAs(SHOPPER);
  const address = await defaultAddress(store.db, SHOPPER);
  const pick = (await deliverableOffers(store.db, address.pincode))[used++ + 5];
  if (!pick) throw new Error('a deliverable offer');
  const res = await store.page.context().request.post(store.url('/api/orders'), {
    data: {
      idempotencyKey: `e2e-returns-${used}-${Date.now()}`,
      addressId: address.id,
      paymentMode: 'cod',
      lines: [
        {
          productId: pick.offer.productId,
          sellerId: pick.offer.sellerId,
          quantity,
          deliveryType: 'standard',
        },
      ],
    },
  });
  expect(res.status()).toBe(201);
  const { orderNo } = (await res.json()) as { orderNo: string };
  const seller = await sellerApi(pick.offer.sellerId);
  const [item] = await store.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNo, orderNo));
  if (!item) throw new Error('the item was saved');
  // this product's policy may offer no return; the journey needs one
  await store.db
    .update(orderItems)
    .set({ returnWindowDays: 10, replaceWindowDays: 10 })
    .where(eq(orderItems.id, item.id));
  const { invoiceNo } = (await seller.call(`/api/seller/orders/${orderNo}/shipments`, 'POST', {
    items: [{ itemId: item.id }],
  })) as { invoiceNo: string };
  for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered'])
    await seller.call(`/api/seller/shipments/${invoiceNo}/tracking`, 'POST', { status });
  return { orderNo, sellerId: pick.offer.sellerId, itemId: item.id, productName: pick.name, seller };
}

/** A COD order of two products of one seller, shipped together and delivered through the seller API. */
async function deliveredCodOrderOfOneSeller() {
  await store.loginAs(SHOPPER);
  const address = await defaultAddress(store.db, SHOPPER);
  const offers = (await deliverableOffers(store.db, address.pincode)).slice(40);
  const first = offers.find((o) =>
    offers.some(
      (p) => p !== o && p.offer.sellerId === o.offer.sellerId && p.offer.productId !== o.offer.productId,
    ),
  );
  const second = offers.find(
    (p) =>
      p !== first &&
      p.offer.sellerId === first?.offer.sellerId &&
      p.offer.productId !== first?.offer.productId,
  );
  if (!first || !second) throw new Error('two deliverable offers of one seller');
  const res = await store.page.context().request.post(store.url('/api/orders'), {
    data: {
      idempotencyKey: `e2e-returns-two-${Date.now()}`,
      addressId: address.id,
      paymentMode: 'cod',
      lines: [first, second].map((pick, index) => ({
        productId: pick.offer.productId,
        sellerId: pick.offer.sellerId,
        quantity: index === 0 ? 2 : 1,
        deliveryType: 'standard',
      })),
    },
  });
  expect(res.status()).toBe(201);
  const { orderNo } = (await res.json()) as { orderNo: string };
  const items = await store.db
    .select({ id: orderItems.id, productName: orderItems.productName })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNo, orderNo))
    .orderBy(orderItems.id);
  // these products' policies may offer no return; the journey needs one (10 days, and 6 for the second)
  for (const [index, item] of items.entries())
    await store.db
      .update(orderItems)
      .set({ returnWindowDays: index === 0 ? 10 : 6, replaceWindowDays: 10 })
      .where(eq(orderItems.id, item.id));
  const seller = await sellerApi(first.offer.sellerId);
  const { invoiceNo } = (await seller.call(`/api/seller/orders/${orderNo}/shipments`, 'POST', {
    items: items.map((item) => ({ itemId: item.id })),
  })) as { invoiceNo: string };
  for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered'])
    await seller.call(`/api/seller/shipments/${invoiceNo}/tracking`, 'POST', { status });
  return { orderNo, sellerId: first.offer.sellerId, items, seller };
}

async function sellerApi(sellerId: number) {
  const [row] = await store.db
    .select({ userId: users.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  if (!row) throw new Error('the seller has a login');
  const { token } = await createSession(store.db, row.userId);
  return {
    async call(path: string, method = 'GET', body?: unknown) {
      const res = await fetch(store.url(path), {
        method,
        headers: {
          cookie: `${SESSION_COOKIE}=${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    },
  };
}

const latestRequest = async (itemId: number, kind: 'return' | 'replace') => {
  const [row] = await store.db
    .select()
    .from(itemRequests)
    .where(and(eq(itemRequests.orderItemId, itemId), eq(itemRequests.kind, kind)))
    .orderBy(desc(itemRequests.id))
    .limit(1);
  return row;
};

describe('returns and replacements', () => {
  it('a delivered COD item is returned with a photo, the seller accepts, and the refund shows on the detail page', async () => {
    const { orderNo, sellerId, itemId, productName, seller } = await deliveredCodOrder(2);
    await store.openHydrated(`/returnitem?order=${orderNo}&seller=${sellerId}&item=${itemId}`);
    const page = store.page;
    await page.getByRole('heading', { level: 1, name: 'Return Item' }).waitFor();
    await page.getByText(productName).first().waitFor();
    // the item of the link comes ticked; a return takes several products, so each has a tick box
    const pick = page.getByTestId('as-product-pick').first();
    expect(await pick.getAttribute('type')).toBe('checkbox');
    expect(await pick.isChecked()).toBe(true);
    await page.getByText(RETURN_MESSAGES.noReturns).waitFor();

    // the spec's messages for what is missing
    await page.getByRole('button', { name: 'Submit Return' }).click();
    await page.getByText(RETURN_MESSAGES.reasons).waitFor();
    await page.getByText(RETURN_MESSAGES.images).waitFor();
    await page.getByText(RETURN_MESSAGES.pickupDate).waitFor();

    await page
      .getByRole('group', { name: `Your choice for ${productName}` })
      .getByRole('checkbox')
      .first()
      .check();
    const photo = page.locator('input[type="file"][accept="image/*"]');
    await photo.setInputFiles({
      name: 'not-a-photo.jpg',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('Please select valid image files.').waitFor();
    await photo.setInputFiles({ name: 'damaged.png', mimeType: 'image/png', buffer: FILES.png });
    await page.getByRole('img', { name: 'damaged.png' }).waitFor();
    const video = page.locator('input[type="file"][accept="video/*"]');
    await video.setInputFiles({ name: 'clip.png', mimeType: 'image/png', buffer: FILES.png });
    await page.getByText('Please select a valid video file.').waitFor();
    await page.getByLabel('Quantity').selectOption('2');
    const pickup = page.getByLabel('Pickup date');
    const firstDay = await pickup.locator('option').nth(1).getAttribute('value');
    await pickup.selectOption(firstDay ?? '');
    await page.getByLabel(/Additional info/).fill('The screen is cracked.');

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await store.screenshot('return-item', WIDTHS.mobile);
    await store.screenshot('return-item', WIDTHS.desktop);

    await page.getByRole('button', { name: 'Submit Return' }).click();
    await page.getByText(RETURN_MESSAGES.submitted).waitFor();
    const request = await latestRequest(itemId, 'return');
    expect(request).toMatchObject({ quantity: 2, status: 'pending', pickupDate: firstDay });
    // the list reloaded: the request is listed and the item has a request waiting
    await page.getByText(`Ref ${request?.refNo ?? ''}`).waitFor();
    await page.getByText('A request for this item is already waiting for the seller.').waitFor();

    // a shopper who has no bank account yet: the cash refund has nowhere to go
    const [priya] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, SHOPPER));
    await store.db.delete(bankAccounts).where(eq(bankAccounts.userId, priya?.id ?? 0));
    await seller.call(`/api/seller/item-requests/${request?.refNo ?? ''}/decision`, 'POST', {
      decision: 'refund-with-reverse',
    });
    const refundOf = () =>
      store.db
        .select()
        .from(refunds)
        .where(eq(refunds.requestId, request?.id ?? 0));
    // requirements#return-pickup: accepted, but nothing is refunded before the pickup
    expect(await refundOf()).toEqual([]);
    await page.getByRole('link', { name: 'View Detail' }).first().click();
    await page.waitForURL((url) => url.pathname === '/returnitemdetail');
    // one sentence for the state: approved, the pickup day, and the refund after it
    const sentence = page.getByTestId('status-sentence');
    await sentence.getByText(ITEM_STATUS_TITLES.returnApproved).waitFor();
    await sentence
      .getByText(`Pickup on ${formatDate(firstDay ?? '')}. Your refund starts once the product is picked up.`)
      .waitFor();
    await store.screenshot('return-item-detail-waiting-pickup', WIDTHS.mobile);
    await store.screenshot('return-item-detail-waiting-pickup', WIDTHS.desktop);

    // the pickup day comes and the seller records the pickup: the refund starts
    const pickupDay = indiaDate(new Date());
    await store.db
      .update(itemRequests)
      .set({ pickupDate: pickupDay })
      .where(eq(itemRequests.id, request?.id ?? 0));
    await seller.call(`/api/seller/item-requests/${request?.refNo ?? ''}/pickup`, 'POST');
    const [refund] = await refundOf();
    expect(refund?.amountPaise).toBeGreaterThan(0);
    await page.reload();
    await sentence.getByText(ITEM_STATUS_TITLES.returned).waitFor();
    await sentence.getByText(/^Picked up on .*\. Add a bank account to receive your refund\.$/).waitFor();
    await page.getByText(formatInr(refund?.amountPaise ?? 0)).waitFor();
    await page.getByText('The screen is cracked.').waitFor();
    await page.getByRole('img', { name: 'Photo 1' }).waitFor();
    await page.getByText(REFUND_TEXTS.addBankAccount).waitFor();
    expect(await page.getByRole('link', { name: REFUND_TEXTS.addBankAccountLink }).getAttribute('href')).toBe(
      '/bankaccount',
    );
    await store.screenshot('return-item-detail', WIDTHS.mobile);
    await store.screenshot('return-item-detail', WIDTHS.desktop);
    // the job leaves it waiting until there is an account
    expect((await store.runRefunds()).waiting).toContain(refund?.id);

    const added = await page.context().request.post(store.url('/api/bank-accounts'), {
      data: {
        accountName: 'Priya Sharma',
        accountNumber: '500100987654321',
        ifsc: 'HDFC0000123',
        bankName: 'HDFC Bank',
        accountType: 'savings',
      },
    });
    expect(added.status()).toBe(201);
    expect((await store.runRefunds()).paidOut).toContain(refund?.id);
    await page.reload();
    await sentence.getByText(/Your refund is on its way/).waitFor();
    await page.getByText(/To your bank account ending 4321/).waitFor();
    expect(await page.getByText(REFUND_TEXTS.addBankAccount).count()).toBe(0);
    // the payout provider reports it settled on the next run
    expect((await store.runRefunds()).completed).toContain(refund?.id);
    await page.reload();
    await sentence.getByText(ITEM_STATUS_TITLES.refunded, { exact: true }).waitFor();
    const [completed] = await store.db
      .select()
      .from(refunds)
      .where(eq(refunds.id, refund?.id ?? 0));
    // the refund box says where it went and when (the status sentence says it too)
    await page
      .getByRole('region', { name: 'Refund' })
      .getByText(REFUND_TEXTS.completedOn(formatDay(completed?.completedAt?.toISOString() ?? '')))
      .waitFor();
    await store.screenshot('return-item-detail-refunded', WIDTHS.mobile);
    await store.screenshot('return-item-detail-refunded', WIDTHS.desktop);

    await page.getByRole('link', { name: 'Refund and help' }).click();
    await page.waitForURL((url) => url.pathname === '/returninprocess');
    await page.getByText(formatInr(refund?.amountPaise ?? 0)).waitFor();
    await page
      .getByTestId('status-sentence')
      .getByText(ITEM_STATUS_TITLES.refunded, { exact: true })
      .waitFor();
    await page.getByText(/To your bank account ending 4321/).waitFor();
    await page.getByRole('link', { name: 'Contact Seller' }).click();
    await page.getByLabel('Your message').fill('When will the pickup come?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('When will the pickup come?').waitFor();
    await seller.call(`/api/seller/order-items/${itemId}/messages`, 'POST', {
      body: 'Tomorrow before noon.',
    });
    await page.reload();
    await page.getByText('Tomorrow before noon.').waitFor();
    await store.screenshot('return-in-process', WIDTHS.desktop);
    await store.screenshot('return-in-process', WIDTHS.mobile);
  });

  it('two products of an order go back in one return, each with its quantity and reasons, sharing photo and pickup day', async () => {
    const { orderNo, sellerId, items } = await deliveredCodOrderOfOneSeller();
    const [a, b] = items;
    if (!a || !b) throw new Error('two items');
    await store.openHydrated(`/returnitem?order=${orderNo}&seller=${sellerId}`);
    const page = store.page;
    await page.getByRole('heading', { level: 1, name: 'Return Item' }).waitFor();
    await page.getByRole('button', { name: 'Submit Return' }).click();
    await page.getByText(RETURN_MESSAGES.noProducts).waitFor();

    const picks = page.getByTestId('as-product-pick');
    await picks.nth(0).check();
    const choiceA = page.getByRole('group', { name: `Your choice for ${a.productName}` });
    await choiceA.getByLabel('Quantity').selectOption('2');
    await choiceA.getByRole('checkbox').first().check();
    const pickup = page.getByLabel('Pickup date');
    const daysOfOne = await pickup.locator('option').count();
    await picks.nth(1).check();
    const choiceB = page.getByRole('group', { name: `Your choice for ${b.productName}` });
    // the second product's reasons are its own: missing ones are named on its row
    await page.locator('input[type="file"][accept="image/*"]').setInputFiles({
      name: 'both-damaged.png',
      mimeType: 'image/png',
      buffer: FILES.png,
    });
    await page.getByRole('img', { name: 'both-damaged.png' }).waitFor();
    // the second product's shorter window leaves fewer pickup days for the pair
    expect(await pickup.locator('option').count()).toBeLessThan(daysOfOne);
    const lastDay = (await pickup.locator('option').last().getAttribute('value')) ?? '';
    await pickup.selectOption(lastDay);
    await page.getByRole('button', { name: 'Submit Return' }).click();
    await choiceB.getByText(RETURN_MESSAGES.reasons).waitFor();
    expect(await latestRequest(a.id, 'return')).toBeUndefined();
    await choiceB.getByRole('checkbox').nth(1).check();
    await choiceB.getByRole('checkbox').nth(2).check();
    await page.getByLabel(/Additional info/).fill('Both arrived with the box torn open.');
    await page.getByText('Photos, video, pickup date and additional info apply to all 2 products.').waitFor();

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await store.screenshot('return-two-products', WIDTHS.mobile);
    await store.screenshot('return-two-products', WIDTHS.desktop);

    await page.getByRole('button', { name: 'Submit Return' }).click();
    await page.getByText(RETURN_MESSAGES.submitted).waitFor();
    const [first, second] = [await latestRequest(a.id, 'return'), await latestRequest(b.id, 'return')];
    expect(first).toMatchObject({ quantity: 2, status: 'pending', pickupDate: lastDay });
    expect(second).toMatchObject({ quantity: 1, status: 'pending', pickupDate: lastDay });
    expect(second?.additionalInfo).toBe('Both arrived with the box torn open.');
    // both listed, both products now waiting
    await page.getByText(`Ref ${first?.refNo ?? ''}`).waitFor();
    await page.getByText(`Ref ${second?.refNo ?? ''}`).waitFor();
    await expect
      .poll(() => page.getByText('A request for this item is already waiting for the seller.').count())
      .toBe(2);
  });

  it('a replacement is asked for one item and shows the seller’s decision', async () => {
    const { orderNo, sellerId, itemId, seller } = await deliveredCodOrder(1);
    await store.openHydrated(`/replacementitem?order=${orderNo}&seller=${sellerId}`);
    const page = store.page;
    await page.getByRole('heading', { level: 1, name: 'Replace Item' }).waitFor();
    await page.getByText(REPLACEMENT_MESSAGES.noReplacements).waitFor();
    await page.getByRole('button', { name: 'Submit Replacement' }).click();
    await page.getByText(REPLACEMENT_MESSAGES.noProduct).waitFor();

    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Submit Replacement' }).click();
    await page.getByText(REPLACEMENT_MESSAGES.reasons).waitFor();
    await page.getByRole('checkbox').first().check();
    await page
      .locator('input[type="file"][accept="image/*"]')
      .setInputFiles({ name: 'wrong-size.png', mimeType: 'image/png', buffer: FILES.png });
    await page.getByRole('img', { name: 'wrong-size.png' }).waitFor();
    const pickup = page.getByLabel('Pickup date');
    await pickup.selectOption((await pickup.locator('option').last().getAttribute('value')) ?? '');
    await store.screenshot('replacement-item', WIDTHS.mobile);
    await store.screenshot('replacement-item', WIDTHS.desktop);
    await page.getByRole('button', { name: 'Submit Replacement' }).click();
    await page.getByText(REPLACEMENT_MESSAGES.submitted).waitFor();

    const request = await latestRequest(itemId, 'replace');
    await seller.call(`/api/seller/item-requests/${request?.refNo ?? ''}/decision`, 'POST', {
      decision: 'initiate-replacement',
    });
    await store.openHydrated(`/replaceitemdetail?item=${itemId}`);
    await page.getByTestId('status-sentence').getByText(ITEM_STATUS_TITLES.replaceApproved).waitFor();
    await page.getByText(REPLACEMENT_SHIPMENT_TEXTS.preparing).waitFor();
    expect(await page.getByRole('region', { name: 'Refund' }).count()).toBe(0);

    // the seller sends the new unit in its own shipment and the courier delivers it
    const toSend = (await seller.call('/api/seller/replacements?state=to_send')) as {
      replacements: { refNo: string }[];
    };
    expect(toSend.replacements.map((r) => r.refNo)).toContain(request?.refNo);
    const { invoiceNo } = (await seller.call(
      `/api/seller/item-requests/${request?.refNo ?? ''}/shipment`,
      'POST',
      {
        carrier: 'Blue Dart',
      },
    )) as { invoiceNo: string };
    for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched'])
      await seller.call(`/api/seller/shipments/${invoiceNo}/tracking`, 'POST', { status });
    await page.reload();
    await page.getByText(REPLACEMENT_SHIPMENT_TEXTS.shipped).waitFor();
    await seller.call(`/api/seller/shipments/${invoiceNo}/tracking`, 'POST', { status: 'delivered' });
    await page.reload();
    const box = page.getByRole('region', { name: 'Replacement shipment' });
    await box.getByText(REPLACEMENT_SHIPMENT_TEXTS.delivered).waitFor();
    await store.screenshot('replacement-item-detail', WIDTHS.mobile);
    await store.screenshot('replacement-item-detail', WIDTHS.desktop);

    await box.getByRole('link', { name: REPLACEMENT_SHIPMENT_TEXTS.track }).click();
    await page.waitForURL(
      (url) => url.pathname === '/trackitem' && url.searchParams.get('shipment') === invoiceNo,
    );
    await page.getByText(`Replacement for request ${request?.refNo ?? ''}`).waitFor();
    await page.getByText('Shipped with Blue Dart').waitFor();
    // the shipment's own reference is not an invoice
    expect(await page.getByText(`Invoice ${invoiceNo}`).count()).toBe(0);
    expect(
      await page.getByRole('progressbar', { name: 'Delivery progress' }).getAttribute('aria-valuenow'),
    ).toBe('4');
    // the same link reloaded, and another shipment number of no replacement of this item
    await page.reload();
    await page.getByText(`Replacement for request ${request?.refNo ?? ''}`).waitFor();
    await store.openHydrated(`/trackitem?item=${itemId}&shipment=INV-0-1`);
    await page.getByText('No order data found').waitFor();

    // My Orders says so in the item's line, with the link to track it
    await store.openHydrated('/myorder');
    const line = page.locator(`[data-item-id="${itemId}"]`).getByTestId('replacement-line');
    await line.getByText(REPLACEMENT_SHIPMENT_TEXTS.delivered).waitFor();
    expect(
      await line.getByRole('link', { name: REPLACEMENT_SHIPMENT_TEXTS.track }).getAttribute('href'),
    ).toBe(`/trackitem?item=${itemId}&shipment=${invoiceNo}`);
  });

  it('the shopper reads why the seller refused a return, and the seller’s new reply, marked new once', async () => {
    const { orderNo, itemId, seller } = await deliveredCodOrder(1);
    const refNo = `RTE2E${itemId}`;
    const [row] = await store.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    await store.db.insert(itemRequests).values({
      refNo,
      kind: 'return',
      orderItemId: itemId,
      userId: row?.userId ?? 0,
      quantity: 1,
      status: 'pending',
      requestedBy: 'customer',
      pickupDate: indiaDate(new Date(Date.now() + 4 * 86_400_000)),
    });
    const reason = 'The seal is broken and the product has been used; used products cannot be returned.';
    await seller.call(`/api/seller/item-requests/${refNo}/decision`, 'POST', {
      decision: 'rejected',
      reason,
    });

    // My Orders says what the seller said, and the return's page too
    await store.openHydrated('/myorder');
    const page = store.page;
    const line = page.locator(`[data-item-id="${itemId}"]`);
    expect(await line.getByTestId('seller-note').textContent()).toBe(`${SELLER_ANSWER_TEXTS.note} ${reason}`);
    await line.getByRole('link', { name: 'Return Details' }).click();
    await page.waitForURL((url) => url.pathname === '/returnitemdetail');
    await page.getByText('Return rejected').waitFor();
    expect(await page.getByTestId('seller-note').textContent()).toBe(`${SELLER_ANSWER_TEXTS.note} ${reason}`);
    await store.screenshot('return-item-detail-seller-note', WIDTHS.mobile);
    await store.screenshot('return-item-detail-seller-note', WIDTHS.desktop);

    // the shopper asks; the seller answers; My Orders leads to the answer, marked new once
    await store.openHydrated(`/returninprocess/contactseller?item=${itemId}`);
    // typed again should the conversation's first load redraw the box under a slow machine
    const question = 'The seal was broken when it came. What can I do?';
    const box = page.getByLabel('Your message');
    await expect
      .poll(async () => {
        if ((await box.inputValue()) !== question) await box.fill(question);
        return box.inputValue();
      })
      .toBe(question);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('The seal was broken when it came. What can I do?').waitFor();
    await seller.call(`/api/seller/order-items/${itemId}/messages`, 'POST', {
      body: 'Please send a photo of the seal through the privilege claim.',
    });
    await seller.call(`/api/seller/order-items/${itemId}/messages`, 'POST', {
      body: 'We will look at it again.',
    });
    await store.openHydrated('/myorder');
    await line.getByTestId('new-replies').waitFor();
    await store.screenshot('my-orders-seller-answers', WIDTHS.mobile);
    await store.screenshot('my-orders-seller-answers', WIDTHS.desktop);
    await line.getByRole('link', { name: newRepliesText(2) }).click();
    await page.waitForURL((url) => url.pathname === '/returninprocess/contactseller');
    const chat = page.getByRole('region', { name: /^Chat with / });
    await chat.getByText('We will look at it again.').waitFor();
    expect(await chat.getByText(SELLER_ANSWER_TEXTS.newReply, { exact: true }).count()).toBe(2);
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await store.screenshot('return-in-process-new-replies', WIDTHS.mobile);
    await store.screenshot('return-in-process-new-replies', WIDTHS.desktop);
    await page.reload();
    await chat.getByText('We will look at it again.').waitFor();
    expect(await chat.getByText(SELLER_ANSWER_TEXTS.newReply, { exact: true }).count()).toBe(0);
    await store.openHydrated('/myorder');
    await line.getByTestId('seller-note').waitFor();
    expect(await line.getByTestId('new-replies').count()).toBe(0);
  });
});
