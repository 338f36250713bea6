import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, feeEInvoices, feeInvoices, orderItems, sellers } from '@marketplace/db';
import { monthOf, monthStart, shiftMonth } from '@marketplace/domain/settlement/console-api';
import { documentNumber, financialYearOf } from '@marketplace/domain/settlement/documents';
import {
  FEE_INVOICE_MESSAGES,
  type FeeInvoiceList,
  feeDocumentLines,
} from '@marketplace/domain/settlement/fee-invoices';
import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';
import { readSignedQr } from '@marketplace/domain/tax/e-invoice';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { deliverableOffers } from '../../../test-support/orders.ts';
import { pdfText } from '../../../test-support/pdf.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { createSandboxIrp } from '../e-invoices/index.ts';
import { issueCreditNote } from '../invoices/index.ts';
import { feeInvoiceJob, issueFeeInvoices } from './fee-invoices.ts';

// requirements#fee-invoices (ADR-0052): the month-end job issues each seller's fee invoice for the month
// its fees were deducted in, a credit note for a month whose returns gave back more, an IRN for a
// registered seller's when the operator's turnover requires it; the seller reads its own, and only its own.

const irp = createSandboxIrp();
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let finance = '';
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp({ irp });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  finance = (await verifiedStaff(t, 'finance-fees@staff.example.com', 'finance')).cookie;
});
afterAll(() => t.close());

type Candidate = Awaited<ReturnType<typeof deliverableOffers>>[number];

/** An order of one line shipped and delivered by its seller through the seller API. */
async function delivered(candidate: Candidate, quantity: number) {
  const placed = await kit.placeOrder([{ candidate, quantity }], 'prepaid');
  const [item] = placed.items;
  if (!item) throw new Error('the item');
  const seller = await kit.sellerCookie(item.sellerId);
  const shipped = await call(`/api/seller/orders/${placed.orderNo}/shipments`, seller, 'POST', {
    items: [{ itemId: item.id }],
  });
  expect(shipped.status, await shipped.clone().text()).toBe(201);
  const { invoiceNo } = (await shipped.json()) as { invoiceNo: string };
  for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered']) {
    const moved = await call(`/api/seller/shipments/${invoiceNo}/tracking`, seller, 'POST', { status });
    expect(moved.status, await moved.clone().text()).toBe(200);
  }
  return { ...placed, item, seller };
}

const at = (month: string, hours: number) =>
  new Date((monthStart(month)?.getTime() ?? 0) + hours * 3_600_000);
const pdfOf = async (res: Response) => (await pdfText(new Uint8Array(await res.arrayBuffer()))).text;

