// The payment page module's face: its scripts' inventory and check, and the policy's reports
// (requirements#payment-page-scripts). Code outside the module imports only this file.
export { cspReportRoutes } from './csp-reports.ts';
export { type ExternalScript, type PaymentPageBuild, paymentPageCheckJob } from './inventory.ts';
export { paymentScriptRoutes } from './routes.ts';
