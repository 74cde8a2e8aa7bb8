import 'server-only';
import { StringDecoder } from 'node:string_decoder';
import { configuredCredentialPatterns } from '../config/load';
import { type LogLevel as HostLogLevel, log, logsAsJson } from '../log/logger';
import { cleanText, cleanValue } from '../mcplet/model-facing';
import type { CredentialPattern } from '../trust/credentials';
import { maskSecrets } from './custom-headers';
import { type LogLevel, reachesHostLog, type ServerLogEntry } from './log-levels';
import { isModernRevision } from './protocol-revision';

/**
 * One server's log, as the preview shows it (lib/mcp/log-levels.ts holds the shared rules): the
 * host's notes about the server, the server's `notifications/message` (MCP 2025-11-25, server
 * utilities, logging) and a stdio server's stderr lines, newest last, in a bounded ring.
 *
 * Every entry is masked (credential formats of host.config.json, `cleanText`/`cleanValue`) and cut
 * to `MESSAGE_MAX` before it is stored. That work is not done as a message arrives: a server may
 * send thousands during one call, on the call's own stream, and the call's result waits behind
 * them. Arrival is a push into a bounded queue of raw entries; the queue is masked into the ring in
 * the next turn of the event loop (or at once when the log is read). A burst larger than the ring
 * costs a push per message and masks at most one ring's worth: the ones it would have evicted are
 * dropped unread, and a host note says how many.
 */

/** Entries kept (the preview shows the newest `SHOWN`). */
export const LOG_CAPACITY = 250;
/** Entries the preview is sent: every 2 s for every server, so a full ring of long messages is not. */
export const SHOWN = 100;
/** Characters of one entry's text, after masking. */
export const MESSAGE_MAX = 1_000;
const LOGGER_MAX = 100;
/** A stderr line with no end yet is taken as it is at this length. */
const STDERR_LINE_MAX = 4_000;
/** Lines a server may put in the host's own log per second; beyond it they are counted, not written. */
export const HOST_LOG_PER_SECOND = 20;

/**
 * 2026-07-28 removed `logging/setLevel`: a request carries the level it wants log messages at in
 * `_meta` (SEP-2575), and a server sends none for a request without it. The host asks for these on
 * each call, so a modern server's messages reach the preview as a 2025-era server's do.
 */
export const LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';
export const MODERN_CALL_LOG_LEVEL: LogLevel = 'info';

/** The `_meta` a call to a server of this revision carries for its log messages (none on a 2025-era one). */
export function callLogMeta(protocolVersion: string | null): Record<string, LogLevel> {
  return isModernRevision(protocolVersion) ? { [LOG_LEVEL_META_KEY]: MODERN_CALL_LOG_LEVEL } : {};
}

/** A fixed number of the newest items: a push is O(1), the oldest goes when it is full. */
export class Ring<T> {
  private readonly slots: Array<T | undefined>;
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    this.slots = new Array<T | undefined>(capacity);
  }

  get size() {
    return this.count;
  }

  /** Adds an item; true when the oldest had to go to make room. */
  push(item: T): boolean {
    if (this.count < this.capacity) {
      this.slots[(this.start + this.count) % this.capacity] = item;
      this.count++;
      return false;
    }
    this.slots[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    return true;
  }

  /** Oldest first. */
  items(): T[] {
    const out: T[] = [];
    // Every slot of the first `count` from `start` holds an item: only those are read.
    for (let i = 0; i < this.count; i++) out.push(this.slots[(this.start + i) % this.capacity] as T);
    return out;
  }

  /** Oldest first, and empty afterwards. */
  take(): T[] {
    const out = this.items();
    this.slots.fill(undefined);
    this.start = 0;
    this.count = 0;
    return out;
  }
}

/** A note of the host's own; `warn` is MCP's `warning`. */
export type HostNoteLevel = 'info' | 'warn' | 'error';

type Raw =
  | { at: number; source: 'host'; level: LogLevel; text: string }
  | { at: number; source: 'server'; level: LogLevel; logger?: unknown; data: unknown; userId?: string }
  | { at: number; source: 'stderr'; text: string };

/** An entry as kept: a server's message says whose call it came during, when that is known. */
export interface StoredLogEntry extends ServerLogEntry {
  userId?: string;
}

