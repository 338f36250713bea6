// ADR-0051: the sandbox courier's own label, as a courier prints it: its name, the AWB as a
// Code 128 barcode, the zone, the addresses, COD or PREPAID, the weight and the contents.
import { toBuffer } from 'bwip-js/node';
import type { sandboxCourierParcels } from '@marketplace/db';
import { SANDBOX_COURIER_NAME } from '@marketplace/domain/orders/sandbox-courier';
import { PDF_CONTENT_WIDTH, PDF_MARGIN, pdfDay, pdfMoney, startPdf } from '../../pdf.ts';

type Parcel = typeof sandboxCourierParcels.$inferSelect;

export async function sandboxLabelPdf(parcel: Parcel): Promise<Uint8Array> {
  const { doc, bytes, text, rule } = startPdf({
    Title: `Shipping label ${parcel.awbNo}`,
    Author: SANDBOX_COURIER_NAME,
    Subject: `Order reference ${parcel.reference}`,
  });
  const barcode = await toBuffer({ bcid: 'code128', text: parcel.awbNo, height: 14, scale: 3 });
  const left = PDF_MARGIN;
  const half = PDF_CONTENT_WIDTH / 2;
  let y = text(SANDBOX_COURIER_NAME, left, PDF_MARGIN, { bold: true, size: 16 });
  text(`${parcel.zone.toUpperCase()} · ${pdfDay(parcel.createdAt)}`, left + half, PDF_MARGIN + 4, {
    width: half,
    align: 'right',
    size: 10,
  });
  y += 8;
  doc.image(barcode, left, y, { height: 48 });
  y += 54;
  y = text(`AWB ${parcel.awbNo}`, left, y, { bold: true, size: 12 }) + 8;
  rule(y);
  y += 8;
  const cod =
    parcel.paymentMode === 'cod' ? `COD: collect ₹${pdfMoney(parcel.codPaise)}` : 'PREPAID: collect nothing';
  y = text(cod, left, y, { bold: true, size: 14 }) + 8;
  rule(y);
  y += 8;
  const block = (title: string, a: Parcel['delivery'], x: number, top: number) => {
    let at = text(title, x, top, { bold: true, size: 9, width: half - 8 });
    at = text(a.name, x, at + 2, { bold: true, size: 11, width: half - 8 });
    at = text(a.address, x, at, { size: 10, width: half - 8 });
    at = text(`${a.city}, ${a.state} ${a.pincode}`, x, at, { size: 10, width: half - 8 });
    return a.phone ? text(`Phone ${a.phone}`, x, at, { size: 10, width: half - 8 }) : at;
  };
  const end = Math.max(
    block('DELIVER TO', parcel.delivery, left, y),
    block('FROM (return to)', parcel.pickup, left + half, y),
  );
  y = end + 10;
  rule(y);
  y += 8;
  y = text(`Reference ${parcel.reference} · Weight ${parcel.weightGrams} g`, left, y, { size: 10 }) + 4;
  text(`Contents: ${parcel.contents}`, left, y, { size: 10, width: PDF_CONTENT_WIDTH });
  doc.end();
  return new Uint8Array(await bytes);
}
