import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  eInvoices,
  ewayBills,
  offers,
  orderItems,
  orders,
  sellers,
  settlementEntries,
  taxDocuments,
} from '@marketplace/db';
import type { SellerOrderDetail } from '@marketplace/domain/sellers/seller-orders';
import { gstinCheckCharacter, gstStateCodeOf } from '@marketplace/domain/sellers/tax-identity';
import type { TaxDocumentList } from '@marketplace/domain/tax/document-view';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import {
  CONSOLE_E_INVOICE_MESSAGES,
  type ConsoleEInvoiceList,
  type ConsoleEInvoiceRetried,
  E_INVOICE_MESSAGES,
  type EInvoiceList,
  type EInvoiceRow,
  type SellerTaxSettings,
} from '@marketplace/domain/tax/e-invoice-api';
import { DOCUMENT_PREFIX_MESSAGES } from '@marketplace/domain/tax/document-series';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { deliverableOffers } from '../../../test-support/orders.ts';
import { pdfText } from '../../../test-support/pdf.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import type { IrpProvider } from './provider.ts';
import { generateDueEwayBills, registerDueEInvoices } from './register.ts';
import { createSandboxIrp } from './sandbox.ts';

// the portal's and the server's clock: the real time, unless a test moves it
let clock: Date | null = null;
const now = () => clock ?? new Date();
const sandbox = createSandboxIrp({ now });
// the portal as the server reaches it: the sandbox, unless a test takes it down
let outage = 0;
const irp: IrpProvider = {
  ...sandbox,
  generateIrn: (gstin, invoice) => {
    if (outage > 0) {
      outage -= 1;
      return Promise.resolve({ outcome: 'unavailable', message: 'connect ECONNREFUSED' });
    }
    return sandbox.generateIrn(gstin, invoice);
  },
};

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let candidates: Awaited<ReturnType<typeof deliverableOffers>>;
beforeAll(async () => {
  t = await createTestApp({ irp, clock: now });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  candidates = await deliverableOffers(t.db, kit.address.pincode);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const used = new Set<number>();
let orderKeys = 0;
/** A fresh deliverable offer of a registered seller, not `notSeller`. */
function freshOffer(notSeller?: number, ofSeller?: number) {
  const found = candidates.find(
    (c) =>
      !used.has(c.offer.productId) &&
      c.offer.sellerId !== notSeller &&
      (ofSeller === undefined || c.offer.sellerId === ofSeller),
  );
  // a seller with few offers sells one again (each has stock for 20)
  const again =
    found ??
    candidates.find(
      (c) => c.offer.sellerId !== notSeller && (ofSeller === undefined || c.offer.sellerId === ofSeller),
    );
  if (!again) throw new Error('the seed has a deliverable offer');
  used.add(again.offer.productId);
  return again;
}
const businessGstin = () => {
  const first14 = `${gstStateCodeOf(kit.address.state) ?? '29'}AAPFU0939F1Z`;
  return first14 + gstinCheckCharacter(first14);
};

async function placeAndShip(sellerId: number, business: boolean, pricePaise?: number) {
  const candidate = freshOffer(undefined, sellerId);
  if (pricePaise !== undefined)
    await t.db
      .update(offers)
      .set({ salePricePaise: pricePaise, mrpPaise: pricePaise })
      .where(eq(offers.id, candidate.offer.id));
  const res = await t.request('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: kit.shopper },
    body: JSON.stringify({
      idempotencyKey: `e-invoice-${Date.now()}-${++orderKeys}`,
      addressId: kit.address.id,
      paymentMode: pricePaise === undefined ? 'cod' : 'online',
      lines: [{ productId: candidate.offer.productId, sellerId, quantity: 1, deliveryType: 'standard' }],
      ...(business ? { business: { gstin: businessGstin(), name: 'Patel Office Supplies' } } : {}),
    }),
  });
  if (res.status !== 201) throw new Error(await res.text());
  const { orderNo } = (await res.json()) as { orderNo: string };
  if (pricePaise !== undefined)
    await t.db
      .update(orders)
      .set({ status: 'placed', paymentStatus: 'paid' })
      .where(eq(orders.orderNo, orderNo));
  const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const [item] = await t.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order?.id ?? 0));
  const seller = await kit.sellerCookie(sellerId);
  const shipped = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
    items: [{ itemId: item?.id }],
  });
  if (shipped.status !== 201) throw new Error(await shipped.text());
  const [document] = await t.db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, order?.id ?? 0));
  if (!document) throw new Error('the invoice was issued');
  return { orderNo, document, seller, shipment: (await shipped.json()) as { invoiceNo: string } };
}
const shopperDocuments = async (orderNo: string) =>
  ((await (await call(`/api/my-orders/${orderNo}/tax-documents`, kit.shopper)).json()) as TaxDocumentList)
    .documents;
