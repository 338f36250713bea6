// The fulfilment module's face: the seller’s side of an order: shipping, tracking, requests, and every
// change of an item’s state.
// Code outside the module imports only this file (requirements#module-faces).
export {
  applyEffects,
  itemState,
  lockOrder,
  openRequestOf,
  refundBreakdownFor,
  refundFor,
  saveItemState,
} from './item-state.ts';
export { conversation } from './reply.ts';
export { pickupJob } from './pickup-job.ts';
export { collectDuePickups, recordCourierPickup, recordRequestPickup } from './record-pickup.ts';
export { nextRefNo } from './requests.ts';
export { sellerFulfilmentRoutes } from './routes.ts';
// Seller Central's orders and returns pages (requirements#seller-orders, requirements#seller-returns)
export { sellerCentralOrderRoutes } from './seller-central-routes.ts';
// requirements#operator-support: support marks a shipment lost through the same move as the seller's tracking
export { moveShipment } from './track.ts';
export type { TrackResult } from './shipment-rows.ts';
// ADR-0051: what the couriers module reads and sets on a shipment
export {
  addTrackingScan,
  assignCourier,
  pendingParcelOf,
  receiveReturnedParcel,
  sellerShipmentOf,
  shipmentStatus,
} from './courier-hooks.ts';
export { createShipment } from './ship.ts';
export { shipmentLabel } from './shipping-label.ts';
