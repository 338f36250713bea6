// The sellers module's face: a seller's own account in Seller Central (requirements#seller-central),
// joining (requirements#seller-onboarding) and the decision on an application.
// Code outside the module imports only this file (requirements#module-faces).
export { SELLER_REGISTRATION_MAX_BYTES, SELLER_REGISTRATION_PATH, sellerAccountRoutes } from './routes.ts';
export { decideApplication, listPendingApplications } from './decide-application.ts';
export type { DecisionResult, PendingApplication } from './decide-application.ts';
// requirements#operator-sellers: the console's sellers area
export { adminSellerRoutes } from './admin-routes.ts';
export { changeSellerStatus } from './change-status.ts';
// the shop's account menu names an account's way into Seller Central (requirements#seller-central)
export { sellerStatusOfUser } from './service.ts';
// requirements#document-series: one GSTIN's accounts never share a document prefix
export { isDocumentPrefixTaken } from './service.ts';