/** The seller calls the shipment off after its invoice (cancelled by the seller): a credit note takes it back. */
async function takeBack(orderNo: string, seller: string, invoiceNo: string) {
  const res = await call(`/api/seller/shipments/${invoiceNo}/tracking`, seller, 'POST', {
    status: 'cancelled_by_seller',
  });
  if (res.status !== 200) throw new Error(await res.text());
  const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const [creditNote] = await t.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, order?.id ?? 0), eq(taxDocuments.kind, 'credit_note')));
  if (!creditNote) throw new Error('a credit note was issued');
  return creditNote;
}
/** What the seller's ledger holds for an order's documents, by kind, and how many rows. */
async function ledgerOf(documentIds: number[]) {
  const rows = await t.db
    .select()
    .from(settlementEntries)
    .where(inArray(settlementEntries.documentId, documentIds));
  const byKind = new Map<string, number>();
  for (const r of rows) byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + r.amountPaise);
  return { rows: rows.length, byKind, balance: rows.reduce((sum, r) => sum + r.amountPaise, 0) };
}
const registrationOf = async (documentId: number) =>
  (await t.db.select().from(eInvoices).where(eq(eInvoices.documentId, documentId)))[0];
const eInvoicesOf = async (seller: string) =>
  ((await (await call('/api/seller/e-invoices', seller)).json()) as EInvoiceList).eInvoices;
async function declare(seller: string, turnoverBand: string, documentPrefix: string) {
  const res = await call('/api/seller/tax-settings', seller, 'PUT', { turnoverBand, documentPrefix });
  expect(res.status).toBe(200);
  return (await res.json()) as SellerTaxSettings;
}

let big: { id: number; cookie: string };
let small: { id: number; cookie: string };
beforeAll(async () => {
  // the two registered sellers with the most offers deliverable to the shopper
  const registered = new Set(
    (await t.db.select({ id: sellers.id, gstin: sellers.gstin }).from(sellers))
      .filter((s) => s.gstin)
      .map((s) => s.id),
  );
  const counts = new Map<number, number>();
  for (const c of candidates)
    if (registered.has(c.offer.sellerId))
      counts.set(c.offer.sellerId, (counts.get(c.offer.sellerId) ?? 0) + 1);
  const [first = 0, second = 0] = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  big = { id: first, cookie: await kit.sellerCookie(first) };
  small = { id: second, cookie: await kit.sellerCookie(second) };
  const [row] = await t.db.select({ gstin: sellers.gstin }).from(sellers).where(eq(sellers.id, first));
  expect(row?.gstin, 'a registered seller').toBeTruthy();
});

