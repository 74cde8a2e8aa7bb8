import {
  CONCRETE_DISPLAY_MODES,
  type ConcreteDisplayMode,
  type DisplayMode,
  LLM_DISPLAY_MODES,
} from './types';

/** The optional argument through which the model suggests a display mode (11.2 step 2). */
export const DISPLAY_MODE_ARG = 'mcplet_display_mode';

/** Separates the host's display-mode suggestion from the arguments the tool receives. */
export function splitDisplayMode(args: unknown): { args: unknown; suggestion: unknown } {
  if (!args || typeof args !== 'object' || Array.isArray(args) || !(DISPLAY_MODE_ARG in args))
    return { args, suggestion: undefined };
  const { [DISPLAY_MODE_ARG]: suggestion, ...rest } = args as Record<string, unknown>;
  return { args: rest, suggestion };
}

export function isConcreteMode(value: unknown): value is ConcreteDisplayMode {
  return typeof value === 'string' && (CONCRETE_DISPLAY_MODES as readonly string[]).includes(value);
}

function isLlmMode(value: unknown): value is (typeof LLM_DISPLAY_MODES)[number] {
  return typeof value === 'string' && (LLM_DISPLAY_MODES as readonly string[]).includes(value);
}

export interface DisplayModeInputs {
  /** `_meta.ui.displayMode` of the tool (6.6). */
  toolMode?: DisplayMode | string;
  /** What the model suggested for this call; untrusted. */
  suggestion?: unknown;
  /** Host configuration for this tool, then the host's default (step 4). */
  hostMode?: unknown;
  /**
   * The tool was admitted by a compatibility rule (an MCP Apps tool without MCPlet metadata): 11.2
   * does not bind it, and MCP Apps' own default is inline, so step 5 gives inline for it.
   */
  compatibility?: boolean;
}

export type ResolutionStep =
  | 'tool-metadata'
  | 'model-suggestion'
  | 'llm-fallback'
  | 'host-default'
  | 'compatibility-default'
  | 'hard-fallback';

export interface ResolvedDisplayMode {
  /** 11.3: always an MCP Apps mode. */
  mode: ConcreteDisplayMode;
  step: ResolutionStep;
  /** True when the model suggested something this resolution did not use (it is ignored, never an error). */
  ignoredSuggestion: boolean;
}

/**
 * 11.2: (1) a concrete mode in tool metadata wins; (2) for `llm-*` metadata a valid model suggestion
 * wins; (3) otherwise the `llm-*` mode's own concrete fallback; (4) then the host's configured mode;
 * (5) hard fallback `fullscreen` for MCPlet tools, `inline` for tools admitted by compatibility.
 * Invalid values are ignored at every step.
 */
export function resolveDisplayMode({
  toolMode,
  suggestion,
  hostMode,
  compatibility = false,
}: DisplayModeInputs): ResolvedDisplayMode {
  const suggested = suggestion !== undefined && suggestion !== null;
  if (isConcreteMode(toolMode))
    return { mode: toolMode, step: 'tool-metadata', ignoredSuggestion: suggested };
  if (isLlmMode(toolMode)) {
    if (isConcreteMode(suggestion))
      return { mode: suggestion, step: 'model-suggestion', ignoredSuggestion: false };
    return {
      mode: toolMode.slice(4) as ConcreteDisplayMode,
      step: 'llm-fallback',
      ignoredSuggestion: suggested,
    };
  }
  if (isConcreteMode(hostMode)) return { mode: hostMode, step: 'host-default', ignoredSuggestion: suggested };
  if (compatibility) return { mode: 'inline', step: 'compatibility-default', ignoredSuggestion: suggested };
  return { mode: 'fullscreen', step: 'hard-fallback', ignoredSuggestion: suggested };
}

/** Whether the model may suggest a mode for this tool (11.1: only the llm-* extension modes). */
export function acceptsSuggestion(toolMode: unknown): boolean {
  return isLlmMode(toolMode);
}

/**
 * MCP Apps `ui/request-display-mode`: a view may switch only to a mode both sides list (a view that
 * lists none is taken to accept any). The answer is the mode in effect afterwards.
 */
export function answerModeRequest(
  requested: unknown,
  current: ConcreteDisplayMode,
  hostModes: readonly ConcreteDisplayMode[],
  viewModes: readonly string[] | undefined,
): { mode: ConcreteDisplayMode; changed: boolean } {
  if (!isConcreteMode(requested) || !hostModes.includes(requested)) return { mode: current, changed: false };
  if (viewModes && viewModes.length > 0 && !viewModes.includes(requested))
    return { mode: current, changed: false };
  return { mode: requested, changed: requested !== current };
}
