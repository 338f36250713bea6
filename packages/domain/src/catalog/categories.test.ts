import { describe, expect, it } from 'vitest';
import { categoryListingPath } from './categories.ts';

describe('categoryListingPath', () => {
  it.each([
    [1, 'Electronics', '/categorylist/c/Electronics'],
    [2, 'Mobiles & Accessories', '/categorylist/sc/Mobiles%20%26%20Accessories'],
    [3, 'Laptops', '/categorylist/ssc/Laptops'],
    [4, 'Gaming Laptops', '/categorylist/sssc/Gaming%20Laptops'],
  ])('level %i %s → %s', (level, name, path) => {
    expect(categoryListingPath(level, name)).toBe(path);
  });
});
