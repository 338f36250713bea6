// requirements#operator-console: who of the marketplace's staff may reach which part of the console.
// The one table the server's guard and the console's menu both read.

/** Staff roles, given by owners in the console or from the command line (`npm run staff -- add EMAIL ROLE`). */
export const STAFF_ROLES = ['owner', 'catalog', 'support', 'finance', 'marketing'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The console's areas; each screen and `/api/admin/...` endpoint belongs to one. */
export const CONSOLE_AREAS = [
  'sellers',
  'catalog',
  'orders',
  'grievances',
  'reports',
  'settlements',
  'content',
  'promotions',
  'delivery',
  'audit',
  'staff',
  'privacy',
  'security',
] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

/** Which areas each role reaches: the owner all of them, the audit log and staff included. */
export const ROLE_AREAS: Record<StaffRole, readonly ConsoleArea[]> = {
  owner: CONSOLE_AREAS,
  catalog: ['sellers', 'catalog'],
  support: ['orders', 'grievances'],
  finance: ['reports', 'settlements'],
  marketing: ['content', 'promotions'],
};

export const AREA_LABELS: Record<ConsoleArea, string> = {
  sellers: 'Sellers',
  catalog: 'Catalog',
  orders: 'Orders',
  grievances: 'Grievances',
  reports: 'Reports',
  settlements: 'Settlements',
  content: 'Storefront content',
  promotions: 'Promotions',
  delivery: 'Delivery',
  audit: 'Audit log',
  staff: 'Staff',
  privacy: 'Personal data breaches',
  security: 'Payment page security',
};

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  catalog: 'Catalog',
  support: 'Support',
  finance: 'Finance',
  marketing: 'Marketing',
};

export const isStaffRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

/** Whether a staff member of `role` may open `area`'s screens and call its endpoints. */
export function canReach(role: StaffRole, area: ConsoleArea): boolean {
  return ROLE_AREAS[role].includes(area);
}

/** The areas a role reaches, in the console's order. */
export const areasOf = (role: StaffRole): ConsoleArea[] =>
  CONSOLE_AREAS.filter((area) => canReach(role, area));

/**
 * The console's menu: the screens built so far, each in its area (the overview is every staff
 * member's). A role sees only the entries whose area it reaches.
 */
export const CONSOLE_NAV_GROUPS = [
  'Sellers and catalog',
  'Storefront',
  'Orders and support',
  'Business',
] as const;
export type ConsoleNavGroup = (typeof CONSOLE_NAV_GROUPS)[number];

export type ConsoleNavItem = {
  to: string;
  label: string;
  area: ConsoleArea | null;
  end: boolean;
  group: ConsoleNavGroup | null;
};

export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { to: '/admin', label: 'Overview', area: null, end: true, group: null },
  // requirements#operator-sellers, requirements#operator-catalog
  { to: '/admin/sellers', label: 'Sellers', area: 'sellers', end: false, group: 'Sellers and catalog' },
  { to: '/admin/catalog', label: 'Moderation', area: 'catalog', end: true, group: 'Sellers and catalog' },
  {
    to: '/admin/catalog/merge',
    label: 'Merge products',
    area: 'catalog',
    end: false,
    group: 'Sellers and catalog',
  },
  {
    to: '/admin/catalog/categories',
    label: 'Categories',
    area: 'catalog',
    end: false,
    group: 'Sellers and catalog',
  },
  { to: '/admin/catalog/brands', label: 'Brands', area: 'catalog', end: false, group: 'Sellers and catalog' },
  // requirements#operator-content, requirements#operator-promotions
  { to: '/admin/content', label: 'Storefront content', area: 'content', end: false, group: 'Storefront' },
  { to: '/admin/content/menus', label: 'Menus', area: 'content', end: false, group: 'Storefront' },
  { to: '/admin/content/pages', label: 'Pages', area: 'content', end: false, group: 'Storefront' },
  { to: '/admin/promotions', label: 'Promotions', area: 'promotions', end: false, group: 'Storefront' },
  // requirements#operator-support
  { to: '/admin/orders', label: 'Orders', area: 'orders', end: true, group: 'Orders and support' },
  {
    to: '/admin/orders/refunds',
    label: 'Failed refunds',
    area: 'orders',
    end: false,
    group: 'Orders and support',
  },
  // ADR-0062
  { to: '/admin/orders/ondc', label: 'ONDC', area: 'orders', end: false, group: 'Orders and support' },
  // ADR-0058: returns whose courier quality check failed at pickup; their refunds wait
  {
    to: '/admin/orders/return-disputes',
    label: 'Disputed pickups',
    area: 'orders',
    end: false,
    group: 'Orders and support',
  },
  {
    to: '/admin/grievances',
    label: 'Grievances',
    area: 'grievances',
    end: false,
    group: 'Orders and support',
  },
  // requirements#operator-delivery, requirements#operator-reports
  { to: '/admin/delivery', label: 'Delivery', area: 'delivery', end: false, group: 'Business' },
  { to: '/admin/reports', label: 'Reports', area: 'reports', end: false, group: 'Business' },
  // requirements#settlement: commission rules, payouts and the month's tax and fee exports
  {
    to: '/admin/settlements/rules',
    label: 'Commission rules',
    area: 'settlements',
    end: false,
    group: 'Business',
  },
  { to: '/admin/settlements/payouts', label: 'Payouts', area: 'settlements', end: false, group: 'Business' },
  { to: '/admin/settlements/exports', label: 'Exports', area: 'settlements', end: false, group: 'Business' },
  {
    to: '/admin/settlements/cod',
    label: 'COD remittances',
    area: 'settlements',
    end: false,
    group: 'Business',
  },
  // requirements#gst-tax: the GST rate schedule documents take their rates from
  {
    to: '/admin/settlements/gst-rates',
    label: 'GST rates',
    area: 'settlements',
    end: false,
    group: 'Business',
  },
  // requirements#e-invoicing: registrations with the Invoice Registration Portal that failed or wait
  {
    to: '/admin/settlements/e-invoices',
    label: 'E-invoices',
    area: 'settlements',
    end: false,
    group: 'Business',
  },
  // requirements#fee-invoices: the marketplace's monthly tax invoices to sellers for its fees
  {
    to: '/admin/settlements/fee-invoices',
    label: 'Fee invoices',
    area: 'settlements',
    end: false,
    group: 'Business',
  },
  // requirements#journal (ADR-0053): the operator's double-entry books, their trial balance and Tally export
  {
    to: '/admin/settlements/trial-balance',
    label: 'Trial balance',
    area: 'settlements',
    end: false,
    group: 'Business',
  },
  // requirements#payout-account: sellers' payout account changes, proposed and approved by two people
  {
    to: '/admin/settlements/bank-changes',
    label: 'Bank account changes',
    area: 'settlements',
    end: false,
    group: 'Business',
  },
  { to: '/admin/audit', label: 'Audit log', area: 'audit', end: false, group: 'Business' },
  // requirements#privacy-breach: personal data breaches, their notices and the Board's report (owners)
  { to: '/admin/breaches', label: 'Data breaches', area: 'privacy', end: false, group: 'Business' },
  // requirements#payment-page-scripts: the payment page's scripts and the policy's reports (owners)
  {
    to: '/admin/payment-scripts',
    label: 'Payment page scripts',
    area: 'security',
    end: false,
    group: 'Business',
  },
  // requirements#operator-staff
  { to: '/admin/staff', label: 'Staff', area: 'staff', end: false, group: 'Business' },
];

