// The browsing-history module's face: the products a shopper viewed lately, and its API.
// Code outside the module imports only this file (requirements#module-faces).
export { readHistory } from './history.ts';
export { homeRoutes } from './routes.ts';
