import { describe, expect, it } from 'vitest';
import {
  blockUntrustedSource,
  resultUntrustedSource,
  toolUntrustedSource,
  wholeResultSource,
} from './untrusted-content';

const PLACES = ['annotations', '_meta'] as const;
// Written out, not imported: the test must fail if the module drops a source.
const HINTS = ['untrustedContentHint', 'openWorldHint'] as const;

describe('untrusted content: where the mark comes from', () => {
  for (const place of PLACES) {
    for (const hint of HINTS) {
      const section = hint === 'untrustedContentHint' ? 'WebMCP 4.2.1' : 'MCP ToolAnnotations';
      it(`${section}: tool ${place}.${hint} true marks the tool; false, absent or non-boolean does not`, () => {
        expect(toolUntrustedSource({ [place]: { [hint]: true } })).toBe(`tool.${place}.${hint}`);
        expect(toolUntrustedSource({ [place]: { [hint]: false } })).toBeUndefined();
        expect(toolUntrustedSource({ [place]: { [hint]: 'true' } })).toBeUndefined();
        expect(toolUntrustedSource({ [place]: { [hint]: 1 } })).toBeUndefined();
        expect(toolUntrustedSource({ [place]: {} })).toBeUndefined();
      });

      it(`WebMCP 6.4.3: result ${place}.${hint} true marks the whole result; false or absent does not`, () => {
        expect(resultUntrustedSource({ content: [], [place]: { [hint]: true } })).toBe(
          `result.${place}.${hint}`,
        );
        expect(resultUntrustedSource({ content: [], [place]: { [hint]: false } })).toBeUndefined();
        expect(resultUntrustedSource({ content: [] })).toBeUndefined();
      });

      it(`WebMCP 6.4.3: content block ${place}.${hint} true marks that block; false or absent does not`, () => {
        expect(blockUntrustedSource({ type: 'text', text: 'x', [place]: { [hint]: true } })).toBe(
          `content.${place}.${hint}`,
        );
        expect(blockUntrustedSource({ type: 'text', text: 'x', [place]: { [hint]: false } })).toBeUndefined();
        expect(blockUntrustedSource({ type: 'text', text: 'x' })).toBeUndefined();
      });
    }
  }

  it('MCP: an absent openWorldHint is not a mark (only an explicit true is)', () => {
    expect(toolUntrustedSource({ annotations: { readOnlyHint: true } })).toBeUndefined();
    expect(toolUntrustedSource({})).toBeUndefined();
  });

  it('malformed holders mark nothing', () => {
    for (const holder of [undefined, null, 'x', 3, [], { annotations: [true] }, { _meta: 'openWorldHint' }]) {
      expect(toolUntrustedSource(holder)).toBeUndefined();
      expect(resultUntrustedSource(holder)).toBeUndefined();
      expect(blockUntrustedSource(holder)).toBeUndefined();
    }
  });

  it('a hint only raises: a false in one place never clears a true in another', () => {
    expect(
      toolUntrustedSource({
        annotations: { untrustedContentHint: false, openWorldHint: true },
        _meta: { untrustedContentHint: false },
      }),
    ).toBe('tool.annotations.openWorldHint');
    expect(
      toolUntrustedSource({ annotations: { untrustedContentHint: false }, _meta: { openWorldHint: true } }),
    ).toBe('tool._meta.openWorldHint');
    const result = { content: [], _meta: { untrustedContentHint: false, openWorldHint: false } };
    expect(wholeResultSource('tool.annotations.untrustedContentHint', result)).toBe(
      'tool.annotations.untrustedContentHint',
    );
  });

  it('the whole result is marked by the tool first, else by the result itself', () => {
    expect(wholeResultSource(undefined, { _meta: { untrustedContentHint: true } })).toBe(
      'result._meta.untrustedContentHint',
    );
    expect(wholeResultSource('tool._meta.openWorldHint', { _meta: { untrustedContentHint: true } })).toBe(
      'tool._meta.openWorldHint',
    );
    expect(wholeResultSource(undefined, { content: [{ type: 'text', text: 'x' }] })).toBeUndefined();
  });

  it('a block mark does not mark the whole result', () => {
    expect(
      wholeResultSource(undefined, {
        content: [{ type: 'text', text: 'x', _meta: { untrustedContentHint: true } }],
      }),
    ).toBeUndefined();
  });
});
