import { describe, expect, it } from 'vitest';
import { type CategoryTree, topTreeIds } from './lookups.ts';

// 1 ─ 2 ─ 4
//   └ 3 ─ 5 ─ 6
// 7 ─ 8
const tree: CategoryTree = new Map([
  [1, { parentId: null, childIds: [2, 3] }],
  [2, { parentId: 1, childIds: [4] }],
  [3, { parentId: 1, childIds: [5] }],
  [4, { parentId: 2, childIds: [] }],
  [5, { parentId: 3, childIds: [6] }],
  [6, { parentId: 5, childIds: [] }],
  [7, { parentId: null, childIds: [8] }],
  [8, { parentId: 7, childIds: [] }],
]);

describe('topTreeIds', () => {
  it.each([
    [6, [1, 2, 3, 4, 5, 6]],
    [4, [1, 2, 3, 4, 5, 6]],
    [1, [1, 2, 3, 4, 5, 6]],
    [8, [7, 8]],
    [99, []],
  ])('the whole top tree of category %i is %j', (id, expected) => {
    expect(topTreeIds(tree, id)).toEqual(expected);
  });

  it('stops on a loop in bad data', () => {
    const looped: CategoryTree = new Map([
      [1, { parentId: 2, childIds: [2] }],
      [2, { parentId: 1, childIds: [] }],
    ]);
    expect(topTreeIds(looped, 1).length).toBeLessThanOrEqual(2);
  });
});
