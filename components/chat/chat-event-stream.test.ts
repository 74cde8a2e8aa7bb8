import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { readChatEvents } from './chat-event-stream';

const encoder = new TextEncoder();

function bytes(pieces: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function read(pieces: string[]): Promise<UIMessageChunk[]> {
  const out: UIMessageChunk[] = [];
  for await (const chunk of readChatEvents(bytes(pieces))) out.push(chunk);
  return out;
}

const CHUNKS: UIMessageChunk[] = [
  { type: 'start', messageId: 'msg_1' },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'héllo ✓ ' },
  {
    type: 'tool-input-available',
    toolCallId: 'c1',
    toolName: 'restaurant__search',
    input: { cuisine: 'japanese' },
    toolMetadata: { serverId: 'restaurant', tool: { name: 'search', inputSchema: { type: 'object' } } },
  },
  { type: 'text-end', id: 't1' },
  { type: 'finish' },
];
const WIRE = `${CHUNKS.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('')}data: [DONE]\n\n`;

describe('the chat stream reader (the AI SDK wire format)', () => {
  it('reads each event as the chunk the server wrote, and [DONE] as the end', async () => {
    expect(await read([WIRE])).toEqual(CHUNKS);
  });

  it('reads events split anywhere, even inside a multi-byte character', async () => {
    const all = encoder.encode(WIRE);
    for (const size of [1, 3, 7, 64]) {
      const pieces: Uint8Array[] = [];
      for (let at = 0; at < all.length; at += size) pieces.push(all.slice(at, at + size));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(piece);
          controller.close();
        },
      });
      const out: UIMessageChunk[] = [];
      for await (const chunk of readChatEvents(stream)) out.push(chunk);
      expect(out).toEqual(CHUNKS);
    }
  });

  it('shows each chunk to its observer as it arrives, in order', async () => {
    const seen: string[] = [];
    const out: UIMessageChunk[] = [];
    for await (const chunk of readChatEvents(bytes([WIRE]), (c) => seen.push(c.type))) out.push(chunk);
    expect(seen).toEqual(CHUNKS.map((c) => c.type));
    expect(out).toEqual(CHUNKS);
  });

  it('ends with a clear error on an event that is not JSON', async () => {
    await expect(read(['data: {"type":"start"}\n\n', 'data: <html>\n\n'])).rejects.toThrow(
      /unreadable event: <html>/,
    );
  });

  it('ends with a clear error on JSON that is not a message part', async () => {
    for (const data of ['[1,2]', 'null', '{"delta":"x"}', '{"type":3}'])
      await expect(read([`data: ${data}\n\n`])).rejects.toThrow(/not a message part/);
  });
});
