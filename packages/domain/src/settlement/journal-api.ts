// requirements#journal (ADR-0053): the console's trial balance and the month's accounting files.
import { z } from 'zod';
import { indianDayToMoment } from '../marketing/promotions.ts';
import { monthParam } from './console-api.ts';

export const JOURNAL_MESSAGES = {
  date: 'Choose a day (YYYY-MM-DD).',
  monthAhead: 'That month has not begun yet.',
} as const;

/** A real Indian calendar day, `YYYY-MM-DD`, from 2020 on. */
export const dayParam = z
  .string({ error: JOURNAL_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, JOURNAL_MESSAGES.date)
  .refine((day) => day >= '2020-01-01' && indianDayToMoment(day) !== null, JOURNAL_MESSAGES.date);

export const TrialBalanceQuery = z.object({ date: dayParam.optional() });
export const JournalExportQuery = z.object({ month: monthParam.optional() });

export const TrialBalanceRowSchema = z.object({
  key: z.string().describe('The account in the journal: `seller-payable:17`, `tcs-payable:29`, `bank`'),
  name: z.string().describe('The ledger’s name, as the Tally export names it'),
  group: z.string().describe('Tally’s predefined group it sits under'),
  nature: z.enum(['asset', 'liability', 'income', 'expense']),
  debitPaise: z.number().int(),
  creditPaise: z.number().int(),
});

export const TrialBalanceResponse = z.object({
  date: z.string().describe('The Indian day whose end the balances are at'),
  rows: z.array(TrialBalanceRowSchema),
  totalDebitPaise: z.number().int(),
  totalCreditPaise: z.number().int(),
  balanced: z.boolean().describe('Debits equal credits'),
  files: z
    .object({ month: z.string(), tallyUrl: z.string(), csvUrl: z.string() })
    .describe('The journal files of the day’s month'),
});
export type TrialBalanceResponse = z.infer<typeof TrialBalanceResponse>;

export const journalFileName = (month: string, kind: 'tally' | 'csv') =>
  kind === 'tally' ? `journal-${month}-tally.xml` : `journal-${month}.csv`;
export const journalFileUrl = (month: string, kind: 'tally' | 'csv') =>
  `/api/admin/settlements/journal/${kind === 'tally' ? 'tally.xml' : 'journal.csv'}?month=${month}`;
