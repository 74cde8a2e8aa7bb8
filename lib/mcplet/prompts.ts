/**
 * MCP prompts (server feature "prompts", 2025-11-25 and 2026-07-28): the host's pure rules for a
 * server's prompt list, the arguments a user gives a prompt, completion requests and answers, and
 * how a prompt's messages become text the user edits before sending. No I/O; the browser and the
 * server share the types.
 */

/** An icon the host shows: only an inline `data:` image (a remote icon is never fetched here). */
export interface PromptIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

export interface PromptArgumentInfo {
  name: string;
  title?: string;
  description?: string;
  required: boolean;
}

/** One prompt as a server listed it, read leniently and bounded. */
export interface PromptInfo {
  name: string;
  title?: string;
  description?: string;
  icons: PromptIcon[];
  arguments: PromptArgumentInfo[];
}

/** A prompt in the `/` menu: its server beside it, and whether that server completes arguments. */
export interface PromptListItem extends PromptInfo {
  serverId: string;
  serverName: string;
  completions: boolean;
}

/** A server whose list (prompts, resources) the user may expect but cannot have right now, and why. */
export interface ListProblem {
  serverId: string;
  serverName: string;
  error: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** Most prompts kept of one server's list; the rest are dropped with a note. */
export const MAX_PROMPTS = 500;
export const MAX_PROMPT_NAME = 200;
export const MAX_PROMPT_TITLE = 200;
export const MAX_PROMPT_DESCRIPTION = 1_000;
export const MAX_PROMPT_ARGUMENTS = 32;
export const MAX_ARGUMENT_NAME = 100;
export const MAX_ARGUMENT_DESCRIPTION = 500;
/** Longest value the user may give one argument (and the longest value completed). */
export const MAX_ARGUMENT_VALUE = 4_000;
/** Longest inline icon kept (the `data:` URI's length). */
export const MAX_ICON_URI = 32_768;
/** Most completion values shown (MCP's own maximum per answer). */
export const MAX_COMPLETIONS = 100;
export const MAX_COMPLETION_VALUE = 500;
/** Longest prompt text a message may carry: the chat request's bound on one part. */
export const MAX_PROMPT_TEXT = 32_000;

const ICON_URI =
  /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;[a-z0-9=.+-]+)*(;base64)?,[A-Za-z0-9+/=%._~!$&'()*,;:@-]*$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function optionalText(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? cut(value, max) : undefined;
}

/** An entry's `icons` (MCP 2025-11-25), kept only when inline images; at most three. */
export function readIcons(value: unknown): PromptIcon[] {
  if (!Array.isArray(value)) return [];
  const icons: PromptIcon[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.src !== 'string') continue;
    if (entry.src.length > MAX_ICON_URI || !ICON_URI.test(entry.src)) continue;
    const icon: PromptIcon = { src: entry.src };
    if (typeof entry.mimeType === 'string') icon.mimeType = entry.mimeType.slice(0, 100);
    if (Array.isArray(entry.sizes))
      icon.sizes = entry.sizes.filter((s): s is string => typeof s === 'string').slice(0, 8);
    if (entry.theme === 'light' || entry.theme === 'dark') icon.theme = entry.theme;
    icons.push(icon);
    if (icons.length === 3) break;
  }
  return icons;
}

function readArguments(value: unknown): PromptArgumentInfo[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: PromptArgumentInfo[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.name !== 'string') continue;
    const name = entry.name;
    if (name === '' || name.length > MAX_ARGUMENT_NAME || seen.has(name)) continue;
    seen.add(name);
    const title = optionalText(entry.title, MAX_PROMPT_TITLE);
    const description = optionalText(entry.description, MAX_ARGUMENT_DESCRIPTION);
    out.push({
      name,
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      required: entry.required === true,
    });
    if (out.length === MAX_PROMPT_ARGUMENTS) break;
  }
  return out;
}

/**
 * A `prompts/list` answer read leniently: an entry without a usable name is skipped (and counted),
 * the rest kept with their texts bounded and their icons kept only when inline images. A name seen
 * twice keeps its first entry: `prompts/get` names one prompt.
 */
