// requirements#courier-batches: the sandbox courier's pickups and manifests. A pickup for a day moves each
// parcel's planned pickup scan, and every scan after it, to that day on the sandbox's clock; the
// manifest is the PDF the agent signs at the pickup: AWBs, references, weights and cash to collect.
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { type Executor, sandboxCourierParcels, sandboxCourierScans } from '@marketplace/db';
import { isPickupDay } from '@marketplace/domain/orders/courier-batch';
import { indianDayToMoment } from '@marketplace/domain/marketing/promotions';
import { SANDBOX_COURIER_NAME } from '@marketplace/domain/orders/sandbox-courier';
import { PDF_CONTENT_WIDTH, PDF_MARGIN, pdfDay, pdfMoney, startPdf } from '../../pdf.ts';
import type { CourierPickups } from './provider.ts';

/** The sandbox's agent comes at 2 pm, Indian time, on the pickup day. */
const PICKUP_HOUR_IST = 14;

/** A pickup's reference: the same parcels on the same day are the same pickup. */
const pickupReferenceOf = (awbNos: string[], day: string) =>
  `PKP${day.replaceAll('-', '')}${createHash('sha256')
    .update([...awbNos].sort().join(','))
    .digest('hex')
    .slice(0, 8)
    .toUpperCase()}`;

export function sandboxPickups(
  db: Executor,
  /** the sandbox's clock speed (see SandboxCourierOptions) */
  options: { speed: number | 'instant' },
  clock: () => Date = () => new Date(),
): CourierPickups {
  return {
    async schedulePickup({ awbNos, pickupDate }) {
      const wanted = [...new Set(awbNos)];
      const dayStart = indianDayToMoment(pickupDate);
      if (wanted.length === 0) return { code: 'REFUSED', reason: 'No parcels were named.' };
      if (!dayStart || !isPickupDay(pickupDate, clock()))
        return { code: 'REFUSED', reason: 'The pickup day must be today or within the next six days.' };
      const pickupAt = new Date(dayStart.getTime() + PICKUP_HOUR_IST * 3_600_000);
      return db.transaction(async (tx) => {
        const parcels = await tx
          .select()
          .from(sandboxCourierParcels)
          .where(inArray(sandboxCourierParcels.awbNo, wanted))
          .orderBy(asc(sandboxCourierParcels.id))
          .for('update');
        const known = new Set(parcels.map((p) => p.awbNo));
        const unknown = wanted.filter((awbNo) => !known.has(awbNo));
        if (unknown.length > 0) return { code: 'REFUSED', reason: `Unknown AWB ${unknown.join(', ')}.` };
        const cancelled = parcels.filter((p) => p.cancelledAt !== null);
        if (cancelled.length > 0)
          return {
            code: 'REFUSED',
            reason: `Cancelled: AWB ${cancelled.map((p) => p.awbNo).join(', ')}.`,
          };
        const moves: { parcelId: number; fromSequence: number; shiftMs: number }[] = [];
        const picked: string[] = [];
        for (const parcel of parcels) {
          const [pickup] = await tx
            .select()
            .from(sandboxCourierScans)
            .where(
              and(eq(sandboxCourierScans.parcelId, parcel.id), eq(sandboxCourierScans.scan, 'picked_up')),
            );
          if (!pickup || pickup.sentAt !== null) {
            picked.push(parcel.awbNo);
            continue;
          }
          // courier minutes from the booking: the planned pickup, and the day's pickup time
          const scale = options.speed === 'instant' ? 0 : 60_000 / options.speed;
          const createdAt = parcel.createdAt.getTime();
          const plannedMinutes = scale === 0 ? 0 : (pickup.dueAt.getTime() - createdAt) / scale;
          const wantedMinutes = scale === 0 ? 0 : (pickupAt.getTime() - createdAt) / 60_000;
          moves.push({
            parcelId: parcel.id,
            fromSequence: pickup.sequence,
            shiftMs: Math.round((wantedMinutes - plannedMinutes) * scale),
          });
        }
        if (picked.length > 0)
          return { code: 'REFUSED', reason: `Already picked up: AWB ${picked.join(', ')}.` };
        for (const move of moves) {
          if (move.shiftMs === 0) continue;
          const scans = await tx
            .select()
            .from(sandboxCourierScans)
            .where(
              and(
                eq(sandboxCourierScans.parcelId, move.parcelId),
                gte(sandboxCourierScans.sequence, move.fromSequence),
                isNull(sandboxCourierScans.sentAt),
              ),
            );
          for (const scan of scans)
            await tx
              .update(sandboxCourierScans)
              .set({ dueAt: new Date(scan.dueAt.getTime() + move.shiftMs) })
              .where(eq(sandboxCourierScans.id, scan.id));
        }
        return {
          code: 'SCHEDULED',
          pickupReference: pickupReferenceOf(wanted, pickupDate),
          pickupDate,
        };
      });
    },

    async manifest(awbNos) {
      const wanted = [...new Set(awbNos)];
      if (wanted.length === 0) return null;
      const parcels = await db
        .select()
        .from(sandboxCourierParcels)
        .where(and(inArray(sandboxCourierParcels.awbNo, wanted), isNull(sandboxCourierParcels.cancelledAt)))
        .orderBy(asc(sandboxCourierParcels.id));
      if (parcels.length === 0) return null;
      return manifestPdf(parcels, clock());
    },
  };
}

