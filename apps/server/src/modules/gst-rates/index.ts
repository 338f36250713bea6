// The GST rate schedule's face (requirements#gst-tax): rates by HSN prefix and date, law as data.
// Code outside the module imports only this file (requirements#module-faces).
export { loadGstSchedule } from './schedule.ts';
export { gstRateRoutes } from './routes.ts';
export { hsnProblem, sellerBand } from './service.ts';
