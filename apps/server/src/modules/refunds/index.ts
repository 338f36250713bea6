// The refunds module's face: refunds: sending them to providers, following them up, and what the
// shopper sees of one.
// Code outside the module imports only this file (requirements#module-faces).
export { recordRefundEvent } from './record-refund-event.ts';
export { refundJob, runRefunds } from './refund-job.ts';
export type { RefundRun } from './refund-job.ts';
export { sendRefunds } from './send-refunds.ts';
export { hasDefaultBankAccount, shopperRefund } from './shopper-refund.ts';
// requirements#operator-support: an operator sends a failed refund once more
export { retryRefund, type RetryRefundResult } from './retry-refund.ts';
