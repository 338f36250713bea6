import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';
import { gstr8Export, sellerBalance, tdsExport } from '../settlements/index.ts';
import type { BookBreak } from './breaks.ts';
import { LISTED } from './chains.ts';

type Report = (found: BookBreak) => void;
const money = (paise: number | string | null) => (Number(paise ?? 0) / 100).toFixed(2);

/** Every document's lines add up to its totals, and an invoice's credit notes never credit more than it. */
export async function checkDocuments(db: Executor, report: Report) {
  const unequal = await queryRows<{
    id: number;
    number: string;
    field: string;
    total: string;
    lines: string;
  }>(
    db,
    sql`WITH sums AS (
          SELECT document_id, sum(value_paise) AS value, sum(taxable_paise) AS taxable,
                 sum(cgst_paise) AS cgst, sum(sgst_paise) AS sgst, sum(igst_paise) AS igst
            FROM tax_document_lines GROUP BY document_id)
        SELECT d.id, d.number, f.field, f.total, f.lines
          FROM tax_documents d LEFT JOIN sums s ON s.document_id = d.id,
          LATERAL (VALUES ('value', d.value_paise, coalesce(s.value, 0)),
                          ('taxable value', d.taxable_paise, coalesce(s.taxable, 0)),
                          ('CGST', d.cgst_paise, coalesce(s.cgst, 0)),
                          ('SGST', d.sgst_paise, coalesce(s.sgst, 0)),
                          ('IGST', d.igst_paise, coalesce(s.igst, 0))) AS f(field, total, lines)
         WHERE f.total <> f.lines
         ORDER BY d.id LIMIT ${LISTED}`,
  );
  for (const row of unequal)
    report({
      check: 'document',
      table: 'tax_documents',
      id: row.id,
      message: `(${row.number}): its ${row.field} is ₹${money(row.total)} but its lines add up to ₹${money(row.lines)}`,
    });
  const overCredited = await queryRows<{ id: number; number: string; value: string; credited: string }>(
    db,
    sql`SELECT i.id, i.number, i.value_paise AS value, sum(c.value_paise) AS credited
          FROM tax_documents i JOIN tax_documents c ON c.invoice_id = i.id
         WHERE i.kind = 'invoice'
         GROUP BY i.id HAVING sum(c.value_paise) > i.value_paise
         ORDER BY i.id LIMIT ${LISTED}`,
  );
  for (const row of overCredited)
    report({
      check: 'document',
      table: 'tax_documents',
      id: row.id,
      message: `(${row.number}): credit notes credit ₹${money(row.credited)} of an invoice of ₹${money(row.value)}`,
    });
}

/** Kinds a return reverses in proportion to its units, whether the parcel left or not (ledger.ts REVERSED_KINDS). */
const REVERSED_IN_FULL = ['commission', 'commission_gst', 'closing_fee', 'closing_fee_gst', 'tcs', 'tds'];

/**
 * Each sale entry is its invoice's value for the item; each refund is its credit note's value; the
 * reversals of a fee or tax never exceed what was taken and give it back exactly once every unit is credited.
 */
