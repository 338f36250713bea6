import { describe, expect, it } from 'vitest';
import { pageTitle, SITE_DESCRIPTION, SITE_NAME, siteDescription } from './titles.ts';

describe('pageTitle', () => {
  it.each([
    ['/', 'Home'],
    ['/cart', 'Cart'],
    ['/checkout', 'Checkout'],
    ['/myorder', 'Order'],
    ['/myprofile', 'Profile'],
    ['/settings', 'Settings'],
    ['/myaddress', 'Address'],
    ['/addressform', 'Address'],
    ['/MyOrder', 'Order'],
    ['/forgotpassword/priya%40example.com', 'Forgot Password'],
    ['/returninprocess/contactseller', 'Return'],
    ['/productdetails/Kairo%20Nova', SITE_NAME],
    ['/something-else', SITE_NAME],
  ])('%s → %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });
});

// requirements#languages: a page's title and the site's description in the path's language
describe('pageTitle in Hindi, Tamil and Telugu', () => {
  it.each([
    ['/hi', 'होम'],
    ['/hi/cart', 'कार्ट'],
    ['/hi/myorder', 'ऑर्डर'],
    ['/ta/checkout', 'செக்அவுட்'],
    ['/te/myprofile', 'ప్రొఫైల్'],
    ['/te/best-sellers-online/Mobiles', 'బెస్ట్ సెల్లర్స్'],
    ['/hi/productdetails/Kairo%20Nova', SITE_NAME],
    ['/en/cart', SITE_NAME],
  ])('%s → %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });

  it('describes the site in the page’s language', () => {
    expect(siteDescription('/')).toBe(SITE_DESCRIPTION);
    expect(siteDescription('/hi/cart')).toMatch(/^भारत भर के विक्रेताओं से/);
    expect(siteDescription('/ta')).toMatch(/[\u0b80-\u0bff]/);
    expect(siteDescription('/te/searchpage/x')).toMatch(/[\u0c00-\u0c7f]/);
  });
});
