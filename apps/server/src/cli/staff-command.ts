import { parseArgs } from 'node:util';
import type { Database } from '@marketplace/db';
import { isStaffRole, STAFF_ROLES } from '@marketplace/domain/admin/console';
import { EmailAddress } from '@marketplace/domain/accounts/registration';
import { addStaff, listStaff, removeStaff } from '../modules/staff/index.ts';
import type { Output } from './sellers-command.ts';

export const STAFF_USAGE = `Usage: npm run staff -- <command>
  add EMAIL ROLE     make the account EMAIL staff with ROLE (${STAFF_ROLES.join(', ')}), or change its role;
                     an email without an account gets one, with a temporary password shown once
  list               the staff, with their roles and whether their authenticator app is set up
  remove EMAIL       take the console away from EMAIL (the account stays a shopper's)`;

const CLI = { cli: true } as const;

/**
 * requirements#operator-console: the only way staff are made (there is no sign-up for the console).
 * Each change is written to the audit log as made by 'cli'. Returns the exit code: 0 done,
 * 1 refused, 2 misused.
 */
export async function runStaffCommand(
  db: Database,
  argv: readonly string[],
  out: Output,
  now = new Date(),
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { help: { type: 'boolean', default: false } },
    });
  } catch (error) {
    out.error(`${error instanceof Error ? error.message : String(error)}\n${STAFF_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    out.log(STAFF_USAGE);
    return 0;
  }
  const [command, email, role, ...extra] = parsed.positionals;
  if (command === 'list' && email === undefined) {
    const rows = await listStaff(db);
    if (rows.length === 0) out.log('There are no staff yet.');
    for (const row of rows) {
      const enrolled = row.enrolledAt ? 'authenticator set up' : 'authenticator not set up yet';
      out.log(`${row.email}\t${row.role}\t${enrolled}`);
    }
    return 0;
  }
  if ((command === 'add' || command === 'remove') && email !== undefined && extra.length === 0) {
    const address = EmailAddress('The email is not a valid email address.').safeParse(email);
    if (!address.success) {
      out.error(`${address.error.issues[0]?.message ?? ''}\n${STAFF_USAGE}`);
      return 2;
    }
    if (command === 'remove' && role === undefined) {
      const removed = await removeStaff(db, address.data, CLI);
      if (removed.code === 'NOT_STAFF') {
        out.error(`${address.data} is not staff: nothing changed.`);
        return 1;
      }
      out.log(`${address.data} is no longer staff.`);
      return 0;
    }
    if (command === 'add' && role !== undefined) {
      if (!isStaffRole(role)) {
        out.error(`The role must be one of ${STAFF_ROLES.join(', ')}.\n${STAFF_USAGE}`);
        return 2;
      }
      const result = await addStaff(db, address.data, role, CLI, now);
      switch (result.code) {
        case 'ADDED':
          out.log(
            `${address.data} is now staff (${role}); the authenticator app is set up at the first visit to /admin.`,
          );
          if (result.temporaryPassword)
            out.log(
              `A new account was made. Temporary password (shown once; the console asks for a new one at the first login): ${result.temporaryPassword}`,
            );
          return 0;
        case 'ROLE_CHANGED':
          out.log(`${address.data}'s role changed from ${result.from} to ${role}.`);
          return 0;
        case 'UNCHANGED':
          out.log(`${address.data} is already staff (${role}): nothing changed.`);
          return 0;
      }
    }
  }
  out.error(STAFF_USAGE);
  return 2;
}
