/**
 * A conversation's messages as a tree: editing a message or regenerating a reply adds a sibling
 * beside the earlier version instead of replacing it. Nodes come in the order they were stored
 * (oldest first), so siblings are numbered in that order. One branch is shown at a time: the path
 * from a root to the shown leaf. Pure: the server walks it to build the model's history and the
 * browser to number the versions it shows.
 */
export interface TreeNode {
  id: string;
  /** The message this one follows; null for a conversation's first message (or a version of it). */
  parentId: string | null;
}

/** Where a message stands among its versions: 0-based `index` of `count`, and its neighbours' ids. */
export interface Version {
  index: number;
  count: number;
  previous: string | null;
  next: string | null;
}

/**
 * The path from a root to `leafId`, root first. An unknown leaf (or none) reads as the newest stored
 * message's path, as a conversation stored before versions existed reads as one line. A parent that
 * is missing ends the walk, and a loop (which a well-formed tree never has) is walked once.
 */
export function pathTo<T extends TreeNode>(nodes: readonly T[], leafId: string | null | undefined): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  let node = (leafId != null ? byId.get(leafId) : undefined) ?? nodes.at(-1);
  const path: T[] = [];
  const seen = new Set<string>();
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    path.push(node);
    node = node.parentId === null ? undefined : byId.get(node.parentId);
  }
  return path.reverse();
}

/** The versions of a message: every node with its parent, itself included, oldest first. */
export function siblingsOf<T extends TreeNode>(nodes: readonly T[], id: string): T[] {
  const node = nodes.find((n) => n.id === id);
  if (!node) return [];
  return nodes.filter((n) => n.parentId === node.parentId);
}

/** Where `id` stands among its versions; a message unknown to the tree is its only version. */
export function versionOf(nodes: readonly TreeNode[], id: string): Version {
  const siblings = siblingsOf(nodes, id);
  const index = siblings.findIndex((n) => n.id === id);
  if (index < 0) return { index: 0, count: 1, previous: null, next: null };
  return {
    index,
    count: siblings.length,
    previous: siblings[index - 1]?.id ?? null,
    next: siblings[index + 1]?.id ?? null,
  };
}

/**
 * Where each of `shown` stands among its versions, in one pass over the tree (a page renders this
 * for every message on every streamed chunk): `versionOf` for each, keyed by id.
 */
export function versionsOf(
  nodes: readonly TreeNode[],
  shown: readonly { id: string }[],
): Map<string, Version> {
  const byParent = new Map<string | null, string[]>();
  const parentOf = new Map<string, string | null>();
  for (const n of nodes) {
    parentOf.set(n.id, n.parentId);
    const siblings = byParent.get(n.parentId);
    if (siblings) siblings.push(n.id);
    else byParent.set(n.parentId, [n.id]);
  }
  const versions = new Map<string, Version>();
  for (const { id } of shown) {
    const parent = parentOf.get(id);
    const siblings = parent === undefined ? undefined : byParent.get(parent);
    const index = siblings?.indexOf(id) ?? -1;
    versions.set(
      id,
      siblings && index >= 0
        ? {
            index,
            count: siblings.length,
            previous: siblings[index - 1] ?? null,
            next: siblings[index + 1] ?? null,
          }
        : { index: 0, count: 1, previous: null, next: null },
    );
  }
  return versions;
}

/**
 * The leaf a switch to version `id` shows: from `id` down, each time to the newest reply or
 * version below, so the branch opens where it was last taken. Unknown ids are returned as they are.
 */
export function leafUnder(nodes: readonly TreeNode[], id: string): string {
  const newestChild = new Map<string, string>();
  for (const n of nodes) if (n.parentId !== null) newestChild.set(n.parentId, n.id);
  let leaf = id;
  const seen = new Set<string>([leaf]);
  for (let child = newestChild.get(leaf); child !== undefined && !seen.has(child); ) {
    leaf = child;
    seen.add(leaf);
    child = newestChild.get(leaf);
  }
  return leaf;
}

/**
 * The tree with the messages shown (`shown`, root first) in it: a message the browser has and the
 * tree lacks yet (just sent, or a reply that just streamed) follows the message shown before it.
 * The same nodes come back when nothing is new.
 */
export function withShownPath(
  nodes: readonly TreeNode[],
  shown: readonly { id: string }[],
): readonly TreeNode[] {
  const known = new Set(nodes.map((n) => n.id));
  const added: TreeNode[] = [];
  shown.forEach((message, index) => {
    if (known.has(message.id)) return;
    known.add(message.id);
    added.push({ id: message.id, parentId: shown[index - 1]?.id ?? null });
  });
  return added.length === 0 ? nodes : [...nodes, ...added];
}

/** The nodes of stored messages, as the browser needs them (ids and parents only). */
export function treeNodes(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.map(({ id, parentId }) => ({ id, parentId }));
}

/**
 * A conversation's branch as the browser gets it (the chat page, POST
 * /api/conversations/[id]/branch): the messages shown, root first, and every stored message's place.
 */
export interface ConversationBranch<M = unknown> {
  messages: M[];
  tree: TreeNode[];
}
