import type { UIMessage } from 'ai';
import type { ViewRun } from '@/lib/apps/app-tool-runner';
import { toolNameOf } from '@/lib/chat/ui-parts';
import { USER_ANSWER_CODE, userAnswerWords } from '@/lib/gates/answers';
import type { CallProgress, CallTask } from '@/lib/mcp/call-progress';
import { CANCELLED_CODE } from '@/lib/mcp/cancelled-call';
import { asksToSignIn } from '@/lib/mcp/sign-in-words';
import { GATE_TABLE, type Gate } from '@/lib/mcplet/gates';
import { withheldLabel } from '@/lib/mcplet/model-facing';
import type { GatePrompt } from '@/lib/store/gates';
import type { MaskedValueView } from '@/lib/trust/display-mask';
import type { RedactionReason } from '@/lib/trust/redaction';
import { secretReferencesOf } from '@/lib/trust/secret-reference';
import { type ResultMedia, resultMedia } from './result-media';
import { type ResultResource, resultResources } from './result-resources';
import type { SecretReferenceView } from './secret-reveal';
import type { ToolCallState } from './tool-call-card';
import { toolResultText } from './tool-result-text';

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

export interface ToolPartView {
  name: string;
  /** The tool's title, as its server listed it. */
  title?: string;
  /** The tool has an icon the host serves (GET /api/icons). */
  icon?: { serverId: string; toolName: string };
  serverName?: string;
  mcpletType?: string;
  compatibility: boolean;
  /** The model received the result as untrusted data (spotlighted); the reason, e.g. `tool.annotations.openWorldHint`. */
  untrusted?: string;
  /** The server flagged the result `maliciousActivityHint` (SEP): the card warns. */
  malicious?: boolean;
  state: ToolCallState;
  input: unknown;
  resultText?: string;
  errorText?: string;
  /** The error's code (9.1), for the card's data and the preview; the sentence is what people read. */
  errorCode?: string;
  /** Set while a model-proposed call waits at its gate. */
  gate?: GatePrompt;
  /** Set while an approved call of a view-provided tool waits for its view (the server's run). */
  run?: ViewRun;
  /** docs/security.md, "Rug-pulls": the call was refused because the tool changed since the user trusted it. */
  changed?: { serverId: string; toolName: string };
  /** The server asks the user to sign in (HTTP 401): the card offers Connect. */
  signIn?: { serverId: string };
  /** A name the SDK refused as not offered: possibly a tool that changed (docs/security.md, "Rug-pulls"). */
  notOffered?: string;
  /** The call ran at a level that tells the user (notify): the card's badge and the toast. */
  notice?: boolean;
  /** When the server sent the call (ms). */
  ranAt?: number;
  /**
   * The result's secret references (sensitive-output 4), and its values masked on reopen: label and
   * id only, for the Reveal control.
   */
  secretReferences?: SecretReferenceView[];
  /** What the model did not see of the result, and why (the user sees the values here). */
  withheld?: string[];
  /** The tool has an MCP Apps view, which shows the result: the card keeps the text folded. */
  hasView: boolean;
  /** The result's images and audio, drawn in the card. */
  media?: ResultMedia[];
  /** The resources the result names or carries (`resource_link`, embedded `resource`). */
  resources?: ResultResource[];
  /** How far the running call has come, as its server last said. */
  progress?: CallProgress;
  /** The call ran as a task (MCP tasks): its id and how it ended. */
  task?: CallTask;
  /** A call of an MCP server's tool: while it runs, its card offers Cancel. */
  cancellable: boolean;
}

interface HostOutput {
  /** Stored before results were redacted for the model: the model projection. */
  content?: unknown;
  /** The redacted model-facing results (host text of a derived result, say). */
  model?: unknown;
  withheld?: { reasons?: RedactionReason[] };
  /** The values masked when the conversation was opened again (lib/trust/display-mask.ts). */
  masked?: MaskedValueView[];
  view?: {
    /** The full result, as the server sent it: what the user reads. */
    result?: unknown;
    serverId?: string;
    toolName?: string;
    envelope?: { error?: { code?: string; message?: string } };
    gate?: GatePrompt;
    untrusted?: unknown;
    malicious?: unknown;
    level?: Gate;
    sent?: boolean;
    ranAt?: number;
    progress?: CallProgress;
    task?: CallTask;
  };
  run?: ViewRun;
  /** mcplet_set_tool_result (10.3): a refusal with no fallback call is the card's error. */
  derived?: { error?: { code?: string; message?: string }; fallback?: unknown; invoking?: unknown };
}

