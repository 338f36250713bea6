export * from './geo.ts';
export * from './users.ts';
export * from './catalog.ts';
export * from './marketing.ts';
export * from './shopping.ts';
export * from './orders.ts';
export * from './outbox.ts';
export * from './rate-limits.ts';
