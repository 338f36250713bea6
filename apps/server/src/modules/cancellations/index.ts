// The cancellations module's face: a shopper cancelling an item before it ships.
// Code outside the module imports only this file (requirements#module-faces).
export { cancellationRoutes } from './routes.ts';
