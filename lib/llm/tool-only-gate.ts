import type { UIMessageChunk } from 'ai';
import { type ChatMode, judgeTurn, type TurnVerdict } from '../mcplet/chat-mode';

/** Error text the chat turn uses when a provider enforced `toolChoice: 'required'` and the model ignored it. */
export const TOOL_CHOICE_VIOLATION = 'mcplet-host:tool-choice-violation';

export interface RefusalData {
  reason: 'no-tool-call' | 'tool-not-allowed';
  recovery: string;
  toolNames: string[];
}

/**
 * 12.2 enforcement on the UI stream: in `tool-only` mode the first step is held back until it ends;
 * a step without a tool call, or with a call that is not allowed, never reaches the user and is
 * replaced by a refusal part carrying the recovery text.
 */
export function toolOnlyGate(
  mode: ChatMode,
  allowed: ReadonlySet<string>,
  onVerdict?: (verdict: TurnVerdict) => void,
): TransformStream<UIMessageChunk, UIMessageChunk> {
  let state: 'judging' | 'open' | 'refused' = mode === 'tool-only' ? 'judging' : 'open';
  let held: UIMessageChunk[] = [];
  const calls = new Set<string>();

  return new TransformStream({
    transform(chunk, controller) {
      if (state === 'open') {
        controller.enqueue(chunk);
        return;
      }
      const passesAlways =
        chunk.type === 'start' || chunk.type === 'finish' || chunk.type === 'error' || chunk.type === 'abort';
      if (state === 'refused') {
        if (passesAlways && !(chunk.type === 'error' && chunk.errorText === TOOL_CHOICE_VIOLATION))
          controller.enqueue(chunk);
        return;
      }
      if (
        chunk.type === 'tool-input-start' ||
        chunk.type === 'tool-input-available' ||
        chunk.type === 'tool-input-error'
      ) {
        calls.add(chunk.toolName);
      }
      const violated = chunk.type === 'error' && chunk.errorText === TOOL_CHOICE_VIOLATION;
      if (chunk.type === 'finish-step' || violated) {
        const verdict = judgeTurn(mode, violated ? [] : [...calls], allowed);
        onVerdict?.(verdict);
        if (verdict.ok) {
          for (const c of held) controller.enqueue(c);
          controller.enqueue(chunk);
          state = 'open';
        } else {
          const data: RefusalData = {
            reason: verdict.reason,
            recovery: verdict.recovery,
            toolNames: verdict.toolNames,
          };
          controller.enqueue({ type: 'start-step' });
          controller.enqueue({ type: 'data-refusal', data });
          controller.enqueue({ type: 'finish-step' });
          if (violated) controller.enqueue({ type: 'finish', finishReason: 'stop' });
          state = 'refused';
        }
        held = [];
        return;
      }
      if (
        chunk.type === 'tool-output-available' &&
        chunk.preliminary &&
        judgeTurn(mode, [...calls], allowed).ok
      ) {
        // An allowed call now waits at its gate: the user must see it, so the step is released early.
        for (const c of held) controller.enqueue(c);
        controller.enqueue(chunk);
        held = [];
        state = 'open';
        return;
      }
      if (passesAlways) {
        if (chunk.type !== 'start') held = [];
        controller.enqueue(chunk);
        return;
      }
      held.push(chunk);
    },
  });
}
