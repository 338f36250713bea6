// The journal module's face: the operator's double-entry books the database posts (ADR-0053), read as
// a trial balance and exported for TallyPrime. Code outside the module imports only this file
// (requirements#module-faces).
export { accountLabels, balancesBefore, linesBetween } from './journal.ts';
export { journalConsoleRoutes } from './routes.ts';
