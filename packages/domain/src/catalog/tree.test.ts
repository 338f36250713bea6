import { describe, expect, it } from 'vitest';
import {
  checkAdd,
  checkMove,
  checkRetire,
  isLeaf,
  MAX_CATEGORY_LEVEL,
  moveTargets,
  subtreeHeight,
  swapPositions,
  TREE_MESSAGES,
  type TreeNode,
} from './tree.ts';

// requirements#operator-catalog: a small tree to move things around in.
//  1 Electronics ─ 2 Phones ─ 3 Smartphones ─ 4 Android phones (12 products, 10 live)
//                │                          └ 5 iPhones (no products)
//                └ 6 Audio (3 products, none live)
//  7 Home ─ 8 Kitchen ─ 9 Cookware
//  10 Books (retired)
const node = (
  id: number,
  parentId: number | null,
  level: number,
  productCount = 0,
  liveProductCount = productCount,
  isRetired = false,
): TreeNode => ({ id, parentId, level, productCount, liveProductCount, isRetired });

const TREE: TreeNode[] = [
  node(1, null, 1),
  node(2, 1, 2),
  node(3, 2, 3),
  node(4, 3, 4, 12, 10),
  node(5, 3, 4),
  node(6, 1, 2, 3, 0),
  node(7, null, 1),
  node(8, 7, 2),
  node(9, 8, 3),
  node(10, null, 1, 0, 0, true),
];

describe('adding a category', () => {
  it.each([
    { parent: null, expected: { ok: true, level: 1 } },
    { parent: 1, expected: { ok: true, level: 2 } },
    { parent: 3, expected: { ok: true, level: 4 } },
    { parent: 9, expected: { ok: true, level: 4 } },
    { parent: 5, expected: { ok: false, code: 'CONFLICT', message: TREE_MESSAGES.tooDeep } },
    { parent: 4, expected: { ok: false, code: 'CONFLICT', message: TREE_MESSAGES.tooDeep } },
    { parent: 6, expected: { ok: false, code: 'CONFLICT', message: TREE_MESSAGES.parentHasProducts } },
    { parent: 10, expected: { ok: false, code: 'CONFLICT', message: TREE_MESSAGES.parentRetired } },
    { parent: 99, expected: { ok: false, code: 'NOT_FOUND', message: TREE_MESSAGES.parentNotFound } },
  ])('under $parent', ({ parent, expected }) => {
    expect(checkAdd(TREE, parent)).toEqual(expected);
  });
});

