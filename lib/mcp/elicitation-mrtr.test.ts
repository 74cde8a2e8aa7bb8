import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedModern } from '../../tests/fixtures/mcp/modern-registry';
import { BOOKING_QUESTION, type ModernServer } from '../../tests/fixtures/mcp/modern-server';
import { dispatch } from './dispatch';
import { answerElicitation } from './elicitation';
import { elicitationStore } from './elicitation-store';
import type { McpRegistry } from './registry';

// A 2026-07-28 server asks for input with an input_required result (SEP-2322), not a server request:
// the host asks the user in the same dialog, checks the answer the same way, and calls again.
const session = { userId: 'alice' };

let server: ModernServer;
let registry: McpRegistry;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ server, registry, close } = await connectedModern('modern', 'Modern', 'alice'));
});
afterAll(() => close());

const call = (toolName: string) =>
  dispatch(registry, {
    serverId: 'modern',
    toolName,
    args: {},
    surface: { kind: 'model' },
    session,
    context: { conversationId: 'c1' },
  });

async function question() {
  for (;;) {
    const [prompt] = elicitationStore().prompts('alice');
    if (prompt) return prompt;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('elicitation over input_required (2026-07-28)', () => {
  it('is asked of the user whose call it is, the answer is checked against the form, and the call is made again with it', async () => {
    expect(registry.getFor('modern', 'alice')?.protocolVersion).toBe('2026-07-28');
    const outcome = call('book_table');
    const prompt = await question();
    expect(prompt).toMatchObject({
      mode: 'form',
      message: BOOKING_QUESTION,
      serverName: 'Modern',
      toolName: 'book_table',
    });
    expect(answerElicitation(prompt.id, 'bob', 'accept', { name: 'B' })).toMatchObject({ status: 404 });
    expect(answerElicitation(prompt.id, 'alice', 'accept', { name: 'Ann', guests: 40 })).toMatchObject({
      status: 422,
    });
    expect(answerElicitation(prompt.id, 'alice', 'accept', { name: 'Ann' })).toEqual({ ok: true });
    const done = await outcome;
    expect(done.sent).toBe(true);
    // The defaults of the form are filled in before the answer goes back.
    const text = JSON.stringify(done.envelope);
    expect(text).toContain('booked for');
    expect(text).toContain('\\"guests\\":2');
    expect(text).toContain('\\"name\\":\\"Ann\\"');
    const calls = server.seen.filter((r) => r.rpcMethod === 'tools/call');
    expect(calls).toHaveLength(2);
  });

  it('a declined question goes back as declined, and the server decides what that means', async () => {
    const outcome = call('book_table');
    const prompt = await question();
    expect(answerElicitation(prompt.id, 'alice', 'decline')).toEqual({ ok: true });
    const done = await outcome;
    expect(JSON.stringify(done.envelope)).toContain('not booked: decline');
  });

  it('sampling is offered now: without a model set up for it the request is refused, and the call ends with a sentence the model and the card read', async () => {
    // lib/mcp/sampling.test.ts covers the approved and denied paths; here no sampling services are wired.
    const done = await call('summarise');
    expect(done.sent).toBe(true);
    expect(done.envelope).toMatchObject({
      error: {
        code: 'X_SAMPLING_REFUSED',
        message:
          'Modern asked for a completion from the model (sampling), which was not given: this host has no model configured for it. The call was not completed.',
      },
    });
    expect(elicitationStore().prompts('alice')).toEqual([]);
  });
});
