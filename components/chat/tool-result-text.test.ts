import { describe, expect, it } from 'vitest';
import { toolResultText } from './tool-result-text';

describe('tool result as text', () => {
  it('joins MCP text content and names other content types', () => {
    expect(
      toolResultText({
        content: [
          { type: 'text', text: 'a' },
          { type: 'image', data: 'x' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toBe('a\n[image]\nb');
  });
  it('shows strings as they are and objects as JSON', () => {
    expect(toolResultText('<b>raw</b>')).toBe('<b>raw</b>');
    expect(toolResultText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
  it('survives values JSON cannot encode', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(toolResultText(loop)).toBe('[object Object]');
    expect(toolResultText(undefined)).toBe('');
  });
});
