// The reports module's face: the console's figures of orders, GMV, cancellations, returns and
// refunds (requirements#operator-reports). Code outside the module imports only this file
// (requirements#module-faces).
export { reportRoutes } from './routes.ts';
