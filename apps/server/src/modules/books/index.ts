// The books module's face: the check that the ledger, documents, payouts and audit log are as they
// were written (ADR-0045). Code outside the module imports only this file (requirements#module-faces).
export { type BookBreak, breakLine } from './breaks.ts';
export { chainStep, CHAINS } from './chains.ts';
export { type BooksReport, verifyBooks } from './verify.ts';
