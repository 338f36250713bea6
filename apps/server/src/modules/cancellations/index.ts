// The cancellations module's face: a shopper cancelling an item before it ships.
// Code outside the module imports only this file (requirements#module-faces).
export { cancellationRoutes } from './routes.ts';
// requirements#operator-support: support cancels for the shopper with the same rule
export { cancelForShopper, type ConfirmCancelResult } from './confirm-cancel.ts';
