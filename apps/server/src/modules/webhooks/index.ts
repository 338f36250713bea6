// The webhooks module's face: the payment provider’s webhook (payment and refund reports) and the
// courier's tracking webhook (Shiprocket's scans).
// Code outside the module imports only this file (requirements#module-faces).
export { razorpayWebhookRoutes } from './razorpay.ts';
export { SHIPROCKET_WEBHOOK_PATHS, shiprocketWebhookRoutes } from './shiprocket.ts';
