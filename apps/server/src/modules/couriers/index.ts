// The couriers module's face (ADR-0051): the courier interface, the built-in sandbox courier and
// its clock, courier events mapped onto shipments, and Seller Central's "Ship with Bazaar courier".
export { applyCourierEvent, type CourierEventResult } from './apply-event.ts';
export { applyScanOfAnyParcel } from './route-event.ts';
// ADR-0069: courier webhooks kept, answered, then applied
export {
  applyCourierInbox,
  courierEventKeeper,
  courierInboxJob,
  courierInboxWorker,
  type CourierInboxWorker,
  keepCourierEvent,
} from './inbox.ts';
export type { CourierProvider, CourierTrackingEvent } from './provider.ts';
export { courierRoutes } from './routes.ts';
// ADR-0058: choices after a failed delivery attempt (shopper and seller)
export { ndrRoutes } from './ndr-routes.ts';
// ADR-0058: reverse pickups of accepted returns, and the ones whose quality check failed
export { reversePickupJob } from './reverse-pickup-job.ts';
export { reversePickupRoutes } from './reverse-pickup-routes.ts';
export { createSandboxCourier, DEFAULT_SANDBOX_COURIER, type SandboxCourierOptions } from './sandbox.ts';
export { sandboxCourierJob } from './sandbox-job.ts';
export { courierPollJob, FINISHED_STATUSES } from './poll-job.ts';
export { CourierUnreachableError } from './unreachable.ts';
export {
  createShiprocketCourier,
  SHIPROCKET_TRACKING_CALLS_PER_MINUTE,
  type ShiprocketCourier,
  type ShiprocketOptions,
} from './shiprocket.ts';
export {
  SHIPROCKET_STATUSES,
  shiprocketEventKey,
  shiprocketScan,
  shiprocketTime,
} from './shiprocket-statuses.ts';