describe('a seller’s fees over three months', () => {
  const month = monthOf(new Date());
  const next = shiftMonth(month, 1);
  const third = shiftMonth(month, 2);
  let registered = { id: 0, gstin: '', cookie: '' };
  let unregistered = { id: 0, cookie: '' };
  let itemId = 0;

  beforeAll(async () => {
    const candidates = await deliverableOffers(t.db, kit.address.pincode);
    const people = await t.db
      .select({ id: sellers.id, gstin: sellers.gstin })
      .from(sellers)
      .where(
        inArray(
          sellers.id,
          candidates.map((c) => c.offer.sellerId),
        ),
      );
    const withGstin = new Map(people.flatMap((p) => (p.gstin ? [[p.id, p.gstin] as const] : [])));
    const first = candidates.find((c) => withGstin.has(c.offer.sellerId));
    const second = candidates.find(
      (c) => withGstin.has(c.offer.sellerId) && c.offer.sellerId !== first?.offer.sellerId,
    );
    if (!first || !second) throw new Error('two registered sellers with deliverable offers');
    const a = await delivered(first, 2);
    const b = await delivered(second, 1);
    registered = { id: a.item.sellerId, gstin: withGstin.get(a.item.sellerId) ?? '', cookie: a.seller };
    unregistered = { id: b.item.sellerId, cookie: b.seller };
    itemId = a.item.id;
    // the second seller gives up its registration before the month ends: its fee invoice is B2C
    await t.db
      .update(sellers)
      .set({ gstin: null, enrolmentNo: '291900000001ENR' })
      .where(eq(sellers.id, unregistered.id));
  });

  it('the month-end job issues nothing while the month runs, then each seller’s invoice once, for the month its fees were deducted in', async () => {
    const job = (now: Date) =>
      feeInvoiceJob(t.db, irp, { operatorBand: 'above_10cr', logger, now: () => now });
    await job(at(month, 24)).run();
    // the job issues last month's: the month under way has none
    expect(await t.db.select().from(feeInvoices).where(eq(feeInvoices.month, month))).toEqual([]);

    // a credit note of both units, dated early next month: next month's fees are what it gives back
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    if (!item) throw new Error('the item');
    const credit = await t.db.transaction((tx) =>
      issueCreditNote(tx, { item, units: 2, requestId: null, now: at(next, 1) }),
    );
    expect(credit).not.toBeNull();

    // two servers' jobs at once, and again: one invoice per seller
    const issuedAt = at(next, 2);
    await Promise.all([job(issuedAt).run(), job(issuedAt).run()]);
    await job(at(next, 3)).run();
    const issued = await t.db.select().from(feeInvoices).where(eq(feeInvoices.month, month));
    const mine = issued.filter((row) => row.sellerId === registered.id);
    expect(mine).toHaveLength(1);
    expect(issued.filter((row) => row.sellerId === unregistered.id)).toHaveLength(1);
    expect(new Set(issued.map((row) => row.number)).size).toBe(issued.length);
    // numbered on in the operator's series of the year, after last month's (the job's first run issued those)
    const serials = issued.map((row) => row.serial).sort((x, y) => x - y);
    expect(serials).toEqual(serials.map((_, i) => (serials[0] ?? 0) + i));
    for (const row of issued)
      expect(row.number).toBe(documentNumber('fee_invoice', financialYearOf(issuedAt), row.serial));
    // time of supply: the month the fees were deducted in, issued when it had ended
    expect(mine[0]).toMatchObject({ kind: 'invoice', month, issuedAt });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settlement.fee-invoices'), eq(auditLog.targetId, month)));
    expect(audits).toHaveLength(1);
  });

  it('a registered seller’s invoice carries its IRN from the portal; an unregistered seller’s is B2C, without one', async () => {
    const rows = await t.db
      .select({ document: feeInvoices, registration: feeEInvoices })
      .from(feeInvoices)
      .leftJoin(feeEInvoices, eq(feeEInvoices.feeInvoiceId, feeInvoices.id))
      .where(eq(feeInvoices.month, month));
    const mine = rows.find((r) => r.document.sellerId === registered.id);
    expect(mine?.registration).toMatchObject({ status: 'registered' });
    const qr = readSignedQr(mine?.registration?.signedQrCode ?? '');
    expect(qr).toMatchObject({
      SellerGstin: MARKETPLACE_OPERATOR.gstin,
      BuyerGstin: registered.gstin,
      DocNo: mine?.document.number,
      DocTyp: 'INV',
    });
    const theirs = rows.find((r) => r.document.sellerId === unregistered.id);
    expect(theirs?.document.sellerGstin).toBeNull();
    expect(theirs?.registration).toBeNull();
  });

  it('the PDF prints rule 46’s particulars, and the seller’s list shows it with its taxable value and GST', async () => {
    const list = await call('/api/seller/fee-invoices', registered.cookie);
    expect(list.status).toBe(200);
    const { invoices } = (await list.json()) as FeeInvoiceList;
    const invoice = invoices.find((row) => row.month === month);
    if (!invoice) throw new Error('the month’s fee invoice');
    const [stored] = await t.db.select().from(feeInvoices).where(eq(feeInvoices.id, invoice.id));
    if (!stored) throw new Error('stored');
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: stored.number,
      taxablePaise: stored.taxablePaise,
      gstPaise: stored.cgstPaise + stored.sgstPaise + stored.igstPaise,
      valuePaise: stored.valuePaise,
      eInvoiceStatus: 'registered',
    });
    expect(invoice.irn).toMatch(/^[0-9a-f]{64}$/);

    const res = await call(invoice.pdfUrl, registered.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfOf(res);
    const money = (paise: number) =>
      (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // (a) the supplier, (b) (c) number and date, (d) the recipient and GSTIN, (g) (h) SAC and description,
    // (k) taxable value, (l) (m) rate and tax, (n) place of supply, (p) reverse charge, (q) signatory
    for (const particular of [
      'Tax Invoice',
      MARKETPLACE_OPERATOR.legalName,
      `GSTIN: ${MARKETPLACE_OPERATOR.gstin}`,
      stored.number,
      'Invoice date',
      stored.sellerLegalName,
      `GSTIN: ${registered.gstin}`,
      'Place of supply',
      'Marketplace commission',
      '998599',
      money(stored.taxablePaise),
      money(stored.valuePaise),
      'Tax is not payable on reverse charge basis.',
      'Authorised signatory',
      `IRN: ${invoice.irn ?? ''}`,
    ])
      expect(text, particular).toContain(particular);
    expect(text).toContain(stored.supplyKind === 'intra' ? 'CGST' : 'IGST');
    // the time of supply: the month the fees were deducted in
    expect(text).toMatch(/Time of supply Fees deducted in \w+ \d{4}/);
    // the lines add up to the document
    const lines = feeDocumentLines(stored);
    expect(lines.reduce((sum, l) => sum + l.valuePaise, 0)).toBe(stored.valuePaise);
  });

  it('a month whose returns gave back more fees than it charged gets a credit note against the earlier invoice', async () => {
    const job = feeInvoiceJob(t.db, irp, { operatorBand: 'above_10cr', logger, now: () => at(third, 1) });
    await job.run();
    await job.run();
    const notes = await t.db
      .select()
      .from(feeInvoices)
      .where(and(eq(feeInvoices.month, next), eq(feeInvoices.sellerId, registered.id)));
    expect(notes).toHaveLength(1);
    const [note] = notes;
    const [invoice] = await t.db
      .select()
      .from(feeInvoices)
      .where(and(eq(feeInvoices.month, month), eq(feeInvoices.sellerId, registered.id)));
    expect(note).toMatchObject({ kind: 'credit_note', invoiceId: invoice?.id });
    expect(note?.number).toBe(documentNumber('fee_credit_note', financialYearOf(at(third, 1)), 1));
    // both units came back: the credit note gives back the invoice's fees
    expect(note?.taxablePaise).toBeGreaterThan(0);
    expect(note?.taxablePaise).toBeLessThanOrEqual(invoice?.taxablePaise ?? 0);
    const [registration] = await t.db
      .select()
      .from(feeEInvoices)
      .where(eq(feeEInvoices.feeInvoiceId, note?.id ?? 0));
    expect(registration?.status).toBe('registered');

    const { invoices } = (await (
      await call('/api/seller/fee-invoices', registered.cookie)
    ).json()) as FeeInvoiceList;
    const listed = invoices.find((row) => row.id === note?.id);
    expect(listed).toMatchObject({ kind: 'credit_note', month: next });
    const text = await pdfOf(await call(listed?.pdfUrl ?? '', registered.cookie));
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Against invoice ${invoice?.number ?? ''}`);
  });

  it('another seller, a shopper or no one cannot fetch a seller’s fee invoice; finance can', async () => {
    const [invoice] = await t.db
      .select()
      .from(feeInvoices)
      .where(and(eq(feeInvoices.month, month), eq(feeInvoices.sellerId, registered.id)));
    const path = `/api/seller/fee-invoices/${invoice?.id ?? 0}/pdf`;
    const other = await call(path, unregistered.cookie);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe(
      FEE_INVOICE_MESSAGES.notFound,
    );
    // the other seller's list holds only its own
    const { invoices } = (await (
      await call('/api/seller/fee-invoices', unregistered.cookie)
    ).json()) as FeeInvoiceList;
    expect(invoices.every((row) => row.sellerGstin === null)).toBe(true);
    expect(invoices.some((row) => row.id === invoice?.id)).toBe(false);
    expect((await call(path, kit.shopper)).status).toBe(403);
    expect((await t.request(path)).status).toBe(401);
    // a shopper or a seller is not finance
    const consolePath = `/api/admin/settlements/fee-invoices/${invoice?.id ?? 0}/pdf`;
    expect((await call(consolePath, kit.shopper)).status).toBe(403);
    expect((await call(consolePath, registered.cookie)).status).toBe(403);
    // finance reads any, and the month's list
    const console = await call(`/api/admin/settlements/fee-invoices/${invoice?.id ?? 0}/pdf`, finance);
    expect(console.status).toBe(200);
    const month_ = (await (
      await call(`/api/admin/settlements/fee-invoices?month=${month}`, finance)
    ).json()) as FeeInvoiceList;
    expect(month_.invoices.some((row) => row.id === invoice?.id)).toBe(true);
  });

  it('bad input: malformed, oversized and hostile ids and months give a clear 400 or 404, never a 500', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '%00', '%E0%A4%A', '1%00'])
      expect((await call(`/api/seller/fee-invoices/${id}/pdf`, registered.cookie)).status, id).toBe(400);
    expect((await call('/api/seller/fee-invoices/2147483000/pdf', registered.cookie)).status).toBe(404);
    for (const month of ['2026-13', 'x', '%00', '2026-1', '9999-01'])
      expect((await call(`/api/admin/settlements/fee-invoices?month=${month}`, finance)).status, month).toBe(
        400,
      );
  });

  it('issuing a month that has not ended is refused', async () => {
    const open = await issueFeeInvoices(t.db, { cli: true }, monthOf(new Date()), new Date(), {
      operatorBand: 'above_10cr',
    });
    expect(open).toEqual({ code: 'OPEN' });
  });
});
