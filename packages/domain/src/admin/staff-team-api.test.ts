import { describe, expect, it } from 'vitest';
import { StaffInviteInput, teamChangeRefusal } from './staff-team-api.ts';

// requirements#operator-staff
describe('who an owner may change', () => {
  it.each([
    ['demote another owner while two remain', { targetRole: 'owner', ownerCount: 2 }, 'support', null],
    ['remove another owner while two remain', { targetRole: 'owner', ownerCount: 2 }, 'removed', null],
    ['demote the last owner', { targetRole: 'owner', ownerCount: 1 }, 'marketing', 'lastOwner'],
    ['remove the last owner', { targetRole: 'owner', ownerCount: 1 }, 'removed', 'lastOwner'],
    ['make a support member an owner', { targetRole: 'support', ownerCount: 1 }, 'owner', null],
    ['remove a finance member', { targetRole: 'finance', ownerCount: 1 }, 'removed', null],
    ['give the role they have', { targetRole: 'catalog', ownerCount: 1 }, 'catalog', 'sameRole'],
    [
      'demote themselves with other owners',
      { targetRole: 'owner', ownerCount: 3, self: true },
      'support',
      'notYourself',
    ],
    ['remove themselves', { targetRole: 'owner', ownerCount: 3, self: true }, 'removed', 'notYourself'],
  ] as const)('may %s: %s', (_, change, next, refusal) => {
    const ids = { actorStaffId: 1, targetStaffId: 'self' in change ? 1 : 2 };
    expect(
      teamChangeRefusal({ ...ids, targetRole: change.targetRole, ownerCount: change.ownerCount }, next),
    ).toBe(refusal);
  });

  it('invites by a real email address and a known role', () => {
    expect(StaffInviteInput.parse({ email: ' Asha@Example.com ', role: 'finance' })).toEqual({
      email: 'asha@example.com',
      role: 'finance',
    });
    expect(StaffInviteInput.safeParse({ email: 'asha', role: 'finance' }).success).toBe(false);
    expect(StaffInviteInput.safeParse({ email: 'a@b.co\u0000', role: 'finance' }).success).toBe(false);
    expect(StaffInviteInput.safeParse({ email: 'a@b.co', role: 'admin' }).success).toBe(false);
    expect(StaffInviteInput.safeParse({ email: `${'a'.repeat(300)}@b.co`, role: 'owner' }).success).toBe(
      false,
    );
  });
});
