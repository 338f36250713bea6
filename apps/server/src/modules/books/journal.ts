import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';
import type { BookBreak } from './breaks.ts';
import { LISTED } from './chains.ts';

type Report = (found: BookBreak) => void;
const money = (paise: number | string | null) => (Number(paise ?? 0) / 100).toFixed(2);

/**
 * ADR-0053: the operator's journal holds. Each journal adds up to zero; every money movement (a
 * ledger entry, COD collection, courier remittance, receivable settlement) that moved money is posted
 * exactly once, its seller's payable moving by the entry's amount; and each seller's payable account
 * is the seller's ledger balance, so Seller Central shows the seller's account in the operator's books.
 */
export async function checkJournal(db: Executor, report: Report) {
  const unbalanced = await queryRows<{ journal: string; total: string }>(
    db,
    sql`SELECT journal, sum(amount_paise) AS total FROM journal_lines
         GROUP BY journal HAVING sum(amount_paise) <> 0 ORDER BY journal LIMIT ${LISTED}`,
  );
  for (const row of unbalanced)
    report({
      check: 'journal',
      table: 'journal_lines',
      id: row.journal,
      message: `does not balance: its lines add up to ₹${money(row.total)}`,
    });
  const unposted = await queryRows<{ source: string; id: number; lines: string; seller: string | null }>(
    db,
    sql`SELECT 'settlement_entries' AS source, e.id, count(l.id) AS lines,
               sum(l.amount_paise) FILTER (WHERE l.account = 'seller-payable:' || e.seller_id) AS seller
          FROM settlement_entries e LEFT JOIN journal_lines l ON l.settlement_entry_id = e.id
         GROUP BY e.id, e.amount_paise
        HAVING count(l.id) <> (CASE WHEN e.amount_paise = 0 THEN 0 ELSE 2 END)
            OR coalesce(sum(l.amount_paise) FILTER (WHERE l.account = 'seller-payable:' || e.seller_id), 0) <> -e.amount_paise
        UNION ALL
        SELECT 'cod_collections', c.id, count(l.id), NULL FROM cod_collections c
          LEFT JOIN journal_lines l ON l.cod_collection_id = c.id
         GROUP BY c.id, c.amount_paise HAVING count(l.id) <> (CASE WHEN c.amount_paise = 0 THEN 0 ELSE 2 END)
        UNION ALL
        SELECT 'cod_remittances', r.id, count(l.id), NULL FROM cod_remittances r
          LEFT JOIN journal_lines l ON l.cod_remittance_id = r.id
         GROUP BY r.id, r.owed_paise, r.receivable_paise
        HAVING (count(l.id) = 0) <> (r.owed_paise = r.receivable_paise)
        UNION ALL
        SELECT 'cod_receivable_settlements', s.id, count(l.id), NULL FROM cod_receivable_settlements s
          LEFT JOIN journal_lines l ON l.cod_settlement_id = s.id
         GROUP BY s.id HAVING count(l.id) <> 2
        UNION ALL
        -- requirements#gateway-settlements: the bank, the charges and their GST where not zero, and the clearing
        SELECT 'gateway_settlements', g.id, count(l.id), NULL FROM gateway_settlements g
          LEFT JOIN journal_lines l ON l.gateway_settlement_id = g.id
         GROUP BY g.id, g.amount_paise, g.fees_paise, g.tax_paise
        HAVING count(l.id) <> 1 + (g.amount_paise <> 0)::int + (g.fees_paise <> 0)::int + (g.tax_paise <> 0)::int
            OR coalesce(sum(l.amount_paise) FILTER (WHERE l.account = 'bank'), 0) <> g.amount_paise
        ORDER BY 1, 2 LIMIT ${LISTED}`,
  );
  for (const row of unposted)
    report({
      check: 'journal',
      table: row.source,
      id: row.id,
      message: `is not posted once in the journal (${row.lines} line(s)${row.seller === null ? '' : `, its seller's payable moved by ₹${money(row.seller)}`})`,
    });
  const sellers = await queryRows<{ sellerId: number; ledger: string; account: string }>(
    db,
    sql`WITH ledger AS (SELECT seller_id, sum(amount_paise) AS total FROM settlement_entries GROUP BY seller_id),
             account AS (SELECT substr(account, 16)::integer AS seller_id, -sum(amount_paise) AS total
                           FROM journal_lines WHERE account LIKE 'seller-payable:%' GROUP BY account)
        SELECT coalesce(g.seller_id, a.seller_id) AS "sellerId", coalesce(g.total, 0) AS ledger, coalesce(a.total, 0) AS account
          FROM ledger g FULL JOIN account a ON a.seller_id = g.seller_id
         WHERE coalesce(g.total, 0) <> coalesce(a.total, 0)
         ORDER BY 1 LIMIT ${LISTED}`,
  );
  for (const row of sellers)
    report({
      check: 'journal',
      table: 'sellers',
      id: row.sellerId,
      message: `owes or is owed ₹${money(row.ledger)} by its ledger but ₹${money(row.account)} by its payable account in the journal`,
    });
}
