'use client';
import { AlertDialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { argRows } from '@/lib/gates/arg-rows';
import { type BrowserPrompt, GATE_TABLE } from '@/lib/mcplet/gates';
import { toolLabel } from '@/lib/mcplet/tool-words';
import { type GateAnswer, type GatePrompt, useGates } from '@/lib/store/gates';
import type { ApprovalScopeKind } from '@/lib/trust/approval-rules';
import { Button } from '../ui/button';
import { ScrollRegion } from '../ui/scroll-region';
import { EndedAnswer } from './ended-answer';
import { PasskeySteps } from './passkey-steps';
import { ReviewForm } from './review-form';
import { VerifiedSteps } from './verified-steps';

function secondsLeft(expiresAt: number): number {
  return Math.max(0, Math.round((expiresAt - Date.now()) / 1000));
}

/** The tool and its server as people read them (its title, the server's name); the name stays in data-tool. */
function ToolWords({ prompt }: { prompt: GatePrompt }) {
  return (
    <>
      <strong data-testid="gate-tool">{toolLabel(prompt.toolTitle, prompt.toolName)}</strong> from{' '}
      <strong data-testid="gate-server">{prompt.serverName}</strong>
    </>
  );
}

function CallDetails({ prompt }: { prompt: GatePrompt }) {
  const rows = argRows(prompt.args, prompt.inputSchema);
  return (
    <>
      <p>
        <ToolWords prompt={prompt} /> wants to run with:
      </p>
      {rows.length > 0 ? (
        <dl
          className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded bg-surface p-3 text-sm"
          data-testid="gate-args"
        >
          {rows.map((row) => (
            <div key={row.key} className="contents" data-testid="gate-arg" data-key={row.key}>
              <dt className="text-muted">{row.label}</dt>
              <dd className="break-all">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-muted">No arguments.</p>
      )}
    </>
  );
}

/** SEP client responsibility 4: why the trust rules ask, with the attribution of what may leave. */
function TrustReasons({ reasons }: { reasons: NonNullable<GatePrompt['trustReasons']> }) {
  return (
    <div className="rounded border border-warn/50 bg-warn-bg p-3 text-warn" data-testid="gate-trust">
      <p className="font-medium">Why you are asked</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {reasons.map((r) => (
          <li key={r.rule} data-testid="gate-trust-reason" data-rule={r.rule} className="break-words">
            {r.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** docs/security.md, "Command execution": the exact argv, one argument per line as the program receives it (no shell). */
function CommandDetails({
  serverName,
  command,
}: {
  serverName: string;
  command: NonNullable<GatePrompt['command']>;
}) {
  return (
    <>
      <p>
        Adding the server <strong>{serverName}</strong> runs this program with these arguments:
      </p>
      <ol className="space-y-1 rounded bg-surface p-3 font-mono text-xs" data-testid="gate-command">
        {command.argv.map((arg, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the argv is fixed for the dialog's life; arguments may repeat.
          <li key={i} className="break-all" data-testid="gate-command-arg">
            {arg}
          </li>
        ))}
      </ol>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">Environment</dt>
        <dd className="font-mono" data-testid="gate-command-env">
          {command.envKeys.length ? command.envKeys.join(', ') : 'none added'}
        </dd>
        <dt className="text-muted">Working directory</dt>
        <dd className="font-mono" data-testid="gate-command-cwd">
          {command.cwd ?? "the host's own"}
        </dd>
      </dl>
    </>
  );
}

const SCOPE_LABELS: Record<ApprovalScopeKind, string> = {
  conversation: 'Allow this tool for this conversation',
  view: 'Allow this tool while this view is open',
  always: 'Always allow this tool',
};

type Choice = 'once' | ApprovalScopeKind;

/** Allow once, or remember the approval in a scope the server offered for this call. */
function RememberChoice({
  scopes,
  choice,
  onChoose,
}: {
  scopes: ApprovalScopeKind[];
  choice: Choice;
  onChoose: (choice: Choice) => void;
}) {
  const options: Array<{ value: Choice; label: string }> = [
    { value: 'once', label: 'Allow once' },
    ...scopes.map((scope) => ({ value: scope, label: SCOPE_LABELS[scope] })),
  ];
  return (
    <fieldset className="mt-4 space-y-1 text-sm" data-testid="gate-remember">
      <legend className="sr-only">How long to allow it</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2">
          <input
            type="radio"
            name="gate-remember"
            value={option.value}
            checked={choice === option.value}
            onChange={() => onChoose(option.value)}
            data-testid={`gate-remember-${option.value}`}
          />
          {option.label}
        </label>
      ))}
      {choice !== 'once' ? (
        <p className="text-xs text-muted">
          Later calls of this tool run without asking; you can revoke this in Settings.
        </p>
      ) : null}
    </fieldset>
  );
}

function ConfirmAnswer({
  prompt,
  answer,
}: {
  prompt: GatePrompt;
  answer: (id: string, answer: GateAnswer) => void;
}) {
  const [choice, setChoice] = useState<Choice>('once');
  const scopes = GATE_TABLE[prompt.gate].rememberable ? (prompt.remember?.scopes ?? []) : [];
  return (
    <>
      {scopes.length > 0 ? <RememberChoice scopes={scopes} choice={choice} onChoose={setChoice} /> : null}
      <div className="mt-5 flex justify-end gap-2">
        <AlertDialog.Cancel asChild>
          <Button data-testid="gate-cancel">Cancel</Button>
        </AlertDialog.Cancel>
        <AlertDialog.Action asChild>
          <Button
            variant="primary"
            data-testid="gate-confirm"
            onClick={() =>
              answer(prompt.id, choice === 'once' ? { approved: true } : { approved: true, remember: choice })
            }
          >
            Confirm
          </Button>
        </AlertDialog.Action>
      </div>
    </>
  );
}

const TITLES: Record<BrowserPrompt, string> = {
  nothing: 'Confirm this action',
  notice: 'Confirm this action',
  review: 'Review this call',
  confirm: 'Confirm this action',
  passkey: 'Confirm this action',
  verified: 'Approve this action',
  // Never a tool's level: a server's sampling request is drawn by components/sampling.
  sampling: 'Allow a model request?',
};

/** The dialog's answer area, from the gate table's `browser` column; levels that do not wait never get here. */
function Answer({
  prompt,
  error,
  answer,
}: {
  prompt: GatePrompt;
  error?: string;
  answer: (id: string, answer: GateAnswer) => void;
}) {
  const shows = GATE_TABLE[prompt.gate].browser;
  switch (shows) {
    case 'passkey':
      return <PasskeySteps gateId={prompt.id} onAnswer={(a) => answer(prompt.id, a)} />;
    case 'verified':
      return (
        <VerifiedSteps
          key={prompt.id}
          gateId={prompt.id}
          serverName={prompt.serverName}
          onAnswer={(a) => answer(prompt.id, a)}
        />
      );
    case 'review':
      return (
        <ReviewForm
          prompt={prompt}
          error={error}
          onApprove={(args) => answer(prompt.id, { approved: true, args })}
          onCancel={() => answer(prompt.id, { approved: false, reason: 'cancelled' })}
        />
      );
    case 'confirm':
    case 'nothing':
    case 'notice':
      return <ConfirmAnswer key={prompt.id} prompt={prompt} answer={answer} />;
    default: {
      const unhandled: never = shows;
      return unhandled;
    }
  }
}

/** The dialog's first control: a choice, a field or a button, not the scrolling details above them. */
const FIRST_CONTROL = 'input:not([disabled]), select, textarea, button:not([disabled])';

/** Where focus goes when a gate closes and what had it is gone: the composer, else nowhere. */
function focusComposer() {
  const composer = document.querySelector<HTMLElement>('[data-testid="composer"]');
  composer?.focus();
}

/**
 * The host-drawn gate (spec 4, 6.7): a modal over everything, views included, so no view can paint
 * over it or click it. It shows the tool, its server and the exact arguments the server will send.
 * However long they are, the dialog fits the viewport: the details scroll inside it and the answer
 * stays in view and reachable by keyboard.
 */
export function GateHost() {
  const current = useGates((s) => s.queue[0]);
  const answer = useGates((s) => s.answer);
  const [left, setLeft] = useState(0);
  const content = useRef<HTMLDivElement>(null);
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    // A call that ended has nothing left to expire: its dialog only says why nothing was sent.
    if (!current || current.ended) return;
    setLeft(secondsLeft(current.prompt.expiresAt));
    const timer = setInterval(() => {
      const remaining = secondsLeft(current.prompt.expiresAt);
      setLeft(remaining);
      if (remaining === 0) answer(current.prompt.id, { approved: false, reason: 'expired' });
    }, 1000);
    return () => clearInterval(timer);
  }, [current, answer]);

  if (!current) return null;
  const { prompt, error, ended } = current;
  const shows = GATE_TABLE[prompt.gate].browser;
  const review = !ended && shows === 'review' && !prompt.command;
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => !open && answer(prompt.id, { approved: false, reason: 'cancelled' })}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          ref={content}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border border-border bg-bg p-5 shadow-2xl"
          data-testid="gate-dialog"
          data-gate={prompt.gate}
          data-gate-id={prompt.id}
          data-tool={prompt.toolName}
          data-kind={prompt.kind ?? 'call'}
          onOpenAutoFocus={(event) => {
            returnTo.current = document.activeElement;
            // A view's frame may hold the keyboard when it asks for the call: take it back to this
            // window first, so the dialog's own focus (and its trap, and Escape) reach the user.
            window.focus();
            const first = content.current?.querySelector<HTMLElement>(FIRST_CONTROL);
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Radix would return focus to a trigger, and this dialog has none: focus goes back to what
            // had it when the dialog opened, or to the composer when that is gone (or was nothing).
            event.preventDefault();
            const back = returnTo.current;
            returnTo.current = null;
            if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
            else focusComposer();
          }}
        >
          <AlertDialog.Title className="shrink-0 text-base font-semibold">
            {ended ? 'Nothing was sent' : prompt.command ? 'Run a command on this computer?' : TITLES[shows]}
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <ScrollRegion
              label="What this call sends"
              className={`mt-2 min-h-0 shrink space-y-3 overflow-y-auto text-sm ${review ? 'max-h-[35dvh]' : ''}`}
              data-testid="gate-details"
            >
              {prompt.promptMessage ? <p className="font-medium">{prompt.promptMessage}</p> : null}
              {prompt.trustReasons?.length ? <TrustReasons reasons={prompt.trustReasons} /> : null}
              {prompt.command ? (
                <CommandDetails serverName={prompt.serverName} command={prompt.command} />
              ) : review ? (
                <p>
                  <ToolWords prompt={prompt} /> wants to run with these arguments. Check them, change them if
                  you like, then send.
                </p>
              ) : (
                <CallDetails prompt={prompt} />
              )}
              {ended ? null : (
                <p className="text-xs text-muted">
                  Nothing {prompt.command ? 'runs' : 'is sent'} until you confirm. This request expires in{' '}
                  {left} s.
                </p>
              )}
            </ScrollRegion>
          </AlertDialog.Description>
          {/* The answer keeps its size; only a review's form, which may be long, scrolls (its buttons stay put). */}
          <div className={review ? 'min-h-0 flex-1 overflow-y-auto' : 'shrink-0'}>
            {ended ? (
              <EndedAnswer words={ended} onClose={() => answer(prompt.id, { approved: false })} />
            ) : (
              <Answer prompt={prompt} error={error} answer={answer} />
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
