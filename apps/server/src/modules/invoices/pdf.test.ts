import { describe, expect, it } from 'vitest';
import { rupeesInWords } from '@marketplace/domain/money/in-words';
import {
  MARKETPLACE_OPERATOR,
  REVERSE_CHARGE_TEXT,
  type TaxDocumentView,
} from '@marketplace/domain/tax/document-view';
import { documentTotals, invoiceLines } from '@marketplace/domain/tax/documents';
import jsQR from 'jsqr';
import { buildInv01, readSignedQr } from '@marketplace/domain/tax/e-invoice';
import type { RateRule } from '@marketplace/domain/tax/schedule';
import { createSandboxIrp } from '../e-invoices/index.ts';
import { pdfImages, pdfText } from '../../../test-support/pdf.ts';
import { renderTaxDocument } from './pdf.ts';

const flat = (rateBp: number): RateRule => ({
  rateBp,
  thresholdPaise: null,
  rateAboveBp: null,
  notification: 'Notification 9/2025-Central Tax (Rate)',
});

const lines = invoiceLines(
  [
    {
      itemId: 1,
      description: 'Shakti 10K Power Bank, Black',
      hsnCode: '850760',
      rule: flat(1800),
      quantity: 2,
      unitPricePaise: 99_900,
      couponDiscountPaise: 10_000,
      deliveryChargePaise: 4_000,
      paidSharePaise: 188_800,
    },
    {
      itemId: 2,
      description: 'हस्तनिर्मित सूती कुर्ता (Handloom Cotton Kurta)',
      hsnCode: '6211',
      rule: flat(500),
      quantity: 1,
      unitPricePaise: 79_900,
      couponDiscountPaise: 0,
      deliveryChargePaise: 0,
      paidSharePaise: 79_900,
    },
  ],
  'intra',
);

const FIRST = {
  itemId: 1,
  description: 'Goods',
  hsnCode: '7102',
  rule: flat(1800),
  quantity: 1,
  unitPricePaise: 100_00,
  couponDiscountPaise: 0,
  deliveryChargePaise: 0,
  paidSharePaise: 100_00,
};

const view = (overrides: Partial<TaxDocumentView> = {}): TaxDocumentView => ({
  kind: 'invoice',
  title: 'Tax Invoice',
  number: 'INV26-27/000042',
  issuedAt: new Date('2026-11-20T06:30:00Z'),
  orderNo: 'OD20261119123456',
  orderedAt: new Date('2026-11-19T10:00:00Z'),
  invoice: null,
  eInvoice: null,
  seller: {
    legalName: 'Kaveri Traders Private Limited',
    address: 'Plot 27, Industrial Area Phase 2, Peenya, Bengaluru, Karnataka 560058',
    gstin: '29AABCK1234L1Z5',
    enrolmentNo: null,
    stateCode: '29',
  },
  buyer: {
    name: 'Priya Sharma',
    address: '12, MG Road, Bengaluru, Karnataka 560001',
    gstin: '29AAPFU0939F1ZV',
    businessName: 'Sharma Design Studio',
  },
  placeOfSupplyCode: '29',
  supplyKind: 'intra',
  lines,
  totals: documentTotals(lines),
  ...overrides,
});

