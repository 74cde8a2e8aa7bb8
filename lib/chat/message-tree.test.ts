import { describe, expect, it } from 'vitest';
import {
  leafUnder,
  pathTo,
  siblingsOf,
  type TreeNode,
  treeNodes,
  versionOf,
  versionsOf,
  withShownPath,
} from './message-tree';

const node = (id: string, parentId: string | null): TreeNode => ({ id, parentId });

// u1 → a1 → u2 → a2 (first line); u2' edits u2 (→ a2'); a1' regenerates a1; u1' edits the first message.
const TREE: TreeNode[] = [
  node('u1', null),
  node('a1', 'u1'),
  node('u2', 'a1'),
  node('a2', 'u2'),
  node('u2b', 'a1'),
  node('a2b', 'u2b'),
  node('a1b', 'u1'),
  node('u1b', null),
];

const ids = (nodes: readonly TreeNode[]) => nodes.map((n) => n.id);

describe('pathTo: the branch shown, root first', () => {
  it('walks from the leaf to the root', () => {
    expect(ids(pathTo(TREE, 'a2'))).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(ids(pathTo(TREE, 'a2b'))).toEqual(['u1', 'a1', 'u2b', 'a2b']);
    expect(ids(pathTo(TREE, 'a1b'))).toEqual(['u1', 'a1b']);
    expect(ids(pathTo(TREE, 'u1b'))).toEqual(['u1b']);
  });

  it('stops at an inner node when that is the leaf (a turn whose reply is still running)', () => {
    expect(ids(pathTo(TREE, 'u2b'))).toEqual(['u1', 'a1', 'u2b']);
  });

  it('reads an unknown or missing leaf as the newest message, and an empty tree as empty', () => {
    const line = [node('x1', null), node('x2', 'x1'), node('x3', 'x2')];
    expect(ids(pathTo(line, null))).toEqual(['x1', 'x2', 'x3']);
    expect(ids(pathTo(line, 'gone'))).toEqual(['x1', 'x2', 'x3']);
    expect(pathTo([], 'x1')).toEqual([]);
  });

  it('ends at a missing parent and walks a loop once', () => {
    expect(ids(pathTo([node('b', 'missing'), node('c', 'b')], 'c'))).toEqual(['b', 'c']);
    expect(ids(pathTo([node('p', 'q'), node('q', 'p')], 'p'))).toEqual(['q', 'p']);
  });

  it('keeps the nodes it was given (their other fields too)', () => {
    const rich = [{ id: 'r', parentId: null, text: 'hi' }];
    expect(pathTo(rich, 'r')[0]).toBe(rich[0]);
  });
});

describe('siblingsOf and versionOf: a message among its versions, oldest first', () => {
  it('numbers the versions of a reply, of an edited message and of a first message', () => {
    expect(ids(siblingsOf(TREE, 'a1b'))).toEqual(['a1', 'a1b']);
    expect(versionOf(TREE, 'a1')).toEqual({ index: 0, count: 2, previous: null, next: 'a1b' });
    expect(versionOf(TREE, 'a1b')).toEqual({ index: 1, count: 2, previous: 'a1', next: null });
    expect(versionOf(TREE, 'u2b')).toEqual({ index: 1, count: 2, previous: 'u2', next: null });
    expect(versionOf(TREE, 'u1b')).toEqual({ index: 1, count: 2, previous: 'u1', next: null });
  });

  it('is one of one for a message with no versions, and for one the tree does not know', () => {
    expect(versionOf(TREE, 'a2')).toEqual({ index: 0, count: 1, previous: null, next: null });
    expect(versionOf(TREE, 'nowhere')).toEqual({ index: 0, count: 1, previous: null, next: null });
    expect(siblingsOf(TREE, 'nowhere')).toEqual([]);
  });

  it('counts three versions with both neighbours for the middle one', () => {
    const three = [node('u', null), node('a', 'u'), node('b', 'u'), node('c', 'u')];
    expect(versionOf(three, 'b')).toEqual({ index: 1, count: 3, previous: 'a', next: 'c' });
  });
});

describe('versionsOf: every shown message at once, as versionOf has it', () => {
  it('agrees with versionOf for every node, and for one the tree does not know', () => {
    const shown = [...TREE, node('nowhere', null)];
    const all = versionsOf(TREE, shown);
    for (const { id } of shown) expect(all.get(id), id).toEqual(versionOf(TREE, id));
    expect(all.size).toBe(shown.length);
  });
});

describe('leafUnder: where switching to a version opens', () => {
  it('goes down to the newest reply or version below', () => {
    expect(leafUnder(TREE, 'u1')).toBe('a1b');
    expect(leafUnder(TREE, 'a1')).toBe('a2b');
    expect(leafUnder(TREE, 'u2')).toBe('a2');
    expect(leafUnder(TREE, 'u1b')).toBe('u1b');
  });

  it('returns an unknown id as it is and survives a loop', () => {
    expect(leafUnder(TREE, 'nowhere')).toBe('nowhere');
    expect(leafUnder([node('p', 'q'), node('q', 'p')], 'p')).toBe('q');
  });

  it('a switch then shows the path to that leaf', () => {
    expect(ids(pathTo(TREE, leafUnder(TREE, versionOf(TREE, 'u2b').previous ?? '')))).toEqual([
      'u1',
      'a1',
      'u2',
      'a2',
    ]);
  });
});

describe('withShownPath: messages the browser shows before the tree knows them', () => {
  it('adds a new message after the one shown before it, and a first message as a root', () => {
    const next = withShownPath(TREE, [{ id: 'u1' }, { id: 'a1b' }, { id: 'u3' }, { id: 'a3' }]);
    expect(next.slice(TREE.length)).toEqual([node('u3', 'a1b'), node('a3', 'u3')]);
    expect(withShownPath([], [{ id: 'first' }])).toEqual([node('first', null)]);
  });

  it('an edit shown after its parent becomes a version of the edited message', () => {
    const edited = withShownPath(TREE, [{ id: 'u1' }, { id: 'a1' }, { id: 'u2c' }]);
    expect(versionOf(edited, 'u2c')).toEqual({ index: 2, count: 3, previous: 'u2b', next: null });
  });

  it('returns the same nodes when nothing is new, and never moves a known message', () => {
    expect(withShownPath(TREE, [{ id: 'u1b' }, { id: 'a2' }])).toBe(TREE);
  });
});

describe('treeNodes', () => {
  it('keeps ids and parents only', () => {
    const stored = [{ id: 'a', parentId: null, secret: 'x' }];
    expect(treeNodes(stored)).toEqual([node('a', null)]);
  });
});