export const navFor = (role: StaffRole) =>
  CONSOLE_NAV.filter((item) => item.area === null || canReach(role, item.area));

/**
 * The area a console page belongs to: that of the longest menu entry its path starts with; null
 * for the overview and the sign-in steps. The console's frame refuses a page of an area the role
 * does not reach, even one that asks the API nothing (a hub of links, an empty search form).
 */
export function areaOfPath(path: string): ConsoleArea | null {
  let found: ConsoleNavItem | null = null;
  for (const item of CONSOLE_NAV) {
    if (item.area === null || (path !== item.to && !path.startsWith(`${item.to}/`))) continue;
    if (!found || item.to.length > found.to.length) found = item;
  }
  return found?.area ?? null;
}

/** The role's menu in its groups, in the console's order; a group the role reaches nothing of is left out. */
export function navGroupsFor(role: StaffRole): { group: ConsoleNavGroup | null; items: ConsoleNavItem[] }[] {
  const items = navFor(role);
  return [null, ...CONSOLE_NAV_GROUPS]
    .map((group) => ({ group, items: items.filter((item) => item.group === group) }))
    .filter((entry) => entry.items.length > 0);
}

/**
 * requirements#staff-credentials: the rules a console account keeps (ADR-0061). PCI DSS 4.0 8.3.6
 * (passwords of at least 12 characters), 8.3.4 (at most 10 failures, then a pause of at least 30
 * minutes), 8.2.8 (re-authentication after 15 minutes idle), ASVS 5.0 V7 (an absolute session
 * lifetime) and V6 (a temporary secret expires and is changed at first use).
 */
export const STAFF_CREDENTIALS = {
  /** the shortest password a staff account may choose */
  passwordMinLength: 12,
  /** wrong passwords from one address for one staff account before the pause */
  wrongPasswordsBeforePause: 5,
  /** wrong passwords for one staff account from addresses it has not used lately, before the pause */
  wrongPasswordsPerAccount: 10,
  /** wrong authenticator codes in one login session from one address before the pause */
  wrongCodesBeforePause: 5,
  /** wrong authenticator codes a day for one staff member, from every session: the guesser's ceiling */
  wrongCodesPerDay: 30,
  /** how long the pause lasts, counted from the failure that started it */
  pauseMinutes: 30,
  /** the console asks for a new code after this long without a request */
  idleMinutes: 15,
  /** and after this long from the code, however busy the session */
  absoluteHours: 12,
  /** a temporary password (printed or issued by an owner) works this long, and only to choose a new one */
  temporaryPasswordHours: 24,
} as const;

/** A staff member's second-factor verification lapses after this long without a console request. */
export const STAFF_IDLE_MINUTES = STAFF_CREDENTIALS.idleMinutes;

/** Whether a password may be a staff account's: at least STAFF_CREDENTIALS.passwordMinLength characters (code points). */
export const isStaffPasswordLongEnough = (password: string) =>
  [...password].length >= STAFF_CREDENTIALS.passwordMinLength;
