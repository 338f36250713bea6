// The staff module's face: the operator console's staff, their second factor and the audit log
// (requirements#operator-console). Code outside the module imports only this file (requirements#module-faces).
export { staffRoutes } from './routes.ts';
export { staffTeamRoutes } from './team-routes.ts';
export { requireStaff } from './guard.ts';
export {
  addStaff,
  CODE_LIMIT,
  listStaff,
  removeStaff,
  type AddStaffResult,
  type StaffMember,
} from './staff.ts';
export {
  type AuditActor,
  type AuditChange,
  auditTrailOf,
  recordRead,
  type SensitiveRead,
  writeAudit,
} from './audit.ts';
export {
  isPasswordAllowedFor,
  recordStaffPasswordChange,
  recordStaffSignInFailure,
  staffAccountOf,
} from './credentials.ts';
export { codeAt } from './totp.ts';
export { parseSecretKey, secretBox, type SecretBox } from '../../secret-box.ts';
