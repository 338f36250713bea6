// The orders module's face: placing orders and the shopper’s order pages; pricing of order lines.
// Code outside the module imports only this file (requirements#module-faces).
export { myOrderRoutes } from './my-orders-routes.ts';
export { loadAddress } from './place-order.ts';
export { loadPricingRows, offerOf, priceLine } from './price-lines.ts';
export type { BuyerPlace, LinePricing, PricedLine, PricingRows } from './price-lines.ts';
export { orderRoutes } from './routes.ts';
// requirements#courier-opt-in: the courier asked at checkout for sellers who ship with it
export { courierRefusals, type CourierReach, type CourierRefusals } from './courier-reach.ts';
// ADR-0062: orders from ONDC buyer apps are placed the same way
export { placeOrder } from './place-order.ts';
