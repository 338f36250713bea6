import { sql } from 'drizzle-orm';
import { documentSeries, type Executor } from '@marketplace/db';

/**
 * The next serial of a series (an issuer's kind of document in a financial year): 1 for a new
 * series. The upsert locks the series' row until the transaction ends, so two documents issued at
 * once take consecutive serials, and a transaction that rolls back gives its serial back: no gaps.
 */
export async function nextSerial(
  tx: Executor,
  series: { issuer: string; kind: string; financialYear: string },
): Promise<number> {
  const [row] = await tx
    .insert(documentSeries)
    .values({ ...series, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [documentSeries.issuer, documentSeries.kind, documentSeries.financialYear],
      set: { lastSerial: sql`${documentSeries.lastSerial} + 1` },
    })
    .returning({ serial: documentSeries.lastSerial });
  if (!row) throw new Error('the document series was not advanced');
  return row.serial;
}

/** A seller's series are its own: each seller numbers its invoices and credit notes from 1 each year. */
export const sellerIssuer = (sellerId: number) => `seller:${sellerId}`;
