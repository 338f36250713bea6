// requirements#operator-catalog: the rules of the category tree staff edit in the console. Four
// levels; a category holding products stays a leaf; no category moves under itself; a category with
// live products is not retired (its products would vanish from the shop with it).

/** The deepest level (1 category, 2 subcategory, 3 supercategory, 4 supersubcategory). */
export const MAX_CATEGORY_LEVEL = 4;

/** One category as the rules see it. */
export type TreeNode = {
  id: number;
  parentId: number | null;
  level: number;
  isRetired: boolean;
  /** products filed directly under this category (live or not) */
  productCount: number;
  /** products of this category shown in the shop */
  liveProductCount: number;
};

export const TREE_MESSAGES = {
  notFound: 'That category does not exist.',
  parentNotFound: 'The parent category does not exist.',
  tooDeep: `The category tree has ${MAX_CATEGORY_LEVEL} levels: a category cannot go below a level-${MAX_CATEGORY_LEVEL} one.`,
  moveTooDeep: (height: number) =>
    `The category and the ${height - 1} level${height === 2 ? '' : 's'} below it would go past level ${MAX_CATEGORY_LEVEL}.`,
  parentHasProducts:
    'That category holds products, so it must stay a leaf. Move its products first, then add categories under it.',
  cycle: 'A category cannot move under itself or under a category below it.',
  sameParent: 'The category is already there.',
  parentRetired: 'That category is retired: choose a category in use.',
  retired: 'That category is retired.',
  hasLiveProducts: (count: number) =>
    `${count === 1 ? 'One live product is' : `${count} live products are`} filed under this category. ` +
    'A retired category leaves the menu and listings, and its products would vanish from the shop with it: ' +
    'move them to another category first.',
  duplicateName: (name: string) =>
    `A category named “${name}” already exists at that level (listing addresses carry the name).`,
} as const;

export type TreeRefusal = { ok: false; code: 'NOT_FOUND' | 'CONFLICT'; message: string };
export type TreeCheck<T = object> = ({ ok: true } & T) | TreeRefusal;

const refuse = (code: TreeRefusal['code'], message: string): TreeRefusal => ({ ok: false, code, message });

/** Children of each category, by parent id. */
function childrenOf(nodes: readonly TreeNode[]): Map<number, TreeNode[]> {
  const children = new Map<number, TreeNode[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
  }
  return children;
}

/** The category and every category below it, the category first. */
export function subtreeOf(nodes: readonly TreeNode[], id: number): TreeNode[] {
  const children = childrenOf(nodes);
  const root = nodes.find((node) => node.id === id);
  if (!root) return [];
  const out: TreeNode[] = [];
  const seen = new Set<number>();
  for (const stack = [root]; stack.length > 0;) {
    const node = stack.pop();
    if (!node || seen.has(node.id)) continue; // a loop in bad data ends here
    seen.add(node.id);
    out.push(node);
    stack.push(...(children.get(node.id) ?? []));
  }
  return out;
}

/** How many levels a category and those below it span (1 for a leaf). */
export function subtreeHeight(nodes: readonly TreeNode[], id: number): number {
  const subtree = subtreeOf(nodes, id);
  const root = subtree[0];
  if (!root) return 0;
  return Math.max(...subtree.map((node) => node.level)) - root.level + 1;
}

/** Whether a category can take a new category under it (null: a new top category). */
export function checkAdd(nodes: readonly TreeNode[], parentId: number | null): TreeCheck<{ level: number }> {
  if (parentId === null) return { ok: true, level: 1 };
  const parent = nodes.find((node) => node.id === parentId);
  if (!parent) return refuse('NOT_FOUND', TREE_MESSAGES.parentNotFound);
  if (parent.isRetired) return refuse('CONFLICT', TREE_MESSAGES.parentRetired);
  if (parent.level >= MAX_CATEGORY_LEVEL) return refuse('CONFLICT', TREE_MESSAGES.tooDeep);
  if (parent.productCount > 0) return refuse('CONFLICT', TREE_MESSAGES.parentHasProducts);
  return { ok: true, level: parent.level + 1 };
}

