// The accounts module's face: shoppers’ accounts: registration, logins, one-time codes, linked
// accounts, and the rules other modules share for one default row per shopper.
// Code outside the module imports only this file (requirements#module-faces).
export { allowCodeSend, checkRow, codeMatches, consumeCode, issueCode, useCode } from './codes.ts';
export type { CodeRow } from './codes.ts';
export { isCommonPassword } from './common-passwords.ts';
export { accountSmsTemplates, codeMessages } from './message-templates.ts';
export { deleteUnlessDefault, lockShopper, setOnlyDefault } from './one-default.ts';
export type { DefaultRows } from './one-default.ts';
export { accountRoutes } from './routes.ts';
