import { beforeEach, describe, expect, it } from 'vitest';
import { useNotices } from './notices';

const push = (id: string, toolName = 'get_stats', serverId = 'monitor', args: unknown = { n: id }) =>
  useNotices.getState().push({ id, toolName, serverId, args });
const shown = () => useNotices.getState().notices;

describe('WebMCP HITL proposal, notify: the user is told what ran without the screen flooding', () => {
  beforeEach(() => useNotices.setState({ notices: [], seen: new Set() }));

  it('fifteen polls of one tool keep one notice, with the latest arguments and the count', () => {
    for (let i = 1; i <= 15; i++) push(`call-${i}`);
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toMatchObject({
      id: 'call-1',
      toolName: 'get_stats',
      count: 15,
      args: { n: 'call-15' },
    });
  });

  it('a call id is shown once, however often it is pushed', () => {
    push('call-1');
    push('call-1');
    expect(shown()[0]?.count).toBe(1);
  });

  it('other tools, or the same tool of another server, get notices of their own, five at most', () => {
    push('a', 'get_stats', 'monitor');
    push('b', 'get_stats', 'other');
    push('c', 'log', 'monitor');
    expect(shown().map((n) => n.id)).toEqual(['a', 'b', 'c']);
    for (const tool of ['t1', 't2', 't3', 't4']) push(tool, tool);
    expect(shown().map((n) => n.id)).toEqual(['c', 't1', 't2', 't3', 't4']);
  });

  it('after a notice is dismissed, the next call of its tool shows a new one', () => {
    push('call-1');
    useNotices.getState().dismiss('call-1');
    push('call-2');
    expect(shown()).toMatchObject([{ id: 'call-2', count: 1 }]);
  });
});
