// The addresses module's face: the shopper’s delivery addresses.
// Code outside the module imports only this file (requirements#module-faces).
export { addressRoutes } from './routes.ts';
