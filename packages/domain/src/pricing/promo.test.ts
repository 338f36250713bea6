import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_PROMO, PLATFORM_PROMO, applyPlatformPromo } from './promo.ts';

describe('platform promo', () => {
  it('is PromoJun, 50 rupees', () => {
    expect(PLATFORM_PROMO).toEqual({ name: 'PromoJun', amountPaise: 5000 });
  });

  it.each([
    { total: 100000, promoPaise: 5000, payablePaise: 95000 },
    { total: 5001, promoPaise: 5000, payablePaise: 1 },
    { total: 5000, promoPaise: 5000, payablePaise: 0 },
    { total: 4999, promoPaise: 4999, payablePaise: 0 }, // never below 0
    { total: 1, promoPaise: 1, payablePaise: 0 },
    { total: 0, promoPaise: 0, payablePaise: 0 },
    { total: -100, promoPaise: 0, payablePaise: 0 },
  ])('total $total -> promo $promoPaise, payable $payablePaise', ({ total, promoPaise, payablePaise }) => {
    expect(applyPlatformPromo(total)).toEqual({ promoPaise, payablePaise });
  });

  // requirements#operator-promotions: staff set the amount and switch it off; untouched it is the standing (requirements#platform-promo)
  it('is on at ₹50 by default', () => {
    expect(DEFAULT_PLATFORM_PROMO).toEqual({ name: 'PromoJun', amountPaise: 5000, isEnabled: true });
  });

  it.each([
    { amountPaise: 10_000, isEnabled: true, total: 100_000, promoPaise: 10_000, payablePaise: 90_000 },
    { amountPaise: 10_000, isEnabled: true, total: 7_000, promoPaise: 7_000, payablePaise: 0 },
    { amountPaise: 10_000, isEnabled: false, total: 100_000, promoPaise: 0, payablePaise: 100_000 },
    { amountPaise: 0, isEnabled: true, total: 100_000, promoPaise: 0, payablePaise: 100_000 },
    { amountPaise: 2_500, isEnabled: true, total: 100_000, promoPaise: 2_500, payablePaise: 97_500 },
  ])(
    'set to $amountPaise (on: $isEnabled): total $total -> promo $promoPaise',
    ({ amountPaise, isEnabled, total, promoPaise, payablePaise }) => {
      expect(applyPlatformPromo(total, { name: 'PromoJun', amountPaise, isEnabled })).toEqual({
        promoPaise,
        payablePaise,
      });
    },
  );
});
