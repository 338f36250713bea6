// requirements#fee-invoices: a fee invoice or fee credit note as an A4 PDF with CGST rule 46's
// particulars (rule 53 for a credit note), drawn with the same PDF kit as the sellers' tax invoices.
import QRCode from 'qrcode';
import { rupeesInWords } from '@marketplace/domain/money/in-words';
import { monthLabel } from '@marketplace/domain/settlement/console-api';
import { FEE_DOCUMENT_TITLES, feeDocumentLines } from '@marketplace/domain/settlement/fee-invoices';
import {
  MARKETPLACE_OPERATOR,
  REVERSE_CHARGE_TEXT,
  stateWithCode,
} from '@marketplace/domain/tax/document-view';
import {
  PDF_CONTENT_WIDTH as CONTENT,
  PDF_MARGIN as MARGIN,
  PDF_MUTED as MUTED,
  pdfDay as day,
  pdfMoney as money,
  startPdf,
} from '../../pdf.ts';
import type { FeeDocument } from './fee-invoices.ts';

/** An acknowledgement's date and time in IST, as the portal writes it: 06-12-2026 10:30. */
function ackDate(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(8, 10)}-${ist.slice(5, 7)}-${ist.slice(0, 4)} ${ist.slice(11, 16)}`;
}

/** The month's fees' time of supply, as the document states it (CGST s. 13). */
export const timeOfSupplyText = (month: string) => `Fees deducted in ${monthLabel(month)}`;

export async function renderFeeDocument({
  document: d,
  registration,
  invoice,
}: FeeDocument): Promise<Buffer> {
  const isCredit = d.kind === 'credit_note';
  const title = isCredit ? FEE_DOCUMENT_TITLES.credit_note : FEE_DOCUMENT_TITLES.invoice;
  const registered =
    registration?.status === 'registered' && registration.irn && registration.signedQrCode
      ? registration
      : null;
  const qr = registered
    ? await QRCode.toBuffer(registered.signedQrCode ?? '', { errorCorrectionLevel: 'L', margin: 2, scale: 4 })
    : null;
  const { doc, bytes, text, rule, tableHeader } = startPdf({
    Title: `${title} ${d.number}`,
    Author: MARKETPLACE_OPERATOR.legalName,
    Subject: `Marketplace fees, ${monthLabel(d.month)}`,
  });
  const intra = d.supplyKind === 'intra';

  let y = MARGIN;
  text(title, MARGIN, y, { bold: true, size: 16 });
  y = text('Original for recipient', MARGIN, y + 22, { color: MUTED, size: 7.5 }) + 6;
  rule(y);
  y += 6;

  // rule 46(a): the supplier; (b), (c): number and date; (n): place of supply
  const half = CONTENT / 2 - 8;
  const right = MARGIN + CONTENT / 2 + 8;
  let left = text('Supplier', MARGIN, y, { bold: true, color: MUTED, size: 7.5 });
  left = text(MARKETPLACE_OPERATOR.legalName, MARGIN, left, { bold: true, width: half });
  left = text(MARKETPLACE_OPERATOR.address, MARGIN, left, { width: half });
  left = text(
    `GSTIN: ${MARKETPLACE_OPERATOR.gstin}    PAN: ${MARKETPLACE_OPERATOR.gstin.slice(2, 12)}`,
    MARGIN,
    left,
    { width: half },
  );
  left = text(`State: ${stateWithCode(MARKETPLACE_OPERATOR.gstin.slice(0, 2))}`, MARGIN, left, {
    width: half,
  });
  const particulars: [string, string][] = [
    [isCredit ? 'Credit note no.' : 'Invoice no.', d.number],
    [isCredit ? 'Credit note date' : 'Invoice date', day(d.issuedAt)],
    ...(isCredit
      ? ([
          [
            'Against invoice',
            invoice ? `${invoice.number} of ${day(invoice.issuedAt)}` : 'Fees invoiced before this month',
          ],
        ] as [string, string][])
      : []),
    ['Time of supply', timeOfSupplyText(d.month)],
    ['Place of supply', stateWithCode(d.sellerStateCode)],
    ['Supply', intra ? 'Within the state (CGST + SGST)' : 'Between states (IGST)'],
  ];
  let r = y;
  for (const [label, value] of particulars) {
    text(label, right, r, { width: 90, color: MUTED });
    r = Math.max(text(value, right + 92, r, { width: half - 92, bold: label.endsWith('no.') }), r + 11);
  }
  y = Math.max(left, r) + 6;
  rule(y);
  y += 6;

  if (registered && qr) {
    const size = 150;
    let e = text('E-invoice registered with the Invoice Registration Portal', MARGIN, y, {
      bold: true,
      color: MUTED,
      size: 7.5,
    });
    e = text(`IRN: ${registered.irn ?? ''}`, MARGIN, e + 2, { width: CONTENT - size - 16, bold: true });
    e = text(`Ack No.: ${registered.ackNo ?? ''}`, MARGIN, e + 2, { width: CONTENT - size - 16 });
    if (registered.acknowledgedAt)
      text(`Ack Date: ${ackDate(registered.acknowledgedAt)}`, MARGIN, e, { width: CONTENT - size - 16 });
    doc.image(qr, MARGIN + CONTENT - size, y, { width: size, height: size });
    y += size + 6;
    rule(y);
    y += 6;
  }

  // rule 46(d): the recipient, its address and GSTIN when registered
  let recipient = text('Recipient (seller)', MARGIN, y, { bold: true, color: MUTED, size: 7.5 });
  recipient = text(d.sellerLegalName, MARGIN, recipient, { bold: true, width: CONTENT });
  if (d.sellerAddress) recipient = text(d.sellerAddress, MARGIN, recipient, { width: CONTENT });
  recipient = text(
    d.sellerGstin ? `GSTIN: ${d.sellerGstin}` : 'Not registered under GST (B2C)',
    MARGIN,
    recipient,
    { width: CONTENT },
  );
  recipient = text(`State: ${stateWithCode(d.sellerStateCode)}`, MARGIN, recipient, { width: CONTENT });
  y = recipient + 8;

  // rule 46(g)-(m): each service's description, SAC, taxable value, rate and tax
  const taxColumns = intra
    ? [
        { title: 'CGST %', width: 40, align: 'right' as const },
        { title: 'CGST ₹', width: 60, align: 'right' as const },
        { title: 'SGST %', width: 40, align: 'right' as const },
        { title: 'SGST ₹', width: 60, align: 'right' as const },
      ]
    : [
        { title: 'IGST %', width: 40, align: 'right' as const },
        { title: 'IGST ₹', width: 70, align: 'right' as const },
      ];
  const fixedWidth = 16 + 50 + 70 + taxColumns.reduce((sum, c) => sum + c.width, 0) + 70;
  const columns = [
    { title: '#', width: 16, align: 'left' as const },
    { title: 'Description of service', width: CONTENT - fixedWidth, align: 'left' as const },
    { title: 'SAC', width: 50, align: 'left' as const },
    { title: 'Taxable ₹', width: 70, align: 'right' as const },
    ...taxColumns,
    { title: 'Total ₹', width: 70, align: 'right' as const },
  ];
  y = tableHeader(columns, y);
  const lines = feeDocumentLines(d);
  lines.forEach((line, index) => {
    const half = line.ratePercent / 2;
    const cells = [
      String(index + 1),
      line.description,
      line.sac,
      money(line.taxablePaise),
      ...(intra
        ? [`${half}%`, money(line.cgstPaise), `${half}%`, money(line.sgstPaise)]
        : [`${line.ratePercent}%`, money(line.igstPaise)]),
      money(line.valuePaise),
    ];
    let x = MARGIN;
    columns.forEach((c, i) => {
      text(cells[i] ?? '', x + 2, y, { width: c.width - 4, align: c.align, size: 7.5 });
      x += c.width;
    });
    y += 14;
  });

  const totals: [string, string][] = [
    ['Taxable value', money(d.taxablePaise)],
    ...(intra
      ? ([
          ['CGST', money(d.cgstPaise)],
          ['SGST', money(d.sgstPaise)],
        ] as [string, string][])
      : ([['IGST', money(d.igstPaise)]] as [string, string][])),
    [isCredit ? 'Total credited (₹)' : 'Invoice total (₹)', money(d.valuePaise)],
  ];
  y += 4;
  for (const [label, value] of totals) {
    const strong = label.startsWith('Invoice') || label.startsWith('Total');
    text(label, MARGIN + CONTENT - 230, y, { width: 140, align: 'right', bold: strong });
    y = text(value, MARGIN + CONTENT - 86, y, { width: 84, align: 'right', bold: strong }) + 1;
  }
  y += 4;
  y = text(`Amount in words: ${rupeesInWords(d.valuePaise)}`, MARGIN, y, { width: CONTENT, bold: true }) + 2;
  y =
    text(`Total tax in words: ${rupeesInWords(d.cgstPaise + d.sgstPaise + d.igstPaise)}`, MARGIN, y, {
      width: CONTENT,
    }) + 6;
  rule(y);
  y += 6;
  // rule 46(p)
  y = text(REVERSE_CHARGE_TEXT, MARGIN, y, { width: CONTENT });
  y = text(
    isCredit
      ? `Fees the marketplace gave back on returns in ${monthLabel(d.month)}, more than it charged that month (CGST Act s. 34).`
      : `Fees the marketplace deducted from the seller’s sales in ${monthLabel(d.month)}.`,
    MARGIN,
    y,
    { width: CONTENT },
  );
  y += 14;
  // rule 46(q)
  text(`For ${MARKETPLACE_OPERATOR.legalName}`, MARGIN + CONTENT - 240, y, {
    width: 240,
    align: 'right',
    bold: true,
  });
  text('Authorised signatory', MARGIN + CONTENT - 240, y + 26, { width: 240, align: 'right', color: MUTED });
  text('This is a computer-generated document and needs no signature.', MARGIN, y + 26, {
    width: 260,
    color: MUTED,
    size: 7,
  });
  doc.end();
  return bytes;
}
