/** A place where the books do not hold: the check, the table and row, and what is wrong with it. */
export type BookBreak = {
  check: 'chain' | 'document' | 'reversal' | 'payout' | 'balance' | 'export' | 'journal';
  table: string;
  id: number | string;
  message: string;
};

/** One line a person reads: `tax_documents 812: …`. */
export const breakLine = (found: BookBreak) => `${found.check}: ${found.table} ${found.id} ${found.message}`;
