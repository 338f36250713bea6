// The public surface of @marketplace/domain: pure business rules and shared schemas.
export * from './money/money.ts';
export * from './pricing/coupon.ts';
export * from './pricing/promo.ts';
export * from './delivery/constants.ts';
export * from './delivery/zone.ts';
export * from './delivery/charge.ts';
export * from './delivery/options.ts';
export * from './delivery/serviceability.ts';
export * from './delivery/arrival.ts';
export * from './orders/cod.ts';
export * from './catalog/ratings.ts';
export * from './validation/common.ts';
export * from './search/suggestions.ts';
export * from './location/pincode.ts';
export * from './catalog/categories.ts';
export * from './orders/messages.ts';
export * from './orders/summary.ts';
