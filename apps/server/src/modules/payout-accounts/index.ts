// The payout accounts module's face: changes of sellers' payout bank accounts (codes, two-person
// approval, penny-drop, the 48-hour hold) and the guard against paying demo sellers (ADR-0049).
// Code outside the module imports only this file (requirements#module-faces).
export { checkPendingValidations, recordValidation, startValidation } from './changes.ts';
export { demoPayoutRefusal } from './demo-guard.ts';
export { payoutAccountValidationJob } from './job.ts';
export { payoutAccountOpen, payoutAccountState } from './read.ts';
export { payoutAccountRoutes, type PayoutAccountDeps } from './routes.ts';