// requirements#e-invoicing
describe('a B2B invoice of a seller above ₹5 crore', () => {
  it('is registered before it goes out: an IRN, an acknowledgement and a QR code, then the shopper may download it', async () => {
    const settings = await declare(big.cookie, '5cr_to_10cr', 'sk');
    expect(settings).toMatchObject({
      turnoverBand: '5cr_to_10cr',
      documentPrefix: 'SK',
      isPrefixChosen: true,
    });
    expect(settings.sampleNumber).toMatch(/^SK-I\d{2}\/000001$/);
    const { orderNo, document } = await placeAndShip(big.id, true);
    expect(document.number).toMatch(/^SK-I\d{2}\/\d{6}$/);

    // not out yet: no document for the shopper, no PDF; the seller sees it awaiting its IRN
    expect(await shopperDocuments(orderNo)).toEqual([]);
    expect(
      (await call(`/api/my-orders/${orderNo}/tax-documents/${document.id}/pdf`, kit.shopper)).status,
    ).toBe(404);
    expect((await call(`/api/seller/tax-documents/${document.id}/pdf`, big.cookie)).status).toBe(404);
    expect((await eInvoicesOf(big.cookie)).find((e) => e.documentId === document.id)).toMatchObject({
      status: 'pending',
      irn: null,
    });

    await registerDueEInvoices(t.db, irp, now());
    const [row] = (await eInvoicesOf(big.cookie)).filter((e) => e.documentId === document.id);
    expect(row).toMatchObject({ status: 'registered', errorCode: null });
    expect(row?.irn).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.ackNo).toMatch(/^\d{15}$/);
    const [listed] = await shopperDocuments(orderNo);
    expect(listed?.id).toBe(document.id);
    const pdf = await call(listed?.pdfUrl ?? '', kit.shopper);
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`IRN: ${row?.irn ?? ''}`);
    expect(text).toContain(`Ack No.: ${row?.ackNo ?? ''}`);
  });

  it('refuses the registration with 2150 when the number was registered before, and nothing goes out', async () => {
    const { orderNo, document } = await placeAndShip(big.id, true);
    // the seller's other channel registered this number first
    const [{ buildInv01 }] = [await import('@marketplace/domain/tax/e-invoice')];
    const earlier = await sandbox.generateIrn(
      document.sellerGstin ?? '',
      buildInv01(
        {
          kind: 'invoice',
          number: document.number,
          issuedAt: document.issuedAt,
          seller: {
            gstin: document.sellerGstin ?? '',
            legalName: 'Other channel',
            address: 'Shop 1, Bengaluru, Karnataka 560001',
            pincode: '560001',
            stateCode: document.sellerStateCode,
          },
          buyer: {
            gstin: businessGstin(),
            name: 'Someone Else',
            address: 'Shop 2, Bengaluru, Karnataka 560001',
            pincode: '560001',
            placeOfSupplyCode: document.sellerStateCode,
          },
          invoice: null,
          lines: [
            {
              description: 'Something',
              hsnCode: '940130',
              quantity: 1,
              ratePercent: 0,
              valuePaise: 100_00,
              taxablePaise: 100_00,
              cgstPaise: 0,
              sgstPaise: 0,
              igstPaise: 0,
            },
          ],
        },
        null,
      ),
    );
    expect(earlier.outcome).toBe('done');
    await registerDueEInvoices(t.db, irp, now());
    const row = (await eInvoicesOf(big.cookie)).find((e) => e.documentId === document.id);
    expect(row).toMatchObject({ status: 'refused', errorCode: '2150', irn: null, ackNo: null });
    expect(row?.errorMessage).toContain('2150: Duplicate IRN');
    expect(await shopperDocuments(orderNo)).toEqual([]);
    // asking again gets the same answer: still not issued
    const again = await call(`/api/seller/e-invoices/${document.id}/retry`, big.cookie, 'POST');
    expect(again.status).toBe(200);
    expect(((await again.json()) as EInvoiceRow).status).toBe('refused');
    expect(await shopperDocuments(orderNo)).toEqual([]);
  });

  it('is retried with backoff after a portal outage, then registered', async () => {
    const { orderNo, document } = await placeAndShip(big.id, true);
    outage = 1;
    await registerDueEInvoices(t.db, irp, now());
    const waiting = (await eInvoicesOf(big.cookie)).find((e) => e.documentId === document.id);
    expect(waiting).toMatchObject({ status: 'pending', errorCode: 'UNAVAILABLE', attempts: 1 });
    expect(new Date(waiting?.nextAttemptAt ?? 0).getTime()).toBeGreaterThan(now().getTime());
    // not before its time
    await registerDueEInvoices(t.db, irp, now());
    expect((await eInvoicesOf(big.cookie)).find((e) => e.documentId === document.id)?.status).toBe('pending');
    expect(await shopperDocuments(orderNo)).toEqual([]);
    await registerDueEInvoices(t.db, irp, new Date(now().getTime() + 61_000));
    expect((await eInvoicesOf(big.cookie)).find((e) => e.documentId === document.id)).toMatchObject({
      status: 'registered',
      attempts: 2,
    });
    expect(await shopperDocuments(orderNo)).toHaveLength(1);
  });

  it('may have its IRN cancelled by the seller within 24 hours once taken back in full, and not after', async () => {
    const first = await placeAndShip(big.id, true);
    const second = await placeAndShip(big.id, true);
    const standing = await placeAndShip(big.id, true);
    await registerDueEInvoices(t.db, irp, now());
    const started = new Date();
    clock = new Date(started.getTime() + 23 * 3600_000);
    // an invoice still standing keeps its IRN: the ledger still pays the seller for it
    const early = await call(`/api/seller/e-invoices/${standing.document.id}/cancel`, big.cookie, 'POST', {
      reason: '3',
      remark: 'Order cancelled by the buyer',
    });
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.message).toBe(E_INVOICE_MESSAGES.stillStanding);
    await takeBack(first.orderNo, first.seller, first.shipment.invoiceNo);
    const cancelled = await call(`/api/seller/e-invoices/${first.document.id}/cancel`, big.cookie, 'POST', {
      reason: '3',
      remark: 'Order cancelled by the buyer',
    });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()) as EInvoiceRow).toMatchObject({
      status: 'cancelled',
      cancellableUntil: null,
    });
    expect(await shopperDocuments(first.orderNo)).toEqual([]);
    clock = new Date(started.getTime() + 24 * 3600_000 + 5 * 60_000);
    await takeBack(second.orderNo, second.seller, second.shipment.invoiceNo);
    const late = await call(`/api/seller/e-invoices/${second.document.id}/cancel`, big.cookie, 'POST', {
      reason: '2',
      remark: 'Wrong buyer',
    });
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorBody).error.message).toBe(E_INVOICE_MESSAGES.windowPassed);
    const twice = await call(`/api/seller/e-invoices/${first.document.id}/cancel`, big.cookie, 'POST', {
      reason: '3',
      remark: 'again',
    });
    expect(twice.status).toBe(409);
    clock = null;
  });

  it('is refused when older than 30 days for a seller of ₹10 crore and above', async () => {
    await declare(big.cookie, 'above_10cr', 'SK');
    const { document } = await placeAndShip(big.id, true);
    await registerDueEInvoices(t.db, irp, new Date(now().getTime() + 32 * 24 * 3600_000));
    const row = (await eInvoicesOf(big.cookie)).find((e) => e.documentId === document.id);
    expect(row).toMatchObject({ status: 'refused', errorCode: 'LATE', irn: null });
    expect(row?.errorMessage).toContain('within 30 days');
    await declare(big.cookie, '5cr_to_10cr', 'SK');
  });
});

