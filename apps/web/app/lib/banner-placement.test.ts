import { describe, expect, it } from 'vitest';
import { bannerPlacement } from './banner-placement.ts';

describe('bannerPlacement', () => {
  it.each([
    '/',
    '/categorylist/c/Electronics',
    '/best-sellers-online/Mobiles',
    '/searchresults/phone',
    '/searchpage/phone',
    '/searchpage',
    '/todaydeals',
    '/percentageoffer',
    '/coupons',
  ])('a browsing page %s opens with any running campaign', (path) => {
    expect(bannerPlacement(path)).toEqual({ kind: 'any' });
  });

  it.each([
    ['/brand/Zentra', 'Zentra'],
    ['/brandregistry/Kalpa%20%26%20Co', 'Kalpa & Co'],
  ])("a brand's store %s shows only its own campaign", (path, brand) => {
    expect(bannerPlacement(path)).toEqual({ kind: 'brand', brand });
  });

  it.each([
    '/productdetails/Zentra%20Phone',
    '/cart',
    '/buynow',
    '/checkout',
    '/deliveryreview',
    '/deliveryfinalreview',
    '/myorder',
    '/neworderdetail',
    '/trackitem',
    '/myprofile',
    '/login',
    '/reviews',
    '/viewreviews/A/B',
    '/explore/About%20Us',
    '/brandregistry',
    '/brand/%E0%A4%A',
    '/brand/A/extra',
    '/pagenotfound',
  ])('%s carries no banner', (path) => {
    expect(bannerPlacement(path)).toEqual({ kind: 'none' });
  });
});
