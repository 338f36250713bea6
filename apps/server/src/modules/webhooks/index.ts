// The webhooks module's face: the payment provider’s webhook: payment and refund reports.
// Code outside the module imports only this file (requirements#module-faces).
export { razorpayWebhookRoutes } from './razorpay.ts';
