// requirements#data-export: everything keyed to the shopper, as one machine-readable file (DPDP Act s. 11).
import { eq } from 'drizzle-orm';
import { type Executor, orders, taxDocuments, users } from '@marketplace/db';
import { NOTICE_VERSION } from '@marketplace/domain/privacy/notice';
import { PERSONAL_TABLES } from './registry.ts';

/** Secrets and internals that are not the shopper's data and would weaken the account if leaked. */
const NEVER_EXPORTED = new Set([
  'passwordHash',
  'tokenHash',
  'codeHash',
  'idempotencyKey',
  'idempotencyFingerprint',
]);

function clean(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !NEVER_EXPORTED.has(key)));
}

export type AccountExport = {
  exportedAt: string;
  noticeVersion: string;
  profile: Record<string, unknown>;
  taxDocuments: Record<string, unknown>[];
} & Record<string, unknown>;

export async function exportAccountData(
  db: Executor,
  userId: number,
  now = new Date(),
): Promise<AccountExport> {
  const [profile] = await db.select().from(users).where(eq(users.id, userId));
  if (!profile) throw new Error('the account to export does not exist');
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const entry of PERSONAL_TABLES) {
    const rows = await db.select().from(entry.table).where(eq(entry.owner, userId));
    tables[entry.name] = rows.map((row) => clean(row as Record<string, unknown>));
  }
  const invoices = await db
    .select({ document: taxDocuments })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(taxDocuments.issuedAt);
  return {
    exportedAt: now.toISOString(),
    noticeVersion: NOTICE_VERSION,
    profile: clean(profile),
    ...tables,
    taxDocuments: invoices.map((row) => clean(row.document)),
  };
}
