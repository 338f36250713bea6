// requirements#operator-console: each staff role opens only its own screens. For every role, every
// screen of the console's menu outside its areas answers 403 with the console's refusal, inside the
// console's frame, and the menu offers only what the role reaches.
import { describe, expect, it } from 'vitest';
import { CONSOLE_NAV, canReach, navFor, STAFF_ROLES } from '@marketplace/domain/admin/console';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront } from './support/storefront.ts';

const store = useStorefront();

describe('the console refuses each role the screens of other roles', () => {
  for (const role of STAFF_ROLES.filter((r) => r !== 'owner'))
    it(`${role} staff`, async () => {
      await signInAsStaff(store, `${role}-roles-e2e@staff.example.com`, role);
      await store.page.goto(store.url('/admin'));
      const nav = store.page.getByRole('navigation', { name: 'Console' });
      expect(await nav.getByRole('link').allTextContents()).toEqual(navFor(role).map((item) => item.label));

      const refused = CONSOLE_NAV.filter((item) => item.area !== null && !canReach(role, item.area));
      expect(refused.length).toBeGreaterThan(0);
      for (const item of refused) {
        const answer = await store.page.goto(store.url(item.to));
        expect(answer?.status(), item.to).toBe(403);
        await store.page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
        expect(await store.page.getByText(STAFF_MESSAGES.wrongRole).count(), item.to).toBe(1);
      }
      // and its own screens open
      for (const item of navFor(role)) {
        const answer = await store.page.goto(store.url(item.to));
        expect(answer?.status(), item.to).toBe(200);
      }
    });
});
