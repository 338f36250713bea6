// The settlements module's face: the sellers' ledger, payouts and statements (requirements#settlement).
// Code outside the module imports only this file (requirements#module-faces).
export { runSellerPayouts, sellerPayoutJob } from './payout-job.ts';
export { checkSellerPayouts, runPayoutCycle, sellerBalance, sendSellerPayouts } from './payouts.ts';
export { sellerSettlementRoutes } from './routes.ts';
export { codRoutes } from './cod-routes.ts';
export { outstandingCod, recordCodRemittance } from './cod.ts';
