'use client';
import { isToolUIPart, type UIMessage } from 'ai';
import { DERIVED_TOOL_NAME } from '@/lib/mcplet/derived-result';
import { NotOfferedTool, ReviewChange } from '../pinning/review-change';
import { ConnectServer } from './connect-server';
import { DerivedStatus } from './derived-status';
import { GateAsk, RanNotice } from './gate-prompt';
import { Markdown } from './markdown';
import { SecretReferences } from './secret-reveal';
import { MaliciousWarning, ToolBadges } from './tool-badges';
import { ToolCallCard } from './tool-call-card';
import { toolPartView } from './tool-part';
import { ToolView } from './tool-view';
import { ViewToolRun } from './view-tool-run';
import { WithheldNotice } from './withheld-notice';

interface RefusalPart {
  type: 'data-refusal';
  data: { recovery: string; reason: string };
}

function isRefusal(part: UIMessage['parts'][number]): part is RefusalPart & UIMessage['parts'][number] {
  return part.type === 'data-refusal';
}

/** A notify call that ran moments ago (the turn may already have ended when its card renders). */
function justRan(ranAt: number | undefined): boolean {
  return ranAt !== undefined && Math.abs(Date.now() - ranAt) < 60_000;
}

export function MessageView({ message, live = false }: { message: UIMessage; live?: boolean }) {
  const mine = message.role === 'user';
  return (
    <article
      className={`flex ${mine ? 'justify-end' : 'justify-start'}`}
      data-testid={`message-${message.role}`}
      data-message-id={message.id}
      aria-label={mine ? 'You' : 'Assistant'}
    >
      <div
        className={`flex max-w-[min(100%,46rem)] min-w-0 flex-col gap-2 ${mine ? 'rounded-2xl bg-surface-2 px-4 py-2' : 'w-full'}`}
      >
        {message.parts.map((part, index) => {
          const key = `${message.id}-${index}`;
          if (part.type === 'text') {
            return mine ? (
              <p key={key} className="text-[15px] whitespace-pre-wrap break-words">
                {part.text}
              </p>
            ) : (
              <Markdown key={key} text={part.text} />
            );
          }
          if (part.type === 'reasoning') {
            return (
              <details key={key} className="text-sm text-muted">
                <summary className="cursor-pointer">Reasoning</summary>
                <p className="mt-1 whitespace-pre-wrap">{part.text}</p>
              </details>
            );
          }
          if (isToolUIPart(part)) {
            const view = toolPartView(part);
            return [
              <ToolCallCard
                key={key}
                toolName={view.name}
                state={view.state}
                input={view.input}
                resultText={view.resultText}
                errorText={view.errorText}
                badges={
                  <ToolBadges
                    serverName={view.serverName}
                    mcpletType={view.mcpletType}
                    compatibility={view.compatibility}
                    untrusted={view.untrusted}
                    notice={view.notice}
                  />
                }
              >
                {view.withheld ? <WithheldNotice reasons={view.withheld} /> : null}
                {view.malicious ? <MaliciousWarning /> : null}
                {view.gate ? <GateAsk ticket={view.gate} live={live} /> : null}
                {view.changed ? <ReviewChange {...view.changed} /> : null}
                {view.signIn ? <ConnectServer serverId={view.signIn.serverId} /> : null}
                {view.notOffered ? <NotOfferedTool modelName={view.notOffered} /> : null}
                {view.notice && (live || justRan(view.ranAt)) ? (
                  <RanNotice
                    id={part.toolCallId}
                    toolName={view.name}
                    serverName={view.serverName}
                    args={view.input}
                  />
                ) : null}
                {view.secretReferences ? (
                  <SecretReferences toolCallId={part.toolCallId} references={view.secretReferences} />
                ) : null}
                {view.run ? <ViewToolRun run={view.run} live={live} /> : null}
                {part.type === `tool-${DERIVED_TOOL_NAME}` ? (
                  <DerivedStatus callId={part.toolCallId} />
                ) : null}
              </ToolCallCard>,
              <ToolView key={`${key}-view`} part={part} />,
            ];
          }
          if (isRefusal(part)) {
            return (
              <div
                key={key}
                role="note"
                className="rounded-lg border border-warn/40 bg-warn-bg px-3 py-2 text-sm text-warn"
                data-testid="refusal"
              >
                <Markdown text={part.data.recovery} />
              </div>
            );
          }
          return null;
        })}
      </div>
    </article>
  );
}
