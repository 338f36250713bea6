import { describe, expect, it } from 'vitest';
import {
  adMatchType,
  clickCharge,
  isBudgetSpent,
  compareMatchTypes,
  couponLabel,
  campaignDay,
  isCampaignRunning,
  isRepeatClick,
} from './ads.ts';

const boomtal = {
  brandName: 'Boomtal',
  productName: 'Boomtal Pods Neo True Wireless Earbuds (White)',
};
const samsara = {
  brandName: 'Samsara Mobile',
  productName: 'Samsara Mobile Pro 100 USB-C Charger (Black)',
};

describe('adMatchType', () => {
  it.each([
    ['boomtal', boomtal, 'exact'],
    ['  BOOMTAL ', boomtal, 'exact'],
    ['Boomtal Pods Neo True Wireless Earbuds (White)', boomtal, 'exact'],
    ['boomtal pods neo true wireless earbuds white', boomtal, 'exact'],
    ['samsara mobile', samsara, 'exact'],
    ['boomtal earbuds', boomtal, 'phrase'], // the brand inside the keyword
    ['wireless earbuds', boomtal, 'phrase'], // the keyword inside the product name
    ['samsara mobile charger', samsara, 'phrase'],
    ['earbuds wireless', boomtal, 'broad'], // words out of order
    ['earbud', boomtal, 'broad'], // plural folded
    ['cheap chargers', samsara, 'broad'],
    ['samsara', samsara, 'phrase'], // part of the product's name, in order
    ['mobile phone', samsara, 'broad'],
    ['kurta', boomtal, null],
    ['the', boomtal, null], // filler words alone match nothing
    ['neo', { brandName: 'Boomtal', productName: null }, null],
    ['', boomtal, null],
    ['%_\\\'"', boomtal, null],
    ['😀 फ़ोन', boomtal, null],
    ['boom', boomtal, null], // part of a word is not the word
  ] as const)('%j for %j is %s', (keyword, target, expected) => {
    expect(adMatchType(keyword, target)).toBe(expected);
  });

  it('orders exact before phrase before broad', () => {
    const sorted = (['broad', 'exact', 'phrase'] as const).toSorted(compareMatchTypes);
    expect(sorted).toEqual(['exact', 'phrase', 'broad']);
  });
});

describe('clickCharge', () => {
  it.each([
    // spent, bid, limit → cost, spent after, stops
    [0, 1_300, 10_000, 1_300, 1_300, false],
    [8_700, 1_300, 10_000, 1_300, 10_000, true], // exactly reaches the limit
    [9_000, 1_300, 10_000, 1_000, 10_000, true], // would pass the limit: capped, stops
    [10_000, 1_300, 10_000, 0, 10_000, true], // already spent: free and stopped
    [12_000, 1_300, 10_000, 0, 12_000, true], // over (data from elsewhere): nothing more
    [0, 0, 10_000, 0, 0, false],
    [0, 500, 0, 0, 0, true],
  ])('spent %i, bid %i, limit %i costs %i', (spentPaise, bidPaise, limitPaise, cost, after, stops) => {
    expect(clickCharge({ spentPaise, bidPaise, limitPaise })).toEqual({
      costPaise: cost,
      spentAfterPaise: after,
      stops,
    });
  });

  it.each([
    // spent, today, daily, bid → cost, stops (the total limit is 10,000)
    [0, 0, 2_000, 1_300, 1_300, false],
    [1_300, 1_300, 2_000, 1_300, 700, false], // capped at the day's budget; the total goes on
    [2_000, 2_000, 2_000, 1_300, 0, false], // the day is used up: free
    [9_500, 0, 2_000, 1_300, 500, true], // the total is nearer than the day's cap
    [0, 0, null, 1_300, 1_300, false],
  ])(
    'spent %i (today %i), daily %s, bid %i costs %i',
    (spentPaise, spentTodayPaise, dailyBudgetPaise, bidPaise, cost, stops) => {
      const charged = clickCharge({
        spentPaise,
        bidPaise,
        limitPaise: 10_000,
        dailyBudgetPaise,
        spentTodayPaise,
      });
      expect(charged.costPaise).toBe(cost);
      expect(charged.stops).toBe(stops);
    },
  );

  it('never spends past the limit however many clicks come', () => {
    let spentPaise = 0;
    for (let i = 0; i < 50; i++)
      spentPaise = clickCharge({
        spentPaise,
        bidPaise: 700,
        limitPaise: 5_000,
      }).spentAfterPaise;
    expect(spentPaise).toBe(5_000);
  });
});

