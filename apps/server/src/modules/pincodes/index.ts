// The pincodes module's face: the pincode directory.
// Code outside the module imports only this file (requirements#module-faces).
export { pincodeRoutes } from './routes.ts';
export { createPincodeDirectory } from './service.ts';
