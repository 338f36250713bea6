import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('@marketplace/domain', () => {
  it.each([
    'formatInr',
    'rupeesToPaise',
    'paiseToRupees',
    'allocateLargestRemainder',
    'discountPercent',
    'couponDiscountPaise',
    'priceAfterCoupon',
    'PLATFORM_PROMO',
    'applyPlatformPromo',
    'DELIVERY_TYPES',
    'DELIVERY_LABELS',
    'ZONES',
    'PARCEL_TYPES',
    'DEFAULT_CHOICE_ORDER',
    'REMOTE_STATES',
    'REGIONAL_RADIUS_KM',
    'distanceKm',
    'deliveryZone',
    'deliveryChargePaise',
    'deliveryOptions',
    'chooseDeliveryOption',
    'arrivalDate',
    'formatArrivalDate',
    'COD_MAX_TOTAL_PAISE',
    'isCodAllowed',
    'averageRating',
    'ratingBars',
    'PINCODE_PATTERN',
    'Pincode',
    'MOBILE_PATTERN',
    'DEFAULT_PINCODE',
  ])('exports %s', (name) => {
    expect(domain).toHaveProperty(name);
    expect(domain[name as keyof typeof domain]).toBeDefined();
  });
});
