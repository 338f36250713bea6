import { describe, expect, it } from 'vitest';
import { OFFER_MESSAGES, parseStock, priceStockProblem, rupeesToPaise, SKU_PATTERN } from './offer-rules.ts';

describe('rupeesToPaise', () => {
  it.each([
    ['499', 49_900],
    ['499.5', 49_950],
    ['499.50', 49_950],
    ['1,499.00', 149_900],
    [' 0.99 ', 99],
    ['0', 0],
    ['499.505', null],
    ['-1', null],
    ['1e3', null],
    ['₹499', null],
    ['', null],
    ['12345678901', null],
    ['=1+1', null],
  ])('%s → %s', (text, paise) => expect(rupeesToPaise(text)).toBe(paise));
});

describe('parseStock', () => {
  it.each([
    ['0', 0],
    ['25', 25],
    ['-1', null],
    ['2.5', null],
    ['', null],
    ['ten', null],
  ])('%s → %s', (text, stock) => expect(parseStock(text)).toBe(stock));
});

describe('priceStockProblem', () => {
  it.each([
    [{ salePricePaise: 49_900, mrpPaise: 59_900, stock: 5 }, null],
    [{ salePricePaise: 59_900, mrpPaise: 59_900, stock: 0 }, null],
    [{ salePricePaise: 59_901, mrpPaise: 59_900, stock: 5 }, OFFER_MESSAGES.priceAboveMrp],
    [{ salePricePaise: 0, mrpPaise: 59_900, stock: 5 }, OFFER_MESSAGES.price],
    [{ salePricePaise: 49_900, mrpPaise: 59_900, stock: -1 }, OFFER_MESSAGES.stock],
    [{ salePricePaise: 49_900, mrpPaise: 59_900, stock: 1.5 }, OFFER_MESSAGES.stock],
    [{ salePricePaise: 49_900, mrpPaise: 59_900, stock: 1_000_001 }, OFFER_MESSAGES.stockTooHigh],
    [{ salePricePaise: 49_900, mrpPaise: 100_000_001, stock: 1 }, OFFER_MESSAGES.priceTooHigh],
  ])('%o → %s', (offer, problem) => expect(priceStockProblem(offer)).toBe(problem));
});

describe('SKU_PATTERN', () => {
  it.each([
    ['PHN-001', true],
    ['a.b_c-9', true],
    ['-lead', false],
    ['has space', false],
    ['<b>', false],
    ['x'.repeat(41), false],
  ])('%s → %s', (sku, ok) => expect(SKU_PATTERN.test(sku)).toBe(ok));
});
