// The menus-and-pages module's face: the console's top menu, footer menus and explore/policy pages
// (requirements#operator-content). Code outside the module imports only this file (requirements#module-faces).
export { menusPagesRoutes } from './routes.ts';
export { sanitizePageHtml } from './sanitize.ts';