// requirements#e-invoicing (ADR-0044): a document taken back in full within 24 hours has its IRN
// cancelled, after that its credit note is registered; the ledger gives back what it recorded once
describe('a registered invoice taken back in full', () => {
  it('within 24 hours: the IRN is cancelled on the portal, the credit note is not reported, the ledger is reversed once', async () => {
    const { orderNo, document, seller, shipment } = await placeAndShip(big.id, true);
    await registerDueEInvoices(t.db, irp, now());
    const registered = await registrationOf(document.id);
    expect(registered?.status).toBe('registered');
    const sale = await ledgerOf([document.id]);
    expect(sale.balance).toBeGreaterThan(0);
    const creditNote = await takeBack(orderNo, seller, shipment.invoiceNo);
    await registerDueEInvoices(t.db, irp, new Date(now().getTime() + 3600_000));
    expect(await registrationOf(document.id)).toMatchObject({ status: 'cancelled', cancelReason: '3' });
    expect(await registrationOf(creditNote.id)).toMatchObject({
      status: 'not_required',
      errorCode: 'IRN-CANCELLED',
      irn: null,
    });
    const onPortal = await irp.getByIrn(document.sellerGstin ?? '', registered?.irn ?? '');
    expect(onPortal.outcome === 'done' && onPortal.value.status).toBe('CNL');
    // what the invoice recorded is given back exactly once: TCS, TDS, fees all back to nothing
    const after = await ledgerOf([document.id, creditNote.id]);
    expect(after.byKind.get('tcs') ?? 0).toBe(0);
    expect(after.byKind.get('tds') ?? 0).toBe(0);
    expect(after.byKind.get('commission') ?? 0).toBe(0);
    expect((after.byKind.get('sale') ?? 0) + (after.byKind.get('refund') ?? 0)).toBe(0);
    // the job again, and the seller's own cancel: nothing more is sent or written
    await registerDueEInvoices(t.db, irp, new Date(now().getTime() + 2 * 3600_000));
    const again = await call(`/api/seller/e-invoices/${document.id}/cancel`, big.cookie, 'POST', {
      reason: '3',
      remark: 'again',
    });
    expect(again.status).toBe(409);
    expect((await ledgerOf([document.id, creditNote.id])).rows).toBe(after.rows);
    expect(await shopperDocuments(orderNo)).toEqual([]);
    const listed = (await eInvoicesOf(big.cookie)).find((e) => e.documentId === creditNote.id);
    expect(listed).toMatchObject({ status: 'not_required', kind: 'credit_note' });
  });

  it('after 24 hours: the IRN stands and the credit note is registered with the portal, the ledger reversed once', async () => {
    const { orderNo, document, seller, shipment } = await placeAndShip(big.id, true);
    await registerDueEInvoices(t.db, irp, now());
    clock = new Date(Date.now() + 25 * 3600_000);
    try {
      const creditNote = await takeBack(orderNo, seller, shipment.invoiceNo);
      await registerDueEInvoices(t.db, irp, now());
      expect((await registrationOf(document.id))?.status).toBe('registered');
      const crn = await registrationOf(creditNote.id);
      expect(crn).toMatchObject({ status: 'registered' });
      expect(crn?.payload).toMatchObject({ DocDtls: { Typ: 'CRN' } });
      const after = await ledgerOf([document.id, creditNote.id]);
      expect(after.byKind.get('tcs') ?? 0).toBe(0);
      expect(after.byKind.get('tds') ?? 0).toBe(0);
      await registerDueEInvoices(t.db, irp, new Date(now().getTime() + 3600_000));
      expect((await ledgerOf([document.id, creditNote.id])).rows).toBe(after.rows);
      // the shopper gets both: the invoice and the credit note that takes it back
      expect((await shopperDocuments(orderNo)).map((d) => d.id).sort()).toEqual(
        [document.id, creditNote.id].sort(),
      );
    } finally {
      clock = null;
    }
  });

  it('delivered and returned within 24 hours: the goods were supplied, so the credit note is registered and the IRN stands', async () => {
    const { orderNo, document, seller, shipment } = await placeAndShip(big.id, true);
    await registerDueEInvoices(t.db, irp, now());
    for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered']) {
      const moved = await call(`/api/seller/shipments/${shipment.invoiceNo}/tracking`, seller, 'POST', {
        status,
      });
      expect(moved.status).toBe(200);
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const [item] = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0));
    const refNo = await kit.insertRequest(item?.id ?? 0, 'return', item?.quantity ?? 1);
    const decided = await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
      decision: 'refund-without-reverse',
    });
    expect(decided.status).toBe(200);
    const [creditNote] = await t.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order?.id ?? 0), eq(taxDocuments.kind, 'credit_note')));
    await registerDueEInvoices(t.db, irp, new Date(now().getTime() + 3600_000));
    expect((await registrationOf(document.id))?.status).toBe('registered');
    expect((await registrationOf(creditNote?.id ?? 0))?.status).toBe('registered');
    const after = await ledgerOf([document.id, creditNote?.id ?? 0]);
    expect(after.byKind.get('tcs') ?? 0).toBe(0);
  });

  it('before it was registered (a portal outage): neither the invoice nor its credit note is sent', async () => {
    const { orderNo, document, seller, shipment } = await placeAndShip(big.id, true);
    outage = 1;
    await registerDueEInvoices(t.db, irp, now());
    expect((await registrationOf(document.id))?.status).toBe('pending');
    const creditNote = await takeBack(orderNo, seller, shipment.invoiceNo);
    await registerDueEInvoices(t.db, irp, new Date(now().getTime() + 3 * 3600_000));
    expect(await registrationOf(document.id)).toMatchObject({ status: 'not_required', irn: null });
    expect(await registrationOf(creditNote.id)).toMatchObject({ status: 'not_required', irn: null });
    const after = await ledgerOf([document.id, creditNote.id]);
    expect(after.byKind.get('tcs') ?? 0).toBe(0);
  });
});

