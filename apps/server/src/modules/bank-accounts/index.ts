// The bank-accounts module's face: the shopper’s bank accounts for cash refunds.
// Code outside the module imports only this file (requirements#module-faces).
export { bankAccountRoutes } from './routes.ts';
