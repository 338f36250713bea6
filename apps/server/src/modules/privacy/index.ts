// The privacy module's face: notice, consents, the shopper's data rights, retention and breaches.
// Code outside the module imports only this file (requirements#module-faces).
export { privacyRoutes } from './routes.ts';
export { breachConsoleRoutes } from './breach-routes.ts';
export { sellerExportRoutes } from './seller-export.ts';
export { hasConsent, recordConsent } from './consents.ts';
export { DEFAULT_ERASE_AFTER_DAYS, privacyRetentionJob, runRetention } from './retention.ts';
export { erasedEmail } from './erase.ts';
