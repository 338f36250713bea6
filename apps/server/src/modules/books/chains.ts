import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';
import type { BookBreak } from './breaks.ts';

/**
 * ADR-0045: the tables chained by hash, and each row's canonical text: the columns written at
 * insert, in a fixed order, its place in the chain first, instants as whole microseconds since 1970.
 * The same expressions as the migration's settlement_entry_canonical and audit_log_canonical,
 * written here from built-in functions only, so a replaced function in the database cannot fool
 * the check.
 */
export const CHAINS = {
  settlement_entries: sql`jsonb_build_array(r.chain_position, r.id, r.seller_id, r.kind, r.amount_paise, r.order_item_id, r.document_id, r.payout_id, (extract(epoch FROM r.created_at) * 1000000)::bigint)::text`,
  // ADR-0053: the same expression as the migration's journal_line_canonical
  journal_lines: sql`CASE WHEN r.gateway_settlement_id IS NULL
    THEN jsonb_build_array(r.chain_position, r.id, r.journal, r.voucher, r.voucher_type, (extract(epoch FROM r.posted_at) * 1000000)::bigint, r.account, r.amount_paise, r.narration, r.settlement_entry_id, r.cod_collection_id, r.cod_remittance_id, r.cod_settlement_id, (extract(epoch FROM r.created_at) * 1000000)::bigint)::text
    ELSE jsonb_build_array(r.chain_position, r.id, r.journal, r.voucher, r.voucher_type, (extract(epoch FROM r.posted_at) * 1000000)::bigint, r.account, r.amount_paise, r.narration, r.settlement_entry_id, r.cod_collection_id, r.cod_remittance_id, r.cod_settlement_id, (extract(epoch FROM r.created_at) * 1000000)::bigint, r.gateway_settlement_id)::text END`,
  // ADR-0061: the same expression as the migration's audit_log_canonical, the address and browser joining rows that have them
  audit_log: sql`CASE WHEN r.ip_address IS NULL AND r.user_agent IS NULL
    THEN jsonb_build_array(r.chain_position, r.id, (extract(epoch FROM r.at) * 1000000)::bigint, r.actor_staff_id, r.actor, r.action, r.target_type, r.target_id, r.before, r.after)::text
    ELSE jsonb_build_array(r.chain_position, r.id, (extract(epoch FROM r.at) * 1000000)::bigint, r.actor_staff_id, r.actor, r.action, r.target_type, r.target_id, r.before, r.after, r.ip_address, r.user_agent)::text END`,
} as const satisfies Record<string, SQL>;
export type ChainName = keyof typeof CHAINS;

/** One step of a chain: SHA-256 (hex) of the previous row's hash ('' before the first) and the row's canonical text. */
export const chainStep = (previousHash: string, canonical: string) =>
  createHash('sha256')
    .update(previousHash + canonical, 'utf8')
    .digest('hex');

const PAGE = 5_000;
/** At most this many breaks of one kind are listed; the rest are counted. */
export const LISTED = 50;

export type ChainReport = { rows: number; head: { position: number; hash: string } | null };

/**
 * Recomputes a chain from its first row: each row's place follows the one before without a gap,
 * and its hash is the step from the stored hash before it over its own content. A row changed
 * without its hash breaks at that row; one whose hash was recomputed too breaks at the next row.
 */
export async function verifyChain(
  db: Executor,
  chain: ChainName,
  report: (found: BookBreak) => void,
): Promise<ChainReport> {
  const table = sql.raw(chain);
  const unchained = await queryRows<{ id: number }>(
    db,
    sql`SELECT r.id FROM ${table} r WHERE r.chain_position IS NULL OR r.chain_hash IS NULL ORDER BY r.id LIMIT ${LISTED}`,
  );
  for (const row of unchained)
    report({ check: 'chain', table: chain, id: row.id, message: 'has no place in the hash chain' });
  let previous = { position: 0, hash: '' };
  let rows = 0;
  for (;;) {
    const page = await queryRows<{ id: number; position: string; hash: string; canonical: string }>(
      db,
      sql`SELECT r.id, r.chain_position AS position, r.chain_hash AS hash, ${CHAINS[chain]} AS canonical
          FROM ${table} r WHERE r.chain_position > ${previous.position}
          ORDER BY r.chain_position LIMIT ${PAGE}`,
    );
    for (const row of page) {
      const position = Number(row.position);
      if (position !== previous.position + 1)
        report({
          check: 'chain',
          table: chain,
          id: row.id,
          message: `is at place ${position} but the row before is at ${previous.position}: ${position - previous.position - 1} row(s) removed`,
        });
      else if (chainStep(previous.hash, row.canonical) !== row.hash)
        report({
          check: 'chain',
          table: chain,
          id: row.id,
          message: `at place ${position}: its hash does not match its content and the row before it (this row, or the hash of the one before, was changed)`,
        });
      previous = { position, hash: row.hash };
      rows++;
    }
    if (page.length < PAGE) break;
  }
  return { rows, head: rows === 0 ? null : previous };
}
