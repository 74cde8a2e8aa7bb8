/** WebMCP's name rule (docs/security.md, "Tool metadata injection"): 1-128 characters of [A-Za-z0-9_.-]. */
export const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export function isValidToolName(value: unknown): value is string {
  return typeof value === 'string' && TOOL_NAME.test(value);
}

/** Zero-width, bidi-control and other invisible characters a description could hide text in. */
// Variation selectors (U+FE00-FE0F) are combining marks; they are spliced into the class as characters.
const VARIATION_SELECTORS = `${String.fromCharCode(0xfe00)}-${String.fromCharCode(0xfe0f)}`;
const INVISIBLE = new RegExp(
  `[\u00AD\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164${VARIATION_SELECTORS}\uFEFF\uFFA0\uFFF0-\uFFFB]`,
  'g',
);

export function stripInvisible(text: string): { text: string; removed: number } {
  let removed = 0;
  const cleaned = text.replace(INVISIBLE, () => {
    removed++;
    return '';
  });
  return { text: cleaned, removed };
}

const INSTRUCTION_LIKE =
  /\b(ignore|disregard|forget)\b.{0,40}\b(previous|prior|above|earlier|all)\b.{0,20}\b(instructions?|prompts?|rules?)\b|<\/?(system|assistant|im_start|im_end)>|\byou must (always|now)\b/i;

/** True when a description reads like an attempt to instruct the model (prompt injection). */
export function looksLikeInstructions(text: string): boolean {
  return INSTRUCTION_LIKE.test(text);
}

function hash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0).toString(36).padStart(6, '0').slice(0, 6);
}

/** A server key usable inside a model-facing tool name: lowercase letters, digits and `-`. */
export function serverKey(id: string): string {
  const key = id
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 20);
  return key || 'server';
}

/**
 * The name the model sees for a server's tool: `<server>__<tool>`, within the strictest provider
 * rule (OpenAI: ^[a-zA-Z0-9_-]{1,64}$). Two servers may both have `search`. When the tool name has
 * to be changed to fit, a short hash of the original keeps the result unique.
 */
export function modelToolName(serverId: string, toolName: string): string {
  const prefix = `${serverKey(serverId)}__`;
  const safe = toolName.replace(/[^A-Za-z0-9_-]/g, '_');
  const candidate = `${prefix}${safe}`;
  if (safe === toolName && candidate.length <= 64) return candidate;
  const suffix = `_${hash(`${serverId}\u0000${toolName}`)}`;
  return `${prefix}${safe.slice(0, 64 - prefix.length - suffix.length)}${suffix}`;
}

/** Prefix of app-provided tools (MCP Apps views that declare `tools`); server ids cannot contain `_`. */
export const APP_TOOL_PREFIX = 'app_';

/** The model-facing name of a tool a view provides: namespaced by the view, never clashing with server tools. */
export function appToolName(viewId: string, toolName: string): string {
  const prefix = `${APP_TOOL_PREFIX}${hash(viewId)}__`;
  const safe = toolName.replace(/[^A-Za-z0-9_-]/g, '_');
  const candidate = `${prefix}${safe}`;
  if (safe === toolName && candidate.length <= 64) return candidate;
  const suffix = `_${hash(`${viewId}\u0000${toolName}`)}`;
  return `${prefix}${safe.slice(0, 64 - prefix.length - suffix.length)}${suffix}`;
}

export function isAppToolName(name: string): boolean {
  return name.startsWith(APP_TOOL_PREFIX);
}
