// requirements#operator-console: staff for the console's browser tests, made as
// `npm run staff -- add` makes them.
import { expect } from 'vitest';
import type { StaffRole } from '@marketplace/domain/admin/console';
import { runStaffCommand } from '../../apps/server/src/cli/staff-command.ts';
import { codeAt } from '../../apps/server/src/modules/staff/index.ts';
import { STAFF_TEST_PASSWORD } from '../../apps/server/test-support/staff.ts';
import type { useStorefront } from './storefront.ts';

type Store = ReturnType<typeof useStorefront>;

/** Adds staff as `npm run staff -- add` does; the temporary password of its new account. */
export async function addStaff(store: Store, email: string, role: StaffRole): Promise<string> {
  const lines: string[] = [];
  const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
  expect(await runStaffCommand(store.db, ['add', email, role], out), lines.join('\n')).toBe(0);
  return /Temporary password .*: (\S+)$/m.exec(lines.join('\n'))?.[1] ?? '';
}

/** The logged-in page's new account replaces its temporary password, as the console asks first. */
export async function replaceTemporaryPassword(store: Store, temporary: string) {
  if (!temporary) return;
  const changed = await store.page.request.put(store.url('/api/profile/password'), {
    data: {
      currentPassword: temporary,
      newPassword: STAFF_TEST_PASSWORD,
      confirmPassword: STAFF_TEST_PASSWORD,
    },
    headers: { origin: store.url('') },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

/**
 * Signs the page's browser in as new staff with `role`, its temporary password replaced, its
 * authenticator app set up and this session verified, so a test starts on the console's screens;
 * the app's secret.
 */
export async function signInAsStaff(store: Store, email: string, role: StaffRole): Promise<string> {
  const temporary = await addStaff(store, email, role);
  await store.loginAs(email);
  const request = store.page.request;
  await replaceTemporaryPassword(store, temporary);
  const enrolment = await request.get(store.url('/api/admin/enrolment'));
  expect(enrolment.status()).toBe(200);
  const { secret } = (await enrolment.json()) as { secret: string };
  const enrolled = await request.post(store.url('/api/admin/enrolment'), {
    data: { code: codeAt(secret, new Date()) },
    headers: { origin: store.url('') },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  return secret;
}