describe('documents that need no IRN', () => {
  it('a B2C order gets none and goes out at once', async () => {
    const { orderNo, document } = await placeAndShip(big.id, false);
    expect(await t.db.select().from(eInvoices).where(eq(eInvoices.documentId, document.id))).toEqual([]);
    expect((await shopperDocuments(orderNo)).map((d) => d.id)).toEqual([document.id]);
  });
  it('a B2B order of a seller up to ₹5 crore gets none', async () => {
    await declare(small.cookie, 'up_to_5cr', 'AB1');
    const { orderNo, document } = await placeAndShip(small.id, true);
    expect(document.number).toMatch(/^AB1-I\d{2}\/\d{6}$/);
    expect(await t.db.select().from(eInvoices).where(eq(eInvoices.documentId, document.id))).toEqual([]);
    expect(await shopperDocuments(orderNo)).toHaveLength(1);
  });
});

// requirements#eway-bill
describe('an e-way bill', () => {
  it('is generated for a consignment above ₹50,000 and shown on the seller’s shipment, with validity by distance', async () => {
    const { orderNo, document, seller } = await placeAndShip(small.id, false, 60_000_00);
    const [bill] = await t.db.select().from(ewayBills).where(eq(ewayBills.documentId, document.id));
    expect(bill).toMatchObject({ status: 'pending', valuePaise: document.valuePaise });
    expect(bill?.partA).toMatchObject({
      docNo: document.number,
      toGstin: 'URP',
      fromGstin: document.sellerGstin,
    });
    await generateDueEwayBills(t.db, irp, now());
    const detail = (await (await call(`/api/seller/orders/${orderNo}`, seller)).json()) as SellerOrderDetail;
    const shown = detail.shipments[0]?.ewayBill;
    expect(shown).toMatchObject({ status: 'generated' });
    expect(shown?.ewbNo).toMatch(/^\d{12}$/);
    const days = Math.ceil((bill?.distanceKm ?? 1) / 200);
    expect(new Date(shown?.validUntil ?? 0).getTime()).toBeGreaterThan(
      now().getTime() + (days - 1) * 86_400_000,
    );
  });

  it('is not made for ₹50,000 or less, and waits for the IRN of a B2B invoice that needs one', async () => {
    const cheap = await placeAndShip(small.id, false);
    expect(await t.db.select().from(ewayBills).where(eq(ewayBills.documentId, cheap.document.id))).toEqual(
      [],
    );
    const b2b = await placeAndShip(big.id, true, 75_000_00);
    await generateDueEwayBills(t.db, irp, now());
    const [waiting] = await t.db.select().from(ewayBills).where(eq(ewayBills.documentId, b2b.document.id));
    expect(waiting?.status).toBe('pending');
    await registerDueEInvoices(t.db, irp, now());
    await generateDueEwayBills(t.db, irp, new Date(now().getTime() + 61_000));
    const [made] = await t.db.select().from(ewayBills).where(eq(ewayBills.documentId, b2b.document.id));
    expect(made?.status).toBe('generated');
    expect(made?.partA).toMatchObject({ toGstin: businessGstin() });
  });

  it('waiting for an IRN is not looked at again each minute, and is not needed once its invoice is taken back', async () => {
    const b2b = await placeAndShip(big.id, true, 75_000_00);
    outage = 1;
    await registerDueEInvoices(t.db, irp, now());
    expect((await registrationOf(b2b.document.id))?.status).toBe('pending');
    const looked = now();
    await generateDueEwayBills(t.db, irp, looked);
    const [waiting] = await t.db.select().from(ewayBills).where(eq(ewayBills.documentId, b2b.document.id));
    expect(waiting?.status).toBe('pending');
    // the registration wakes it; until then an hour passes between looks, not a minute
    expect(waiting?.nextAttemptAt.getTime()).toBe(looked.getTime() + 3600_000);
    await takeBack(b2b.orderNo, b2b.seller, b2b.shipment.invoiceNo);
    await registerDueEInvoices(t.db, irp, new Date(now().getTime() + 3 * 3600_000));
    expect((await registrationOf(b2b.document.id))?.status).toBe('not_required');
    await generateDueEwayBills(t.db, irp, new Date(now().getTime() + 3 * 3600_000));
    const [settled] = await t.db.select().from(ewayBills).where(eq(ewayBills.documentId, b2b.document.id));
    expect(settled).toMatchObject({ status: 'not_required', ewbNo: null, errorCode: 'TAKEN-BACK' });
    const detail = (await (
      await call(`/api/seller/orders/${b2b.orderNo}`, b2b.seller)
    ).json()) as SellerOrderDetail;
    expect(detail.shipments[0]?.ewayBill).toMatchObject({ status: 'not_required' });
    // nothing more is due for it
    expect(await generateDueEwayBills(t.db, irp, new Date(now().getTime() + 30 * 86_400_000))).toBe(0);
  });
});

