// The shipping-zones module's face: where each seller ships (requirements#delivery-serviceability).
// Code outside the module imports only this file (requirements#module-faces).
export { shippingZoneRoutes } from './routes.ts';