type Parcel = typeof sandboxCourierParcels.$inferSelect;

/** The manifest: one row per parcel, the totals, and the lines the seller and the agent sign. */
async function manifestPdf(parcels: Parcel[], now: Date): Promise<Uint8Array> {
  const { doc, bytes, text, rule, tableHeader } = startPdf({
    Title: `Pickup manifest, ${parcels.length} parcels`,
    Author: SANDBOX_COURIER_NAME,
  });
  const from = parcels[0]?.pickup;
  let y = text(`${SANDBOX_COURIER_NAME}: pickup manifest`, PDF_MARGIN, PDF_MARGIN, { bold: true, size: 15 });
  y = text(`Printed ${pdfDay(now)} · ${parcels.length} parcels`, PDF_MARGIN, y + 2, { size: 9 });
  if (from) {
    y = text(`Pickup from: ${from.name}`, PDF_MARGIN, y + 6, { bold: true, size: 10 });
    y = text(`${from.address}, ${from.city}, ${from.state} ${from.pincode}`, PDF_MARGIN, y, {
      size: 9,
      width: PDF_CONTENT_WIDTH,
    });
  }
  const w = PDF_CONTENT_WIDTH;
  const columns = [
    { title: '#', width: w * 0.05, align: 'left' as const },
    { title: 'AWB', width: w * 0.2, align: 'left' as const },
    { title: 'Order reference', width: w * 0.25, align: 'left' as const },
    { title: 'Deliver to', width: w * 0.2, align: 'left' as const },
    { title: 'Weight (g)', width: w * 0.12, align: 'right' as const },
    { title: 'COD (₹)', width: w * 0.18, align: 'right' as const },
  ];
  y = tableHeader(columns, y + 12);
  const row = (cells: string[], top: number, bold = false) => {
    let x = PDF_MARGIN;
    let bottom = top;
    cells.forEach((cell, i) => {
      const c = columns[i];
      if (!c) return;
      bottom = Math.max(
        bottom,
        text(cell, x + 2, top, { width: c.width - 4, align: c.align, size: 8, bold }),
      );
      x += c.width;
    });
    return bottom + 3;
  };
  parcels.forEach((p, i) => {
    if (y > 760) {
      doc.addPage();
      y = tableHeader(columns, PDF_MARGIN);
    }
    y = row(
      [
        String(i + 1),
        p.awbNo,
        p.reference,
        `${p.delivery.city} ${p.delivery.pincode}`,
        String(p.weightGrams),
        p.paymentMode === 'cod' ? pdfMoney(p.codPaise) : 'Prepaid',
      ],
      y,
    );
  });
  rule(y);
  const cod = parcels.reduce((sum, p) => sum + (p.paymentMode === 'cod' ? p.codPaise : 0), 0);
  const grams = parcels.reduce((sum, p) => sum + p.weightGrams, 0);
  y = row(['', `${parcels.length} parcels`, '', 'Total', String(grams), pdfMoney(cod)], y + 4, true);
  if (y > 700) {
    doc.addPage();
    y = PDF_MARGIN;
  }
  y += 40;
  const half = PDF_CONTENT_WIDTH / 2;
  doc
    .moveTo(PDF_MARGIN, y)
    .lineTo(PDF_MARGIN + half - 20, y)
    .moveTo(PDF_MARGIN + half + 20, y)
    .lineTo(PDF_MARGIN + PDF_CONTENT_WIDTH, y)
    .lineWidth(0.6)
    .strokeColor('#111111')
    .stroke();
  text('Seller’s signature and date', PDF_MARGIN, y + 4, { size: 8 });
  text(`Pickup agent’s signature: ${parcels.length} parcels received`, PDF_MARGIN + half + 20, y + 4, {
    size: 8,
  });
  doc.end();
  return new Uint8Array(await bytes);
}
