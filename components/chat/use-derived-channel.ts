'use client';
import type { UIMessage } from 'ai';
import { useEffect, useRef } from 'react';
import { isToolPart } from '@/lib/chat/ui-parts';
import { DERIVED_TOOL_NAME, type DerivedOutput } from '@/lib/mcplet/derived-result';
import { announceInvoking, deliverBackend, offerDerived, useDerived } from '@/lib/store/derived';

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

function derivedParts(messages: UIMessage[]): ToolPart[] {
  return messages.flatMap((m) =>
    m.parts.filter((p): p is ToolPart => isToolPart(p) && p.type === `tool-${DERIVED_TOOL_NAME}`),
  );
}

/**
 * The browser half of the derived result channel (spec 10): accepted results become pending for
 * their target, a fallback's real result goes to the target's view, and views hear tool-invoking.
 * Results stored before this page opened are history, never replayed.
 */
export function useDerivedChannel(conversationId: string, messages: UIMessage[], initial: UIMessage[]) {
  const handled = useRef<Set<string> | null>(null);
  if (!handled.current) {
    handled.current = new Set(derivedParts(initial).map((p) => p.toolCallId));
  }

  useEffect(() => {
    const done = handled.current as Set<string>;
    for (const part of derivedParts(messages)) {
      if (part.state !== 'output-available' || done.has(part.toolCallId)) continue;
      const derived = (part.output as Partial<DerivedOutput> | undefined)?.derived;
      const target = derived?.target && `${derived.target.serverId}/${derived.target.toolName}`;
      if (!derived || !target) {
        done.add(part.toolCallId);
        continue;
      }
      if ((part as { preliminary?: boolean }).preliminary) {
        const key = `${part.toolCallId}:invoking`;
        if (derived.invoking && !done.has(key)) {
          done.add(key);
          useDerived.setState((s) => ({
            status: { ...s.status, [part.toolCallId]: { phase: 'fallback', outcome: 'calling' } },
          }));
          announceInvoking(target);
        }
        continue;
      }
      done.add(part.toolCallId);
      performance.mark(`mcplet:derived-output:${part.toolCallId}`);
      if (derived.accepted) {
        const { accepted } = derived;
        // The TTL runs on this browser's clock, which the views share; server clocks may differ.
        const ttl = accepted.expiresAt - Date.parse(accepted.timestamp);
        offerDerived(
          {
            id: part.toolCallId,
            toolId: target,
            result: accepted.result,
            bytes: accepted.bytes,
            timestamp: accepted.timestamp,
            expiresAt: Date.now() + ttl,
            ...(accepted.revision !== undefined ? { revision: accepted.revision } : {}),
          },
          { conversationId, canFallBack: derived.canFallBack === true },
        );
      } else if (derived.fallback) {
        const outcome = deliverBackend(target, derived.fallback);
        useDerived.setState((s) => ({
          status: { ...s.status, [part.toolCallId]: { phase: 'fallback', outcome } },
        }));
      }
    }
  }, [conversationId, messages]);
}
