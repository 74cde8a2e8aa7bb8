import { describe, expect, it } from 'vitest';
import { admissionSwitch, admissionSwitchText } from './admission-switch';
import type { RawTool } from './types';

const schema = { type: 'object', properties: {} };
const LISTED: RawTool[] = [
  { name: 'mcplet_read', inputSchema: schema, _meta: { mcpletType: 'read', visibility: ['model'] } },
  { name: 'plain_read', inputSchema: schema, annotations: { readOnlyHint: true } },
  { name: 'plain_write', inputSchema: schema, annotations: { readOnlyHint: false, destructiveHint: true } },
  { name: 'overlaid', inputSchema: schema },
];
const context = { serverId: 's', overlay: { overlaid: { mcpletType: 'read', visibility: ['model'] } } };

describe("switching a server's admission mode (5.3.1): the consequences, stated before", () => {
  it('annotations → strict: every tool admitted by annotations is rejected; MCPlets stay', () => {
    const change = admissionSwitch(LISTED, context, 'annotations', 'strict');
    expect(change.rejected).toEqual(['plain_read', 'plain_write', 'overlaid']);
    expect(change.admitted).toEqual([]);
    expect(change.unchanged).toBe(1);
    expect(admissionSwitchText(change)).toContain(
      'Under strict, 3 tools of this server that are admitted now will be rejected: plain_read, plain_write, overlaid.',
    );
  });

  it('strict → annotations: the tools without metadata are admitted from their annotations', () => {
    const change = admissionSwitch(LISTED, context, 'strict', 'annotations');
    expect(change.admitted).toEqual(['plain_read', 'plain_write', 'overlaid']);
    expect(change.rejected).toEqual([]);
    expect(admissionSwitchText(change)[1]).toBe(
      'Under annotations, 3 tools rejected now will be admitted: plain_read, plain_write, overlaid.',
    );
  });

  it('annotations → overlay: only the tool the host configuration covers stays, now by the overlay', () => {
    const change = admissionSwitch(LISTED, context, 'annotations', 'overlay');
    expect(change.rejected).toEqual(['plain_read', 'plain_write']);
    expect(change.relabelled).toEqual([{ name: 'overlaid', from: 'annotations', to: 'overlay' }]);
    expect(admissionSwitchText(change)).toContain(
      'overlaid will be admitted by overlay instead of annotations.',
    );
  });

  it('one tool is said in the singular; a switch that changes nothing says so; pins still apply', () => {
    const one = admissionSwitch(LISTED.slice(0, 2), context, 'annotations', 'strict');
    expect(admissionSwitchText(one)).toContain(
      'Under strict, 1 tool of this server that is admitted now will be rejected: plain_read.',
    );
    const none = admissionSwitchText(admissionSwitch(LISTED.slice(0, 1), context, 'strict', 'annotations'));
    expect(none).toContain('No tool of this server changes.');
    expect(none.at(-1)).toContain('pinned tools and reviews still apply');
    expect(admissionSwitchText(admissionSwitch(LISTED, context, 'strict', 'strict'))).toEqual([
      'This server is already under strict.',
    ]);
  });

  it('a long list is cut after five names', () => {
    const many: RawTool[] = Array.from({ length: 8 }, (_, i) => ({
      name: `t${i}`,
      inputSchema: schema,
      annotations: { readOnlyHint: true },
    }));
    const text = admissionSwitchText(admissionSwitch(many, context, 'annotations', 'strict'));
    expect(text[1]).toBe(
      'Under strict, 8 tools of this server that are admitted now will be rejected: t0, t1, t2, t3, t4 and 3 more.',
    );
  });
});
