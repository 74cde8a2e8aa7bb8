import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { TOOL_CHOICE_VIOLATION, toolOnlyGate } from './tool-only-gate';

async function run(chunks: UIMessageChunk[], mode: 'normal' | 'tool-only', allowed: string[]) {
  const out: UIMessageChunk[] = [];
  const source = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
  const reader = source.pipeThrough(toolOnlyGate(mode, new Set(allowed))).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out.push(value);
  }
  return out;
}

const textStep: UIMessageChunk[] = [
  { type: 'start', messageId: 'm1' },
  { type: 'start-step' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Sure, here is text' },
  { type: 'text-end', id: 't' },
  { type: 'finish-step' },
  { type: 'finish' },
];

const toolStep = (toolName: string): UIMessageChunk[] => [
  { type: 'start', messageId: 'm1' },
  { type: 'start-step' },
  { type: 'tool-input-start', toolCallId: 'c1', toolName },
  { type: 'tool-input-available', toolCallId: 'c1', toolName, input: {} },
  { type: 'tool-output-available', toolCallId: 'c1', output: 'ok' },
  { type: 'finish-step' },
  { type: 'start-step' },
  { type: 'text-start', id: 't2' },
  { type: 'text-delta', id: 't2', delta: 'done' },
  { type: 'text-end', id: 't2' },
  { type: 'finish-step' },
  { type: 'finish' },
];

describe('12.2 tool-only gate on the UI stream', () => {
  it('12.2: passes everything through in normal mode', async () => {
    expect(await run(textStep, 'normal', [])).toEqual(textStep);
  });

  it('12.2: replaces a text-only reply with a refusal carrying recovery text', async () => {
    const out = await run(textStep, 'tool-only', ['a']);
    expect(out.some((c) => c.type === 'text-delta')).toBe(false);
    const refusal = out.find((c) => c.type === 'data-refusal') as {
      data: { reason: string; recovery: string };
    };
    expect(refusal.data.reason).toBe('no-tool-call');
    expect(refusal.data.recovery).toMatch(/without calling a tool/);
    expect(out.map((c) => c.type)).toEqual(['start', 'start-step', 'data-refusal', 'finish-step', 'finish']);
  });

  it('12.2: lets a turn with an allowed tool call through, including later steps', async () => {
    expect(await run(toolStep('a'), 'tool-only', ['a'])).toEqual(toolStep('a'));
  });

  it('12.2: refuses a turn that calls a tool that is not allowed and drops the later steps', async () => {
    const out = await run(toolStep('evil'), 'tool-only', ['a']);
    expect(out.map((c) => c.type)).toEqual(['start', 'start-step', 'data-refusal', 'finish-step', 'finish']);
    expect((out[2] as { data: { toolNames: string[] } }).data.toolNames).toEqual(['evil']);
  });

  it('12.2: a provider refusing to obey toolChoice "required" becomes the same refusal, not an error', async () => {
    const out = await run(
      [
        { type: 'start' },
        { type: 'start-step' },
        { type: 'text-start', id: 't' },
        { type: 'error', errorText: TOOL_CHOICE_VIOLATION },
      ],
      'tool-only',
      ['a'],
    );
    expect(out.map((c) => c.type)).toEqual(['start', 'start-step', 'data-refusal', 'finish-step', 'finish']);
  });

  it('12.2: releases the step early when an allowed call waits at its gate', async () => {
    const chunks: UIMessageChunk[] = [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'a', input: {} },
      { type: 'tool-output-available', toolCallId: 'c1', output: { gate: {} }, preliminary: true },
    ];
    const out = await run(chunks, 'tool-only', ['a']);
    expect(out).toEqual(chunks);
  });

  it('passes errors through while judging and drops the held step', async () => {
    const out = await run(
      [
        { type: 'start' },
        { type: 'start-step' },
        { type: 'text-start', id: 't' },
        { type: 'error', errorText: 'boom' },
      ],
      'tool-only',
      [],
    );
    expect(out).toEqual([{ type: 'start' }, { type: 'error', errorText: 'boom' }]);
  });
});
