// requirements#operator-console: staff for the console's tests, made as `npm run staff -- add`
// makes them, logged in, with the authenticator app set up and the session verified.
import type { StaffRole } from '@marketplace/domain/admin/console';
import { runStaffCommand } from '../src/cli/staff-command.ts';
import { codeAt } from '../src/modules/staff/index.ts';
import type { TestApp } from './testing.ts';

/** The password test staff choose in place of their temporary one. */
export const STAFF_TEST_PASSWORD = 'Console-Test-Pass-42';

/**
 * Adds `email` as staff with `role` (an account is made when there is none), logs it in, replaces
 * a new account's temporary password and sets up its authenticator app; the session cookie, verified for the console, and the app's secret.
 * `now` is the app's clock when the test app was made with one.
 */
export async function verifiedStaff(
  t: TestApp,
  email: string,
  role: StaffRole,
  now: () => Date = () => new Date(),
): Promise<{ cookie: string; secret: string }> {
  const lines: string[] = [];
  const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
  if ((await runStaffCommand(t.db, ['add', email, role], out)) !== 0)
    throw new Error(`could not add ${email}: ${lines.join('\n')}`);
  const cookie = await t.loginCookie(email);
  // a new account first replaces the temporary password it was printed with
  const temporary = /Temporary password .*: (\S+)$/m.exec(lines.join('\n'))?.[1];
  if (temporary) {
    const changed = await t.request('/api/profile/password', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        currentPassword: temporary,
        newPassword: STAFF_TEST_PASSWORD,
        confirmPassword: STAFF_TEST_PASSWORD,
      }),
    });
    if (changed.status !== 200) throw new Error(`could not change ${email}'s password: ${changed.status}`);
  }
  const enrolment = await t.request('/api/admin/enrolment', { headers: { cookie } });
  if (enrolment.status !== 200) throw new Error(`no enrolment for ${email}: ${enrolment.status}`);
  const { secret } = (await enrolment.json()) as { secret: string };
  const enrolled = await t.request('/api/admin/enrolment', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ code: codeAt(secret, now()) }),
  });
  if (enrolled.status !== 200) throw new Error(`could not set up ${email}: ${enrolled.status}`);
  return { cookie, secret };
}
