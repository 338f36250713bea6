export * from './schema/index.ts';
export * from './client.ts';
export { readingFromWriter, readsDecided, readsFrom, walPosition } from './read-replica.ts';
export * from './suggestions.ts';
export * from './category-attributes.ts';
export { BOOK_TABLES, grantServerRole, urlRole } from './roles.ts';
