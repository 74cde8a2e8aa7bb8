'use client';
import { CONCRETE_DISPLAY_MODES, type ConcreteDisplayMode } from '@/lib/mcplet/types';
import { PIP_CORNER_NAME } from './pip-dock';
import type { PipDock } from './use-pip-dock';

const MODE_LABEL: Record<ConcreteDisplayMode, string> = {
  inline: 'Inline',
  fullscreen: 'Fullscreen',
  pip: 'PiP',
};
/** Each mode button's accessible name (the visible label is shorter for PiP). */
export const MODE_NAME: Record<ConcreteDisplayMode, string> = {
  inline: 'Inline',
  fullscreen: 'Fullscreen',
  pip: 'PiP (picture in picture)',
};
/** The toolbar's buttons: at least 32 px square, a finger's target on a phone. */
const TOOL_BUTTON = 'inline-flex min-h-8 min-w-8 items-center justify-center rounded px-1.5';

/** The control that brings a fullscreen or floating view back into the conversation. */
const BACK_NAME: Record<Exclude<ConcreteDisplayMode, 'inline'>, string> = {
  fullscreen: 'Exit fullscreen',
  pip: 'Put back in the chat',
};

export interface ViewToolbarProps {
  title: string;
  serverName: string;
  mode: ConcreteDisplayMode;
  /** A reply arrived behind the fullscreen view. */
  newReply: boolean;
  onShowReply: () => void;
  logId: string;
  logOpen: boolean;
  onToggleLog: () => void;
  /** Switch modes, then give the keyboard to the button with this accessible name. */
  onSwitch: (mode: ConcreteDisplayMode, focusLabel?: string) => void;
  /** Where a floating view is docked, and how it moves and opens. */
  dock: PipDock;
}

/** The host's toolbar above a view: its name, the display modes, the log toggle, the way back. */
export function ViewToolbar({
  title,
  serverName,
  mode,
  newReply,
  onShowReply,
  logId,
  logOpen,
  onToggleLog,
  onSwitch,
  dock,
}: ViewToolbarProps) {
  const pip = mode === 'pip';
  // On a phone the floating view is a bar: its handle, its name (which opens it) and the way back.
  const bar = pip && dock.phone;
  const compact = bar && !dock.expanded;
  return (
    <header
      className={`flex items-center gap-x-2 border-b border-border bg-surface px-2 py-0.5 text-xs ${compact ? 'flex-nowrap' : 'flex-wrap'} ${pip ? 'cursor-move touch-none' : ''}`}
      onPointerDown={pip ? dock.startDrag : undefined}
    >
      {pip ? (
        <button
          type="button"
          data-drag-handle=""
          className={`${TOOL_BUTTON} hover:bg-surface-2`}
          aria-label={`Move the floating view (arrow keys), now ${PIP_CORNER_NAME[dock.corner]}`}
          onKeyDown={(e) => {
            if (dock.moveKey(e.key)) e.preventDefault();
          }}
        >
          ⠿
        </button>
      ) : null}
      {bar ? (
        <button
          type="button"
          className={`${TOOL_BUTTON} min-w-0 flex-1 justify-start gap-1 font-medium hover:bg-surface-2`}
          aria-expanded={dock.expanded}
          onClick={dock.toggleExpanded}
        >
          <span className="truncate">{title}</span>
          <span className="text-muted">{dock.expanded ? 'Collapse' : 'Expand'}</span>
        </button>
      ) : (
        <span className="truncate font-medium">{title}</span>
      )}
      {compact ? null : <span className="truncate text-muted">from {serverName}</span>}
      <span
        role="status"
        className={compact ? 'sr-only' : 'flex items-center gap-2'}
        data-testid="reply-behind"
      >
        {newReply ? (
          <>
            <span className="font-medium text-accent">A reply arrived in the chat.</span>
            <button type="button" className={`${TOOL_BUTTON} underline`} onClick={onShowReply}>
              Show the reply
            </button>
          </>
        ) : null}
      </span>
      <fieldset className="ml-auto flex gap-1">
        <legend className="sr-only">Display mode</legend>
        {(compact ? [] : CONCRETE_DISPLAY_MODES).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            aria-label={MODE_NAME[m]}
            className={`${TOOL_BUTTON} ${mode === m ? 'bg-surface-2 font-semibold' : 'hover:bg-surface-2'}`}
            onClick={() => onSwitch(m, m === 'inline' ? MODE_NAME[m] : BACK_NAME[m])}
          >
            {MODE_LABEL[m]}
          </button>
        ))}
        {compact ? null : (
          <button
            type="button"
            className={`${TOOL_BUTTON} hover:bg-surface-2`}
            aria-label="View log"
            aria-expanded={logOpen}
            aria-controls={logId}
            onClick={onToggleLog}
          >
            Log
          </button>
        )}
        {mode !== 'inline' ? (
          <button
            type="button"
            className={`${TOOL_BUTTON} hover:bg-surface-2`}
            aria-label={BACK_NAME[mode]}
            title={`${BACK_NAME[mode]} (Esc)`}
            onClick={() => onSwitch('inline', MODE_NAME[mode])}
          >
            ✕
          </button>
        ) : null}
      </fieldset>
    </header>
  );
}
