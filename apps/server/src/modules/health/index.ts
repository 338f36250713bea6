// The health module's face: liveness and readiness endpoints.
// Code outside the module imports only this file (requirements#module-faces).
export { healthRoutes } from './routes.ts';
