import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { isToolPart, opensNewChat, toolNameOf } from './ui-parts';

type Part = UIMessage['parts'][number];

const parts: Part[] = [
  { type: 'text', text: 'hi' },
  { type: 'reasoning', text: 'hm' },
  { type: 'step-start' },
  { type: 'tool-get-weather', toolCallId: 'a', state: 'input-available', input: {} },
  { type: 'tool-a-b-c', toolCallId: 'b', state: 'output-available', input: {}, output: 1 },
  { type: 'dynamic-tool', toolName: 'notes.add', toolCallId: 'c', state: 'input-streaming', input: {} },
  { type: 'data-status', data: {} },
  { type: 'source-url', sourceId: 's', url: 'https://example.com' },
] as Part[];

describe('tool parts, as the AI SDK reads them', () => {
  it.each(parts)('$type is a tool part exactly when the SDK says so', (part) => {
    expect(isToolPart(part)).toBe(isToolUIPart(part));
  });

  it.each(parts.filter(isToolUIPart))('$type has the SDK’s tool name', (part) => {
    expect(toolNameOf(part)).toBe(getToolName(part));
  });
});

describe('a request that opens a new chat', () => {
  const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] };
  const reply: UIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'hello' }] };

  it('is the first message of a chat, submitted', () => {
    expect(opensNewChat([user], 'submit-message')).toBe(true);
  });

  it.each([
    ['a later message', [user, reply, { ...user, id: 'u2' }], 'submit-message'],
    ['a retry of the first message', [user], 'regenerate-message'],
    ['no message', [], 'submit-message'],
  ] as const)('is not %s', (_name, messages, trigger) => {
    expect(opensNewChat([...messages], trigger)).toBe(false);
  });
});
