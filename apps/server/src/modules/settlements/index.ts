// The settlements module's face: the sellers' ledger, payouts and statements (requirements#settlement).
// Code outside the module imports only this file (requirements#module-faces).
export { runSellerPayouts, sellerPayoutJob } from './payout-job.ts';
export {
  checkSellerPayouts,
  recordSellerPayoutReport,
  retryAfterBankChange,
  retryReturnedPayout,
  returnSellerPayout,
  runPayoutCycle,
  sellerBalance,
  sendSellerPayouts,
} from './payouts.ts';
export { sellerSettlementRoutes } from './routes.ts';
export { codRoutes } from './cod-routes.ts';
export { isReferenceRecorded, outstandingCod, recordCodRemittance } from './cod.ts';
// requirements#settlement (ADR-0036): the console's commission rules, payouts, balances and exports
export { settlementConsoleRoutes } from './console-routes.ts';
// ADR-0045: the books' check reads the month's TDS summary and GSTR-8 as finance downloads them
export { tdsExport } from './exports.ts';
export { gstr8Export } from './gst-returns.ts';
// requirements#fee-invoices (ADR-0052): the monthly fee invoices and credit notes to sellers
export { feeInvoiceJob, issueFeeInvoices, registerDueFeeEInvoices } from './fee-invoices.ts';
export { feeInvoiceRoutes } from './fee-invoice-routes.ts';