export async function checkReversals(db: Executor, report: Report) {
  const sales = await queryRows<{
    documentId: number;
    itemId: number;
    lines: string | null;
    sale: string | null;
  }>(
    db,
    sql`WITH lines AS (
          SELECT l.document_id, l.order_item_id, sum(l.value_paise) AS value
            FROM tax_document_lines l JOIN tax_documents d ON d.id = l.document_id
           WHERE d.kind = 'invoice' GROUP BY 1, 2),
        sales AS (
          SELECT document_id, order_item_id, sum(amount_paise) AS amount
            FROM settlement_entries WHERE kind = 'sale' GROUP BY 1, 2)
        SELECT coalesce(l.document_id, s.document_id) AS "documentId",
               coalesce(l.order_item_id, s.order_item_id) AS "itemId", l.value AS lines, s.amount AS sale
          FROM lines l FULL JOIN sales s ON s.document_id = l.document_id AND s.order_item_id = l.order_item_id
         WHERE l.value IS DISTINCT FROM s.amount
         ORDER BY 1, 2 LIMIT ${LISTED}`,
  );
  for (const row of sales)
    report({
      check: 'reversal',
      table: 'settlement_entries',
      id: `item ${row.itemId}`,
      message: `on document ${row.documentId}: the sale entries say ₹${money(row.sale)} but the invoice's lines say ₹${money(row.lines)}`,
    });
  const refunds = await queryRows<{ id: number; number: string; value: string; refunded: string }>(
    db,
    sql`SELECT c.id, c.number, c.value_paise AS value, coalesce(sum(e.amount_paise), 0) AS refunded
          FROM tax_documents c LEFT JOIN settlement_entries e ON e.document_id = c.id AND e.kind = 'refund'
         WHERE c.kind = 'credit_note'
         GROUP BY c.id HAVING coalesce(sum(e.amount_paise), 0) <> -c.value_paise
         ORDER BY c.id LIMIT ${LISTED}`,
  );
  for (const row of refunds)
    report({
      check: 'reversal',
      table: 'tax_documents',
      id: row.id,
      message: `(${row.number}): a credit note of ₹${money(row.value)} refunds ₹${money(-Number(row.refunded))} in the ledger`,
    });
  const reversals = await queryRows<{
    itemId: number;
    kind: string;
    taken: string | null;
    reversed: string | null;
    whole: boolean;
  }>(
    db,
    sql`WITH sums AS (
          SELECT e.order_item_id AS item, e.kind,
                 coalesce(sum(e.amount_paise) FILTER (WHERE d.kind = 'invoice'), 0) AS taken,
                 coalesce(sum(e.amount_paise) FILTER (WHERE d.kind = 'credit_note'), 0) AS reversed
            FROM settlement_entries e JOIN tax_documents d ON d.id = e.document_id
           WHERE e.kind NOT IN ('sale', 'refund', 'payout') GROUP BY 1, 2),
        units AS (
          SELECT l.order_item_id AS item,
                 coalesce(sum(l.quantity) FILTER (WHERE d.kind = 'invoice'), 0) AS sold,
                 coalesce(sum(l.quantity) FILTER (WHERE d.kind = 'credit_note'), 0) AS credited
            FROM tax_document_lines l JOIN tax_documents d ON d.id = l.document_id
           WHERE l.kind = 'goods' GROUP BY 1)
        SELECT s.item AS "itemId", s.kind, s.taken, s.reversed,
               coalesce(u.sold > 0 AND u.credited >= u.sold, false) AS whole
          FROM sums s LEFT JOIN units u ON u.item = s.item
         WHERE (s.reversed <> 0 AND (sign(s.reversed) = sign(s.taken) OR abs(s.reversed) > abs(s.taken)))
            OR (s.kind IN (${sql.join(
              REVERSED_IN_FULL.map((kind) => sql`${kind}`),
              sql`, `,
            )}) AND u.sold > 0 AND u.credited >= u.sold AND s.reversed <> -s.taken)
         ORDER BY 1, 2 LIMIT ${LISTED}`,
  );
  for (const row of reversals)
    report({
      check: 'reversal',
      table: 'settlement_entries',
      id: `item ${row.itemId}`,
      message: row.whole
        ? `every unit was credited but its ${row.kind} of ₹${money(row.taken)} was given back as ₹${money(-Number(row.reversed))}`
        : `its ${row.kind} of ₹${money(row.taken)} was given back as ₹${money(-Number(row.reversed))}, more than was taken`,
    });
}

/** States of a payout whose money has not come back to the seller's balance. */
const PAYING_STATES = ['initiated', 'processed', 'completed'];

/**
 * A payout pays once: it takes exactly its amount off its own seller's balance in one entry, and
 * gives it back in at most one entry, only when it did not pay (failed, reversed).
 */
