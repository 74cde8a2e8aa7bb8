'use client';

import type { CallToolResult } from '@modelcontextprotocol/client';
import type { UIMessage } from 'ai';
import { Suspense, useEffect } from 'react';
import type { ViewFrameHint } from '@/lib/apps/sandbox';
import { preloadable } from '@/lib/client/preloadable';
import { resolveDisplayMode, splitDisplayMode } from '@/lib/mcplet/display-mode';
import type { ToolDescriptor } from '../apps/use-host-context';

// The view runtime (the MCP Apps bridge, the SDK's message schemas) is not in the chat's
// first load: the browser fetches it as soon as this module runs, beside hydration, and a view that
// renders before it arrives waits in a Suspense boundary; once it is here, views render it directly.
const viewRuntime = preloadable(() => import('../apps/app-view').then((m) => m.AppView));
if (typeof window !== 'undefined') void viewRuntime.preload().catch(() => {});

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

interface ViewMeta {
  serverId?: string;
  serverName?: string;
  admittedBy?: string;
  ui?: { resourceUri?: string; displayMode?: string; hostDisplayMode?: string };
  frame?: ViewFrameHint;
  tool?: ToolDescriptor;
}

interface HostOutput {
  view?: { result?: CallToolResult; envelope?: { error?: { message?: string; code?: string } } };
}

/** The MCP Apps view of a tool call, when its tool declares one (`_meta.ui.resourceUri`). */
export function ToolView({
  part,
  restored,
  ended,
}: {
  part: ToolPart;
  restored: boolean;
  /** The call was cancelled, or its reply stopped while it ran: why, for the view's tool-cancelled. */
  ended?: string;
}) {
  const meta = ((part as { toolMetadata?: unknown }).toolMetadata ?? {}) as ViewMeta;
  const uri = meta.ui?.resourceUri;
  if (!uri || !meta.serverId || !meta.tool) return null;
  const rawInput = (part.input ?? undefined) as Record<string, unknown> | undefined;
  const { args: input, suggestion } = splitDisplayMode(rawInput ?? {});
  const resolved = resolveDisplayMode({
    toolMode: meta.ui?.displayMode,
    suggestion,
    hostMode: meta.ui?.hostDisplayMode,
    compatibility: meta.admittedBy !== undefined && meta.admittedBy !== 'mcplet',
  });

  let result: CallToolResult | undefined;
  let cancelled: string | undefined;
  let errorCode: string | undefined;
  if (ended) {
    cancelled = ended;
  } else if (part.state === 'output-available') {
    const output = part.output as HostOutput;
    const error = output?.view?.envelope?.error;
    errorCode = error?.code;
    result =
      output?.view?.result ??
      (error
        ? {
            isError: true,
            content: [
              {
                type: 'text',
                text: `${error.message ?? 'The tool failed.'} (${error.code ?? 'UNKNOWN_ERROR'})`,
              },
            ],
          }
        : undefined);
  } else if (part.state === 'output-error' || part.state === 'output-denied') {
    cancelled = part.state === 'output-error' ? part.errorText : 'The call was denied.';
  }

  const View = viewRuntime.current();
  return (
    <>
      <ResultMark viewId={part.toolCallId} arrived={result !== undefined} />
      <Suspense
        fallback={
          <p role="status" className="text-sm text-muted">
            Loading the view…
          </p>
        }
      >
        <View
          viewId={part.toolCallId}
          serverId={meta.serverId}
          serverName={meta.serverName ?? meta.serverId}
          resourceUri={uri}
          frameHint={meta.frame}
          tool={meta.tool}
          initialMode={resolved.mode}
          restored={restored}
          input={rawInput ? (input as Record<string, unknown>) : undefined}
          inputComplete={part.state !== 'input-streaming'}
          result={result}
          errorCode={errorCode}
          cancelled={cancelled}
        />
      </Suspense>
    </>
  );
}

/** A performance mark when the tool result reaches the browser (bench/view-init measures from it). */
function ResultMark({ viewId, arrived }: { viewId: string; arrived: boolean }) {
  useEffect(() => {
    if (arrived && performance.getEntriesByName(`mcplet:tool-result:${viewId}`).length === 0) {
      performance.mark(`mcplet:tool-result:${viewId}`);
    }
  }, [arrived, viewId]);
  return null;
}
