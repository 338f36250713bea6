export * from './schema/index.ts';
export * from './client.ts';
export * from './suggestions.ts';
export * from './category-attributes.ts';
export { BOOK_TABLES, grantServerRole, urlRole } from './roles.ts';
