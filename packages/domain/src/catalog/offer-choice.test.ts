import { describe, expect, it } from 'vitest';
import { chooseOffer } from './offer-choice.ts';

// requirements#seller-choice: the page, its structured data and the merchant feed show this offer
const offer = (sellerId: number, stock: number, delivers: boolean) => ({
  sellerId,
  stock,
  delivery: delivers ? ['standard'] : [],
});
const cheapestFirst = [offer(1, 0, true), offer(2, 5, false), offer(3, 5, true), offer(4, 9, true)];

describe('chooseOffer', () => {
  it.each([
    ['the chosen seller, even out of stock', cheapestFirst, 1, 1],
    ['the cheapest in stock that delivers', cheapestFirst, null, 3],
    ['an unknown seller: as if none was chosen', cheapestFirst, 99, 3],
    [
      'the cheapest in stock when none delivers',
      [offer(1, 0, true), offer(2, 5, false), offer(3, 5, false)],
      null,
      2,
    ],
    ['the cheapest when none is in stock', [offer(1, 0, false), offer(2, 0, true)], null, 1],
    ['none without offers', [], null, null],
  ])('%s', (_, offers, sellerId, chosen) =>
    expect(chooseOffer(offers, sellerId)?.sellerId ?? null).toBe(chosen),
  );
});
