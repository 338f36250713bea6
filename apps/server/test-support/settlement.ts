import { isNull } from 'drizzle-orm';
import { codCollections, type Executor, shipments } from '@marketplace/db';
import { eq } from 'drizzle-orm';
import { indianDay } from '@marketplace/domain/text/dates';
import { recordCodRemittance } from '../src/modules/settlements/index.ts';

/**
 * Every outstanding COD collection remitted in full by its courier, as finance records it (tests):
 * one transfer per courier and 500 parcels, each with its own UTR made from `reference` (a new one
 * each call unless given).
 */
export async function remitAllCod(db: Executor, reference = `UTRTEST${Date.now()}`) {
  const open = await db
    .select({
      invoiceNo: shipments.invoiceNo,
      carrier: codCollections.carrier,
      amountPaise: codCollections.amountPaise,
    })
    .from(codCollections)
    .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
    .where(isNull(codCollections.remittedAt));
  const byCarrier = new Map<string, typeof open>();
  for (const row of open) {
    const carrier = row.carrier ?? 'Self-shipped';
    const rows = byCarrier.get(carrier) ?? [];
    rows.push(row);
    byCarrier.set(carrier, rows);
  }
  let batch = 0;
  for (const [carrier, rows] of byCarrier)
    for (let i = 0; i < rows.length; i += 500) {
      const part = rows.slice(i, i + 500);
      const outcome = await recordCodRemittance(
        db,
        { cli: true },
        {
          carrier,
          invoiceNos: part.map((row) => row.invoiceNo),
          reference: batch === 0 ? reference : `${reference}X${batch}`,
          remittedOn: indianDay(new Date()),
          remittedPaise: part.reduce((sum, row) => sum + row.amountPaise, 0),
          deductions: [],
        },
        new Date(),
      );
      batch++;
      if (outcome.code !== 'RECORDED') throw new Error(`remittance refused: ${outcome.code}`);
    }
}