export function readPromptList(entries: readonly unknown[]): { prompts: PromptInfo[]; skipped: number } {
  const prompts: PromptInfo[] = [];
  const names = new Set<string>();
  let skipped = 0;
  for (const entry of entries) {
    const name = isRecord(entry) ? entry.name : undefined;
    if (
      !isRecord(entry) ||
      typeof name !== 'string' ||
      name === '' ||
      name.length > MAX_PROMPT_NAME ||
      names.has(name) ||
      prompts.length === MAX_PROMPTS
    ) {
      skipped++;
      continue;
    }
    names.add(name);
    const title = optionalText(entry.title, MAX_PROMPT_TITLE);
    const description = optionalText(entry.description, MAX_PROMPT_DESCRIPTION);
    prompts.push({
      name,
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      icons: readIcons(entry.icons),
      arguments: readArguments(entry.arguments),
    });
  }
  return { prompts, skipped };
}

/** What a person calls a prompt or an argument: its title, else its name. */
export function displayName(item: { name: string; title?: string }): string {
  return item.title ?? item.name;
}

function quoted(text: string): string {
  return `"${text.length > 60 ? `${text.slice(0, 59)}…` : text}"`;
}

function readStrings(prompt: PromptInfo, given: unknown, what: string): Checked<Record<string, string>> {
  if (given === undefined || given === null) return { ok: true, value: {} };
  if (!isRecord(given)) return { ok: false, error: `${what} must be an object of text values.` };
  const entries = Object.entries(given);
  if (entries.length > MAX_PROMPT_ARGUMENTS)
    return { ok: false, error: `${what} name more than ${MAX_PROMPT_ARGUMENTS} arguments.` };
  const declared = new Set(prompt.arguments.map((a) => a.name));
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!declared.has(name))
      return { ok: false, error: `The prompt ${quoted(prompt.name)} has no argument ${quoted(name)}.` };
    if (typeof value !== 'string') return { ok: false, error: `The argument ${quoted(name)} must be text.` };
    if (value.length > MAX_ARGUMENT_VALUE)
      return {
        ok: false,
        error: `The argument ${quoted(name)} is longer than ${MAX_ARGUMENT_VALUE.toLocaleString('en')} characters.`,
      };
    out[name] = value;
  }
  return { ok: true, value: out };
}

/**
 * The arguments a user gives a prompt for `prompts/get`: an object of text values (MCP's
 * `arguments: { [name]: string }`), each one the prompt declares, each bounded, every required
 * one present and not blank. An empty optional value is left out, so the server sees it unset.
 */
export function checkPromptArguments(prompt: PromptInfo, given: unknown): Checked<Record<string, string>> {
  const read = readStrings(prompt, given, 'Arguments');
  if (!read.ok) return read;
  for (const argument of prompt.arguments)
    if (argument.required && (read.value[argument.name] ?? '').trim() === '')
      return {
        ok: false,
        error: `The argument ${quoted(displayName(argument))} of ${quoted(displayName(prompt))} is required.`,
      };
  const value = Object.fromEntries(Object.entries(read.value).filter(([, v]) => v !== ''));
  return { ok: true, value };
}

export interface CompletionAsk {
  argument: { name: string; value: string };
  /** The other arguments the user has filled (MCP 2025-06-18 and later: `context.arguments`). */
  context?: { arguments: Record<string, string> };
}

/**
 * A `completion/complete` request for one of a prompt's arguments (`ref/prompt`): the argument is
 * one the prompt declares, its partial value is text and bounded, and the context holds only the
 * prompt's other arguments, as text.
 */
