import { describe, expect, it } from 'vitest';
import { contentProductLayout } from './content-layout.ts';

describe('content block layout by product count (spec §9)', () => {
  it.each([
    [0, 'single'],
    [1, 'single'],
    [2, 'single-slide'],
    [3, 'single-slide'],
    [4, 'four-up'],
    [5, 'carousel'],
    [10, 'carousel'],
  ])('%d products: %s', (count, layout) => expect(contentProductLayout(count)).toBe(layout));
});