export async function checkPayouts(db: Executor, report: Report) {
  const paying = sql.join(
    PAYING_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const rows = await queryRows<{
    id: number;
    status: string;
    amount: string;
    debits: string;
    debited: string;
    credits: string;
    credited: string;
    strangers: string;
  }>(
    db,
    sql`SELECT p.id, p.status, p.amount_paise AS amount,
               count(e.id) FILTER (WHERE e.amount_paise < 0) AS debits,
               coalesce(sum(e.amount_paise) FILTER (WHERE e.amount_paise < 0), 0) AS debited,
               count(e.id) FILTER (WHERE e.amount_paise > 0) AS credits,
               coalesce(sum(e.amount_paise) FILTER (WHERE e.amount_paise > 0), 0) AS credited,
               count(e.id) FILTER (WHERE e.seller_id <> p.seller_id) AS strangers
          FROM seller_payouts p LEFT JOIN settlement_entries e ON e.payout_id = p.id
         GROUP BY p.id
        HAVING count(e.id) FILTER (WHERE e.amount_paise < 0) <> 1
            OR coalesce(sum(e.amount_paise) FILTER (WHERE e.amount_paise < 0), 0) <> -p.amount_paise
            OR count(e.id) FILTER (WHERE e.seller_id <> p.seller_id) > 0
            OR (p.status IN (${paying}) AND count(e.id) FILTER (WHERE e.amount_paise > 0) > 0)
            OR (p.status NOT IN (${paying}) AND count(e.id) FILTER (WHERE e.amount_paise > 0) > 1)
            OR coalesce(sum(e.amount_paise) FILTER (WHERE e.amount_paise > 0), 0)
               <> count(e.id) FILTER (WHERE e.amount_paise > 0) * p.amount_paise
         ORDER BY p.id LIMIT ${LISTED}`,
  );
  for (const row of rows) {
    const problem =
      Number(row.strangers) > 0
        ? `has entries on another seller's ledger`
        : Number(row.debits) !== 1
          ? `of ₹${money(row.amount)} is taken off the ledger ${row.debits} times`
          : Number(row.debited) !== -Number(row.amount)
            ? `of ₹${money(row.amount)} took ₹${money(-Number(row.debited))} off the ledger`
            : PAYING_STATES.includes(row.status)
              ? `is ${row.status} but ₹${money(row.credited)} of it was given back to the ledger`
              : `(${row.status}) of ₹${money(row.amount)} was given back as ₹${money(row.credited)} in ${row.credits} entries`;
    report({ check: 'payout', table: 'seller_payouts', id: row.id, message: problem });
  }
  const orphans = await queryRows<{ id: number }>(
    db,
    sql`SELECT e.id FROM settlement_entries e
         WHERE e.kind = 'payout' AND NOT EXISTS (SELECT 1 FROM seller_payouts p WHERE p.id = e.payout_id)
         ORDER BY e.id LIMIT ${LISTED}`,
  );
  for (const row of orphans)
    report({
      check: 'payout',
      table: 'settlement_entries',
      id: row.id,
      message: 'is a payout entry without its payout',
    });
}

/** Each seller's entries add up to the balance the seller is shown (payable and waiting). */
export async function checkBalances(db: Executor, now: Date, report: Report) {
  const sums = await queryRows<{ sellerId: number; total: string }>(
    db,
    sql`SELECT seller_id AS "sellerId", sum(amount_paise) AS total FROM settlement_entries GROUP BY seller_id ORDER BY seller_id`,
  );
  for (const { sellerId, total } of sums) {
    const balance = await sellerBalance(db, sellerId, now);
    const shown = balance.payablePaise + balance.waitingPaise;
    if (shown !== Number(total))
      report({
        check: 'balance',
        table: 'sellers',
        id: sellerId,
        message: `is shown a balance of ₹${money(shown)} but its ledger adds up to ₹${money(total)}`,
      });
  }
}

/** Each month's TDS summary and GSTR-8 carry exactly the TDS and TCS the ledger took on its documents. */
export async function checkExports(db: Executor, report: Report) {
  const months = await queryRows<{ month: string; tds: string; tcs: string }>(
    db,
    sql`SELECT to_char(d.issued_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS month,
               coalesce(sum(e.amount_paise) FILTER (WHERE e.kind = 'tds'), 0) AS tds,
               coalesce(sum(e.amount_paise) FILTER (WHERE e.kind = 'tcs' AND d.seller_gstin IS NOT NULL), 0) AS tcs
          FROM tax_documents d LEFT JOIN settlement_entries e ON e.document_id = d.id
         GROUP BY 1 ORDER BY 1`,
  );
  for (const { month, tds, tcs } of months) {
    const tdsSummary = await tdsExport(db, month);
    if (tdsSummary.totals.tdsPaise !== -Number(tds))
      report({
        check: 'export',
        table: 'tds summary',
        id: month,
        message: `shows TDS of ₹${money(tdsSummary.totals.tdsPaise)} but the ledger took ₹${money(-Number(tds))} on the month's documents`,
      });
    const gstr8 = await gstr8Export(db, month);
    const tcsTotal = gstr8.totals.igstPaise + gstr8.totals.cgstPaise + gstr8.totals.sgstPaise;
    if (tcsTotal !== -Number(tcs))
      report({
        check: 'export',
        table: 'GSTR-8',
        id: month,
        message: `shows TCS of ₹${money(tcsTotal)} but the ledger took ₹${money(-Number(tcs))} on the month's documents`,
      });
  }
}

/**
 * requirements#fee-invoices: each fee invoice charges its seller's month of fees as the ledger holds
 * them (the month's documents' fee and fee GST entries), and each fee credit note gives back the same.
 */
export async function checkFeeDocuments(db: Executor, report: Report) {
  const rows = await queryRows<{
    id: number;
    kind: string;
    taxable: string;
    value: string;
    fees: string;
    total: string;
  }>(
    db,
    sql`SELECT f.id, f.kind, f.taxable_paise AS taxable, f.value_paise AS value,
               coalesce(-sum(e.amount_paise) FILTER (WHERE e.kind IN ('commission', 'closing_fee', 'shipping_fee')), 0) AS fees,
               coalesce(-sum(e.amount_paise) FILTER (WHERE e.kind IN ('commission', 'closing_fee', 'shipping_fee',
                 'commission_gst', 'closing_fee_gst', 'shipping_fee_gst')), 0) AS total
          FROM fee_invoices f
          LEFT JOIN tax_documents d ON d.seller_id = f.seller_id
                AND to_char(d.issued_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') = f.month
          LEFT JOIN settlement_entries e ON e.document_id = d.id
         GROUP BY f.id ORDER BY f.id`,
  );
  for (const row of rows) {
    const sign = row.kind === 'credit_note' ? -1 : 1;
    const charged = sign * Number(row.taxable);
    const valued = sign * Number(row.value);
    if (charged !== Number(row.fees) || valued !== Number(row.total))
      report({
        check: 'document',
        table: 'fee_invoices',
        id: Number(row.id),
        message: `charges fees of ₹${money(charged)} (₹${money(valued)} with GST) but the seller's ledger holds ₹${money(Number(row.fees))} (₹${money(Number(row.total))}) for its month`,
      });
  }
}
