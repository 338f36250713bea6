import { describe, expect, it } from 'vitest';
import {
  actionNameOfPath,
  actionsNowAndMore,
  ITEM_ACTIONS,
  isUnderDispatch,
  ITEM_ACTION_NAMES,
  itemActionHref,
  itemActionLinks,
  itemActions,
  itemDetailHref,
  ORDER_LIST_MESSAGES,
  ORDERS_PAGE_SIZE,
} from './item-actions.ts';
import type { ItemState } from './state-machine.ts';

const base: ItemState = {
  status: 'pending',
  splitMode: 'nochange',
  quantity: 2,
  cancelledQuantity: 0,
  returnedQuantity: 0,
  replacedQuantity: 0,
  tracking: null,
  openRequest: null,
  deliveredAt: null,
  returnWindowDays: 10,
  replaceWindowDays: 10,
};
const none = {
  cancel: false,
  track: false,
  return: false,
  replace: false,
  deliveryFeedback: false,
  productFeedback: false,
  sellerFeedback: false,
};
const afterDelivery = {
  ...none,
  return: true,
  replace: true,
  deliveryFeedback: true,
  productFeedback: true,
  sellerFeedback: true,
};

describe('order item actions (requirements#item-actions)', () => {
  it.each([
    ['pending, nochange', base, { ...none, cancel: true }],
    ['pending, split', { ...base, splitMode: 'splitted' as const }, none],
    [
      'pending with a cancellation asked',
      { ...base, openRequest: { kind: 'cancel' as const, quantity: 1 } },
      none,
    ],
    [
      'shipped',
      { ...base, status: 'shipped' as const, tracking: 'in_transit' as const },
      { ...none, track: true },
    ],
    [
      'shipped and split',
      {
        ...base,
        status: 'shipped' as const,
        splitMode: 'splitted' as const,
        tracking: 'manifested' as const,
      },
      { ...none, track: true },
    ],
    [
      'not delivered (lost)',
      { ...base, status: 'undelivered' as const, tracking: 'lost_in_transit' as const },
      { ...none, track: true },
    ],
    [
      'delivered',
      { ...base, status: 'delivered' as const, tracking: 'delivered' as const, deliveredAt: new Date() },
      afterDelivery,
    ],
    // requirements#item-actions: return and replacement follow the status; their pages say when the window is closed
    [
      'delivered long ago',
      { ...base, status: 'delivered' as const, tracking: 'delivered' as const, deliveredAt: new Date(0) },
      afterDelivery,
    ],
    ['cancelled', { ...base, status: 'cancelled' as const, cancelledQuantity: 2 }, none],
  ])('%s', (_label, item, expected) => {
    expect(itemActions(item)).toEqual(expected);
  });

  it.each([
    [{ splitMode: 'splitted', tracking: null, status: 'pending' }, true],
    [{ splitMode: 'nochange', tracking: null, status: 'pending' }, false],
    [{ splitMode: 'splitted', tracking: 'manifested', status: 'shipped' }, false],
    [{ splitMode: 'splitted', tracking: null, status: 'cancelled' }, false],
  ] as const)('under dispatch %o -> %s', (item, expected) => {
    expect(isUnderDispatch(item)).toBe(expected);
  });

  it.each([
    ['pending', base, ['cancel']],
    ['shipped', { ...base, status: 'shipped' as const, tracking: 'in_transit' as const }, ['track']],
    ['cancelled', { ...base, status: 'cancelled' as const, cancelledQuantity: 2 }, []],
    [
      'delivered',
      { ...base, status: 'delivered' as const, tracking: 'delivered' as const, deliveredAt: new Date() },
      ['return', 'replace', 'deliveryFeedback', 'productFeedback', 'sellerFeedback'],
    ],
  ])('My Orders leads a %s item with only what it can do now; the rest waits under More', (_l, item, now) => {
    const links = itemActionLinks(item, { orderNo: 'OD1', sellerId: 1, itemId: 1 });
    const split = actionsNowAndMore(links);
    expect(split.now).toEqual(now);
    // every action of the spec's list stays reachable exactly once, in the spec's order
    expect([...split.now, ...split.more].sort()).toEqual([...ITEM_ACTIONS].sort());
    expect(split.more).toEqual(ITEM_ACTIONS.filter((a) => !now.includes(a)));
  });

  it('has the spec texts and page size', () => {
    expect(ORDER_LIST_MESSAGES.underDispatch).toBe('This product is under dispatch');
    expect(ORDERS_PAGE_SIZE).toBe(3);
  });
});

describe('action links carry their ids (decision 12)', () => {
  const ids = { orderNo: 'OD2026112012345', sellerId: 7, itemId: 42 };
  it.each([
    ['track', '/trackitem?item=42'],
    ['cancel', '/cancelitem?order=OD2026112012345&seller=7&item=42'],
    ['return', '/returnitem?order=OD2026112012345&seller=7&item=42'],
    ['replace', '/replacementitem?order=OD2026112012345&seller=7&item=42'],
    ['deliveryFeedback', '/deliveryfeedback?order=OD2026112012345&seller=7&item=42'],
    ['sellerFeedback', '/sellerfeedback?order=OD2026112012345&seller=7&item=42'],
    ['productFeedback', '/productfeedback?order=OD2026112012345&seller=7&item=42'],
  ] as const)('%s -> %s', (action, href) => {
    expect(itemActionHref(action, ids)).toBe(href);
    expect(actionNameOfPath(href.split('?')[0] ?? '')).toBe(ITEM_ACTION_NAMES[action]);
  });

  it('pairs each action with its rule and its link', () => {
    const links = itemActionLinks(base, ids);
    expect(Object.keys(links)).toEqual(Object.keys(ITEM_ACTION_NAMES));
    expect(links.cancel).toEqual({ enabled: true, href: itemActionHref('cancel', ids) });
    expect(links.track).toEqual({ enabled: false, href: '/trackitem?item=42' });
  });

  it('encodes hostile order numbers', () => {
    expect(itemActionHref('cancel', { ...ids, orderNo: 'a&b=c' })).toContain('order=a%26b%3Dc');
  });

  it.each([
    ['cancelled', '/cancelleditemdetail?item=42'],
    ['returned', '/returnitemdetail?item=42'],
    ['replaced', '/replaceitemdetail?item=42'],
  ] as const)('%s detail -> %s', (detail, href) => {
    expect(itemDetailHref(detail, 42)).toBe(href);
  });

  it('names no action for other paths', () => {
    expect(actionNameOfPath('/myorder')).toBeNull();
  });
});