// requirements#gst-invoices: what rule 46 asks an invoice to show, read back from the PDF
// a document shapes Devanagari with Noto Sans and is read back by pdf.js: about 1 s alone, several
// on a machine busy with other suites; a hang still fails
describe('the tax invoice PDF', { timeout: 30_000 }, () => {
  it('shows the seller, number, buyer, place of supply, each line and the totals in figures and words', async () => {
    const v = view();
    const pdf = await renderTaxDocument(v);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'Tax Invoice',
      'INV26-27/000042',
      'Kaveri Traders Private Limited',
      'GSTIN: 29AABCK1234L1Z5',
      'Sharma Design Studio',
      'GSTIN: 29AAPFU0939F1ZV',
      'Place of supply',
      'Karnataka (29)',
      '850760',
      'CGST ₹',
      'SGST ₹',
      // rule 46(l): each tax at its own rate, half the line's each (18 %: 9 % + 9 %; 5 %: 2.5 % + 2.5 %)
      'CGST %',
      '9%',
      '2.5%',
      REVERSE_CHARGE_TEXT,
      MARKETPLACE_OPERATOR.legalName,
      `GSTIN: ${MARKETPLACE_OPERATOR.gstin}`,
      rupeesInWords(v.totals.valuePaise),
      '2,687.00', // the invoice total: 1,888.00 + 799.00
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('IGST ₹');
    // the power bank's delivery is taxed with it, under its HSN code, not SAC 996812 (CGST Act s. 8(a))
    expect(text).not.toContain('996812');
    expect(v.totals.valuePaise).toBe(188_800 + 79_900);
  });

  it('prints IGST alone between states, and a credit note names its invoice', async () => {
    const inter = invoiceLines(
      [
        {
          itemId: 1,
          description: 'Steel Water Bottle',
          hsnCode: '7323',
          rule: flat(1200),
          quantity: 1,
          unitPricePaise: 49_900,
          couponDiscountPaise: 0,
          deliveryChargePaise: 0,
          paidSharePaise: 49_900,
        },
      ],
      'inter',
    );
    const { text } = await pdfText(
      await renderTaxDocument(
        view({
          kind: 'credit_note',
          title: 'Credit Note',
          number: 'CN26-27/000007',
          invoice: { number: 'INV26-27/000042', issuedAt: new Date('2026-11-20T06:30:00Z') },
          placeOfSupplyCode: '27',
          supplyKind: 'inter',
          buyer: {
            name: 'Priya Sharma',
            address: 'Pune, Maharashtra 411001',
            gstin: null,
            businessName: null,
          },
          lines: inter,
          totals: documentTotals(inter),
        }),
      ),
    );
    for (const expected of [
      'Credit Note',
      'CN26-27/000007',
      'Against invoice',
      'INV26-27/000042',
      'Maharashtra (27)',
      'IGST ₹',
      '12%', // the invoice's rate, from before 22 Sep 2025 (Notification 1/2017-Central Tax (Rate))
      'Total credited',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('CGST ₹');
  });

  it('runs onto more pages for a long invoice and repeats the column heads', async () => {
    const many = invoiceLines(
      Array.from({ length: 60 }, (_, i) => ({
        itemId: i + 1,
        description: `Cotton Bedsheet, design ${i + 1}`,
        hsnCode: '6302',
        rule: flat(1200),
        quantity: 1,
        unitPricePaise: 89_900,
        couponDiscountPaise: 0,
        deliveryChargePaise: 0,
        paidSharePaise: 89_900,
      })),
      'intra',
    );
    const { pages, text } = await pdfText(
      await renderTaxDocument(view({ lines: many, totals: documentTotals(many) })),
    );
    expect(pages).toBeGreaterThan(1);
    expect(text.match(/HSN/g)?.length).toBe(pages);
    expect(text).toContain('design 60');
  });

  it('prints a rate of 0.25 % as 0.125 % CGST and 0.125 % SGST, and names a bill of supply’s untaxed lines', async () => {
    const mixed = invoiceLines(
      [
        {
          ...FIRST,
          itemId: 1,
          hsnCode: '7102',
          rule: flat(25),
          unitPricePaise: 10_025_00,
          paidSharePaise: 10_025_00,
        },
        {
          ...FIRST,
          itemId: 2,
          hsnCode: '4901',
          rule: flat(0),
          unitPricePaise: 350_00,
          paidSharePaise: 350_00,
        },
      ],
      'intra',
    );
    const { text } = await pdfText(
      await renderTaxDocument(
        view({ title: 'Invoice-cum-Bill of Supply', lines: mixed, totals: documentTotals(mixed) }),
      ),
    );
    for (const expected of ['Invoice-cum-Bill of Supply', '0.125%', 'nil-rated or exempt'])
      expect(text, expected).toContain(expected);
    // the title in Hindi says the same: an invoice-cum-bill of supply (बीजक-सह-आपूर्ति बिल), not a bill
    // of supply alone (pdf.js reads shaped Devanagari in drawn order: its words without pre-base vowels)
    expect(text).toContain('बीजक-सह-');
  });

  // requirements#e-invoicing: the IRN, acknowledgement and the portal's signed QR code, which a scan reads back
  it('prints a registered e-invoice’s IRN and acknowledgement, and a QR code that decodes to its details', async () => {
    const v = view();
    const portal = createSandboxIrp({ now: () => new Date('2026-11-20T06:35:00Z') });
    const inv01 = buildInv01(
      {
        kind: 'invoice',
        number: 'SK-I27/000042',
        issuedAt: v.issuedAt,
        seller: {
          gstin: '29AABCK1234L1Z5',
          legalName: v.seller.legalName,
          address: v.seller.address,
          pincode: '560058',
          stateCode: '29',
        },
        buyer: {
          gstin: '29AAPFU0939F1ZV',
          name: 'Sharma Design Studio',
          address: 'Indiranagar, Bengaluru, Karnataka 560038',
          pincode: '560038',
          placeOfSupplyCode: '29',
        },
        invoice: null,
        lines: v.lines.map((l) => ({ ...l, ratePercent: l.rateBp / 100 })),
      },
      MARKETPLACE_OPERATOR.gstin,
    );
    const registered = await portal.generateIrn('29AABCK1234L1Z5', inv01);
    if (registered.outcome !== 'done') throw new Error(JSON.stringify(registered));
    const { irn, ackNo, signedQrCode } = registered.value;
    const pdf = await renderTaxDocument(
      view({
        number: 'SK-I27/000042',
        eInvoice: { irn, ackNo, acknowledgedAt: new Date('2026-11-20T06:35:00Z'), signedQrCode },
      }),
    );
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain(`IRN: ${irn}`);
    expect(text).toContain(`Ack No.: ${ackNo}`);
    expect(text).toContain('Ack Date: 20-11-2026 12:05');
    const [qr] = await pdfImages(pdf);
    if (!qr) throw new Error('the PDF has an image');
    const decoded = jsQR(qr.rgba, qr.width, qr.height);
    expect(decoded?.data).toBe(signedQrCode);
    expect(readSignedQr(decoded?.data ?? '')).toMatchObject({
      SellerGstin: '29AABCK1234L1Z5',
      BuyerGstin: '29AAPFU0939F1ZV',
      DocNo: 'SK-I27/000042',
      DocTyp: 'INV',
      DocDt: '20/11/2026',
      TotInvVal: v.totals.valuePaise / 100,
      ItemCnt: v.lines.length,
      Irn: irn,
    });
  });

  it('has no QR code or IRN when none is due', async () => {
    const pdf = await renderTaxDocument(view());
    expect(await pdfImages(pdf)).toEqual([]);
    expect((await pdfText(pdf)).text).not.toContain('IRN');
  });
});