/**
 * What one user is shown of a server's log. A server of their own (one they added, their connection
 * to a `perUser` server) and every server in local mode: all of it. A shared operator server in
 * hosted mode serves every user on one connection, so what it writes may be about anyone: the host's
 * notes, and the messages it sent during that user's own calls; not its stderr nor messages sent
 * outside a call, which no one user's call can be told to own.
 */
export function entriesFor(entries: readonly StoredLogEntry[], viewer: { userId?: string; shared: boolean }) {
  const shown: ServerLogEntry[] = [];
  for (const { userId, ...entry } of entries) {
    if (viewer.shared && entry.source !== 'host' && (userId === undefined || userId !== viewer.userId))
      continue;
    shown.push(entry);
  }
  return shown;
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  // Not between the two halves of a surrogate pair.
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * A text masked and cut. Only its first `2 × max` characters are read: a credential that starts
 * before the cut and runs past what was read is longer than `max` (a private key block, which its
 * rule finds cut off too).
 */
export function maskedText(text: string, patterns: readonly CredentialPattern[], max = MESSAGE_MAX): string {
  const head = text.length > max * 2 ? text.slice(0, max * 2) : text;
  return cut(cleanText(head, { credentialPatterns: patterns }), max);
}

/**
 * A log message's `data` (any JSON value) as one entry's text: a string as it is, anything else as
 * compact JSON. Each string of a small value is masked on its own (a key stays apart from its
 * value), then the JSON text as a whole (`password: …` pairs that only the text shows).
 */
export function dataText(data: unknown, patterns: readonly CredentialPattern[]): string {
  if (typeof data === 'string') return maskedText(data, patterns);
  let json: string;
  try {
    json = JSON.stringify(data) ?? String(data);
  } catch {
    json = String(data);
  }
  if (json.length <= MESSAGE_MAX * 2)
    json = JSON.stringify(cleanValue(data, { credentialPatterns: patterns })) ?? json;
  return maskedText(json, patterns);
}

function hostLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '\\n');
}

export interface ServerLogOptions {
  capacity?: number;
  /** The credential formats to mask; host.config.json's by default. */
  patterns?: () => readonly CredentialPattern[];
  /** The host's own log; lib/log's by default. */
  hostLog?: (level: HostLogLevel, message: string, fields?: Record<string, unknown>) => void;
  /** Runs the masking of what arrived later in this turn of the event loop; `setImmediate` by default. */
  later?: (run: () => void) => void;
  now?: () => number;
  /** The server's own header secrets (custom-headers.ts): masked in every entry as well. */
  secrets?: () => readonly string[];
}

export class ServerLog {
  private readonly stored: Ring<StoredLogEntry>;
  private readonly arrived: Ring<Raw>;
  private dropped = 0;
  private seq = 0;
  private scheduled = false;
  private hostLogWindow = { start: 0, written: 0, held: 0 };
  private readonly patterns: () => readonly CredentialPattern[];
  private readonly hostLog: NonNullable<ServerLogOptions['hostLog']>;
  private readonly later: NonNullable<ServerLogOptions['later']>;
  private readonly now: () => number;
  private readonly secrets: () => readonly string[];

  constructor(
    /** Names the server in the host's log: its name and its key among all the host's servers. */
    private readonly server: () => { name: string; key: string },
    options: ServerLogOptions = {},
  ) {
    const capacity = options.capacity ?? LOG_CAPACITY;
    this.stored = new Ring(capacity);
    this.arrived = new Ring(capacity);
    this.patterns = options.patterns ?? configuredCredentialPatterns;
    this.hostLog = options.hostLog ?? log;
    this.later = options.later ?? ((run) => void setImmediate(run));
    this.now = options.now ?? Date.now;
    this.secrets = options.secrets ?? (() => []);
  }

  /** The host's own note about the server. */
  note(level: HostNoteLevel, text: string) {
    this.arrive({ at: this.now(), source: 'host', level: level === 'warn' ? 'warning' : level, text });
  }

  /**
   * A `notifications/message` from the server, as its params came (level already checked by the
   * SDK), and the user whose call it came during, when that is known.
   */
  message(params: { level: LogLevel; logger?: unknown; data?: unknown }, userId?: string) {
    this.arrive({
      at: this.now(),
      source: 'server',
      level: params.level,
      logger: params.logger,
      data: params.data,
      ...(userId !== undefined ? { userId } : {}),
    });
  }