/**
 * Whether a category can move under another (null: to the top). The answer carries each moved
 * category's new level (the category and all below it shift by the same number of levels).
 */
export function checkMove(
  nodes: readonly TreeNode[],
  id: number,
  parentId: number | null,
): TreeCheck<{ levels: Map<number, number> }> {
  const node = nodes.find((candidate) => candidate.id === id);
  if (!node) return refuse('NOT_FOUND', TREE_MESSAGES.notFound);
  if (node.isRetired) return refuse('CONFLICT', TREE_MESSAGES.retired);
  if (node.parentId === parentId) return refuse('CONFLICT', TREE_MESSAGES.sameParent);
  const subtree = subtreeOf(nodes, id);
  let newLevel = 1;
  if (parentId !== null) {
    const parent = nodes.find((candidate) => candidate.id === parentId);
    if (!parent) return refuse('NOT_FOUND', TREE_MESSAGES.parentNotFound);
    if (subtree.some((below) => below.id === parentId)) return refuse('CONFLICT', TREE_MESSAGES.cycle);
    if (parent.isRetired) return refuse('CONFLICT', TREE_MESSAGES.parentRetired);
    if (parent.productCount > 0) return refuse('CONFLICT', TREE_MESSAGES.parentHasProducts);
    newLevel = parent.level + 1;
  }
  const height = subtreeHeight(nodes, id);
  if (newLevel + height - 1 > MAX_CATEGORY_LEVEL)
    return refuse('CONFLICT', height === 1 ? TREE_MESSAGES.tooDeep : TREE_MESSAGES.moveTooDeep(height));
  const shift = newLevel - node.level;
  return { ok: true, levels: new Map(subtree.map((below) => [below.id, below.level + shift])) };
}

/** The categories a category may move under (null stands for the top), by the same rules. */
export function moveTargets(nodes: readonly TreeNode[], id: number): (number | null)[] {
  const targets: (number | null)[] = [null, ...nodes.map((node) => node.id)];
  return targets.filter((parentId) => checkMove(nodes, id, parentId).ok);
}

/**
 * Whether a category can be retired: the category and every category below it retire together, so
 * none of them may hold live products.
 */
export function checkRetire(nodes: readonly TreeNode[], id: number): TreeCheck<{ ids: number[] }> {
  const subtree = subtreeOf(nodes, id);
  const node = subtree[0];
  if (!node) return refuse('NOT_FOUND', TREE_MESSAGES.notFound);
  if (node.isRetired) return refuse('CONFLICT', TREE_MESSAGES.retired);
  const live = subtree.reduce((sum, below) => sum + below.liveProductCount, 0);
  if (live > 0) return refuse('CONFLICT', TREE_MESSAGES.hasLiveProducts(live));
  return { ok: true, ids: subtree.filter((below) => !below.isRetired).map((below) => below.id) };
}

/** A leaf: a category in use with no category in use below it; its filter attributes are set here. */
export function isLeaf(nodes: readonly TreeNode[], id: number): boolean {
  const node = nodes.find((candidate) => candidate.id === id);
  return Boolean(
    node && !node.isRetired && !nodes.some((child) => child.parentId === id && !child.isRetired),
  );
}

/** The position a list item takes after moving one place up or down (null: it cannot move). */
export function swapPositions<T extends { id: number }>(
  items: readonly T[],
  id: number,
  direction: 'up' | 'down',
): T[] | null {
  const index = items.findIndex((item) => item.id === id);
  const other = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || other < 0 || other >= items.length) return null;
  const next = [...items];
  const a = next[index];
  const b = next[other];
  if (!a || !b) return null;
  next[index] = b;
  next[other] = a;
  return next;
}
