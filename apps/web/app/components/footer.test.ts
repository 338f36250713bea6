import { describe, expect, it } from 'vitest';
import { footerColumns, GRIEVANCE_FOOTER_ITEM } from './footer.tsx';

const item = (id: number, name: string, href: string | null = null) => ({ id, name, href });

describe('footerColumns (requirements#footer)', () => {
  const sections = [
    { section: 'explore' as const, items: [item(1, 'About Us', '/explore/About%20Us')] },
    { section: 'profits' as const, items: [item(2, 'Sell on the marketplace')] },
    { section: 'policy' as const, items: [item(3, 'Privacy Notice', '/policy/Privacy%20Notice')] },
    {
      section: 'support' as const,
      items: [
        item(4, 'Your Account'),
        item(5, 'iOS App'),
        item(6, 'Android App'),
        item(7, 'Chat for support'),
      ],
    },
  ];

  it('shows four columns, the last holding the support center and then the app downloads', () => {
    const columns = footerColumns(sections);
    expect(columns.map((column) => column.map((section) => section.section))).toEqual([
      ['explore'],
      ['profits'],
      ['policy'],
      ['support', 'apps'],
    ]);
    expect(columns[3]?.[0]?.items.map((i) => i.name)).toEqual([
      'Your Account',
      'Chat for support',
      'Grievance Redressal',
    ]);
    expect(columns[3]?.[1]?.items.map((i) => i.name)).toEqual(['iOS App', 'Android App']);
  });

  it('always offers the grievance page (requirements#grievances) and App downloads, where the shop installs as an app (requirements#pwa)', () => {
    expect(footerColumns([{ section: 'support', items: [item(5, 'iOS App')] }])).toEqual([
      [
        { section: 'support', items: [GRIEVANCE_FOOTER_ITEM] },
        { section: 'apps', items: [item(5, 'iOS App')] },
      ],
    ]);
    expect(footerColumns([])).toEqual([
      [
        { section: 'support', items: [GRIEVANCE_FOOTER_ITEM] },
        { section: 'apps', items: [] },
      ],
    ]);
    expect(GRIEVANCE_FOOTER_ITEM).toMatchObject({ name: 'Grievance Redressal', href: '/grievance' });
  });
});
