/** Chat modes of spec 12.1. */
export const CHAT_MODES = ['normal', 'tool-only'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

export function isChatMode(value: unknown): value is ChatMode {
  return typeof value === 'string' && (CHAT_MODES as readonly string[]).includes(value);
}

/** 12.1: a persisted value outside the enum falls back to `normal`. */
export function parseChatMode(value: unknown, fallback: ChatMode = 'normal'): ChatMode {
  return isChatMode(value) ? value : fallback;
}

export type TurnVerdict =
  | { ok: true }
  | { ok: false; reason: 'no-tool-call' | 'tool-not-allowed'; recovery: string; toolNames: string[] };

/**
 * 12.2: in `tool-only` mode a turn must contain at least one tool call and every call must be to an
 * allowed tool. `calls` are the tool names the model produced in the turn's first step.
 */
export function judgeTurn(
  mode: ChatMode,
  calls: readonly string[],
  allowed: ReadonlySet<string>,
): TurnVerdict {
  if (mode !== 'tool-only') return { ok: true };
  if (calls.length === 0) {
    return {
      ok: false,
      reason: 'no-tool-call',
      toolNames: [],
      recovery:
        allowed.size === 0
          ? 'Tool-only mode is on, but no tools are available, so the reply was withheld. Connect an MCP server or switch to normal mode.'
          : 'Tool-only mode is on and the model answered without calling a tool, so the reply was withheld. Rephrase the request as something a tool can do, or switch to normal mode.',
    };
  }
  const refused = calls.filter((name) => !allowed.has(name));
  if (refused.length > 0) {
    return {
      ok: false,
      reason: 'tool-not-allowed',
      toolNames: refused,
      recovery: `Tool-only mode refused the reply: the model called ${refused.map((n) => `\`${n}\``).join(', ')}, which ${refused.length === 1 ? 'is' : 'are'} not an allowed tool here. Try again, or switch to normal mode.`,
    };
  }
  return { ok: true };
}
