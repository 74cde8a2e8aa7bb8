import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectedGated } from '../../tests/fixtures/mcp/gated-server';
import { answerGate } from '../gates/gated-call';
import type { McpRegistry } from '../mcp/registry';
import { buildHostTools, type HostToolOutput } from './host-tools';
import { projectToolOutput } from './model-history';

/** Every tools/call carries the conversation's SEP request annotations; none yet here. */
const NO_ANNOTATIONS = { annotations: {} };

let gated: Awaited<ReturnType<typeof connectedGated>>;
let registry: McpRegistry;
const session = { userId: 'local' };

beforeAll(async () => {
  gated = await connectedGated();
  registry = gated.registry;
});

afterAll(() => gated.close());

beforeEach(() => {
  gated.received.length = 0;
});

let counter = 0;
/** Runs the model's tool as the AI SDK does, one output at a time. */
function execute(modelName: string, input: Record<string, unknown>, abortSignal?: AbortSignal) {
  const run = buildHostTools(registry, session)[modelName]?.execute;
  if (!run) throw new Error(`${modelName} was not offered to the model`);
  const outputs = run(input, { toolCallId: `call-${++counter}`, messages: [], abortSignal, context: {} });
  return (outputs as AsyncIterable<HostToolOutput>)[Symbol.asyncIterator]();
}

async function suspended(input: Record<string, unknown>, abortSignal?: AbortSignal) {
  const outputs = execute('gated__send_note', input, abortSignal);
  const first = await outputs.next();
  const ticket = first.done ? undefined : first.value.view.gate;
  if (!ticket) throw new Error('the call did not stop at its gate');
  return { outputs, ticket };
}

describe("Appendix A, 4: a model's confirm-gated call through the host tools' execute", () => {
  it('suspends at the gate: yields the ticket for the exact call and sends nothing', async () => {
    const { outputs, ticket } = await suspended({ text: 'hi' });
    expect(ticket).toMatchObject({
      kind: 'model',
      gate: 'confirm',
      toolName: 'send_note',
      args: { text: 'hi' },
    });
    expect(gated.received).toEqual([]);
    await answerGate(registry, ticket.id, 'local', { approved: false });
    await outputs.next();
  });

  it('dispatches the call, once, only after the approval', async () => {
    const { outputs, ticket } = await suspended({ text: 'hi' });
    // The answer wakes the model's call, waiting as the chat loop's is; the call dispatches itself,
    // and the answer says ok once it spent the approval.
    const resumed = outputs.next();
    expect(await answerGate(registry, ticket.id, 'local', { approved: true })).toEqual({
      ok: true,
      result: null,
    });
    const second = await resumed;
    expect(second.done ? undefined : second.value.view).toMatchObject({ sent: true, toolName: 'send_note' });
    expect(gated.received).toEqual([{ name: 'send_note', arguments: { text: 'hi' }, _meta: NO_ANNOTATIONS }]);
    expect((await outputs.next()).done).toBe(true);
    expect(await answerGate(registry, ticket.id, 'local', { approved: true })).toMatchObject({ status: 409 });
    expect(gated.received).toHaveLength(1);
  });

  it('sends nothing when the user refuses, and the model is told why', async () => {
    const { outputs, ticket } = await suspended({ text: 'hi' });
    await answerGate(registry, ticket.id, 'local', { approved: false, reason: 'cancelled' });
    const second = await outputs.next();
    expect(second.done ? undefined : second.value).toMatchObject({
      view: { sent: false, envelope: { error: { code: 'AUTH_REQUIRED' } } },
    });
    expect(projectToolOutput(second.value)).toEqual([
      { type: 'text', text: expect.stringContaining('cancelled') },
    ]);
    expect(gated.received).toEqual([]);
  });

  it('sends nothing when the turn is aborted at the gate', async () => {
    const controller = new AbortController();
    const { outputs } = await suspended({ text: 'hi' }, controller.signal);
    controller.abort();
    const second = await outputs.next();
    expect(second.done ? undefined : second.value.view).toMatchObject({ sent: false });
    expect(gated.received).toEqual([]);
  });

  it('an ungated tool runs without a gate', async () => {
    const outputs = execute('gated__ping', {});
    const first = await outputs.next();
    expect(first.done ? undefined : first.value.view).toMatchObject({ sent: true });
    expect(gated.received).toEqual([{ name: 'ping', arguments: {}, _meta: NO_ANNOTATIONS }]);
  });
});