describe('campaignDay: campaigns run by India’s calendar (requirements#seller-ads)', () => {
  // 20:00 UTC on the 20th is already 01:30 on the 21st in India
  const lateEvening = new Date('2026-11-20T20:00:00Z');
  it('is the Indian day, not the UTC one', () => {
    expect(campaignDay(lateEvening)).toBe('2026-11-21');
    expect(campaignDay(new Date('2026-11-20T18:29:59Z'))).toBe('2026-11-20');
    expect(campaignDay(new Date('2026-11-20T18:30:00Z'))).toBe('2026-11-21');
  });
  it('starts a campaign on its first Indian day and ends it after its last', () => {
    const campaign = { isActive: true, spentPaise: 0, maximumSpendLimitPaise: 10_000 };
    expect(
      isCampaignRunning({ ...campaign, fromDate: '2026-11-21', toDate: '2026-11-30' }, lateEvening),
    ).toBe(true);
    expect(
      isCampaignRunning({ ...campaign, fromDate: '2026-11-01', toDate: '2026-11-20' }, lateEvening),
    ).toBe(false);
  });
});

describe('isCampaignRunning', () => {
  const now = new Date('2026-11-20T23:30:00+05:30'); // still the 20th in UTC, the campaigns' day
  const running = {
    isActive: true,
    fromDate: '2026-11-01',
    toDate: '2026-11-30',
    spentPaise: 4_000,
    maximumSpendLimitPaise: 10_000,
  };
  it.each([
    [{}, true],
    [{ isActive: false }, false],
    [{ fromDate: '2026-11-20' }, true], // starts today
    [{ fromDate: '2026-11-21' }, false], // starts tomorrow
    [{ toDate: '2026-11-20' }, true], // last day today
    [{ toDate: '2026-11-19' }, false], // ended yesterday
    [{ spentPaise: 9_999 }, true],
    [{ spentPaise: 10_000 }, false], // budget spent
    [{ spentPaise: 12_000 }, false],
    [{ maximumSpendLimitPaise: 0, spentPaise: 0 }, false],
    // requirements#seller-ads: the daily budget
    [{ dailyBudgetPaise: null, spentTodayPaise: 50_000 }, true], // no daily cap
    [{ dailyBudgetPaise: 2_000, spentTodayPaise: 0 }, true],
    [{ dailyBudgetPaise: 2_000, spentTodayPaise: 1_999 }, true],
    [{ dailyBudgetPaise: 2_000, spentTodayPaise: 2_000 }, false], // today's budget used
    [{ dailyBudgetPaise: 2_000, spentTodayPaise: 2_500 }, false],
    [{ dailyBudgetPaise: 0, spentTodayPaise: 0 }, false],
    [{ dailyBudgetPaise: 2_000, spentTodayPaise: 0, isActive: false }, false],
  ])('%j → %s', (changes, expected) => {
    expect(isCampaignRunning({ ...running, ...changes }, now)).toBe(expected);
  });
});

describe('isBudgetSpent', () => {
  it.each([
    [0, 10_000, false],
    [9_999, 10_000, false],
    [10_000, 10_000, true],
    [12_000, 10_000, true],
    [0, 0, true],
  ])('spent %i of %i → %s', (spentPaise, limitPaise, expected) => {
    expect(isBudgetSpent(spentPaise, limitPaise)).toBe(expected);
  });
});

describe('isRepeatClick', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  it.each([
    [null, false],
    [new Date('2026-11-20T09:59:30Z'), true],
    [new Date('2026-11-20T09:59:00.001Z'), true],
    [new Date('2026-11-20T09:59:00Z'), false], // a minute ago: charged again
    [new Date('2026-11-20T09:00:00Z'), false],
    [new Date('2026-11-20T10:00:10Z'), false], // clock skew: not a repeat
  ])('previous click %s → %s', (previous, expected) => {
    expect(isRepeatClick(previous, now)).toBe(expected);
  });
});

describe('couponLabel', () => {
  it.each([
    [{ offerType: 'cash', value: 13_000 }, 'Save ₹130.00'],
    [{ offerType: 'cash', value: 12_345_600 }, 'Save ₹1,23,456.00'],
    [{ offerType: 'percentage', value: 10 }, '10% off'],
  ] as const)('%j → %s', (offer, label) => {
    expect(couponLabel(offer)).toBe(label);
  });
});
