// The settlements module's face: the sellers' ledger, payouts and statements (requirements#settlement).
// Code outside the module imports only this file (requirements#module-faces).
export { type InvoicedItem, recordReversal, recordSales } from './ledger.ts';
export { runSellerPayouts, sellerPayoutJob } from './payout-job.ts';
export { checkSellerPayouts, runPayoutCycle, sellerBalance, sendSellerPayouts } from './payouts.ts';
export { sellerSettlementRoutes } from './routes.ts';
// requirements#settlement (ADR-0035): the console's commission rules, payouts, balances and exports
export { settlementConsoleRoutes } from './console-routes.ts';