describe('moving a category', () => {
  it.each([
    // depth: the moved category and all below it must stay within four levels
    { id: 9, to: 1, ok: true, levels: [[9, 2]] },
    {
      id: 8,
      to: 2,
      ok: true,
      levels: [
        [8, 3],
        [9, 4],
      ],
    },
    { id: 8, to: 3, ok: false, message: TREE_MESSAGES.moveTooDeep(2) },
    {
      id: 7,
      to: 1,
      ok: true,
      levels: [
        [7, 2],
        [8, 3],
        [9, 4],
      ],
    },
    { id: 7, to: 2, ok: false, message: TREE_MESSAGES.moveTooDeep(3) },
    { id: 5, to: 9, ok: true, levels: [[5, 4]] },
    { id: 9, to: 5, ok: false, message: TREE_MESSAGES.tooDeep },
    {
      id: 2,
      to: null,
      ok: true,
      levels: [
        [2, 1],
        [3, 2],
        [4, 3],
        [5, 3],
      ],
    },
    { id: 4, to: 9, ok: true, levels: [[4, 4]] },
    { id: 4, to: 8, ok: true, levels: [[4, 3]] },
    // cycles: never under itself or below itself
    { id: 1, to: 1, ok: false, message: TREE_MESSAGES.cycle },
    { id: 1, to: 3, ok: false, message: TREE_MESSAGES.cycle },
    { id: 2, to: 5, ok: false, message: TREE_MESSAGES.cycle },
    // a leaf with products stays a leaf; a retired category takes nothing
    { id: 9, to: 4, ok: false, message: TREE_MESSAGES.parentHasProducts },
    { id: 9, to: 6, ok: false, message: TREE_MESSAGES.parentHasProducts },
    { id: 9, to: 10, ok: false, message: TREE_MESSAGES.parentRetired },
    { id: 10, to: 7, ok: false, message: TREE_MESSAGES.retired },
    { id: 9, to: 8, ok: false, message: TREE_MESSAGES.sameParent },
    { id: 7, to: null, ok: false, message: TREE_MESSAGES.sameParent },
  ] as const)('$id under $to', (row) => {
    const result = checkMove(TREE, row.id, row.to);
    if (row.ok) {
      expect(result.ok).toBe(true);
      if (result.ok) expect([...result.levels].sort(([a], [b]) => a - b)).toEqual(row.levels);
    } else {
      expect(result).toEqual({ ok: false, code: 'CONFLICT', message: row.message });
    }
  });

  it('refuses a category or parent that does not exist', () => {
    expect(checkMove(TREE, 99, 1)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(checkMove(TREE, 9, 99)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('offers as targets exactly the places the rules allow', () => {
    expect(moveTargets(TREE, 8)).toEqual([null, 1, 2]);
    expect(moveTargets(TREE, 5)).toEqual([null, 1, 2, 7, 8, 9]);
    expect(moveTargets(TREE, 1)).toEqual([]);
  });

  it('measures how many levels a category spans', () => {
    expect([1, 2, 3, 4, 7, 8].map((id) => subtreeHeight(TREE, id))).toEqual([4, 3, 2, 1, 3, 2]);
    expect(subtreeHeight(TREE, 99)).toBe(0);
    expect(MAX_CATEGORY_LEVEL).toBe(4);
  });

  it('ends on a loop in bad data instead of running forever', () => {
    const looped = [node(1, 2, 1), node(2, 1, 2)];
    expect(subtreeHeight(looped, 1)).toBe(2);
  });
});

describe('retiring a category', () => {
  it.each([
    { id: 5, expected: { ok: true, ids: [5] } },
    { id: 6, expected: { ok: true, ids: [6] } }, // its products are none of them live
    { id: 7, expected: { ok: true, ids: [7, 8, 9] } },
    { id: 4, expected: { ok: false, code: 'CONFLICT', message: TREE_MESSAGES.hasLiveProducts(10) } },
    { id: 1, expected: { ok: false, code: 'CONFLICT', message: TREE_MESSAGES.hasLiveProducts(10) } },
    { id: 10, expected: { ok: false, code: 'CONFLICT', message: TREE_MESSAGES.retired } },
    { id: 99, expected: { ok: false, code: 'NOT_FOUND', message: TREE_MESSAGES.notFound } },
  ])('$id', ({ id, expected }) => {
    const result = checkRetire(TREE, id);
    expect(result.ok ? { ...result, ids: [...result.ids].sort((a, b) => a - b) } : result).toEqual(expected);
  });

  it('says how many live products stand in the way', () => {
    expect(TREE_MESSAGES.hasLiveProducts(1)).toMatch(/^One live product is filed/);
    expect(TREE_MESSAGES.hasLiveProducts(10)).toMatch(/^10 live products are filed/);
  });
});

describe('leaves and order', () => {
  it.each([
    { id: 4, leaf: true },
    { id: 5, leaf: true },
    { id: 3, leaf: false },
    { id: 10, leaf: false },
    { id: 99, leaf: false },
  ])('$id is a leaf: $leaf', ({ id, leaf }) => {
    expect(isLeaf(TREE, id)).toBe(leaf);
  });

  it('a category whose children are all retired is a leaf again', () => {
    expect(isLeaf([node(1, null, 1), node(2, 1, 2, 0, 0, true)], 1)).toBe(true);
  });

  it.each([
    { id: 2, direction: 'up', expected: [2, 1, 3] },
    { id: 2, direction: 'down', expected: [1, 3, 2] },
    { id: 1, direction: 'up', expected: null },
    { id: 3, direction: 'down', expected: null },
    { id: 9, direction: 'up', expected: null },
  ] as const)('moves $id $direction', ({ id, direction, expected }) => {
    const moved = swapPositions([{ id: 1 }, { id: 2 }, { id: 3 }], id, direction);
    expect(moved?.map((item) => item.id) ?? null).toEqual(expected);
  });
});
