'use client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ViewFrameHint, viewFrame, viewFrameTitle } from '@/lib/apps/sandbox';
import { answerModeRequest } from '@/lib/mcplet/display-mode';
import { CONCRETE_DISPLAY_MODES, type ConcreteDisplayMode } from '@/lib/mcplet/types';
import { useToolChanges } from '@/lib/store/tool-changes';
import { useViewContext } from '@/lib/store/view-context';
import { storedViewMode, storeViewMode } from '@/lib/store/view-modes';
import { ReviewChange } from '../pinning/review-change';
import { ReviewViewChange } from '../pinning/review-view-change';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ScrollRegion } from '../ui/scroll-region';
import { useHydrated } from '../ui/use-hydrated';
import { showLatestReply, useChatActions } from './chat-actions';
import { useEscapeToInline } from './use-escape-to-inline';
import { type ToolDescriptor, useHostContext } from './use-host-context';
import { type PipDock, usePipDock } from './use-pip-dock';
import { useReplyBehind } from './use-reply-behind';
import { type LoadedResource, useViewBridge } from './use-view-bridge';
import { ViewFrame } from './view-frame';
import { isViewChanged, loadViewResource } from './view-resource';
import { MODE_NAME, ViewToolbar } from './view-toolbar';

export interface AppViewProps {
  viewId: string;
  serverId: string;
  serverName: string;
  resourceUri: string;
  /** Starts the sandbox frame while the view's HTML is fetched (the chat's tool metadata); none in the preview. */
  frameHint?: ViewFrameHint;
  tool: ToolDescriptor;
  initialMode: ConcreteDisplayMode;
  /** The view belongs to a turn loaded with the conversation, not to one run on this page: it opens inline. */
  restored: boolean;
  input: Record<string, unknown> | undefined;
  inputComplete: boolean;
  result: CallToolResult | undefined;
  /** The 9.1 code when the result is an error. */
  errorCode?: string;
  cancelled: string | undefined;
}

interface LogLine {
  at: number;
  level: 'info' | 'warn' | 'error';
  message: string;
}

interface PendingConfirm {
  kind: 'message' | 'download';
  detail: string;
  resolve: (ok: boolean) => void;
}

function containerClass(mode: ConcreteDisplayMode, dock: PipDock): string {
  if (mode === 'fullscreen') return 'fixed inset-0 z-40 flex flex-col bg-bg';
  if (mode === 'pip') {
    const frame = 'fixed z-30 flex flex-col overflow-hidden rounded-lg border border-border bg-bg shadow-2xl';
    // On a phone the floating view is a bar across the chat until it is opened, and then no taller
    // than half the screen; the chat makes room for it either way (use-pip-dock.ts).
    if (dock.phone) return `${frame} ${dock.expanded ? 'h-[min(18rem,45vh)]' : 'h-10'}`;
    return `${frame} h-72 w-[min(24rem,92vw)]`;
  }
  return 'relative w-full overflow-hidden rounded-lg border border-border bg-bg';
}

/**
 * One MCP Apps view in the chat, in a separate-origin double iframe (sandbox proxy, then the view).
 * The frame never moves in the DOM: switching between inline, fullscreen and pip changes only its
 * container's styling, so the view keeps its state.
 */
