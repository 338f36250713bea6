// The payments module's face: payment providers (sandbox, Razorpay), payouts, payment pages and the
// expiry of unpaid orders.
// Code outside the module imports only this file (requirements#module-faces).
export type { AccountToValidate, AccountValidator, ValidationReport } from './account-validation.ts';
export { choosePaymentProviders } from './choose-providers.ts';
export {
  createRazorpayXAccountValidator,
  RAZORPAYX_VALIDATIONS_URL,
  RazorpayXValidation,
  validationReport,
} from './razorpayx-account-validation.ts';
export { createSandboxAccountValidator } from './sandbox-account-validation.ts';
export type { SandboxAccountValidator } from './sandbox-account-validation.ts';
export { cancelUnpaidOrders, unpaidOrderExpiryJob } from './expire-unpaid.ts';
export {
  gatewayFee,
  gatewaySettlementJob,
  type GatewaySettlementReport,
  type GatewaySettlementSource,
  razorpayGatewaySettlements,
  recordGatewaySettlements,
  SANDBOX_GATEWAY_TERMS,
  sandboxGatewaySettlements,
} from './gateway-settlements.ts';
export { PayoutRefusedError } from './payouts.ts';
export type { PayoutProvider, ReversedPayout } from './payouts.ts';
export type { PaymentProvider, ProviderRefundReport } from './provider.ts';
export { createRazorpayProvider, RAZORPAY_CHECKOUT_SCRIPT, RazorpayRefund, refundReport } from './razorpay.ts';
export {
  createRazorpayXPayoutProvider,
  payoutReport,
  RazorpayXPayout,
  type RazorpayXConfig,
} from './razorpayx.ts';
export { paymentRoutes } from './routes.ts';
export { SANDBOX_TEXTS, sandboxPageRoutes } from './sandbox-page.ts';
export { createSandboxPayoutProvider } from './sandbox-payouts.ts';
export type { SandboxPayoutProvider } from './sandbox-payouts.ts';
export { createSandboxProvider, isSandboxProvider, SANDBOX_PAY_PATH } from './sandbox.ts';
export type { SandboxProvider } from './sandbox.ts';
export { confirmPayment, ensureProviderOrder, recordPaymentFailure } from './service.ts';