describe('who may read and act on an e-invoice', () => {
  it('another seller sees none of them and gets 404 acting on one; a shopper 403; nobody logged in 401', async () => {
    const { document } = await placeAndShip(big.id, true);
    expect((await eInvoicesOf(small.cookie)).some((e) => e.documentId === document.id)).toBe(false);
    for (const path of [
      `/api/seller/e-invoices/${document.id}/retry`,
      `/api/seller/e-invoices/${document.id}/cancel`,
    ]) {
      const res = await call(path, small.cookie, 'POST', { reason: '1', remark: 'not mine' });
      expect(res.status).toBe(404);
    }
    expect((await call('/api/seller/e-invoices', kit.shopper)).status).toBe(403);
    expect((await call('/api/seller/e-invoices', null)).status).toBe(401);
    expect(
      (
        await call('/api/seller/tax-settings', kit.shopper, 'PUT', {
          turnoverBand: 'above_10cr',
          documentPrefix: 'X',
        })
      ).status,
    ).toBe(403);
    await registerDueEInvoices(t.db, irp, now());
  });
});

describe('hostile input', () => {
  it.each([
    [
      { turnoverBand: 'above_10cr', documentPrefix: '0AB' },
      'documentPrefix',
      DOCUMENT_PREFIX_MESSAGES.characters,
    ],
    [{ turnoverBand: 'above_10cr', documentPrefix: 'A\u0000B' }, 'documentPrefix', null],
    [
      { turnoverBand: 'above_10cr', documentPrefix: 'ABCDEF' },
      'documentPrefix',
      DOCUMENT_PREFIX_MESSAGES.length,
    ],
    [{ turnoverBand: 'above_10cr', documentPrefix: 'x'.repeat(100_000) }, 'documentPrefix', null],
    [{ turnoverBand: '100cr', documentPrefix: 'SK' }, 'turnoverBand', 'Choose your aggregate turnover band.'],
    [{ documentPrefix: 'SK' }, 'turnoverBand', null],
    [{ turnoverBand: 'above_10cr', documentPrefix: 'SK', sellerId: 1 }, null, null],
    [null, null, null],
  ])('tax settings #%# are refused with 400', async (body, field, message) => {
    const res = await call('/api/seller/tax-settings', small.cookie, 'PUT', body);
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ErrorBody).error;
    if (field) expect(error.fields?.[field]).toBeTruthy();
    if (field && message) expect(error.fields?.[field]).toBe(message);
  });

  it.each([
    [{ reason: '5', remark: 'x' }],
    [{ reason: '1', remark: '' }],
    [{ reason: '1', remark: 'x'.repeat(101) }],
    [{ reason: '1', remark: 'bad\u0000byte' }],
    [{ reason: 1, remark: 'number' }],
    [{ reason: '1' }],
    ['not an object'],
  ])('a cancellation %j is refused with 400', async (body) => {
    const res = await call('/api/seller/e-invoices/1/cancel', big.cookie, 'POST', body);
    expect(res.status).toBe(400);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999', '%E0%A4%A', '1%00'])(
    'an id %s is refused, never a 500',
    async (id) => {
      const res = await call(`/api/seller/e-invoices/${id}/retry`, big.cookie, 'POST');
      expect([400, 404]).toContain(res.status);
    },
  );

  it('broken JSON is a 400', async () => {
    const res = await t.request('/api/seller/tax-settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: small.cookie },
      body: '{"turnoverBand":',
    });
    expect(res.status).toBe(400);
  });

  it('two retries at once register once', async () => {
    const { document } = await placeAndShip(big.id, true);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(`/api/seller/e-invoices/${document.id}/retry`, big.cookie, 'POST')),
    );
    for (const res of answers) expect([200, 409]).toContain(res.status);
    const [row] = await t.db.select().from(eInvoices).where(eq(eInvoices.documentId, document.id));
    expect(row?.status, `${row?.errorCode ?? ''} ${row?.errorMessage ?? ''}`).toBe('registered');
    expect([...sandbox.registrations.values()].filter((r) => r.irn === row?.irn)).toHaveLength(1);
  });
});

