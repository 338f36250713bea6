// requirements#operator-staff: owners invite staff, set and change their roles and remove them in
// the console (ADR-0038); one contract for the server's routes and the console's page.
import { z } from 'zod';
import { EmailAddress } from '../accounts/registration.ts';
import { STAFF_ROLES, type StaffRole } from './console.ts';

export const STAFF_TEAM_MESSAGES = {
  email: 'Please enter a valid email address.',
  role: 'Choose a role from the list.',
  alreadyStaff: 'This person is already staff: change their role in the list instead.',
  invitedAccount: 'Added. They have the role now and set up their authenticator app on their first visit.',
  invitedNew: 'Invited. We have emailed them how to join; the role is theirs once they choose a password.',
  roleChanged: 'The role has been changed.',
  sameRole: 'They already have this role.',
  removed: 'They no longer have access to the console.',
  notFound: 'This staff member was not found.',
  lastOwner: 'The console needs at least one owner: make someone else an owner first.',
  notYourself: 'You cannot change your own role or remove yourself: ask another owner.',
} as const;

/** What each role may do, as the invite form explains it. */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Everything, including staff, delivery and the audit log',
  catalog: 'Sellers, moderation, categories and brands',
  support: 'Orders, refunds and grievances',
  finance: 'Reports and settlements',
  marketing: 'Storefront content and promotions',
};

const M = STAFF_TEAM_MESSAGES;

export const StaffInviteInput = z.object({
  email: EmailAddress(M.email),
  role: z.enum(STAFF_ROLES, { error: M.role }),
});
export type StaffInviteInput = z.infer<typeof StaffInviteInput>;

export const StaffRoleInput = z.object({ role: z.enum(STAFF_ROLES, { error: M.role }) });
export type StaffRoleInput = z.infer<typeof StaffRoleInput>;

export const StaffMemberView = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** has set up the authenticator app (an invited account has not yet) */
  isEnrolled: z.boolean(),
  /** still has the password nobody knows: has not yet chosen one to join */
  isInvited: z.boolean(),
  addedAt: z.string(),
  isYou: z.boolean(),
});
export type StaffMemberView = z.infer<typeof StaffMemberView>;

export const StaffTeam = z.object({ staff: z.array(StaffMemberView) }).meta({ id: 'StaffTeam' });
export type StaffTeam = z.infer<typeof StaffTeam>;

export const StaffChanged = z.object({ message: z.string(), member: StaffMemberView });
export type StaffChanged = z.infer<typeof StaffChanged>;

export const StaffRemoved = z.object({ message: z.string() });
export type StaffRemoved = z.infer<typeof StaffRemoved>;

export type TeamChange = {
  actorStaffId: number;
  targetStaffId: number;
  targetRole: StaffRole;
  ownerCount: number;
};

/**
 * requirements#operator-staff: whether an owner may change or remove a staff member. Never their
 * own access (they would lock themselves out), and never the last owner's.
 */
export function teamChangeRefusal(
  change: TeamChange,
  next: StaffRole | 'removed',
): keyof typeof STAFF_TEAM_MESSAGES | null {
  if (change.actorStaffId === change.targetStaffId) return 'notYourself';
  if (change.targetRole === 'owner' && next !== 'owner' && change.ownerCount <= 1) return 'lastOwner';
  if (next === change.targetRole) return 'sameRole';
  return null;
}
