// The profile module's face: the shopper’s profile and password.
// Code outside the module imports only this file (requirements#module-faces).
export { profileRoutes } from './routes.ts';
