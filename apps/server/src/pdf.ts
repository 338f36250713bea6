// The server's PDFs (tax invoices, credit notes, payout statements) share one setup: A4, Noto Sans
// embedded as a subset (Latin, the rupee sign, Devanagari with its shaping), the whole file in memory.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

export const PDF_MARGIN = 36;
export const PDF_CONTENT_WIDTH = 595.28 - 2 * PDF_MARGIN; // A4
export const PDF_INK = '#111111';
export const PDF_MUTED = '#555555';
export const PDF_RULE = '#9a9a9a';

/** Rupees with Indian grouping and two decimals, for a PDF's columns: 123456 → "1,234.56". */
export const pdfMoney = (paise: number) =>
  (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees with their sign, as the pages print them: -1250 → "−₹12.50" (a true minus sign). */
export const pdfRupees = (paise: number) => (paise < 0 ? `−₹${pdfMoney(-paise)}` : `₹${pdfMoney(paise)}`);

/** A day as Indian documents print it, in IST: "20 Nov 2026". */
export const pdfDay = (at: Date) =>
  at.toLocaleDateString('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** A new A4 document with the fonts registered ('body', 'bold') and a promise of its bytes once ended. */
export function startPdf(
  info: { Title: string; Author: string; Subject?: string },
  // kept pages can be written on again once the count is known: 'Page 1 of 3'
  options: { bufferPages?: boolean } = {},
) {
  const doc = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, info, bufferPages: options.bufferPages });
  doc.registerFont('body', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  /** Writes a text at (x, y) and answers where the next line starts. */
  const text = (
    value: string,
    x: number,
    y: number,
    options: PDFKit.Mixins.TextOptions & { bold?: boolean; size?: number; color?: string } = {},
  ) => {
    const { bold, size, color, ...rest } = options;
    doc
      .font(bold ? 'bold' : 'body')
      .fontSize(size ?? 8.5)
      .fillColor(color ?? PDF_INK);
    doc.text(value, x, y, { lineGap: 1, ...rest });
    return doc.y;
  };
  const rule = (y: number) =>
    doc
      .moveTo(PDF_MARGIN, y)
      .lineTo(PDF_MARGIN + PDF_CONTENT_WIDTH, y)
      .lineWidth(0.6)
      .strokeColor(PDF_RULE)
      .stroke();
  /** A table's shaded header row of column titles at `top`; answers where the rows start. */
  const tableHeader = (
    columns: readonly { title: string; width: number; align: 'left' | 'right' }[],
    top: number,
  ) => {
    doc.rect(PDF_MARGIN, top, PDF_CONTENT_WIDTH, 16).fillColor('#eeeeee').fill();
    let x = PDF_MARGIN;
    for (const c of columns) {
      text(c.title, x + 2, top + 4, { width: c.width - 4, align: c.align, bold: true, size: 7 });
      x += c.width;
    }
    return top + 18;
  };
  return { doc, bytes, text, rule, tableHeader };
}
