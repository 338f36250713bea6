// The catalogs that go only with some pages (requirements#languages): sign-in, checkout, orders and
// the profile pages take theirs from the account area's layout; the shop's catalog goes with every page.

export const MESSAGE_AREAS = ['signin', 'checkout', 'orders', 'profile'] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];