export function checkCompletionAsk(
  prompt: PromptInfo,
  argument: unknown,
  context: unknown,
): Checked<CompletionAsk> {
  if (!isRecord(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string')
    return { ok: false, error: 'A completion names an argument and the text typed so far.' };
  const { name, value } = argument;
  if (!prompt.arguments.some((a) => a.name === name))
    return { ok: false, error: `The prompt ${quoted(prompt.name)} has no argument ${quoted(name)}.` };
  if (value.length > MAX_ARGUMENT_VALUE)
    return {
      ok: false,
      error: `The argument ${quoted(name)} is longer than ${MAX_ARGUMENT_VALUE.toLocaleString('en')} characters.`,
    };
  const others = isRecord(context) ? context.arguments : undefined;
  const read = readStrings(prompt, others, 'The context');
  if (!read.ok) return read;
  const rest = Object.fromEntries(Object.entries(read.value).filter(([key, v]) => key !== name && v !== ''));
  return {
    ok: true,
    value: {
      argument: { name, value },
      ...(Object.keys(rest).length > 0 ? { context: { arguments: rest } } : {}),
    },
  };
}

export interface Completions {
  values: string[];
  hasMore: boolean;
  total?: number;
}

/** A `completion/complete` answer read leniently: text values only, unique, at most 100, each bounded. */
export function readCompletions(result: unknown): Completions {
  const completion = isRecord(result) && isRecord(result.completion) ? result.completion : {};
  const raw = Array.isArray(completion.values) ? completion.values : [];
  const values = [
    ...new Set(raw.filter((v): v is string => typeof v === 'string' && v.length <= MAX_COMPLETION_VALUE)),
  ].slice(0, MAX_COMPLETIONS);
  const total =
    typeof completion.total === 'number' && Number.isInteger(completion.total) && completion.total >= 0
      ? completion.total
      : undefined;
  return {
    values,
    hasMore: completion.hasMore === true || raw.length > values.length,
    ...(total !== undefined ? { total } : {}),
  };
}

/** One of a prompt's messages as text: what the user edits, then sends as the prompt's part. */
export interface PromptMessageText {
  role: 'user' | 'assistant';
  text: string;
}

/** A content block of a prompt message in words: text as it is, anything else described. */
function blockText(block: unknown): string {
  if (!isRecord(block)) return '[unreadable content omitted]';
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '[unreadable text omitted]';
    case 'image':
      return '[image omitted]';
    case 'audio':
      return '[audio omitted]';
    case 'resource_link':
      return `[resource link: ${String(block.uri ?? 'unnamed')}${typeof block.name === 'string' ? ` (${block.name})` : ''}]`;
    case 'resource': {
      const resource = isRecord(block.resource) ? block.resource : {};
      const uri = String(resource.uri ?? 'unnamed');
      return typeof resource.text === 'string'
        ? `[resource ${uri}]\n${resource.text}`
        : `[resource ${uri} omitted: not text]`;
    }
    default:
      return `[${String(block.type ?? 'unknown')} content omitted]`;
  }
}

/**
 * A `prompts/get` answer's messages as text (MCP PromptMessage: a role and one content block; an
 * array of blocks is read too). Content other than text is described in words. A prompt whose
 * messages are all the user's reads as their text, one after another; one that also speaks as the
 * assistant has each message labelled with its role. Refused with a sentence: no messages, or more
 * text than a message may hold.
 */
export function promptMessagesText(
  result: unknown,
): Checked<{ messages: PromptMessageText[]; text: string }> {
  const raw = isRecord(result) && Array.isArray(result.messages) ? result.messages : [];
  const messages: PromptMessageText[] = [];
  for (const message of raw) {
    if (!isRecord(message)) continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    messages.push({ role, text: blocks.map(blockText).join('\n') });
  }
  if (messages.length === 0) return { ok: false, error: 'The prompt has no messages.' };
  const labelled = messages.some((m) => m.role === 'assistant');
  const text = messages
    .map((m) => (labelled ? `${m.role === 'user' ? 'User' : 'Assistant'}:\n${m.text}` : m.text))
    .join('\n\n');
  if (text.length > MAX_PROMPT_TEXT)
    return {
      ok: false,
      error: `The prompt's text is longer than the ${MAX_PROMPT_TEXT.toLocaleString('en')} characters a message may hold.`,
    };
  return { ok: true, value: { messages, text } };
}

/** The `/` menu's filter: every word typed occurs in the prompt's name or title. */
export function matchesFilter(item: Pick<PromptInfo, 'name' | 'title'>, filter: string): boolean {
  const haystack = `${item.name} ${item.title ?? ''}`.toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}