// requirements#e-invoicing: finance staff see every seller's failed or waiting registrations and send them again
describe('the console’s failed registrations', () => {
  const PATH = '/api/admin/settlements/e-invoices';
  let finance = '';
  beforeAll(async () => {
    finance = (await verifiedStaff(t, 'finance-einv@staff.example.com', 'finance', now)).cookie;
  });
  const listed = async (cookie: string) => {
    const res = await call(PATH, cookie);
    expect(res.status).toBe(200);
    return (await res.json()) as ConsoleEInvoiceList;
  };

  it('lists a refusal with the seller, the document, the portal’s code and message and the attempts; a fix and “Send again” registers it', async () => {
    await declare(big.cookie, 'above_10cr', 'SK');
    const late = await placeAndShip(big.id, true);
    const waitingOne = await placeAndShip(big.id, true);
    // 31 days on: past the limit; then an outage for the other one
    await registerDueEInvoices(t.db, irp, new Date(now().getTime() + 31 * 24 * 3600_000));
    await declare(big.cookie, '5cr_to_10cr', 'SK');
    outage = 1;
    await t.db
      .update(eInvoices)
      .set({ status: 'pending', nextAttemptAt: new Date(0) })
      .where(eq(eInvoices.documentId, waitingOne.document.id));
    await registerDueEInvoices(t.db, irp, now());
    const list = await listed(finance);
    const refused = list.eInvoices.find((e) => e.documentId === late.document.id);
    expect(refused).toMatchObject({
      status: 'refused',
      errorCode: 'LATE',
      number: late.document.number,
      orderNo: late.orderNo,
      sellerId: big.id,
      sellerGstin: late.document.sellerGstin,
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(refused?.errorMessage).toContain('within 30 days');
    const waiting = list.eInvoices.find((e) => e.documentId === waitingOne.document.id);
    expect(waiting).toMatchObject({ status: 'pending', errorCode: 'UNAVAILABLE' });
    expect(waiting?.nextAttemptAt).toBeTruthy();
    // refused first
    const order = list.eInvoices.map((e) => e.status);
    expect(order.indexOf('pending') === -1 || order.lastIndexOf('refused') < order.indexOf('pending')).toBe(
      true,
    );
    expect(list.refused).toBeGreaterThanOrEqual(1);
    expect(list.waiting).toBeGreaterThanOrEqual(1);
    // the seller's band was corrected: sent again, it registers, leaves the list, and the audit log has it
    const retried = await call(`${PATH}/${late.document.id}/retry`, finance, 'POST');
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as ConsoleEInvoiceRetried).row.status).toBe('registered');
    expect((await listed(finance)).eInvoices.some((e) => e.documentId === late.document.id)).toBe(false);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settlement.e-invoice-retry'));
    expect(
      audit.some(
        (a) => a.targetId === String(late.document.id) && a.actor === 'finance-einv@staff.example.com',
      ),
    ).toBe(true);
    // registered now: nothing to send
    const again = await call(`${PATH}/${late.document.id}/retry`, finance, 'POST');
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(CONSOLE_E_INVOICE_MESSAGES.notRetryable);
  });

  it('answers a visitor 401, shoppers, sellers and roles other than finance and owner 403, sending nothing', async () => {
    const { document } = await placeAndShip(big.id, true);
    outage = 1;
    await registerDueEInvoices(t.db, irp, now());
    const before = await registrationOf(document.id);
    expect(before?.status).toBe('pending');
    const owner = (await verifiedStaff(t, 'owner-einv@staff.example.com', 'owner', now)).cookie;
    expect((await call(PATH, owner)).status).toBe(200);
    for (const [path, method] of [
      [PATH, 'GET'],
      [`${PATH}/${document.id}/retry`, 'POST'],
    ] as const) {
      expect((await call(path, null, method)).status).toBe(401);
      expect((await call(path, kit.shopper, method)).status).toBe(403);
      expect((await call(path, big.cookie, method)).status).toBe(403);
      for (const role of STAFF_ROLES.filter((r) => r !== 'owner' && r !== 'finance')) {
        const { cookie } = await verifiedStaff(
          t,
          `einv-${role}-${method.toLowerCase()}@staff.example.com`,
          role,
          now,
        );
        expect((await call(path, cookie, method)).status, `${role} ${method}`).toBe(403);
      }
    }
    expect((await registrationOf(document.id))?.attempts).toBe(before?.attempts);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999', '%E0%A4%A', '1%00', 'x'.repeat(5000)])(
    'a retry of id %s is refused, never a 500',
    async (id) => {
      const res = await call(`${PATH}/${id}/retry`, finance, 'POST');
      expect([400, 404]).toContain(res.status);
    },
  );

  it('a document without a registration is 404; two retries at once send once', async () => {
    const b2c = await placeAndShip(big.id, false);
    expect((await call(`${PATH}/${b2c.document.id}/retry`, finance, 'POST')).status).toBe(404);
    const { document } = await placeAndShip(big.id, true);
    outage = 1;
    await registerDueEInvoices(t.db, irp, now());
    const answers = await Promise.all([
      call(`${PATH}/${document.id}/retry`, finance, 'POST'),
      call(`${PATH}/${document.id}/retry`, finance, 'POST'),
    ]);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect((await registrationOf(document.id))?.status).toBe('registered');
  });
});
