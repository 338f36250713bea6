// requirements#gst-tax, requirements#gst-invoices, requirements#e-invoicing and requirements#gstr-8, end
// to end in a browser, as the law stands (GST 2.0: Notification 9/2025-Central Tax (Rate), in force
// 22 Sep 2025): a shopper buys a ₹2,000 kurta, a ₹3,000 kurta and a printed book from one seller in
// her state, each with its delivery charge; the seller ships them and her invoice-cum-bill of supply
// taxes the first kurta at 5 %, the second at 18 % (above ₹2,500 a piece) and the book at nil, each
// delivery at its goods' rate (CGST Act s. 2(30), s. 8(a): no 18 % line under SAC 996812), CGST equal
// to SGST. A business gives its GSTIN at checkout and buys from a seller above ₹5 crore: its invoice
// carries the IRN and a QR code that, drawn and scanned, reads back the invoice's details. Finance
// downloads the month's GSTR-8 JSON from the console, and it reconciles with the ledger per supplier.
import { mkdir, readFile } from 'node:fs/promises';
import { and, asc, desc, eq, gte, isNotNull, like, lt, notInArray, sql } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  cartItems,
  eInvoices,
  offers,
  orderItems,
  orders,
  products,
  sellers,
  settlementEntries,
  taxDocumentLines,
  taxDocuments,
  users,
} from '@marketplace/db';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { gstinCheckCharacter, gstStateCodeOf } from '@marketplace/domain/sellers/tax-identity';
import { monthOf, monthStart } from '@marketplace/domain/settlement/console-api';
import type { Gstr8Json } from '@marketplace/domain/settlement/gstr8';
import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';
import { readSignedQr } from '@marketplace/domain/tax/e-invoice';
import { indiaDate } from '@marketplace/domain/tax/schedule';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { pdfText } from '../apps/server/test-support/pdf.ts';
import { storedLine, userIdOf } from './support/cart-fixtures.ts';
import { drawFirstPage, screenshotDrawnPage } from './support/pdf-page.ts';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const SHOTS = '/tmp/shots-gst-journey';
const WIDTH_LIST = [WIDTHS.mobile, WIDTHS.desktop] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const button = (name: string) => store.page.getByRole('button', { name, exact: true });

