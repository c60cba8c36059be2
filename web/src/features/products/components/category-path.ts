import type { CategoryNode } from '../api/types';

/** The chain of categories from a root down to `id`, or an empty list when the id is not in the tree. */
export function categoryPath(tree: readonly CategoryNode[] | undefined, id: number): CategoryNode[] {
  for (const node of tree ?? []) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}
