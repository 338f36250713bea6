import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';
import {
  PDF_CONTENT_WIDTH as CONTENT,
  PDF_MARGIN as MARGIN,
  PDF_MUTED as MUTED,
  pdfDay as day,
  pdfRupees as rupees,
  startPdf,
} from '../../pdf.ts';
import type { Statement } from './read.ts';

/**
 * requirements#settlement: a payout's statement as an A4 PDF: the seller, the cycle (in the same
 * words as the Payments page) and the payout with its UTR, the totals by kind, then every entry of
 * the cycle with its order and document; amounts in rupees with the ₹ sign (Noto Sans has it), and
 * 'Page n of N' at the foot of each page.
 */
export function renderStatement(statement: Statement): Promise<Buffer> {
  const { payout } = statement;
  const { doc, bytes, text, rule, tableHeader } = startPdf(
    {
      Title: `Payout statement ${payout.id}`,
      Author: MARKETPLACE_OPERATOR.legalName,
      Subject: statement.seller.legalName,
    },
    { bufferPages: true },
  );
  let y = MARGIN;
  text('Payout statement', MARGIN, y, { bold: true, size: 16 });
  text(MARKETPLACE_OPERATOR.legalName, MARGIN, y + 4, { width: CONTENT, align: 'right', color: MUTED });
  y =
    text(`GSTIN ${MARKETPLACE_OPERATOR.gstin}`, MARGIN, y + 16, {
      width: CONTENT,
      align: 'right',
      color: MUTED,
    }) + 8;
  rule(y);
  y += 8;
  const facts: [string, string][] = [
    ['Seller', `${statement.seller.legalName} (${statement.seller.name})`],
    ['GSTIN', statement.seller.gstin ?? 'Not registered'],
    // the cut-off is 00:00 IST: the cycle's last day is the day before it, as on the page
    ['Cycle', payout.cycleText],
    ['Payout', `${rupees(payout.amountPaise)} · ${payout.statusLabel}`],
    ['Bank account', payout.bankAccountLast4 ? `ending ${payout.bankAccountLast4}` : 'Not given'],
    ['UTR', payout.utr ?? 'Given by the bank once paid'],
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, y, { width: 90, color: MUTED });
    y = Math.max(text(value, MARGIN + 92, y, { width: CONTENT - 92, bold: label === 'Payout' }), y + 11) + 1;
  }
  y += 6;
  rule(y);
  y += 8;

  // the cycle's totals by kind, then the carried balance: they add up to the payout
  const totals = new Map<string, number>();
  for (const line of statement.lines)
    totals.set(line.label, (totals.get(line.label) ?? 0) + line.amountPaise);
  y = text('Summary', MARGIN, y, { bold: true, size: 10 }) + 4;
  for (const [label, amount] of [
    ...totals,
    ['Balance carried from before', statement.openingPaise] as const,
  ]) {
    text(label, MARGIN, y, { width: 300 });
    y = text(rupees(amount), MARGIN + CONTENT - 120, y, { width: 120, align: 'right' }) + 1;
  }
  text('Payout', MARGIN, y + 2, { width: 300, bold: true });
  y =
    text(rupees(payout.amountPaise), MARGIN + CONTENT - 120, y + 2, {
      width: 120,
      align: 'right',
      bold: true,
    }) + 10;

  const columns = [
    { title: 'Date', width: 62, align: 'left' as const },
    { title: 'Order', width: 104, align: 'left' as const },
    { title: 'Product', width: 128, align: 'left' as const },
    { title: 'Document', width: 80, align: 'left' as const },
    { title: 'Entry', width: CONTENT - 62 - 104 - 128 - 80 - 62, align: 'left' as const },
    { title: 'Amount', width: 62, align: 'right' as const },
  ];
  const header = (top: number) => tableHeader(columns, top);
  y = header(y);
  for (const line of statement.lines) {
    const cells = [
      day(new Date(line.createdAt)),
      line.orderNo ?? '',
      line.productName ?? '',
      line.documentNumber ?? '',
      line.label,
      rupees(line.amountPaise),
    ];
    doc.font('body').fontSize(7.5);
    const height =
      Math.max(doc.heightOfString(cells[2] ?? '', { width: (columns[2]?.width ?? 100) - 4 }), 9) + 4;
    if (y + height > doc.page.height - MARGIN - 20) {
      doc.addPage();
      y = header(MARGIN);
    }
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      text(cell, x + 2, y, { width: column.width - 4, align: column.align, size: 7.5 });
      x += column.width;
    });
    y += height;
  }
  if (statement.lines.length === 0) y = text('No entries in this cycle.', MARGIN, y, { color: MUTED });
  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index++) {
    doc.switchToPage(pages.start + index);
    // inside the bottom margin: the rows stop 20 points above it
    text(
      `Payout statement ${payout.id} · ${payout.cycleText} · Page ${index + 1} of ${pages.count}`,
      MARGIN,
      doc.page.height - MARGIN - 10,
      { width: CONTENT, align: 'right', color: MUTED, size: 7, lineBreak: false },
    );
  }
  doc.flushPages();
  doc.end();
  return bytes;
}
