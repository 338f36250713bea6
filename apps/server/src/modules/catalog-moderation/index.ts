// The catalog-moderation module's face: the console's moderation queue and the merging of duplicate
// products (requirements#operator-catalog). Code outside the module imports only this file.
export { catalogModerationRoutes } from './routes.ts';
