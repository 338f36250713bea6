import { describe, expect, it } from 'vitest';
import { AddCategoryInput, AttributeChangeInput, BrandInput, BrandQuery } from './catalog-tree-api.ts';

// requirements#operator-catalog: what staff type, checked the same in the console and the API.
describe('category names', () => {
  it.each([
    { name: '  Smart   Watches ', ok: true, value: 'Smart Watches' },
    { name: '', ok: false, message: 'Enter the category name.' },
    { name: '   ', ok: false, message: 'Enter the category name.' },
    { name: 'a'.repeat(61), ok: false, message: 'The category name is at most 60 characters.' },
    { name: 'a'.repeat(1000), ok: false, message: 'The category name is at most 60 characters.' },
    { name: 'Nul\u0000byte', ok: false, message: 'The category name cannot hold control characters.' },
    { name: 'Phones/Tablets', ok: false, message: 'The category name cannot hold a slash.' },
  ])('“$name”', ({ name, ok, value, message }) => {
    const parsed = AddCategoryInput.safeParse({ parentId: 3, name });
    expect(parsed.success).toBe(ok);
    if (parsed.success) expect(parsed.data.name).toBe(value);
    else expect(parsed.error.issues[0]?.message).toBe(message);
  });

  it.each([0, -1, 1.5, 2_147_483_648, '3'])('refuses the parent %s', (parentId) => {
    expect(AddCategoryInput.safeParse({ parentId, name: 'Lamps' }).success).toBe(false);
  });
});

describe('filter changes', () => {
  it.each([
    { change: { op: 'addAttribute', name: 'Colour' }, ok: true },
    { change: { op: 'addValue', attributeId: 4, value: ' Sea  green ' }, ok: true },
    { change: { op: 'moveValue', valueId: 4, direction: 'up' }, ok: true },
    { change: { op: 'moveValue', valueId: 4, direction: 'sideways' }, ok: false },
    { change: { op: 'renameValue', valueId: 4 }, ok: false },
    { change: { op: 'dropTable' }, ok: false },
    { change: { name: 'Colour' }, ok: false },
  ])('$change.op', ({ change, ok }) => {
    expect(AttributeChangeInput.safeParse(change).success).toBe(ok);
  });
});

describe('brands', () => {
  it('empties optional texts to null and defaults the registry flag', () => {
    expect(BrandInput.parse({ name: ' Lumen ', country: ' ', tagline: 'Light, made well' })).toEqual({
      name: 'Lumen',
      isRegistry: false,
      country: null,
      tagline: 'Light, made well',
    });
  });

  it.each([
    { q: undefined, page: undefined, ok: true },
    { q: '  lu ', page: '2', ok: true },
    { q: 'x'.repeat(101), page: '1', ok: false },
    { q: 'a\u0000', page: '1', ok: false },
    { q: 'lu', page: '0', ok: false },
    { q: 'lu', page: '1e3', ok: false },
  ])('searches “$q” page $page', ({ q, page, ok }) => {
    expect(BrandQuery.safeParse({ q, page }).success).toBe(ok);
  });
});