export function AppView(props: AppViewProps) {
  const { sendUserMessage } = useChatActions();
  const setViewContext = useViewContext((s) => s.set);
  const dropViewContext = useViewContext((s) => s.drop);
  const [resource, setResource] = useState<LoadedResource | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed' | 'closed'>('loading');
  const refusedAsChanged = useToolChanges((s) => s.refused);
  const [failure, setFailure] = useState<string | null>(null);
  /** The host refused the view's HTML as changed since the user trusted it; the card offers the review. */
  const [viewChanged, setViewChanged] = useState(false);
  /** Reads of the view's HTML so far: an accepted change reads it again. */
  const [reads, setReads] = useState(0);
  // Until the user or the view picks a mode, the resolved mode follows the call's (streaming) input.
  // A view of an earlier turn opens inline: only the turn the user just ran may take the screen.
  const [chosenMode, setChosenMode] = useState<ConcreteDisplayMode | null>(props.restored ? 'inline' : null);
  const mode = chosenMode ?? props.initialMode;
  const [logOpen, setLogOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const newReply = useReplyBehind(mode, chosenMode !== null, rootRef);
  const [log, setLog] = useState<LogLine[]>([]);
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const dock = usePipDock(props.viewId, mode === 'pip', rootRef, container);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  const addLog = useCallback(
    (level: LogLine['level'], message: string) => {
      setLog((old) => [...old.slice(-99), { at: Date.now(), level, message }]);
      if (level === 'error') console.error(`[view ${props.viewId}] ${message}`);
    },
    [props.viewId],
  );

  useEffect(() => {
    let live = true;
    // `reads` names the attempt: an accepted change starts another.
    void reads;
    loadViewResource(props.serverId, props.resourceUri)
      .then((loaded) => {
        const { ok, status, body: answer } = loaded;
        const body = answer as LoadedResource & { error?: string };
        if (isViewChanged(loaded)) {
          if (!live) return;
          addLog('warn', body.error ?? 'the view changed since you trusted it');
          setViewChanged(true);
          setStatus('failed');
          return;
        }
        if (!ok) throw new Error(body.error ?? `HTTP ${status}`);
        if (!live) return;
        performance.mark(`mcplet:resource-loaded:${props.viewId}`);
        for (const note of body.notes) addLog('warn', note);
        addLog(
          'info',
          `origin: ${body.sandboxOrigin}; CSP: ${JSON.stringify(body.csp)}; permissions: ${JSON.stringify(body.permissions)}`,
        );
        setResource(body);
      })
      .catch((error: unknown) => {
        if (!live) return;
        const reason = `could not load ${props.resourceUri}: ${error instanceof Error ? error.message : String(error)}`;
        addLog('error', reason);
        setFailure(reason);
        setStatus('failed');
      });
    return () => {
      live = false;
    };
  }, [props.serverId, props.resourceUri, props.viewId, addLog, reads]);

  const loadAccepted = useCallback(() => {
    setViewChanged(false);
    setFailure(null);
    setStatus('loading');
    setReads((n) => n + 1);
  }, []);

  useEffect(() => () => dropViewContext(props.viewId), [dropViewContext, props.viewId]);

  useEffect(() => {
    const stored = storedViewMode(props.viewId);
    if (stored) setChosenMode(stored);
  }, [props.viewId]);

  const setMode = useCallback(
    (next: ConcreteDisplayMode) => {
      setChosenMode(next);
      storeViewMode(props.viewId, next);
    },
    [props.viewId],
  );

  const hostContext = useHostContext(props.viewId, props.tool, mode, container);
  const sizedOnce = useRef(false);
  if (((hostContext.containerDimensions as { width?: number } | undefined)?.width ?? 0) > 0)
    sizedOnce.current = true;
  const sized = sizedOnce.current;

  // The resource decides the frame: one started from the hint with another origin or `allow` is
  // replaced (its key changes) before the bridge, and so the view's HTML, ever reaches it.
  // Not in the server's HTML: a frame that loads before hydration would announce itself to no one.
  const hydrated = useHydrated();
  const framed = viewFrame(resource, hydrated ? props.frameHint : undefined);
  const frame = framed?.frame ?? null;
  const frameKey = framed?.key ?? null;
  const showFrame = frame !== null && frameKey !== null && status !== 'failed' && status !== 'closed';

  const { bridge } = useViewBridge({
    frameRef,
    frameKey,
    sandboxOrigin: showFrame ? frame.sandboxOrigin : null,
    sized,
    serverId: props.serverId,
    toolName: props.tool.name,
    toolInputSchema: props.tool.inputSchema,
    mode,
    viewId: props.viewId,
    viewTitle: `${props.tool.title ?? props.tool.name} (${props.serverName})`,
    resource: status === 'failed' || status === 'closed' ? null : resource,
    hostContext,
    input: props.input,
    inputComplete: props.inputComplete,
    result: props.result,
    errorCode: props.errorCode,
    cancelled: props.cancelled,
    events: {
      log: addLog,
      confirm: (kind, detail) => new Promise<boolean>((resolve) => setPending({ kind, detail, resolve })),
      sendUserMessage,
      setModelContext: (text) =>
        setViewContext(
          text
            ? { viewId: props.viewId, serverId: props.serverId, toolName: props.tool.name, text }
            : { viewId: props.viewId, text: '' },
        ),
      requestMode: (requested, viewModes) => {
        const answer = answerModeRequest(requested, modeRef.current, CONCRETE_DISPLAY_MODES, viewModes);
        if (!answer.changed && requested !== modeRef.current)
          addLog('warn', `refused display mode ${JSON.stringify(requested)}`);
        if (answer.changed) setMode(answer.mode);
        return answer.mode;
      },
      teardownRequested: () => void close(),
      initialized: () => {
        setStatus('ready');
        addLog('info', 'view initialized');
        performance.mark(`mcplet:view-initialized:${props.viewId}`);
      },
      failed: (reason) => {
        addLog('error', reason);
        setFailure(reason);
        setStatus('failed');
      },
    },
  });

  async function close() {
    const current = bridge.current;
    if (current) await current.teardownResource({}, { timeout: 2_000 }).catch(() => {});
    setStatus('closed');
  }

  /** The toolbar button to give the keyboard to once the view is in `mode` (by its accessible name). */
  const focusAfter = useRef<{ mode: ConcreteDisplayMode; label: string } | null>(null);

  function switchMode(next: ConcreteDisplayMode, focusLabel?: string) {
    setMode(next);
    addLog('info', `display mode: ${next}`);
    focusAfter.current = focusLabel ? { mode: next, label: focusLabel } : null;
  }

  useEffect(() => {
    const target = focusAfter.current;
    if (!target || target.mode !== mode || !container) return;
    focusAfter.current = null;
    container.querySelector<HTMLElement>(`button[aria-label="${target.label}"]`)?.focus();
  }, [mode, container]);

  useEscapeToInline(mode !== 'inline', () => switchMode('inline', MODE_NAME[mode]));

  function showReply() {
    switchMode('inline');
    requestAnimationFrame(showLatestReply);
  }

  return (
    <div
      ref={rootRef}
      className="flex flex-col gap-1"
      data-testid="app-view"
      data-view-id={props.viewId}
      data-mode={mode}
      data-status={status}
    >
      {refusedAsChanged
        .filter((r) => r.serverId === props.serverId)
        .map((r) => (
          <ReviewChange
            key={`${r.toolName} ${r.refusals}`}
            serverId={r.serverId}
            toolName={r.toolName}
            accepted={r.accepted}
          />
        ))}
      {status === 'failed' && viewChanged ? (
        <ReviewViewChange serverId={props.serverId} uri={props.resourceUri} onAccepted={loadAccepted} />
      ) : null}
      {status === 'failed' && !viewChanged ? (
        <p
          role="alert"
          className="rounded-md border border-border bg-surface px-3 py-2 text-sm text-muted"
          data-testid="view-fallback"
        >
          The view could not be shown ({failure}). The tool's text result above still applies.{' '}
          <button
            type="button"
            className="underline"
            aria-expanded={logOpen}
            aria-controls={`view-log-${props.viewId}`}
            onClick={() => setLogOpen((open) => !open)}
          >
            View log
          </button>
        </p>
      ) : null}
      {status === 'closed' ? (
        <p className="text-sm text-muted">
          View closed.{' '}
          <button type="button" className="underline" onClick={() => setStatus('loading')}>
            Show it again
          </button>
        </p>
      ) : null}
      {showFrame && mode !== 'inline' ? (
        <div className="flex items-center gap-2 rounded-md border border-dashed border-border px-3 py-2 text-sm text-muted">
          <span>Shown {mode === 'pip' ? 'in a floating window' : 'fullscreen'}.</span>
          <Button variant="ghost" className="text-xs" onClick={() => switchMode('inline')}>
            Show here
          </Button>
        </div>
      ) : null}
      {showFrame ? (
        <section
          ref={setContainer}
          className={containerClass(mode, dock)}
          style={mode === 'pip' ? dock.style : undefined}
          data-corner={mode === 'pip' ? dock.corner : undefined}
          data-compact={mode === 'pip' && dock.phone && !dock.expanded ? '' : undefined}
          aria-label={`${props.tool.title ?? props.tool.name} view`}
          data-fullscreen-view={mode === 'fullscreen' ? '' : undefined}
          data-testid="view-container"
        >
          <ViewToolbar
            title={props.tool.title ?? props.tool.name}
            serverName={props.serverName}
            mode={mode}
            newReply={newReply}
            onShowReply={showReply}
            logId={`view-log-${props.viewId}`}
            logOpen={logOpen}
            onToggleLog={() => setLogOpen((open) => !open)}
            onSwitch={switchMode}
            dock={dock}
          />
          <ViewFrame
            key={frameKey}
            viewId={props.viewId}
            frame={frame}
            frameKey={frameKey}
            resourceUri={props.resourceUri}
            title={viewFrameTitle(props.tool.title ?? props.tool.name, props.serverName)}
            mode={mode}
            frameRef={frameRef}
          />
        </section>
      ) : null}
      {status === 'loading' && !failure ? <p className="text-xs text-muted">Loading view…</p> : null}
      <ScrollRegion
        label="View log"
        id={`view-log-${props.viewId}`}
        hidden={!logOpen}
        className="max-h-40 overflow-auto rounded border border-border p-2 text-xs text-muted"
      >
        <ul className="font-mono" data-testid="view-log">
          {log.length === 0 ? <li>Nothing logged yet.</li> : null}
          {log.map((line) => (
            <li
              key={`${line.at}-${line.message}`}
              className={line.level === 'error' ? 'text-danger' : line.level === 'warn' ? 'text-warn' : ''}
            >
              {new Date(line.at).toLocaleTimeString()} {line.message}
            </li>
          ))}
        </ul>
      </ScrollRegion>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && pending) {
            pending.resolve(false);
            setPending(null);
          }
        }}
        title={pending?.kind === 'download' ? 'Save a file from this view?' : 'Send this message as you?'}
        description={
          <span className="block">
            <span className="block">
              {pending?.kind === 'download'
                ? `${props.serverName} wants to save “${pending.detail}” to your computer.`
                : `${props.serverName}'s view wants to add this message to the chat:`}
            </span>
            {pending?.kind === 'message' ? (
              <ScrollRegion
                as="span"
                label="The message"
                className="mt-2 block max-h-48 overflow-auto rounded bg-surface p-2 whitespace-pre-wrap text-fg"
                data-testid="view-message-preview"
              >
                {pending.detail}
              </ScrollRegion>
            ) : null}
          </span>
        }
        confirmLabel={pending?.kind === 'download' ? 'Save' : 'Send'}
        onConfirm={() => {
          pending?.resolve(true);
          setPending(null);
        }}
      />
    </div>
  );
}
