import QRCode from 'qrcode';
import { rupeesInWords } from '@marketplace/domain/money/in-words';
import { formatRateBp } from '@marketplace/domain/tax/rates';
import {
  MARKETPLACE_OPERATOR,
  REVERSE_CHARGE_TEXT,
  stateWithCode,
  TAX_DOCUMENT_TITLES,
  type TaxDocumentView,
} from '@marketplace/domain/tax/document-view';
import {
  PDF_CONTENT_WIDTH as CONTENT,
  PDF_MARGIN as MARGIN,
  PDF_MUTED as MUTED,
  pdfDay as day,
  pdfMoney as money,
  startPdf,
} from '../../pdf.ts';

type Column = {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (l: TaxDocumentView['lines'][number], i: number) => string;
};

/**
 * Each tax with its own rate (rule 46(l)): CGST and SGST each at half the line's rate (9 % + 9 %
 * for 18 %, 0.125 % + 0.125 % for 0.25 %), IGST at the whole.
 */
function columnsFor(view: TaxDocumentView): Column[] {
  const taxColumns: Column[] =
    view.supplyKind === 'intra'
      ? [
          { title: 'CGST %', width: 32, align: 'right', cell: (l) => formatRateBp(l.rateBp / 2) },
          { title: 'CGST ₹', width: 46, align: 'right', cell: (l) => money(l.cgstPaise) },
          { title: 'SGST %', width: 32, align: 'right', cell: (l) => formatRateBp(l.rateBp / 2) },
          { title: 'SGST ₹', width: 46, align: 'right', cell: (l) => money(l.sgstPaise) },
        ]
      : [
          { title: 'IGST %', width: 32, align: 'right', cell: (l) => formatRateBp(l.rateBp) },
          { title: 'IGST ₹', width: 56, align: 'right', cell: (l) => money(l.igstPaise) },
        ];
  const fixed: Column[] = [
    { title: '#', width: 16, align: 'left', cell: (_l, i) => String(i + 1) },
    { title: 'HSN', width: 40, align: 'left', cell: (l) => l.hsnCode },
    { title: 'Qty', width: 24, align: 'right', cell: (l) => String(l.quantity) },
    { title: 'Gross ₹', width: 52, align: 'right', cell: (l) => money(l.grossPaise) },
    { title: 'Discount ₹', width: 52, align: 'right', cell: (l) => money(l.discountPaise) },
    { title: 'Taxable ₹', width: 58, align: 'right', cell: (l) => money(l.taxablePaise) },
    ...taxColumns,
    { title: 'Total ₹', width: 60, align: 'right', cell: (l) => money(l.valuePaise) },
  ];
  const used = fixed.reduce((sum, c) => sum + c.width, 0);
  const description: Column = {
    title: 'Description',
    width: CONTENT - used,
    align: 'left',
    cell: (l) => l.description,
  };
  return [fixed[0] as Column, description, ...fixed.slice(1)];
}

/**
 * requirements#gst-invoices: a tax invoice, bill of supply or credit note as an A4 PDF: the seller
 * and its GSTIN, the number and date, the buyer and the place of supply, each line's HSN, quantity,
 * taxable value, rate and CGST + SGST or IGST, the totals in figures and in words, the reverse-charge
 * statement and the e-commerce operator.
 */
