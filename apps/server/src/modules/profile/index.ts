// The profile module's face: the shopper’s profile and password.
// Code outside the module imports only this file (requirements#module-faces).
export { profileRoutes } from './routes.ts';
// a database answer's unique-index violation, for modules that insert rows other requests may race to insert
export { isUniqueViolation } from './service.ts';
export { messagePreferenceRoutes } from './message-preferences-routes.ts';