  /** Reads one stderr stream into entries, a line each (a credential is not split between two chunks). */
  stderrReader(): { data(chunk: Buffer | string): void; end(): void } {
    const decoder = new StringDecoder('utf8');
    let tail = '';
    const line = (text: string) => {
      const trimmed = text.trimEnd();
      if (trimmed) this.arrive({ at: this.now(), source: 'stderr', text: trimmed });
    };
    return {
      data: (chunk) => {
        tail += typeof chunk === 'string' ? chunk : decoder.write(chunk);
        let at = tail.indexOf('\n');
        while (at !== -1) {
          line(tail.slice(0, at));
          tail = tail.slice(at + 1);
          at = tail.indexOf('\n');
        }
        while (tail.length >= STDERR_LINE_MAX) {
          line(tail.slice(0, STDERR_LINE_MAX));
          tail = tail.slice(STDERR_LINE_MAX);
        }
      },
      end: () => {
        line(tail + decoder.end());
        tail = '';
      },
    };
  }

  /** Every entry kept, oldest first, masked. */
  entries(): StoredLogEntry[] {
    this.store();
    return this.stored.items();
  }

  private arrive(raw: Raw) {
    if (this.arrived.push(raw)) this.dropped++;
    if (this.scheduled) return;
    this.scheduled = true;
    this.later(() => this.store());
  }

  /** What arrived, masked into the ring (and the severe server messages into the host's log). */
  private store() {
    this.scheduled = false;
    if (this.arrived.size === 0) return;
    const patterns = this.patterns();
    const raws = this.arrived.take();
    if (this.dropped > 0) {
      // The note takes the place of the oldest that arrived, so the ring holds it.
      // Items were dropped, so the queue was full: there is a first one.
      const first = raws.shift() as Raw;
      const count = this.dropped + 1;
      this.dropped = 0;
      raws.unshift({
        at: first.at,
        source: 'host',
        level: 'warning',
        text: `${count} log entries arrived faster than the log keeps them; the oldest were not kept`,
      });
    }
    const secrets = this.secrets();
    for (const raw of raws) {
      const entry = this.entryOf(raw, patterns);
      if (secrets.length > 0) entry.message = maskSecrets(entry.message, secrets);
      this.stored.push(entry);
      if (reachesHostLog(entry)) this.toHostLog(entry);
    }
  }

  private entryOf(raw: Raw, patterns: readonly CredentialPattern[]): StoredLogEntry {
    const seq = ++this.seq;
    if (raw.source === 'host')
      return { seq, at: raw.at, level: raw.level, source: 'host', message: maskedText(raw.text, patterns) };
    // A stdio server's stderr says no level of its own.
    if (raw.source === 'stderr')
      return { seq, at: raw.at, level: 'info', source: 'stderr', message: maskedText(raw.text, patterns) };
    const entry: StoredLogEntry = {
      seq,
      at: raw.at,
      level: raw.level,
      source: 'server',
      message: dataText(raw.data, patterns),
      ...(raw.userId !== undefined ? { userId: raw.userId } : {}),
    };
    if (typeof raw.logger === 'string' && raw.logger)
      entry.logger = maskedText(raw.logger, patterns, LOGGER_MAX);
    return entry;
  }

  /** One line per message, naming the server; at most `HOST_LOG_PER_SECOND`, the rest counted on the next line. */
  private toHostLog(entry: StoredLogEntry) {
    const window = this.hostLogWindow;
    if (entry.at - window.start >= 1_000) {
      window.start = entry.at;
      window.written = 0;
    }
    if (window.written >= HOST_LOG_PER_SECOND) {
      window.held++;
      return;
    }
    window.written++;
    const { name, key } = this.server();
    const held = window.held > 0 ? ` (${window.held} more of its messages were not written here)` : '';
    window.held = 0;
    const from = entry.logger ? ` [${entry.logger}]` : '';
    const text = `[mcp] ${name} (${key}) ${entry.level}${from}: ${hostLine(entry.message)}${held}`;
    const level: HostLogLevel = entry.level === 'warning' ? 'warn' : 'error';
    if (logsAsJson())
      this.hostLog(level, text, {
        server: key,
        mcpLevel: entry.level,
        ...(entry.logger ? { logger: entry.logger } : {}),
      });
    else this.hostLog(level, text);
  }
}
