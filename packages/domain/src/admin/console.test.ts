import { describe, expect, it } from 'vitest';
import {
  STAFF_ROLES as STAFF_ROLE_LIST,
  areaOfPath,
  areasOf,
  CONSOLE_AREAS,
  CONSOLE_NAV,
  CONSOLE_NAV_GROUPS,
  navGroupsFor,
  canReach,
  navFor,
  type ConsoleArea,
  type StaffRole,
} from './console.ts';

// requirements#operator-console: the rule, written out in full once more so a change to the table shows here
const EXPECTED: Record<StaffRole, ConsoleArea[]> = {
  owner: [...CONSOLE_AREAS],
  catalog: ['sellers', 'catalog'],
  support: ['orders', 'grievances'],
  finance: ['reports', 'settlements'],
  marketing: ['content', 'promotions'],
};

describe('which role reaches which console area', () => {
  for (const [role, allowed] of Object.entries(EXPECTED) as [StaffRole, ConsoleArea[]][]) {
    for (const area of CONSOLE_AREAS) {
      const expected = allowed.includes(area);
      it(`${role} ${expected ? 'reaches' : 'is refused'} ${area}`, () => {
        expect(canReach(role, area)).toBe(expected);
      });
    }
    it(`${role} lists its areas in the console's order`, () => {
      expect(areasOf(role)).toEqual(CONSOLE_AREAS.filter((area) => allowed.includes(area)));
    });
  }

  it('only the owner reaches the audit log, the staff and the data breaches', () => {
    const roles = (Object.keys(EXPECTED) as StaffRole[]).filter(
      (role) => canReach(role, 'audit') || canReach(role, 'staff') || canReach(role, 'privacy'),
    );
    expect(roles).toEqual(['owner']);
  });

  it('the menu shows each role the screens of its areas, the overview to everyone, the audit log to the owner', () => {
    expect(navFor('owner')).toEqual(CONSOLE_NAV);
    for (const role of ['catalog', 'support', 'finance', 'marketing'] as const) {
      const shown = navFor(role);
      expect(shown[0]?.to).toBe('/admin');
      expect(shown.map((item) => item.to)).not.toContain('/admin/audit');
      for (const item of CONSOLE_NAV)
        expect(shown.includes(item), `${role} → ${item.to}`).toBe(
          item.area === null || EXPECTED[role].includes(item.area),
        );
    }
    expect(navFor('finance').map((item) => item.to)).toContain('/admin/reports');
    expect(navFor('catalog').map((item) => item.to)).toContain('/admin/catalog/categories');
  });

  it('support staff see the orders, the failed refunds and the disputed pickups (requirements#operator-support, ADR-0058)', () => {
    expect(navFor('support').map((item) => item.to)).toEqual(
      expect.arrayContaining([
        '/admin',
        '/admin/orders',
        '/admin/orders/refunds',
        '/admin/orders/return-disputes',
      ]),
    );
    expect(navFor('marketing').map((item) => item.to)).not.toContain('/admin/orders/return-disputes');
  });

  it('the menu shows storefront content to the owner and marketing only', () => {
    expect(navFor('marketing').map((item) => item.to)).toEqual(
      expect.arrayContaining(['/admin', '/admin/content']),
    );
  });
  it('the menus and pages screens show to owners and marketing staff only', () => {
    for (const role of STAFF_ROLE_LIST) {
      const shown = navFor(role).map((item) => item.to);
      const reaches = role === 'owner' || role === 'marketing';
      expect(shown.includes('/admin/content/menus'), role).toBe(reaches);
      expect(shown.includes('/admin/content/pages'), role).toBe(reaches);
    }
  });

  it('the menu shows promotions to the owner and marketing (requirements#operator-promotions)', () => {
    for (const role of STAFF_ROLE_LIST)
      expect(
        navFor(role).some((item) => item.to === '/admin/promotions'),
        role,
      ).toBe(role === 'owner' || role === 'marketing');
  });

  it('the menu shows the settlement screens to the owner and finance only (requirements#settlement)', () => {
    const screens = [
      '/admin/settlements/rules',
      '/admin/settlements/payouts',
      '/admin/settlements/exports',
      '/admin/settlements/e-invoices',
    ];
    for (const role of STAFF_ROLE_LIST) {
      const shown = navFor(role).map((item) => item.to);
      for (const screen of screens)
        expect(shown.includes(screen), `${role} → ${screen}`).toBe(role === 'owner' || role === 'finance');
    }
  });

  it.each([
    ['/admin', null],
    ['/admin/enrol', null],
    ['/admin/password', null],
    ['/admin/content', 'content'],
    ['/admin/content/blocks/12', 'content'],
    ['/admin/content/menus', 'content'],
    ['/admin/catalog', 'catalog'],
    ['/admin/catalog/merge', 'catalog'],
    ['/admin/catalog/products/5', 'catalog'],
    ['/admin/catalogue', null],
    ['/admin/orders/refunds', 'orders'],
    ['/admin/orders/ondc', 'orders'],
    ['/admin/orders/return-disputes', 'orders'],
    ['/admin/orders/OD123', 'orders'],
    ['/admin/grievances/GRV-2026-000001', 'grievances'],
    ['/admin/promotions/deals/new', 'promotions'],
    ['/admin/sellers/3', 'sellers'],
    ['/admin/delivery', 'delivery'],
    ['/admin/reports', 'reports'],
    ['/admin/settlements/rules', 'settlements'],
    ['/admin/settlements/payouts', 'settlements'],
    ['/admin/settlements/exports', 'settlements'],
    ['/admin/settlements/e-invoices', 'settlements'],
    ['/admin/audit', 'audit'],
    ['/admin/breaches', 'privacy'],
    ['/admin/breaches/4/report', 'privacy'],
  ])('places %s in the area %s', (path, area) => {
    expect(areaOfPath(path)).toBe(area);
  });

  it('groups the menu by area, in the menu’s order, leaving out groups a role reaches nothing of', () => {
    expect(navGroupsFor('owner').flatMap((entry) => entry.items)).toEqual(CONSOLE_NAV);
    expect(navGroupsFor('owner').map((entry) => entry.group)).toEqual([null, ...CONSOLE_NAV_GROUPS]);
    expect(navGroupsFor('catalog').map((entry) => entry.group)).toEqual([null, 'Sellers and catalog']);
    expect(navGroupsFor('marketing').map((entry) => entry.group)).toEqual([null, 'Storefront']);
    expect(navGroupsFor('support').map((entry) => entry.group)).toEqual([null, 'Orders and support']);
    expect(navGroupsFor('finance').flatMap((entry) => entry.items.map((item) => item.label))).toEqual([
      'Overview',
      'Reports',
      'Commission rules',
      'Payouts',
      'Exports',
      'COD remittances',
      'GST rates',
      'E-invoices',
      'Fee invoices',
      'Trial balance',
      'Bank account changes',
    ]);
    // each group's entries stand together in the menu
    const groups = CONSOLE_NAV.map((item) => item.group);
    for (const group of CONSOLE_NAV_GROUPS)
      expect(groups.lastIndexOf(group) - groups.indexOf(group) + 1, group).toBe(
        groups.filter((g) => g === group).length,
      );
  });
});
