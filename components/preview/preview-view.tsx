'use client';

import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ToolView } from '@/lib/mcp/snapshot';
import { resolveDisplayMode } from '@/lib/mcplet/display-mode';
import { AppView } from '../apps/app-view';

const STEP_TEXT = {
  'tool-metadata': 'its metadata names it',
  'llm-fallback': 'the fallback of its llm-* mode',
  'model-suggestion': 'the model suggested it',
  'host-default': 'the host is configured so',
  'compatibility-default': 'admitted by compatibility, it names none',
  'hard-fallback': 'it names none',
} as const;

/**
 * A preview call's view, with no model: the same sandboxed view the chat shows,
 * opened inline (the toolbar switches modes) with the result the call returned.
 */
export function PreviewView({
  serverId,
  serverName,
  tool,
  callId,
  args,
  result,
  errorCode,
}: {
  serverId: string;
  serverName: string;
  tool: ToolView;
  callId: string;
  args: Record<string, unknown>;
  result: CallToolResult | undefined;
  errorCode: string | undefined;
}) {
  const uri = tool.ui?.resourceUri;
  if (!uri) return null;
  const inChat = resolveDisplayMode({
    toolMode: tool.ui?.displayMode,
    compatibility: tool.admittedBy !== 'mcplet',
  });
  return (
    <div className="space-y-1" data-testid="preview-view">
      <p className="text-xs text-muted" data-testid="preview-view-mode">
        In a chat this view opens {inChat.mode} ({STEP_TEXT[inChat.step]}).
      </p>
      <AppView
        viewId={`preview-${callId}`}
        serverId={serverId}
        serverName={serverName}
        resourceUri={uri}
        tool={{
          name: tool.name,
          title: tool.title,
          description: tool.description,
          inputSchema: tool.inputSchema,
        }}
        initialMode="inline"
        restored={false}
        input={args}
        inputComplete
        result={result}
        errorCode={errorCode}
        cancelled={result ? undefined : 'The call was not sent.'}
      />
    </div>
  );
}
