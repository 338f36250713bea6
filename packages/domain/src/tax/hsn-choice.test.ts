import { describe, expect, it } from 'vitest';
import { gstTodayText, hsnChoices } from './hsn-choice.ts';
import type { HsnOption } from './rates-api.ts';

const option = (hsnCode: string, rest: Partial<HsnOption> = {}): HsnOption => ({
  hsnCode,
  description: `Goods ${hsnCode}`,
  rateBp: 1800,
  thresholdPaise: null,
  rateAboveBp: null,
  notification: '9/2025-CTR',
  ...rest,
});

describe('gstTodayText', () => {
  it.each([
    [{ rateBp: 500, thresholdPaise: null, rateAboveBp: null }, 'GST 5 % today'],
    [{ rateBp: 1800, thresholdPaise: null, rateAboveBp: null }, 'GST 18 % today'],
    [{ rateBp: 0, thresholdPaise: null, rateAboveBp: null }, 'GST 0 % today'],
    [{ rateBp: 25, thresholdPaise: null, rateAboveBp: null }, 'GST 0.25 % today'],
    [{ rateBp: 150, thresholdPaise: null, rateAboveBp: null }, 'GST 1.5 % today'],
    [
      { rateBp: 500, thresholdPaise: 2_500_00, rateAboveBp: 1800 },
      'GST 5 % today; 18 % above ₹2,500 a piece',
    ],
    [
      { rateBp: 500, thresholdPaise: 1_00_000_00, rateAboveBp: 1800 },
      'GST 5 % today; 18 % above ₹1,00,000 a piece',
    ],
    [{ rateBp: 500, thresholdPaise: 999_50, rateAboveBp: 1800 }, 'GST 5 % today; 18 % above ₹999.5 a piece'],
    // a threshold without its rate above is no threshold
    [{ rateBp: 500, thresholdPaise: 2_500_00, rateAboveBp: null }, 'GST 5 % today'],
  ])('%j reads “%s”', (rate, text) => {
    expect(gstTodayText(rate)).toBe(text);
  });
});

describe('hsnChoices', () => {
  const apparel = option('62', { rateBp: 500, thresholdPaise: 2_500_00, rateAboveBp: 1800 });
  it.each([
    ['a typed code under a prefix offers the typed code', [apparel], '621142', 4, ['621142']],
    ['a typed 8-digit code too', [apparel], '62114290', 6, ['62114290']],
    ['words offer the prefixes', [apparel, option('3305')], 'hair', 4, ['62', '3305']],
    ['a partial code offers the prefixes', [option('3305'), option('330510')], '33', 4, ['3305', '330510']],
    ['an odd-length code is no code', [apparel], '62114', 4, ['62']],
    ['one line per code', [option('6211'), option('62')], '621142', 4, ['621142']],
  ])('%s', (_label, options, q, digits, ids) => {
    expect(hsnChoices(options, q, digits).map((choice) => choice.id)).toEqual(ids);
  });

  it('shows the description and today’s rate, and asks for the full code when the prefix is short', () => {
    const [short] = hsnChoices([apparel], 'garment', 6);
    expect(short).toMatchObject({
      id: '62',
      label: '62',
      detail: 'Goods 62 · GST 5 % today; 18 % above ₹2,500 a piece · type the full code, 6 digits or more',
      rateBp: 500,
    });
    const [full] = hsnChoices([option('330510')], '3305', 6);
    expect(full?.detail).toBe('Goods 330510 · GST 18 % today');
  });
});
