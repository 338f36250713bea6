// The seller dashboard module's face: a seller's day at a glance (requirements#seller-dashboard).
// Code outside the module imports only this file (requirements#module-faces).
export { sellerDashboardRoutes } from './routes.ts';
export { dispatchDeadlineSql, dispatchedAtSql } from './dispatch-sql.ts';
