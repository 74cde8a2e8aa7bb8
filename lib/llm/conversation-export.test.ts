import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ConversationExport } from '../chat/conversation-export';
import { DEFAULT_CREDENTIAL_PATTERNS } from '../trust/credentials';
import { WITHHELD_MARKER } from '../trust/scrub';
import { exportFile } from './conversation-export';

const SECRET = 'vault-key-5150-abcdef';
const conversation = {
  id: 'c1',
  title: 'Keys & `things`',
  chatMode: 'normal',
  modelId: 'm:1',
  updatedAt: '',
};
// As read from the database: the tool part opened from its seal holds the raw value and lists it as withheld.
const messages: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Make me a key' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      {
        type: 'tool-vault__create_key',
        toolCallId: 't1',
        state: 'output-available',
        input: { label: 'ci' },
        output: {
          content: [{ type: 'text', text: `key ${SECRET}` }],
          structuredContent: { key: SECRET },
          withheld: { values: [SECRET], reasons: ['x-sensitive'] },
        },
      },
      { type: 'text', text: `Here it is: ${SECRET}` },
    ],
  },
  { id: 'u2', role: 'user', parts: [{ type: 'text', text: `Is ${SECRET} valid?` }] },
];

describe('conversation export (Markdown and JSON)', () => {
  it('exports what the model read: every withheld value stays withheld, raw results never appear', () => {
    for (const format of ['md', 'json'] as const) {
      const file = exportFile(conversation, messages, format, DEFAULT_CREDENTIAL_PATTERNS);
      expect(file.body).not.toContain(SECRET);
      expect(file.body).toContain(WITHHELD_MARKER);
      expect(file.body).toContain('Make me a key');
      expect(file.fileName).toBe(`keys-things.${format}`);
    }
  });

  it('JSON: the messages with their text and tool calls, in order', () => {
    const file = exportFile(conversation, messages, 'json', [], new Date('2026-01-02T03:04:05Z'));
    const data = JSON.parse(file.body) as ConversationExport;
    expect(file.contentType).toBe('application/json; charset=utf-8');
    expect(data).toMatchObject({
      format: 'mcplet-conversation-export',
      exportedAt: '2026-01-02T03:04:05.000Z',
      conversation: { id: 'c1', modelId: 'm:1' },
    });
    expect(data.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(data.messages[1]?.parts.map((p) => p.type)).toEqual(['tool', 'text']);
    expect(data.messages[1]?.parts[0]).toMatchObject({ tool: 'vault__create_key', input: { label: 'ci' } });
  });

  it('Markdown: a heading per message, tool input and result fenced', () => {
    const { body } = exportFile(conversation, messages, 'md', []);
    expect(body.startsWith('# Keys & `things`\n')).toBe(true);
    expect(body).toContain('## You\n\nMake me a key');
    expect(body).toContain('**Tool call: `vault__create_key`**');
    expect(body).toContain('```json\n{\n  "label": "ci"\n}\n```');
  });
});
