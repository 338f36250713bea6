// The feedback module's face: product reviews and seller feedback.
// Code outside the module imports only this file (requirements#module-faces).
export { feedbackRoutes } from './routes.ts';
