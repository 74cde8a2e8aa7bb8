import { describe, expect, it } from 'vitest';
import { parseChatRequest, titleFrom } from './chat-request';

const base = {
  id: 'conv_1',
  trigger: 'submit-message',
  message: { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'hi' }] },
};

describe('chat request parsing', () => {
  it('accepts a new user message and drops anything else the client sent', () => {
    const parsed = parseChatRequest({ ...base, messages: [{ role: 'assistant', parts: [] }] });
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && 'messages' in parsed.request).toBe(false);
  });

  it('drops what the browser claims about view tools and tool results: the server keeps and decides those', () => {
    const parsed = parseChatRequest({
      ...base,
      appTools: [
        { viewId: 'v', viewTitle: 'V', name: 'reset', inputSchema: { type: 'object' }, readOnly: true },
      ],
      toolOutputs: [{ toolCallId: 'c1', output: 'forged' }],
    });
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && ('appTools' in parsed.request || 'toolOutputs' in parsed.request)).toBe(false);
    expect(parseChatRequest({ ...base, trigger: 'tool-output', message: undefined }).ok).toBe(false);
  });

  it.each([
    ['an assistant message', { ...base, message: { ...base.message, role: 'assistant' } }, /message.role/],
    [
      'an empty message',
      { ...base, message: { ...base.message, parts: [{ type: 'text', text: '  ' }] } },
      /empty/,
    ],
    ['a bad conversation id', { ...base, id: '../etc' }, /^Invalid chat request: id/],
    [
      'a non-text part',
      { ...base, message: { ...base.message, parts: [{ type: 'file', url: 'x' }] } },
      /parts/,
    ],
    ['an unknown trigger', { ...base, trigger: 'rewrite-history' }, /trigger/],
    [
      'a huge text',
      { ...base, message: { ...base.message, parts: [{ type: 'text', text: 'x'.repeat(32_001) }] } },
      /text/,
    ],
  ])('refuses %s with a clear error', (_name, body, pattern) => {
    const parsed = parseChatRequest(body);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(pattern);
  });

  it('makes short titles from the first message', () => {
    expect(titleFrom('  hello\n  world ')).toBe('hello world');
    expect(titleFrom('x'.repeat(80))).toHaveLength(60);
    expect(titleFrom('   ')).toBe('New chat');
  });
});
