import { describe, expect, it } from 'vitest';
import { pageTitle, SITE_NAME } from './titles.ts';

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
