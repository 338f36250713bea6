// The delivery settings module's face: the rate card, the pincodes without delivery or cash on
// delivery and the cash-on-delivery limit, as staff change them (requirements#operator-delivery).
// Code outside the module imports only this file (requirements#module-faces).
export { deliverySettingsRoutes } from './routes.ts';
export { codLimitOf } from './settings.ts';
