import { describe, expect, it } from 'vitest';
import { collectExplanation, formatParcelWeight } from './shipment-documents.ts';

describe('formatParcelWeight (requirements#seller-orders)', () => {
  it.each([
    [0, '0 g'],
    [450, '450 g'],
    [999, '999 g'],
    [1000, '1 kg'],
    [1250, '1.25 kg'],
    [1500, '1.5 kg'],
    [12_345, '12.35 kg'],
  ])('%i grams → %s', (grams, text) => {
    expect(formatParcelWeight(grams)).toBe(text);
  });
});

describe('collectExplanation (requirements#seller-orders)', () => {
  const parts = {
    itemsPaise: 319_900,
    couponPaise: 10_000,
    deliveryPaise: 4_000,
    promoPaise: 5_000,
    promoName: 'PromoJun',
    collectPaise: 308_900,
  };

  it('a prepaid parcel collects nothing', () => {
    expect(collectExplanation('prepaid', parts)).toEqual({ headline: 'Prepaid: collect nothing', lines: [] });
  });

  it('a cash parcel says what to collect and how it adds up', () => {
    const { headline, lines } = collectExplanation('cod', parts);
    expect(headline).toBe('Collect ₹3,089.00 in cash');
    expect(lines).toEqual([
      { label: 'Items', amount: '₹3,199.00' },
      { label: 'Less coupon', amount: '−₹100.00' },
      { label: 'Plus delivery', amount: '₹40.00' },
      { label: 'Less PromoJun (this parcel’s share)', amount: '−₹50.00' },
      { label: 'To collect', amount: '₹3,089.00' },
    ]);
  });

  it('leaves out a coupon and a promo that took nothing, and names free delivery', () => {
    const { lines } = collectExplanation('cod', {
      ...parts,
      couponPaise: 0,
      deliveryPaise: 0,
      promoPaise: 0,
      collectPaise: 319_900,
    });
    expect(lines.map((l) => `${l.label} ${l.amount}`)).toEqual([
      'Items ₹3,199.00',
      'Plus delivery FREE',
      'To collect ₹3,199.00',
    ]);
  });
});
