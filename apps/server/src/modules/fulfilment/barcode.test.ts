import { describe, expect, it } from 'vitest';
import { decodeCode128, moduleWidths } from '../../../test-support/code128.ts';
import { code128Svg } from './barcode.ts';

describe('the tracking number barcode (requirements#seller-orders)', () => {
  it.each(['AWB-1234567', 'INV-20261120107331-1', '1234567890123', 'dl-9x', 'DELHIVERY0001'])(
    'draws %s as Code 128 that reads back the same',
    (text) => {
      const svg = code128Svg(text);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(decodeCode128(svg)).toBe(text);
    },
  );

  it('draws bars a scanner can measure: every symbol 11 modules wide and the stop 13', () => {
    const widths = moduleWidths(code128Svg('AWB-42'));
    // start + 6 characters + check = 8 symbols of 11 modules, and the 13-module stop
    expect(widths.reduce((a, b) => a + b, 0)).toBe(8 * 11 + 13);
  });

  it('a different number draws different bars', () => {
    expect(decodeCode128(code128Svg('AWB-42'))).not.toBe('AWB-43');
    expect(code128Svg('AWB-42')).not.toBe(code128Svg('AWB-43'));
  });
});
