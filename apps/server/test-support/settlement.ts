import { isNull } from 'drizzle-orm';
import { codCollections, type Executor, shipments } from '@marketplace/db';
import { eq } from 'drizzle-orm';
import { recordCodRemittance } from '../src/modules/settlements/index.ts';

/** Every outstanding COD collection remitted by its courier, as finance records it (tests). */
export async function remitAllCod(db: Executor, reference = 'UTRTEST000001') {
  const open = await db
    .select({ invoiceNo: shipments.invoiceNo })
    .from(codCollections)
    .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
    .where(isNull(codCollections.remittedAt));
  if (open.length === 0) return;
  for (let i = 0; i < open.length; i += 500)
    await recordCodRemittance(
      db,
      { cli: true },
      { invoiceNos: open.slice(i, i + 500).map((row) => row.invoiceNo), reference },
      new Date(),
    );
}
