// The catalog-tree module's face: the operator console's category tree, its leaves' filter
// attributes and brands (requirements#operator-catalog). Code outside the module imports only this file.
export { BRAND_LOGO_PATH, catalogTreeRoutes } from './routes.ts';
