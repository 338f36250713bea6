import { describe, expect, it } from 'vitest';
import { PLATFORM_PROMO, applyPlatformPromo } from './promo.ts';

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
});
