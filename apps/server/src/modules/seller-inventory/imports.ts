// requirements#seller-bulk-inventory: a seller's CSV uploads: started one at a time per seller,
// run in the background a batch at a time (runner.ts), read back with their progress and report.
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { type Executor, offerImports, queryRows, sellers } from '@marketplace/db';
import {
  IMPORT_ERRORS_PAGE_SIZE,
  type ImportRowError,
  type OfferImport,
  type OfferImportList,
} from '@marketplace/domain/sellers/inventory-api';
import { csvLine } from '@marketplace/domain/sellers/inventory-csv';

/**
 * A running upload not finished after this long died with its server (a 50,000-row file takes
 * well under a minute): the next look at it, or the seller's next upload, marks it failed.
 */
export const STALE_IMPORT_MS = 5 * 60_000;
export const STALE_MESSAGE =
  'This upload stopped before it finished (the server restarted). Rows applied before it stopped stay applied; upload the file again to finish.';
// a stopped upload's reason is kept in its errors list as line 0, after every row's error
const FAILURE_LINE = 0;

/** Text from a file made safe to keep and show: no control characters, at most `max` characters. */
export function storable(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, max);
}

/** Marks the seller's running uploads older than STALE_IMPORT_MS failed (their process is gone). */
async function failStaleImports(db: Executor, sellerId: number): Promise<void> {
  const failure = JSON.stringify([{ line: FAILURE_LINE, sku: '', reason: STALE_MESSAGE }]);
  await db
    .update(offerImports)
    .set({
      status: 'failed',
      finishedAt: sql`now()`,
      errors: sql`${offerImports.errors} || ${failure}::jsonb`,
    })
    .where(
      and(
        eq(offerImports.sellerId, sellerId),
        eq(offerImports.status, 'running'),
        lt(offerImports.createdAt, sql`now() - make_interval(secs => ${STALE_IMPORT_MS / 1000})`),
      ),
    );
}

/** True when one of the seller's uploads runs (and has not gone stale): a new one would be refused. */
export async function hasRunningImport(db: Executor, sellerId: number): Promise<boolean> {
  const [running] = await db
    .select({ id: offerImports.id })
    .from(offerImports)
    .where(
      and(
        eq(offerImports.sellerId, sellerId),
        eq(offerImports.status, 'running'),
        gt(offerImports.createdAt, sql`now() - make_interval(secs => ${STALE_IMPORT_MS / 1000})`),
      ),
    )
    .limit(1);
  return running !== undefined;
}

/**
 * Records a new upload as running, unless one of the seller's uploads still runs (two at once
 * would race on the same offers): the seller's row is locked so two uploads sent together
 * cannot both start.
 */
export async function createImport(
  db: Executor,
  sellerId: number,
  fileName: string,
  totalRows: number,
): Promise<{ code: 'STARTED'; importId: number } | { code: 'RUNNING' }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId)).for('update');
    await failStaleImports(tx, sellerId);
    const [running] = await tx
      .select({ id: offerImports.id })
      .from(offerImports)
      .where(and(eq(offerImports.sellerId, sellerId), eq(offerImports.status, 'running')))
      .limit(1);
    if (running) return { code: 'RUNNING' as const };
    const [created] = await tx
      .insert(offerImports)
      .values({ sellerId, fileName: storable(fileName, 200) || 'offers.csv', totalRows, status: 'running' })
      .returning({ id: offerImports.id });
    if (!created) throw new Error('insert returned no row');
    return { code: 'STARTED' as const, importId: created.id };
  });
}