async function shot(name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const width of WIDTH_LIST) {
    await store.page.setViewportSize({ width, height: 900 });
    await store.page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** A request to the served app as a signed-in user (the seller's own API, as Seller Central calls it). */
async function sessionOf(email: string) {
  const [user] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no account ${email}`);
  const cookie = `${SESSION_COOKIE}=${(await createSession(store.db, user.id)).token}`;
  return (path: string, method = 'GET', body?: unknown) =>
    fetch(store.url(path), {
      method,
      headers: {
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json', origin: store.url('') }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** A registered seller in the shopper's state, and the pincode it ships from. */
async function sellerInState(stateCode: string) {
  const rows = await store.db
    .select({
      id: sellers.id,
      name: sellers.name,
      gstin: sellers.gstin,
      email: users.email,
      pincode: offers.sellerPincode,
    })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .innerJoin(offers, eq(offers.sellerId, sellers.id))
    .where(and(isNotNull(sellers.gstin), like(sellers.gstin, `${stateCode}%`)))
    .orderBy(asc(sellers.id))
    .limit(1);
  const [found] = rows;
  if (!found) throw new Error(`a registered seller in state ${stateCode}`);
  return found;
}

/** Active products of a standard handling class under an HSN heading, first by id. */
async function productsUnder(hsnPrefix: string, count: number) {
  const rows = await store.db
    .select({ id: products.id, name: products.name, hsnCode: products.hsnCode })
    .from(products)
    .where(
      and(
        like(products.hsnCode, `${hsnPrefix}%`),
        eq(products.isActive, true),
        eq(products.handling, 'standard'),
        eq(products.moderationStatus, 'approved'),
      ),
    )
    .orderBy(asc(products.id))
    .limit(count);
  if (rows.length < count) throw new Error(`${count} products under HSN ${hsnPrefix}`);
  return rows;
}

/** The seller lists the product at a price (its own offer, delivery charged per unit). */
async function listAt(sellerId: number, pincode: string, productId: number, pricePaise: number) {
  const values = {
    productId,
    sellerId,
    sku: `GST-JOURNEY-${productId}`,
    salePricePaise: pricePaise,
    mrpPaise: pricePaise + 50_000,
    stock: 40,
    maxPerOrder: 5,
    sellerPincode: pincode,
    weightGrams: 400,
    packWeightGrams: 450,
    lengthCm: '30',
    widthCm: '25',
    heightCm: '4',
    parcelType: 'unit',
    isActive: true,
    codAllowed: true,
  };
  await store.db
    .insert(offers)
    .values(values)
    .onConflictDoUpdate({ target: [offers.productId, offers.sellerId], set: values });
  const [offer] = await store.db
    .select()
    .from(offers)
    .where(and(eq(offers.productId, productId), eq(offers.sellerId, sellerId)));
  if (!offer) throw new Error('the offer is listed');
  return offer;
}

type CartOffer = { productId: number; sellerId: number; sellerName: string; name: string; price: number };

/**
 * In the browser: the lines in the cart, logged in, through the cart, address and delivery steps to
 * the final review (screenshots of it), then Pay COD, a business's GSTIN given first when asked. The
 * order placed.
 */
async function checkout(lines: CartOffer[], shots: string, business?: { gstin: string; name: string }) {
  const shopperId = await userIdOf(store.db, SHOPPER);
  // a visitor's cart, merged into the saved one when she signs in (as the storefront does)
  await store.db.delete(cartItems).where(eq(cartItems.userId, shopperId));
  await store.page.context().clearCookies();
  await store.openHydrated('/');
  await store.page.evaluate(
    (value) => localStorage.setItem('cartItems', value),
    // as the product page stores a line: with its seller's name
    JSON.stringify(lines.map((l) => ({ ...storedLine(l), seller_name: l.sellerName }))),
  );
  await store.loginAs(SHOPPER);
  await store.openHydrated('/cart');
  for (const line of lines) await store.page.getByText(line.name).first().waitFor();
  await button(CART_MESSAGES.checkOut).click();
  await store.page.waitForURL(/\/checkout$/);
  await expect.poll(() => button(CHECKOUT_MESSAGES.proceed).isEnabled()).toBe(true);
  await button(CHECKOUT_MESSAGES.proceed).click();
  await store.page.waitForURL(/\/deliveryreview\?address=[0-9]+$/);
  await expect.poll(() => button(CHECKOUT_MESSAGES.proceed).isEnabled()).toBe(true);
  await button(CHECKOUT_MESSAGES.proceed).click();
  await store.page.waitForURL(/\/deliveryfinalreview\?address=[0-9]+$/);
  await expect.poll(() => button(CHECKOUT_MESSAGES.payCod).isEnabled()).toBe(true);
  if (business) {
    await store.page.getByText('Buying for your business? Add your GSTIN for a GST invoice').click();
    await store.page.getByLabel('GSTIN', { exact: true }).fill(business.gstin);
    await store.page.getByLabel('Business name (as registered for GST)', { exact: true }).fill(business.name);
  }
  await shot(shots);
  await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  await button(CHECKOUT_MESSAGES.payCod).click();
  await store.page.waitForURL(/\/myorder$/);
  const [order] = await store.db
    .select()
    .from(orders)
    .where(eq(orders.userId, shopperId))
    .orderBy(desc(orders.id))
    .limit(1);
  if (!order) throw new Error('the order is placed');
  return order;
}

/** The seller ships every item of the order in one shipment, which issues its invoice. */
async function shipAll(orderNo: string, orderId: number, sellerEmail: string) {
  const asSeller = await sessionOf(sellerEmail);
  const items = await store.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const shipped = await asSeller(`/api/seller/orders/${orderNo}/shipments`, 'POST', {
    items: items.map((i) => ({ itemId: i.id })),
    carrier: 'Delhivery',
    awbNo: `GSTJ-${orderId}`,
  });
  expect(shipped.status, await shipped.clone().text()).toBe(201);
  const [invoice] = await store.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  if (!invoice) throw new Error('the shipment issued an invoice');
  return { invoice, asSeller, items };
}

async function download(link: Locator) {
  const [file] = await Promise.all([store.page.waitForEvent('download'), link.click()]);
  return new Uint8Array(await readFile(await file.path()));
}

/** The shopper's copy of a document, from the order's page as she finds it, and its text. */
async function shoppersCopy(orderNo: string, sellerName: string, linkName: string) {
  await store.openHydrated(`/neworderdetail?order=${orderNo}`);
  const link = store.page
    .getByRole('list', { name: `Invoices from ${sellerName}` })
    .getByRole('link', { name: linkName });
  const bytes = await download(link);
  return { bytes, text: (await pdfText(bytes)).text };
}

type PrintedLine = {
  description: string;
  hsn: string;
  quantity: number;
  taxablePaise: number;
  cgstRate: string;
  cgstPaise: number;
  sgstRate: string;
  sgstPaise: number;
  totalPaise: number;
};
const paiseOf = (printed: string) => Math.round(Number(printed.replaceAll(',', '')) * 100);
const money = '([0-9,]+\\.[0-9]{2})';
const rate = '([0-9.]+%)';
/**
 * The lines of an intra-state document as its PDF prints them, read from the text alone: after each
 * line's description, its HSN, quantity, gross, discount, taxable value, CGST rate and amount, SGST
 * rate and amount and total.
 */
function printedLines(text: string): PrintedLine[] {
  const table = text.slice(text.indexOf('Total ₹') + 'Total ₹'.length, text.indexOf('Taxable value'));
  const row = new RegExp(
    `(\\d{4,8}) (\\d+) ${money} ${money} ${money} ${rate} ${money} ${rate} ${money} ${money}`,
    'g',
  );
  const lines: PrintedLine[] = [];
  let from = 0;
  for (const m of table.matchAll(row)) {
    // the description sits between the previous line and this one, after the line's number
    const description = table.slice(from, m.index).trim().replace(/^\d+ /, '');
    from = m.index + m[0].length;
    lines.push({
      description,
      hsn: m[1] ?? '',
      quantity: Number(m[2]),
      taxablePaise: paiseOf(m[5] ?? ''),
      cgstRate: m[6] ?? '',
      cgstPaise: paiseOf(m[7] ?? ''),
      sgstRate: m[8] ?? '',
      sgstPaise: paiseOf(m[9] ?? ''),
      totalPaise: paiseOf(m[10] ?? ''),
    });
  }
  return lines;
}

/**
 * The month's ledger per supplier GSTIN: TCS the ledger took (net of returns) and the taxed net value;
 * leaving out some documents when asked.
 */
async function ledgerOfMonth(month: string, without: readonly number[] = []) {
  const from = monthStart(month) ?? new Date(0);
  const to = monthStart(month, 1) ?? new Date();
  const ofMonth = and(
    gte(taxDocuments.issuedAt, from),
    lt(taxDocuments.issuedAt, to),
    isNotNull(taxDocuments.sellerGstin),
    without.length === 0 ? undefined : notInArray(taxDocuments.id, [...without]),
  );
  const tcs = await store.db
    .select({
      gstin: taxDocuments.sellerGstin,
      paise: sql<number>`-coalesce(sum(${settlementEntries.amountPaise}), 0)`.mapWith(Number),
    })
    .from(settlementEntries)
    .innerJoin(taxDocuments, eq(taxDocuments.id, settlementEntries.documentId))
    .where(and(eq(settlementEntries.kind, 'tcs'), ofMonth))
    .groupBy(taxDocuments.sellerGstin);
  // TCS is on the net value of taxable supplies (s. 52(1)): taxed lines only, credit notes taken off
  const net = await store.db
    .select({
      gstin: taxDocuments.sellerGstin,
      paise: sql<number>`coalesce(sum(CASE WHEN ${taxDocumentLines.rateBp} > 0 THEN
        (CASE WHEN ${taxDocuments.kind} = 'invoice' THEN 1 ELSE -1 END) * ${taxDocumentLines.taxablePaise}
        ELSE 0 END), 0)`.mapWith(Number),
    })
    .from(taxDocumentLines)
    .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
    .where(ofMonth)
    .groupBy(taxDocuments.sellerGstin);
  const gstins = new Set([...tcs, ...net].map((r) => r.gstin ?? ''));
  return new Map(
    [...gstins].map((gstin) => [
      gstin,
      {
        tcsPaise: tcs.find((r) => r.gstin === gstin)?.paise ?? 0,
        netPaise: net.find((r) => r.gstin === gstin)?.paise ?? 0,
      },
    ]),
  );
}

describe('GST as the law stands, from checkout to the return', () => {
  it('invoices kurtas at 5 % and 18 % and a book at nil with their deliveries, e-invoices a business’s order with a QR code that scans, and files a GSTR-8 that reconciles with the ledger', async () => {
    const address = await defaultAddress(store.db, SHOPPER);
    const homeState = gstStateCodeOf(address.state) ?? '';
    const seller = await sellerInState(homeState);

    // one seller lists two kurtas (HSN 6211) either side of ₹2,500 a piece and a printed book (4901)
    const [kurtaA, kurtaB] = await productsUnder('6211', 2);
    const [book] = await productsUnder('4901', 1);
    if (!kurtaA || !kurtaB || !book) throw new Error('the products');
    const cart: CartOffer[] = [];
    for (const [product, price] of [
      [kurtaA, 200_000],
      [kurtaB, 300_000],
      [book, 39_900],
    ] as const) {
      const offer = await listAt(seller.id, seller.pincode, product.id, price);
      cart.push({
        productId: product.id,
        sellerId: seller.id,
        sellerName: seller.name,
        name: product.name,
        price: offer.salePricePaise,
      });
    }
    const deliverable = await deliverableOffers(store.db, address.pincode);
    const charges = cart.map(
      (line) =>
        deliverable.find((d) => d.offer.productId === line.productId && d.offer.sellerId === seller.id)
          ?.option.chargePaise ?? 0,
    );
    expect(
      charges.every((c) => c > 0),
      'each line has a delivery charge',
    ).toBe(true);

    // 1. the shopper buys them in the browser and pays cash on delivery; the seller ships them
    const order = await checkout(cart, 'checkout-final-review');
    const { invoice } = await shipAll(order.orderNo, order.id, seller.email);
    expect(invoice.supplyKind).toBe('intra');
    const { bytes, text } = await shoppersCopy(
      order.orderNo,
      seller.name,
      `Invoice-cum-Bill of Supply ${invoice.number}`,
    );
    const drawn = await drawFirstPage(store.page.context(), bytes);
    await screenshotDrawnPage(
      store.page.context(),
      drawn.png,
      (width) => `${SHOTS}/invoice-cum-bill-of-supply-${width}.png`,
      WIDTH_LIST,
    );
    expect(text).toContain('Invoice-cum-Bill of Supply');
    expect(text).toContain('Within the state (CGST + SGST)');
    expect(text).not.toContain('996812');
    const lines = printedLines(text);
    expect(lines).toHaveLength(6);
    const expected = [
      { product: kurtaA, hsn: '6211', half: '2.5%' }, // ₹2,000 a piece: within ₹2,500, 5 %
      { product: kurtaB, hsn: '6211', half: '9%' }, // ₹3,000 a piece: above ₹2,500, 18 %
      { product: book, hsn: '4901', half: '0%' }, // printed books: nil
    ];
    for (const { product, hsn, half } of expected) {
      const goods = lines.find((l) => l.description === product.name);
      const delivery = lines.find((l) => l.description === `Delivery charges: ${product.name}`);
      if (!goods || !delivery) throw new Error(`the goods and delivery lines of ${product.name}`);
      // the delivery is a composite supply with its goods: their HSN and their rate
      for (const line of [goods, delivery]) {
        expect(line, line.description).toMatchObject({ hsn, cgstRate: half, sgstRate: half });
        expect(line.cgstPaise, `CGST = SGST on ${line.description}`).toBe(line.sgstPaise);
        expect(line.taxablePaise + line.cgstPaise + line.sgstPaise).toBe(line.totalPaise);
        const halfRateBp = Number(half.replace('%', '')) * 100;
        expect(Math.abs(line.cgstPaise - (line.taxablePaise * halfRateBp) / 10_000)).toBeLessThanOrEqual(1);
      }
    }
    expect(text).toContain('Lines at 0% are nil-rated or exempt goods (and their delivery)');
    const printedTotal = lines.reduce((sum, l) => sum + l.totalPaise, 0);
    expect(printedTotal).toBe(order.totalPaise);
    // TCS only on the taxed lines (s. 52(1)): none on the book and its delivery; 0.25 % CGST + 0.25 %
    // SGST of each item's taxable value, goods and delivery together (Notification 15/2024-CT, from 10 Jul 2024)
    const tcsExpected = expected.reduce((sum, { product }) => {
      const taxable = lines
        .filter((l) => l.cgstRate !== '0%' && l.description.endsWith(product.name))
        .reduce((s, l) => s + l.taxablePaise, 0);
      return sum + 2 * Math.round((taxable * 25) / 10_000);
    }, 0);
    expect(tcsExpected).toBeGreaterThan(0);
    const taxedTaxable = lines.filter((l) => l.cgstRate !== '0%').reduce((sum, l) => sum + l.taxablePaise, 0);
    const [tcsOnInvoice] = await store.db
      .select({ paise: sql<number>`-sum(${settlementEntries.amountPaise})`.mapWith(Number) })
      .from(settlementEntries)
      .where(and(eq(settlementEntries.kind, 'tcs'), eq(settlementEntries.documentId, invoice.id)));
    expect(tcsOnInvoice?.paise).toBe(tcsExpected);

    // 2. a business buys from a seller above ₹5 crore in another state: its invoice is registered
    // with the IRP and prints the IRN and the signed QR code
    const registered = new Map(
      (
        await store.db
          .select({ id: sellers.id, gstin: sellers.gstin, name: sellers.name, email: users.email })
          .from(sellers)
          .innerJoin(users, eq(users.id, sellers.userId))
          .where(isNotNull(sellers.gstin))
      ).map((s) => [s.id, s]),
    );
    const b2bOffer = deliverable.find((d) => {
      const s = registered.get(d.offer.sellerId);
      return s && !s.gstin?.startsWith(homeState) && d.offer.salePricePaise < 1_000_000;
    });
    const bigSeller = registered.get(b2bOffer?.offer.sellerId ?? 0);
    if (!b2bOffer || !bigSeller) throw new Error('a registered seller in another state');
    const asBigSeller = await sessionOf(bigSeller.email);
    const settings = (await (await asBigSeller('/api/seller/tax-settings')).json()) as {
      documentPrefix: string;
    };
    const declared = await asBigSeller('/api/seller/tax-settings', 'PUT', {
      turnoverBand: '5cr_to_10cr',
      documentPrefix: settings.documentPrefix,
    });
    expect(declared.status, await declared.clone().text()).toBe(200);
    const first14 = `${homeState}AAPFU0939F1Z`;
    const buyerGstin = first14 + gstinCheckCharacter(first14);
    const b2bOrder = await checkout(
      [
        {
          productId: b2bOffer.offer.productId,
          sellerId: b2bOffer.offer.sellerId,
          sellerName: bigSeller.name,
          name: b2bOffer.name,
          price: b2bOffer.offer.salePricePaise,
        },
      ],
      'checkout-business',
      { gstin: buyerGstin, name: 'Patel Office Supplies' },
    );
    expect(b2bOrder.buyerGstin).toBe(buyerGstin);
    const { invoice: b2bInvoice } = await shipAll(b2bOrder.orderNo, b2bOrder.id, bigSeller.email);
    const sent = await asBigSeller(`/api/seller/e-invoices/${b2bInvoice.id}/retry`, 'POST', {});
    expect(sent.status, await sent.clone().text()).toBe(200);
    const [registration] = await store.db
      .select()
      .from(eInvoices)
      .where(eq(eInvoices.documentId, b2bInvoice.id));
    expect(registration?.status).toBe('registered');
    const irn = registration?.irn ?? '';
    const b2b = await shoppersCopy(b2bOrder.orderNo, bigSeller.name, `Tax Invoice ${b2bInvoice.number}`);
    expect(b2b.text).toContain(`IRN: ${irn}`);
    const b2bDrawn = await drawFirstPage(store.page.context(), b2b.bytes);
    await screenshotDrawnPage(
      store.page.context(),
      b2bDrawn.png,
      (width) => `${SHOTS}/e-invoice-${width}.png`,
      WIDTH_LIST,
    );
    const scanned = readSignedQr(b2bDrawn.qr ?? '');
    if (!scanned) throw new Error('the printed QR code scans as a signed e-invoice QR code');
    const [day, month, year] = indiaDate(b2bInvoice.issuedAt).split('-').reverse();
    expect(scanned).toMatchObject({
      SellerGstin: bigSeller.gstin,
      BuyerGstin: buyerGstin,
      DocNo: b2bInvoice.number,
      DocTyp: 'INV',
      DocDt: `${day}/${month}/${year}`,
      TotInvVal: b2bInvoice.valuePaise / 100,
      Irn: irn,
    });
    // and each of them is what the invoice itself prints
    expect(b2b.text).toContain(`GSTIN: ${scanned.SellerGstin}`);
    expect(b2b.text).toContain(`GSTIN: ${scanned.BuyerGstin}`);
    expect(b2b.text).toContain(scanned.DocNo);
    expect(b2b.text).toContain(`Invoice date ${day} ${MONTHS[Number(month) - 1]} ${year}`);
    // the acknowledgement's date and time, as printed in IST (dd-mm-yyyy hh:mm)
    const ack = /Ack Date: (\d{2})-(\d{2})-(\d{4}) (\d{2}:\d{2})/.exec(b2b.text);
    expect(scanned.IrnDt.startsWith(`${ack?.[3]}-${ack?.[2]}-${ack?.[1]} ${ack?.[4]}`), scanned.IrnDt).toBe(
      true,
    );
    expect(b2b.text).toContain(
      scanned.TotInvVal.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );

    // 3. finance downloads the month's GSTR-8 JSON from the console: per supplier GSTIN, its TCS
    // and net value are the ledger's for the month
    await signInAsStaff(store, 'finance.gst-journey@staff.example.com', 'finance');
    const thisMonth = monthOf(new Date());
    await store.openHydrated(`/admin/settlements/exports?month=${thisMonth}`);
    const gstr8Link = store.page.getByRole('link', { name: /JSON for the GST offline tool/ });
    await shot('admin-exports');
    const gstr8 = JSON.parse(Buffer.from(await download(gstr8Link)).toString('utf8')) as Gstr8Json;
    expect(gstr8).toMatchObject({
      gstin: MARKETPLACE_OPERATOR.gstin,
      fp: `${thisMonth.slice(5, 7)}${thisMonth.slice(0, 4)}`,
    });
    const ledger = await ledgerOfMonth(thisMonth);
    const filed = new Map(
      gstr8.tcs.map((r) => [
        r.stin,
        {
          tcsPaise: Math.round((r.iamt + r.camt + r.samt) * 100),
          netPaise: Math.round(r.amt * 100),
        },
      ]),
    );
    expect(filed).toEqual(ledger);
    // our two invoices are in it as their PDFs print them: the kurtas' taxed value and TCS without the
    // book, to an unregistered recipient; the business's invoice as a supply to a registered one
    const others = await ledgerOfMonth(thisMonth, [invoice.id, b2bInvoice.id]);
    const row = (gstin: string | null) => gstr8.tcs.find((r) => r.stin === gstin);
    const otherOf = (gstin: string | null) => others.get(gstin ?? '') ?? { tcsPaise: 0, netPaise: 0 };
    expect(filed.get(seller.gstin ?? '')).toEqual({
      tcsPaise: otherOf(seller.gstin).tcsPaise + tcsExpected,
      netPaise: otherOf(seller.gstin).netPaise + taxedTaxable,
    });
    expect(Math.round((row(seller.gstin)?.supU ?? 0) * 100)).toBeGreaterThanOrEqual(taxedTaxable);
    expect(Math.round((row(bigSeller.gstin)?.supR ?? 0) * 100)).toBeGreaterThanOrEqual(
      b2bInvoice.taxablePaise,
    );
    expect(filed.get(bigSeller.gstin ?? '')?.netPaise).toBe(
      otherOf(bigSeller.gstin).netPaise + b2bInvoice.taxablePaise,
    );
  });
});