/** An acknowledgement's date and time in IST, as the portal writes it: 06-12-2026 10:30. */
function ackDate(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(8, 10)}-${ist.slice(5, 7)}-${ist.slice(0, 4)} ${ist.slice(11, 16)}`;
}

/** Each document's title in Hindi, printed beside the English one. */
const HINDI_TITLES: Record<string, string> = {
  [TAX_DOCUMENT_TITLES.invoice]: 'कर बीजक',
  [TAX_DOCUMENT_TITLES.bill_of_supply]: 'आपूर्ति बिल',
  [TAX_DOCUMENT_TITLES.invoice_cum_bill_of_supply]: 'बीजक-सह-आपूर्ति बिल',
  [TAX_DOCUMENT_TITLES.credit_note]: 'क्रेडिट नोट',
};

export async function renderTaxDocument(view: TaxDocumentView): Promise<Buffer> {
  // requirements#e-invoicing: the portal's signed QR code, as NIC asks it printed (the signed JWT itself)
  const qr = view.eInvoice
    ? await QRCode.toBuffer(view.eInvoice.signedQrCode, { errorCorrectionLevel: 'L', margin: 2, scale: 4 })
    : null;
  const { doc, bytes, text, rule, tableHeader } = startPdf({
    Title: `${view.title} ${view.number}`,
    Author: view.seller.legalName,
    Subject: `Order ${view.orderNo}`,
  });

  // heading: the document's title, then who issues it and the document's particulars side by side
  let y = MARGIN;
  text(view.title, MARGIN, y, { bold: true, size: 16 });
  text(HINDI_TITLES[view.title] ?? '', MARGIN, y + 2, {
    width: CONTENT,
    align: 'right',
    size: 11,
    color: MUTED,
  });
  y = text('Original for recipient', MARGIN, y + 22, { color: MUTED, size: 7.5 }) + 6;
  rule(y);
  y += 6;

  const half = CONTENT / 2 - 8;
  const right = MARGIN + CONTENT / 2 + 8;
  let left = text('Sold by', MARGIN, y, { bold: true, color: MUTED, size: 7.5 });
  left = text(view.seller.legalName, MARGIN, left, { bold: true, width: half });
  left = text(view.seller.address, MARGIN, left, { width: half });
  left = view.seller.gstin
    ? text(`GSTIN: ${view.seller.gstin}    PAN: ${view.seller.gstin.slice(2, 12)}`, MARGIN, left, {
        width: half,
      })
    : text(`GST enrolment: ${view.seller.enrolmentNo ?? 'not registered'}`, MARGIN, left, { width: half });
  left = text(`State: ${stateWithCode(view.seller.stateCode)}`, MARGIN, left, { width: half });

  const particulars: [string, string][] = [
    [view.kind === 'credit_note' ? 'Credit note no.' : 'Invoice no.', view.number],
    [view.kind === 'credit_note' ? 'Credit note date' : 'Invoice date', day(view.issuedAt)],
    ...(view.invoice
      ? ([['Against invoice', `${view.invoice.number} of ${day(view.invoice.issuedAt)}`]] as [
          string,
          string,
        ][])
      : []),
    ['Order no.', view.orderNo],
    ['Order date', day(view.orderedAt)],
    ['Place of supply', stateWithCode(view.placeOfSupplyCode)],
    ['Supply', view.supplyKind === 'intra' ? 'Within the state (CGST + SGST)' : 'Between states (IGST)'],
  ];
  let r = y;
  for (const [label, value] of particulars) {
    text(label, right, r, { width: 90, color: MUTED });
    r = Math.max(text(value, right + 92, r, { width: half - 92, bold: label.endsWith('no.') }), r + 11);
  }
  y = Math.max(left, r) + 6;
  rule(y);
  y += 6;

  if (view.eInvoice && qr) {
    // the signed JWT is over a thousand characters: a large code keeps its modules readable by a phone
    const size = 160;
    let e = text('E-invoice registered with the Invoice Registration Portal', MARGIN, y, {
      bold: true,
      color: MUTED,
      size: 7.5,
    });
    e = text(`IRN: ${view.eInvoice.irn}`, MARGIN, e + 2, { width: CONTENT - size - 16, bold: true });
    e = text(`Ack No.: ${view.eInvoice.ackNo}`, MARGIN, e + 2, { width: CONTENT - size - 16 });
    e = text(`Ack Date: ${ackDate(view.eInvoice.acknowledgedAt)}`, MARGIN, e, { width: CONTENT - size - 16 });
    text('Scan the QR code to check this invoice’s registration details.', MARGIN, e + 4, {
      width: CONTENT - size - 16,
      color: MUTED,
      size: 7,
    });
    doc.image(qr, MARGIN + CONTENT - size, y, { width: size, height: size });
    y += size + 6;
    rule(y);
    y += 6;
  }

  let buyer = text(view.buyer.businessName ? 'Billed to (business)' : 'Billed and shipped to', MARGIN, y, {
    bold: true,
    color: MUTED,
    size: 7.5,
  });
  if (view.buyer.businessName) {
    buyer = text(view.buyer.businessName, MARGIN, buyer, { bold: true, width: half });
    buyer = text(`GSTIN: ${view.buyer.gstin ?? ''}`, MARGIN, buyer, { width: half });
    buyer = text(`Shipped to: ${view.buyer.name}`, MARGIN, buyer, { width: half });
  } else buyer = text(view.buyer.name, MARGIN, buyer, { bold: true, width: half });
  buyer = text(view.buyer.address, MARGIN, buyer, { width: half });
  let operator = text('E-commerce operator', right, y, { bold: true, color: MUTED, size: 7.5 });
  operator = text(MARKETPLACE_OPERATOR.legalName, right, operator, { width: half });
  operator = text(`GSTIN: ${MARKETPLACE_OPERATOR.gstin}`, right, operator, { width: half });
  operator = text(MARKETPLACE_OPERATOR.address, right, operator, { width: half });
  y = Math.max(buyer, operator) + 8;

  // the lines
  const columns = columnsFor(view);
  const header = (top: number) => tableHeader(columns, top);
  y = header(y);
  view.lines.forEach((line, index) => {
    doc.font('body').fontSize(7.5);
    const description = columns[1] as Column;
    const height = Math.max(doc.heightOfString(line.description, { width: description.width - 4 }), 9) + 5;
    if (y + height > doc.page.height - MARGIN - 140) {
      doc.addPage();
      y = header(MARGIN);
    }
    let x = MARGIN;
    for (const c of columns) {
      text(c.cell(line, index), x + 2, y, { width: c.width - 4, align: c.align, size: 7.5 });
      x += c.width;
    }
    y += height;
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(MARGIN + CONTENT, y - 2)
      .lineWidth(0.3)
      .strokeColor('#d0d0d0')
      .stroke();
  });

  // totals
  const t = view.totals;
  const totals: [string, string][] = [
    ['Taxable value', money(t.taxablePaise)],
    ...(view.supplyKind === 'intra'
      ? ([
          ['CGST', money(t.cgstPaise)],
          ['SGST', money(t.sgstPaise)],
        ] as [string, string][])
      : ([['IGST', money(t.igstPaise)]] as [string, string][])),
    [view.kind === 'credit_note' ? 'Total credited (₹)' : 'Invoice total (₹)', money(t.valuePaise)],
  ];
  y += 4;
  for (const [label, value] of totals) {
    const strong = label.startsWith('Invoice') || label.startsWith('Total');
    text(label, MARGIN + CONTENT - 230, y, { width: 140, align: 'right', bold: strong });
    y = text(value, MARGIN + CONTENT - 86, y, { width: 84, align: 'right', bold: strong }) + 1;
  }
  y += 4;
  y = text(`Amount in words: ${rupeesInWords(t.valuePaise)}`, MARGIN, y, { width: CONTENT, bold: true }) + 2;
  y =
    text(`Total tax in words: ${rupeesInWords(t.cgstPaise + t.sgstPaise + t.igstPaise)}`, MARGIN, y, {
      width: CONTENT,
    }) + 6;
  rule(y);
  y += 6;
  y = text(REVERSE_CHARGE_TEXT, MARGIN, y, { width: CONTENT });
  if (!view.seller.gstin)
    y = text('Issued by a supplier not registered under GST: no tax is charged.', MARGIN, y, {
      width: CONTENT,
    });
  else if (view.lines.some((l) => l.rateBp === 0))
    y = text(
      'Lines at 0% are nil-rated or exempt goods (and their delivery): no tax is charged on them.',
      MARGIN,
      y,
      {
        width: CONTENT,
      },
    );
  y += 14;
  text(`For ${view.seller.legalName}`, MARGIN + CONTENT - 240, y, { width: 240, align: 'right', bold: true });
  text('Authorised signatory', MARGIN + CONTENT - 240, y + 26, { width: 240, align: 'right', color: MUTED });
  text('This is a computer-generated document and needs no signature.', MARGIN, y + 26, {
    width: 260,
    color: MUTED,
    size: 7,
  });
  doc.end();
  return bytes;
}
