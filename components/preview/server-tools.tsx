'use client';
import { useState } from 'react';
import type { ToolView } from '@/lib/mcp/snapshot';
import { GATE_TABLE } from '@/lib/mcplet/gates';
import { DECISION_RULE_TEXT } from '@/lib/mcplet/trust-escalation';
import { Badge } from '../chat/tool-badges';
import { Button } from '../ui/button';
import { McpIcon } from '../ui/mcp-icon';
import type { ServerView } from './api';
import { ToolCallForm } from './tool-call-form';
import { ToolTrust } from './trust-views';

function ToolRow({ serverId, serverName, tool }: { serverId: string; serverName: string; tool: ToolView }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-md border border-border p-3" data-testid="admitted-tool" data-tool={tool.name}>
      <div className="flex flex-wrap items-center gap-2">
        {tool.hasIcon ? <McpIcon serverId={serverId} toolName={tool.name} /> : null}
        {tool.title ? (
          <span className="font-semibold" data-testid="tool-title">
            {tool.title}
          </span>
        ) : null}
        <code className={`font-mono ${tool.title ? 'text-xs text-muted' : 'font-semibold'}`}>
          {tool.name}
        </code>
        {tool.pin === 'changed' ? (
          <Badge
            tone="border-danger/40 text-danger"
            title="Changed since you trusted it (a rug-pull guard): not callable until you accept the change"
          >
            changed
          </Badge>
        ) : null}
        {tool.pin === 'new' ? (
          <Badge tone="border-accent/40 text-accent" title="Listed after this server was first admitted">
            new
          </Badge>
        ) : null}
        <Badge
          tone={tool.mcpletType === 'action' ? 'border-danger/40 text-danger' : 'border-border text-muted'}
        >
          {tool.mcpletType}
        </Badge>
        <Badge title="8.1 visibility">{`visible to ${tool.visibility.join(' + ')}`}</Badge>
        {tool.pool ? <Badge title="6.2 pool">{`pool ${tool.pool}`}</Badge> : null}
        {tool.auth ? (
          <Badge
            tone="border-warn/50 text-warn"
            title="6.7 auth"
          >{`${tool.auth.required}, ${tool.auth.enforcement}`}</Badge>
        ) : null}
        {tool.ui?.resourceUri ? (
          <Badge
            title={tool.ui.resourceUri}
          >{`view${tool.ui.displayMode ? `: ${tool.ui.displayMode}` : ''}`}</Badge>
        ) : null}
        <span data-testid="tool-gate" data-gate={tool.gate.gate} data-rule={tool.gate.rule}>
          <Badge
            tone={GATE_TABLE[tool.gate.gate].waits ? 'border-warn/50 text-warn' : 'border-border text-muted'}
            title={`decided by: ${DECISION_RULE_TEXT[tool.gate.rule]}`}
          >{`gate: ${GATE_TABLE[tool.gate.gate].label} (${DECISION_RULE_TEXT[tool.gate.rule]})`}</Badge>
        </span>
        {tool.admittedBy !== 'mcplet' ? (
          <Badge
            tone="border-warn/50 text-warn"
            title="No MCPlet metadata of its own"
          >{`compatibility (${tool.admittedBy})`}</Badge>
        ) : null}
        {tool.resultSchema ? (
          <Badge
            tone={
              tool.resultSchema.status === 'ready' ? 'border-ok/40 text-ok' : 'border-danger/40 text-danger'
            }
            title={tool.resultSchema.uri}
          >
            {tool.resultSchema.status === 'ready'
              ? `result schema v${tool.resultSchema.version}`
              : 'result schema error'}
          </Badge>
        ) : null}
        <Button
          variant="ghost"
          className="ml-auto text-xs"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
        >
          {open ? 'Close' : 'Try it'}
        </Button>
      </div>
      {tool.description ? <p className="mt-1 text-sm text-muted">{tool.description}</p> : null}
      <p className="mt-1 text-xs text-muted">
        The model calls it <code>{tool.modelName}</code>
        {tool.visibility.includes('model') ? '' : ' (never offered to the model)'}
      </p>
      {tool.trust ? <ToolTrust trust={tool.trust} /> : null}
      {tool.warnings.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 text-xs text-warn">
          {tool.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      {open ? <ToolCallForm serverId={serverId} serverName={serverName} tool={tool} /> : null}
    </li>
  );
}

/** The Tools tab of a server's card: what the server has now, admitted and rejected (5.3.1). */
export function ServerTools({ server }: { server: ServerView }) {
  return (
    <>
      <h3 className="text-sm font-semibold">Admitted tools ({server.tools.length})</h3>
      {server.tools.length === 0 ? <p className="text-sm text-muted">None.</p> : null}
      <ul className="mt-2 space-y-2">
        {server.tools.map((tool) => (
          <ToolRow key={tool.name} serverId={server.id} serverName={server.name} tool={tool} />
        ))}
      </ul>
      {server.rejected.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold">Rejected tools ({server.rejected.length})</h3>
          <ul className="mt-2 space-y-2">
            {server.rejected.map((tool) => (
              <li
                key={tool.name}
                className="rounded-md border border-danger/30 p-3 text-sm"
                data-testid="rejected-tool"
                data-tool={tool.name}
              >
                <code className="font-mono font-semibold break-all">{tool.name}</code>
                <ul className="mt-1 list-disc pl-5">
                  {tool.reasons.map((r) => (
                    <li key={r.code}>
                      {r.message}{' '}
                      <span className="text-xs text-muted">
                        ({r.code}, spec {r.section})
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
