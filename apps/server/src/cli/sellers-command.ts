import { parseArgs } from 'node:util';
import type { Executor } from '@marketplace/db';
import { decideApplication, listPendingApplications } from '../modules/sellers/index.ts';

export const SELLERS_USAGE = `Usage: npm run sellers -- <command>
  list-pending                      the applications waiting for a decision, oldest first
  approve EMAIL                     approve the pending application of the account EMAIL
  reject EMAIL --reason "REASON"    reject it with a reason the seller reads and can act on`;

export type Output = { log: (line: string) => void; error: (line: string) => void };

/**
 * requirements#seller-onboarding: the operator's decision on seller applications until the
 * operator console exists. Returns the process's exit code: 0 done, 1 refused, 2 misused.
 */
export async function runSellersCommand(db: Executor, argv: readonly string[], out: Output): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { reason: { type: 'string' }, help: { type: 'boolean', default: false } },
    });
  } catch (error) {
    out.error(`${error instanceof Error ? error.message : String(error)}\n${SELLERS_USAGE}`);
    return 2;
  }
  const [command, email, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    out.log(SELLERS_USAGE);
    return 0;
  }
  if (command === 'list-pending' && email === undefined) {
    const pending = await listPendingApplications(db);
    if (pending.length === 0) {
      out.log('No applications are waiting.');
      return 0;
    }
    for (const row of pending) {
      const identity = row.gstin
        ? `GSTIN ${row.gstin}`
        : `enrolment ${row.enrolmentNo ?? '-'} (within its state only)`;
      const when = row.submittedAt ? row.submittedAt.toISOString().slice(0, 16).replace('T', ' ') : '-';
      out.log(
        `${row.email}\t${row.displayName}\t${row.legalName}\t${identity}\tpickup ${row.pincode}\tsubmitted ${when}`,
      );
    }
    return 0;
  }
  if ((command === 'approve' || command === 'reject') && email && extra.length === 0) {
    if (command === 'reject' && parsed.values.reason === undefined) {
      out.error(`reject needs --reason "..."\n${SELLERS_USAGE}`);
      return 2;
    }
    const result =
      command === 'approve'
        ? await decideApplication(db, { email, decision: 'approve' })
        : await decideApplication(db, { email, decision: 'reject', reason: parsed.values.reason ?? '' });
    switch (result.code) {
      case 'OK':
        out.log(`${result.displayName} (${email}) is ${command === 'approve' ? 'approved' : 'rejected'}.`);
        return 0;
      case 'NOT_FOUND':
        out.error(`No seller application for ${email}.`);
        return 1;
      case 'NOT_PENDING':
        out.error(`The application of ${email} is ${result.status}, not pending: nothing changed.`);
        return 1;
      case 'INVALID_REASON':
        out.error(result.message);
        return 2;
    }
  }
  out.error(SELLERS_USAGE);
  return 2;
}