const summaryColumns = {
  importId: offerImports.id,
  fileName: offerImports.fileName,
  status: offerImports.status,
  totalRows: offerImports.totalRows,
  processedRows: offerImports.processedRows,
  appliedRows: offerImports.appliedRows,
  errorRows: offerImports.errorRows,
  createdAt: offerImports.createdAt,
  finishedAt: offerImports.finishedAt,
  failure: sql<string | null>`CASE WHEN ${offerImports.status} = 'failed' THEN
    (SELECT e->>'reason' FROM jsonb_array_elements(${offerImports.errors}) AS e
      WHERE (e->>'line')::int = ${FAILURE_LINE} LIMIT 1) END`,
};
type SummaryRow = {
  importId: number;
  fileName: string;
  status: string;
  totalRows: number;
  processedRows: number;
  appliedRows: number;
  errorRows: number;
  createdAt: Date;
  finishedAt: Date | null;
  failure: string | null;
};
const toSummary = (row: SummaryRow) => ({
  ...row,
  status: row.status as OfferImport['status'],
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The seller's latest uploads, newest first. */
export async function listImports(db: Executor, sellerId: number): Promise<OfferImportList> {
  await failStaleImports(db, sellerId);
  const rows = await db
    .select(summaryColumns)
    .from(offerImports)
    .where(eq(offerImports.sellerId, sellerId))
    .orderBy(desc(offerImports.createdAt), desc(offerImports.id))
    .limit(10);
  return { imports: rows.map(toSummary) };
}

/** One of the seller's uploads with a page of its refused rows; null when it is not the seller's. */
export async function readImport(
  db: Executor,
  sellerId: number,
  importId: number,
  errorsPage: number,
): Promise<OfferImport | null> {
  await failStaleImports(db, sellerId);
  const [row] = await db
    .select(summaryColumns)
    .from(offerImports)
    .where(and(eq(offerImports.id, importId), eq(offerImports.sellerId, sellerId)));
  if (!row) return null;
  const errorsPages = Math.max(1, Math.ceil(row.errorRows / IMPORT_ERRORS_PAGE_SIZE));
  const page = Math.min(Math.max(1, errorsPage), errorsPages);
  const errors = await rowErrors(db, importId, (page - 1) * IMPORT_ERRORS_PAGE_SIZE, IMPORT_ERRORS_PAGE_SIZE);
  return { ...toSummary(row), errors, errorsPage: page, errorsPages };
}

/** Refused rows `offset + 1` to `offset + limit`, in the order of the file. */
async function rowErrors(
  db: Executor,
  importId: number,
  offset: number,
  limit: number,
): Promise<ImportRowError[]> {
  const rows = await queryRows<{ line: number; sku: string; reason: string }>(
    db,
    sql`SELECT (t.e->>'line')::int AS line, t.e->>'sku' AS sku, t.e->>'reason' AS reason
        FROM ${offerImports}, jsonb_array_elements(${offerImports.errors}) WITH ORDINALITY AS t(e, n)
        WHERE ${offerImports.id} = ${importId} AND (t.e->>'line')::int <> ${FAILURE_LINE}
          AND t.n > ${offset} AND t.n <= ${offset + limit}
        ORDER BY t.n`,
  );
  return rows;
}

/** The report of refused rows as CSV (line, sku, reason), or null when the upload is not the seller's. */
export async function importReportCsv(
  db: Executor,
  sellerId: number,
  importId: number,
): Promise<string | null> {
  const found = await readImport(db, sellerId, importId, 1);
  if (!found) return null;
  const errors = await rowErrors(db, importId, 0, found.errorRows);
  let text = csvLine(['line', 'sku', 'reason']);
  for (const error of errors) text += csvLine([error.line, error.sku, error.reason]);
  if (found.failure) text += csvLine([0, '', found.failure]);
  return text;
}

/** Records a stopped upload: failed, with why, after the rows' own errors. */
export async function failImport(db: Executor, importId: number, reason: string): Promise<void> {
  const failure = JSON.stringify([{ line: FAILURE_LINE, sku: '', reason }]);
  await db
    .update(offerImports)
    .set({
      status: 'failed',
      finishedAt: sql`now()`,
      errors: sql`${offerImports.errors} || ${failure}::jsonb`,
    })
    .where(and(eq(offerImports.id, importId), eq(offerImports.status, 'running')));
}
