// The support module's face: support staff finding an order, reading its whole life and acting on
// the shopper's behalf in the console (requirements#operator-support).
// Code outside the module imports only this file (requirements#module-faces).
export { supportRoutes } from './routes.ts';
