// requirements#settlement: a payout's statement as CSV, for the seller's accounts.
import { csvCell, paiseToRupeesText } from '../sellers/inventory-csv.ts';
import { indianDay } from '../text/dates.ts';

/** Signed rupees with two decimals, as a spreadsheet reads them: -1250 → "-12.50". */
export const signedRupeesText = (paise: number) =>
  `${paise < 0 ? '-' : ''}${paiseToRupeesText(Math.abs(paise))}`;

/** A line of cells: texts made safe for spreadsheets, amounts (our own numbers) as they are. */
const line = (cells: readonly (string | { amount: number })[]) =>
  `${cells.map((cell) => (typeof cell === 'string' ? csvCell(cell) : signedRupeesText(cell.amount))).join(',')}\r\n`;

export const STATEMENT_CSV_COLUMNS = ['date', 'order', 'product', 'document', 'entry', 'amount_inr'] as const;

/**
 * The statement: a line per entry that became payable in the cycle, then the balance carried from
 * before, and the payout, which the lines and the carried balance add up to.
 */
export function statementCsv(statement: {
  openingPaise: number;
  payoutPaise: number;
  lines: readonly {
    createdAt: string;
    orderNo: string | null;
    productName: string | null;
    documentNumber: string | null;
    label: string;
    amountPaise: number;
  }[];
}): string {
  let text = line(STATEMENT_CSV_COLUMNS);
  for (const entry of statement.lines)
    text += line([
      // the day in India, as the page and the PDF show it, not the UTC day (requirements#dates)
      indianDay(entry.createdAt),
      entry.orderNo ?? '',
      entry.productName ?? '',
      entry.documentNumber ?? '',
      entry.label,
      { amount: entry.amountPaise },
    ]);
  text += line(['', '', '', '', 'Balance carried from before', { amount: statement.openingPaise }]);
  text += line(['', '', '', '', 'Payout', { amount: statement.payoutPaise }]);
  return text;
}
