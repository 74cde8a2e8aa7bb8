import { describe, expect, it } from 'vitest';
import { viewToolResult } from './view-tool-result';

describe('a tool result as a view receives it', () => {
  const content = [{ type: 'text' as const, text: 'x' }];

  it('keeps object structured content and a result without any as they are', () => {
    expect(viewToolResult({ content, structuredContent: { a: 1 } })).toEqual({
      content,
      structuredContent: { a: 1 },
    });
    expect(viewToolResult({ content })).toEqual({ content });
  });

  it.each([[[1, 2, 3]], ['text'], [42], [null], [false]])(
    'wraps structured content that is not an object (SEP-2106) as { result }: %j',
    (value) => {
      expect(viewToolResult({ content, structuredContent: value, isError: false })).toEqual({
        content,
        isError: false,
        structuredContent: { result: value },
      });
    },
  );
});
