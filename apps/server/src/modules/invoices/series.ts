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
  return reserveSerials(tx, series, 1);
}

/**
 * The first of `count` consecutive serials taken at once from a series, as `count` calls of
 * nextSerial would take them (documents issued in bulk: the seeded orders' and earlier shipments').
 */
export async function reserveSerials(
  tx: Executor,
  series: { issuer: string; kind: string; financialYear: string },
  count: number,
): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`cannot reserve ${count} serials`);
  const [row] = await tx
    .insert(documentSeries)
    .values({ ...series, lastSerial: count })
    .onConflictDoUpdate({
      target: [documentSeries.issuer, documentSeries.kind, documentSeries.financialYear],
      set: { lastSerial: sql`${documentSeries.lastSerial} + ${count}` },
    })
    .returning({ serial: documentSeries.lastSerial });
  if (!row) throw new Error('the document series was not advanced');
  return row.serial - count + 1;
}

/**
 * A seller's series are its own: each seller numbers its invoices and credit notes from 1 each year, in
 * a series per prefix it chose (requirements#document-series).
 */
export const sellerIssuer = (sellerId: number, prefix: string) => `seller:${sellerId}:${prefix}`;
