'use client';
import type { UIMessage } from 'ai';
import type { Version } from '@/lib/chat/message-tree';
import { isPromptPart } from '@/lib/chat/prompt-part';
import { replyNotSaved } from '@/lib/chat/reply-save-part';
import { isResourcePart } from '@/lib/chat/resource-part';
import { isToolPart } from '@/lib/chat/ui-parts';
import type { ReplyEnding } from '@/lib/llm/reply-metadata';
import { DERIVED_TOOL_NAME } from '@/lib/mcplet/derived-result';
import { toolLabel } from '@/lib/mcplet/tool-words';
import { NotOfferedTool, ReviewChange } from '../pinning/review-change';
import { McpIcon } from '../ui/mcp-icon';
import { CancelCall } from './cancel-call';
import { ConnectServer } from './connect-server';
import { DerivedStatus } from './derived-status';
import { FileAttachment } from './file-chip';
import { GateAsk, RanNotice } from './gate-prompt';
import { Markdown } from './markdown';
import { CopyMessage, EditMessage } from './message-actions';
import { MessageVersions } from './message-versions';
import { PromptChip } from './prompt-chip';
import { ReplyNotSavedNotice } from './reply-not-saved';
import { ResourceAttachment } from './resource-attachment';
import { ResultResourcesList } from './result-resources-list';
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

/** What a reply that did not finish says under it. */
const ENDED_TEXT: Record<ReplyEnding, string> = {
  stopped: 'Stopped: this reply was cut short.',
  'cut-off': 'Cut off: the model stopped answering mid-way. Regenerate to try again.',
  interrupted: 'Interrupted: the server restarted before this reply finished.',
};

/** What a view is told of a call its reply's end cut short (ui/notifications/tool-cancelled). */
const STOPPED_CALL = 'The reply was stopped before this call finished.';

/** A notify call that ran moments ago (the turn may already have ended when its card renders). */
function justRan(ranAt: number | undefined): boolean {
  return ranAt !== undefined && Math.abs(Date.now() - ranAt) < 60_000;
}

export function MessageView({
  message,
  live = false,
  restored = false,
  ended = null,
  onEdit,
  version,
  onShowVersion,
}: {
  message: UIMessage;
  live?: boolean;
  /** Where the message stands among its versions (an edit, a regenerated reply). */
  version?: Version;
  /** Shows another version of the message; absent while a reply runs. */
  onShowVersion?: (messageId: string) => void;
  /** Set on the user's latest message while no reply runs: it can be edited and sent again. */
  onEdit?: (text: string) => void;
  /** The reply did not finish: the user stopped it, the model's stream broke off, or the server stopped. */
  ended?: ReplyEnding | null;
  /** The message was loaded with the conversation (its views open inline). */
  restored?: boolean;
}) {
  const mine = message.role === 'user';
  const notSaved = mine ? null : replyNotSaved(message);
  return (
    <article
      className={`flex flex-col rounded-lg ${mine ? 'items-end' : 'items-start'} data-[found=true]:ring-2 data-[found=true]:ring-accent/60 data-[found=true]:ring-offset-4 data-[found=true]:ring-offset-bg`}
      data-testid={`message-${message.role}`}
      data-message-id={message.id}
      data-role={message.role}
      aria-label={mine ? 'You' : 'Assistant'}
      tabIndex={-1}
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
          if (isPromptPart(part)) {
            // Text from an MCP prompt: shown as the prompt's, never as markup.
            return (
              <div key={key} className="flex flex-col items-start gap-1" data-testid="prompt-part">
                <PromptChip data={part.data} />
                <p className="text-[15px] whitespace-pre-wrap break-words">{part.data.text}</p>
              </div>
            );
          }
          if (isResourcePart(part)) {
            // An attached MCP resource: its chip (the host read it; what the model got is its projection).
            return <ResourceAttachment key={key} data={part.data} />;
          }
          if (part.type === 'file') {
            // A file the user attached: shown from its attachment, to its owner only.
            return (
              <FileAttachment
                key={key}
                name={part.filename ?? 'file'}
                mediaType={part.mediaType}
                url={part.url}
              />
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
          if (isToolPart(part)) {
            const view = toolPartView(part);
            // A call still running in a reply that no longer runs (stopped, cut, a restart) never finishes.
            const state = view.state === 'input-available' && !live ? 'stopped' : view.state;
            return [
              <ToolCallCard
                key={key}
                toolName={view.name}
                title={view.title}
                icon={view.icon ? <McpIcon {...view.icon} /> : undefined}
                state={state}
                input={view.input}
                resultText={view.resultText}
                errorText={view.errorText}
                errorCode={view.errorCode}
                foldResult={view.hasView}
                media={view.media}
                progress={view.progress}
                task={view.task}
                cancel={
                  live && view.cancellable && !view.run ? (
                    <CancelCall toolCallId={part.toolCallId} toolName={toolLabel(view.title, view.name)} />
                  ) : undefined
                }
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
                {view.resources && state === 'output-available' ? (
                  <ResultResourcesList resources={view.resources} toolName={view.name} />
                ) : null}
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
              <ToolView
                key={`${key}-view`}
                part={part}
                restored={restored}
                ended={
                  state === 'stopped' || state === 'cancelled' ? (view.errorText ?? STOPPED_CALL) : undefined
                }
              />,
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
        {ended && !mine ? (
          <p className="text-xs text-muted italic" data-testid={`reply-${ended}`}>
            {ENDED_TEXT[ended]}
          </p>
        ) : null}
        {notSaved ? <ReplyNotSavedNotice message={message} mark={notSaved} /> : null}
      </div>
      {/* Laid out while the reply streams too (hidden), so nothing moves under the pointer when it ends. */}
      <div
        className={`mt-1 flex w-full max-w-[min(100%,46rem)] flex-wrap gap-1 ${mine ? 'justify-end' : 'justify-start'} ${live ? 'invisible' : ''}`}
        aria-hidden={live || undefined}
        data-testid="message-actions"
      >
        {version ? (
          <MessageVersions version={version} disabled={!onShowVersion} onShow={(id) => onShowVersion?.(id)} />
        ) : null}
        <CopyMessage message={message} />
        {mine && onEdit ? <EditMessage message={message} onSend={onEdit} /> : null}
      </div>
    </article>
  );
}