/** What the card shows of an output: the server's own result, else the host's text (a derived result's). */
function readable(output: HostOutput | undefined): unknown {
  if (output?.view?.result) return output.view.result;
  if (output && 'content' in output) return { content: output.content };
  const model = Array.isArray(output?.model) ? output.model : output?.model ? [output.model] : [];
  if (model.length > 0)
    return {
      content: model.flatMap((m) => (m as { result?: { content?: unknown[] } }).result?.content ?? []),
    };
  return output;
}

/** How the chat shows a tool part; MCP `isError` (carried by the envelope) makes it an error (10.7). */
export function toolPartView(part: ToolPart): ToolPartView {
  const meta = (part as { toolMetadata?: Record<string, unknown> }).toolMetadata ?? {};
  const view: ToolPartView = {
    name: typeof meta.toolName === 'string' ? meta.toolName : toolNameOf(part),
    serverName:
      typeof meta.serverName === 'string'
        ? meta.serverName
        : typeof meta.viewTitle === 'string'
          ? `the view ${meta.viewTitle}`
          : undefined,
    mcpletType: typeof meta.mcpletType === 'string' ? meta.mcpletType : undefined,
    compatibility: meta.admittedBy === 'annotations' || meta.admittedBy === 'overlay',
    state: part.state,
    input: part.input,
    hasView: typeof (meta.ui as { resourceUri?: unknown } | undefined)?.resourceUri === 'string',
    cancellable: typeof meta.serverId === 'string',
  };
  if (typeof meta.toolTitle === 'string' && meta.toolTitle) view.title = meta.toolTitle;
  if (meta.hasIcon === true && typeof meta.serverId === 'string')
    view.icon = { serverId: meta.serverId, toolName: view.name };
  if (part.state === 'output-available') {
    const output = part.output as HostOutput;
    const error =
      output?.view?.envelope?.error ??
      (output?.derived && !output.derived.fallback && !output.derived.invoking
        ? output.derived.error
        : undefined);
    const preliminary = (part as { preliminary?: boolean }).preliminary;
    if (typeof output?.view?.ranAt === 'number') view.ranAt = output.view.ranAt;
    if (!preliminary && output?.view?.task) view.task = output.view.task;
    if (preliminary && output?.derived?.invoking) {
      view.state = 'input-available';
    } else if (preliminary && output?.run) {
      view.state = 'input-available';
      view.run = output.run;
    } else if (preliminary && output?.view?.gate) {
      view.state = 'approval-requested';
      view.gate = output.view.gate;
    } else if (preliminary && output?.view?.progress) {
      view.state = 'input-available';
      view.progress = output.view.progress;
    } else if (error?.code === CANCELLED_CODE) {
      // The user's own choice: said as a statement, not shown as the tool failing.
      view.state = 'cancelled';
      view.errorText = error.message ?? 'You cancelled this call.';
    } else if (error && !output?.view?.sent && error.code === USER_ANSWER_CODE) {
      // Stopped at the gate by the user's answer (or its absence): a statement, not the tool failing.
      view.state = 'not-run';
      view.errorText = userAnswerWords(error.message);
      view.errorCode = error.code;
    } else if (error) {
      view.state = 'output-error';
      if (output?.view?.sent && output.view.level && GATE_TABLE[output.view.level].browser === 'notice')
        view.notice = true;
      view.errorText = error.message ?? 'The tool failed.';
      if (error.code) view.errorCode = error.code;
      const { serverId, toolName } = output.view ?? {};
      if (error.code === 'X_TOOL_CHANGED' && serverId && toolName) view.changed = { serverId, toolName };
      if (serverId && asksToSignIn(error.message)) view.signIn = { serverId };
    } else {
      if (output?.view?.sent && output.view.level && GATE_TABLE[output.view.level].browser === 'notice')
        view.notice = true;
      view.resultText = toolResultText(readable(output));
      const media = resultMedia(output?.view?.result);
      if (media.length > 0) view.media = media;
      const resources = resultResources(output?.view?.result);
      if (resources.length > 0) view.resources = resources;
      if (typeof output?.view?.untrusted === 'string') view.untrusted = output.view.untrusted;
      const references: SecretReferenceView[] = secretReferencesOf(output?.view?.result).map(
        ({ id, label }) => ({
          id,
          label,
        }),
      );
      for (const { id, label } of Array.isArray(output?.masked) ? output.masked : [])
        references.push({ id, label, kind: 'masked' });
      if (references.length > 0) view.secretReferences = references;
      const reasons = output?.withheld?.reasons;
      if (Array.isArray(reasons) && reasons.length > 0)
        view.withheld = [...new Set(reasons.map(withheldLabel))];
    }
    if (output?.view?.malicious === true) view.malicious = true;
  }
  if (part.state === 'output-error') {
    view.errorText = part.errorText;
    if (typeof meta.toolName !== 'string') view.notOffered = toolNameOf(part);
  }
  return view;
}
