import type { Executor } from '@marketplace/db';
import { breakLine, verifyBooks } from '../modules/books/index.ts';

export type CommandOutput = { log: (line: string) => void; error: (line: string) => void };

/**
 * npm run verify-books (ADR-0045): each break on its own line naming the row, each chain's length
 * and last hash, then the verdict. Answers the exit code: 0 when the books hold, 1 when not.
 */
export async function runVerifyBooks(db: Executor, output: CommandOutput): Promise<0 | 1> {
  const started = performance.now();
  const { breaks, chains } = await verifyBooks(db, { onBreak: (found) => output.error(breakLine(found)) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const [name, chain] of Object.entries(chains))
    output.log(
      chain.head
        ? `${name}: ${chain.rows.toLocaleString('en-IN')} rows chained; the last at place ${chain.head.position}, hash ${chain.head.hash}`
        : `${name}: no rows yet`,
    );
  if (breaks.length > 0) {
    output.error(`The books do not hold: ${breaks.length} break(s) listed above (checked in ${seconds} s).`);
    return 1;
  }
  output.log(`The books hold (checked in ${seconds} s).`);
  return 0;
}
