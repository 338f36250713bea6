export * from './schema/index.ts';
export * from './client.ts';
export * from './suggestions.ts';
export * from './category-attributes.ts';
