// The storefront module's face: the services the server-rendered web pages are given.
// Code outside the module imports only this file (requirements#module-faces).
export { createStorefrontServices, type StorefrontOptions } from './service.ts';
